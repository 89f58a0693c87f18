// Organizations through SDK 1.0.1 in today's generation (API version 2026-10): list, get and
// update, each answer checked against the 2026-10 document (harness.ts); the update's rules are
// the real service's at c6c3645e (organization/service.py `update`, organization/endpoints.py,
// organization/schemas.py: socials by the URL's host, settings objects replaced, feature flags
// merged, the currency only with prices in it, SSO and dispute auto-accept not the seller's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expect422,
  expectCalls,
  expectError,
  PolarClientError,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
beforeAll(async () => {
  box = await startToday();
});
afterAll(async () => {
  expectCalls(box, 'organizations');
  await box.stop();
});

const EMAIL_SETTINGS = {
  order_confirmation: false,
  payment_method_expiration_reminder: true,
  subscription_cancellation: true,
  subscription_confirmation: true,
  subscription_cycled: false,
  subscription_cycled_after_trial: true,
  subscription_past_due: true,
  subscription_paused: true,
  subscription_resumed: true,
  subscription_renewal_reminder: true,
  subscription_revoked: true,
  subscription_trial_conversion_reminder: true,
  subscription_uncanceled: true,
  subscription_updated: true,
};

describe('organizations (2026-10)', () => {
  it("lists the token's organizations, by slug and sorted, and reads one in today's form", async () => {
    const all = await box.seller.organizations.list();
    expect(all.items.map((o) => o.slug)).toEqual(['acme']);
    const acme = all.items[0]!;
    expect(acme).toMatchObject({
      id: box.demo.organization_id,
      status: 'active',
      capabilities: { checkout_payments: true, payouts: true, api_access: true },
      default_presentment_currency: 'usd',
      default_tax_behavior: 'location',
      proration_behavior: 'prorate',
      allow_customer_updates: true,
      subscription_settings: {
        allow_multiple_subscriptions: false,
        benefit_revocation_grace_period: 0,
      },
      customer_portal_settings: { usage: { show: true } },
      socials: [],
      embed_hosts: [],
      account_id: null,
    });
    expect(await box.seller.organizations.get(acme.id)).toEqual(acme);
    expect((await box.seller.organizations.list({ slug: 'globex' })).items).toEqual([]);
    const sorted = await box.org.organizations.list({ sorting: ['-slug'] });
    expect(sorted.items.map((o) => o.slug)).toEqual(['acme']);
    await expectError('another seller', errors.ResourceNotFound, () =>
      box.otherSeller.organizations.get(acme.id),
    );
    await expectError('a sorting of the seed', errors.HTTPValidationError, () =>
      box.seller.organizations.list({ sorting: ['amount' as never] }),
    );
  });

  it('updates the profile: email, website, socials named by their host, details, country', async () => {
    const o = await box.seller.organizations.update(box.demo.organization_id, {
      email: 'support@acme.example',
      website: 'https://acme.example',
      socials: [
        { platform: 'other', url: 'https://www.GitHub.com/acme' },
        { platform: 'x', url: 'https://mastodon.social/@acme' },
      ],
      details: {
        product_description: 'Developer tools',
        switching: true,
        switching_from: 'stripe',
      },
      country: 'PT',
    });
    expect(o).toMatchObject({
      email: 'support@acme.example',
      website: 'https://acme.example/',
      socials: [
        { platform: 'github', url: 'https://www.github.com/acme' },
        { platform: 'other', url: 'https://mastodon.social/@acme' },
      ],
      country: 'PT',
    });
    const cleared = await box.org.organizations.update(box.demo.organization_id, { website: null });
    expect(cleared.website).toBeNull();
    expect(cleared.email).toBe('support@acme.example');
  });

  it('replaces the settings objects and merges the feature flags the seller may set', async () => {
    const o = await box.seller.organizations.update(box.demo.organization_id, {
      subscription_settings: {
        allow_multiple_subscriptions: true,
        proration_behavior: 'invoice',
        benefit_revocation_grace_period: 7,
        prevent_trial_abuse: true,
        allow_customer_updates: false,
      },
      customer_email_settings: EMAIL_SETTINGS,
      customer_portal_settings: {
        usage: { show: false },
        subscription: { update_seats: false, update_plan: false },
      },
      feature_settings: { checkout_localization_enabled: true },
      embed_hosts: ['shop.acme.example', '*.acme.example', 'localhost:3000'],
      default_tax_behavior: 'inclusive',
    });
    expect(o).toMatchObject({
      proration_behavior: 'invoice',
      allow_customer_updates: false,
      subscription_settings: { allow_multiple_subscriptions: true, prevent_trial_abuse: true },
      customer_email_settings: EMAIL_SETTINGS,
      customer_portal_settings: { usage: { show: false } },
      feature_settings: { checkout_localization_enabled: true, issue_funding_enabled: false },
      embed_hosts: ['shop.acme.example', '*.acme.example', 'localhost:3000'],
      default_tax_behavior: 'inclusive',
    });
  });

  it("refuses what the seller may not set, as today's service does", async () => {
    const id = box.demo.organization_id;
    const currency = await expect422('a currency no product has', () =>
      box.seller.organizations.update(id, { default_presentment_currency: 'eur' }),
    );
    expect(currency).toMatchObject([
      {
        loc: ['body', 'default_presentment_currency'],
        msg: 'All active products must have prices in the new currency.',
      },
    ]);
    // The document has the flag; the SDK's type leaves it out.
    const features = { seat_based_pricing_enabled: true } as never;
    const seats = await expect422('seat-based pricing without members', () =>
      box.seller.organizations.update(id, { feature_settings: features }),
    );
    expect(seats).toMatchObject([
      { loc: ['body', 'feature_settings', 'seat_based_pricing_enabled'] },
    ]);
    const sso = await expectError('SSO from a token', errors.OrganizationsUpdate403Error, () =>
      box.seller.organizations.update(id, { sso_enforced: true }),
    );
    expect(sso.error).toMatchObject({ error: 'NotPermitted' });
    const dispute = await expectError(
      'dispute auto-accept',
      errors.OrganizationsUpdate403Error,
      () =>
        box.seller.organizations.update(id, {
          dispute_settings: { auto_accept_below_amount: 500 },
        }),
    );
    expect(dispute.error).toEqual({
      error: 'DisputeAutoAcceptNotEnabled',
      detail: 'Dispute auto-accept is not enabled for this organization.',
    });
    await expectError('another seller', errors.ResourceNotFound, () =>
      box.otherSeller.organizations.update(id, { name: 'Mine now' }),
    );
  });

  it("creates a user's organization: active at once, its slug unique and not reserved", async () => {
    const created = await box.seller.organizations.create({
      name: 'Acme Labs',
      slug: 'Acme-Labs',
      website: 'https://labs.acme.example',
      default_tax_behavior: 'exclusive',
    });
    expect(created).toMatchObject({
      name: 'Acme Labs',
      slug: 'acme-labs',
      status: 'active',
      capabilities: { checkout_payments: true },
      default_presentment_currency: 'usd',
      default_tax_behavior: 'exclusive',
      feature_settings: { member_model_enabled: false },
    });
    const mine = await box.seller.organizations.list({ sorting: ['slug'] });
    expect(mine.items.map((o) => o.slug)).toEqual(['acme', 'acme-labs']);
    const taken = await expect422('a taken slug', () =>
      box.otherSeller.organizations.create({ name: 'Copycat', slug: 'acme-labs' }),
    );
    expect(taken).toMatchObject([
      { loc: ['body', 'slug'], msg: 'An organization with this slug already exists.' },
    ]);
    const reserved = await expect422('a reserved slug', () =>
      box.seller.organizations.create({ name: 'Dash', slug: 'dashboard' }),
    );
    expect(reserved).toMatchObject([{ loc: ['body', 'slug'], type: 'value_error' }]);
    const refused = await expectError('an organization token', PolarClientError, () =>
      box.org.organizations.create({ name: 'Nested', slug: 'nested-org' }),
    );
    expect(refused.statusCode).toBe(401);
  });
});
