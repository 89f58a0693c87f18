// The official SDK against the checkout endpoints (spec 1–3): every demo checkout in the get and
// update forms with a personal access token and an organization token, the confirmed form from
// the client-side confirm (no token), and the errors it maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_TYPES, CUSTOM_FIELD_TYPES } from '../../src/shared/api-facts.js';
import {
  allPages,
  call,
  errors,
  everySubscription,
  expectCalls,
  expectError,
  expectStatus,
  Kinds,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';

type Checkout = Awaited<ReturnType<Polar['checkouts']['custom']['get']>>;

let box: Sandbox;
/** The demo's open checkouts: Pro monthly, Desktop with a seller discount, Team, Starter (free). */
let open: { pro: Checkout; desktop: Checkout; team: Checkout; starter: Checkout };
beforeAll(async () => {
  box = await startSandbox();
  const [pro, desktop, team, starter] = await Promise.all(
    box.demo.open_checkout_ids.map((id) =>
      call('an open checkout', () => box.pat.checkouts.custom.get({ id })),
    ),
  );
  open = { pro: pro!, desktop: desktop!, team: team!, starter: starter! };
});
afterAll(async () => {
  expectCalls('checkouts');
  await box.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('checkouts through the SDK', () => {
  it('gets every demo checkout with both token kinds, and every kind of product is there', async () => {
    const { demo } = box;
    const statuses = new Kinds('statuses', ['open', 'confirmed', 'expired']);
    const prices = new Kinds('prices', ['recurring/fixed', 'one_time/fixed', 'one_time/free']);
    const discounts = new Kinds('discounts', ['none', 'fixed']);
    const benefits = new Kinds('benefits', BENEFIT_TYPES);
    const fields = new Kinds('custom fields', CUSTOM_FIELD_TYPES);
    const all = [...demo.open_checkout_ids, demo.confirmed_checkout_id, demo.expired_checkout_id];
    for (const [i, id] of all.entries()) {
      const polar = i % 2 ? box.org : box.pat;
      const c = await call(`checkout ${i}`, () => polar.checkouts.custom.get({ id }));
      statuses.add(c.status);
      prices.add(`${c.productPrice.type}/${c.productPrice.amountType}`);
      discounts.add(c.discount?.type ?? 'none');
      for (const b of c.product.benefits) benefits.add(b.type);
      for (const f of c.attachedCustomFields) fields.add(f.customField.type);
      expect(c.productPrice.id).toBe(c.productPriceId);
      expect(c.product.prices.map((p) => p.id)).toContain(c.productPriceId);
      expect(c.successUrl).not.toContain('{CHECKOUT_ID}');
    }
    for (const k of [statuses, prices, discounts, benefits, fields]) k.expectAll();
    // api-facts: a property that is not set is absent; the number field has no help text.
    const seats = open.team.attachedCustomFields.find((f) => f.customField.slug === 'seats')!;
    expect(seats.customField.properties).toEqual({
      formLabel: 'How many seats?',
      formPlaceholder: '5',
      ge: 1,
      le: 10,
    });
  });

  it('updates an open checkout: buyer fields and metadata as alice, discounts as the organization', async () => {
    const id = open.pro.id;
    const updated = await call('update as alice', () =>
      box.pat.checkouts.custom.update({
        id,
        checkoutUpdate: {
          customerName: 'Ada Lovelace',
          customerEmail: 'ada@example.com',
          customerBillingAddress: { country: 'GB', city: 'London' },
          metadata: { campaign: 'sdk', seats: 3, trial: true },
          customerMetadata: { crm: 'c-42' },
        },
      }),
    );
    expect(updated).toMatchObject({
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      customerBillingAddress: { country: 'GB', city: 'London', line1: null },
      metadata: { campaign: 'sdk', seats: 3, trial: true },
      customerMetadata: { crm: 'c-42' },
    });
    const { discounts } = await seedDiscounts();
    for (const d of discounts) {
      const c = await call(`apply ${d.name}`, () =>
        box.org.checkouts.custom.update({ id, checkoutUpdate: { discountId: d.id } }),
      );
      expect(c.discount).toMatchObject({ id: d.id, type: d.type, duration: d.duration });
      expect(c.subtotalAmount).toBeLessThan(c.amount ?? 0);
    }
    const plain = await call('remove the discount', () =>
      box.org.checkouts.custom.update({ id, checkoutUpdate: { discountId: null } }),
    );
    expect([plain.discount, plain.subtotalAmount]).toEqual([null, plain.amount]);
  });

  it('confirms without a token: recurring, discounted one-time, free; the session then works', async () => {
    const pro = await call('confirm the Pro checkout', () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: open.pro.clientSecret,
        checkoutConfirmStripe: { customerEmail: 'ada@example.com', confirmationTokenId: 'tok_sdk' },
      }),
    );
    expect(pro).toMatchObject({
      status: 'confirmed',
      id: open.pro.id,
      organization: { slug: 'acme' },
    });
    expect(pro.customerSessionToken).toMatch(/^polar_cst_/);
    const ada = box.as(pro.customerSessionToken);
    const [subs, keys] = await Promise.all([
      allPages("ada's subscriptions", () => ada.customerPortal.subscriptions.list({})),
      allPages("ada's keys", () => ada.customerPortal.licenseKeys.list({})),
    ]);
    expect(subs.items.map((s) => [s.status, s.productId])).toEqual([
      ['active', open.pro.productId],
    ]);
    expect(keys.items).toHaveLength(1);
    expect(keys.items[0]!.user).toMatchObject({ id: pro.customerId, publicName: 'A' });

    const desktop = await call('confirm the discounted Desktop checkout with a token', () =>
      box.pat.checkouts.custom.clientConfirm({
        clientSecret: open.desktop.clientSecret,
        checkoutConfirmStripe: {
          customerEmail: 'grace@example.com',
          customerName: 'Grace Hopper',
          customerBillingAddress: { country: 'US', state: 'US-NY', postalCode: '10001' },
          confirmationTokenId: 'tok_sdk',
        },
      }),
    );
    expect(desktop).toMatchObject({
      status: 'confirmed',
      discount: { type: 'fixed' },
      totalAmount: 6900,
    });
    const free = await call('confirm the free Starter checkout', () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: open.starter.clientSecret,
        checkoutConfirmStripe: { customerEmail: 'ada@example.com' },
      }),
    );
    expect(free).toMatchObject({ status: 'confirmed', isPaymentRequired: false, totalAmount: 0 });
    const orders = await allPages('the new orders', () =>
      box.org.orders.list({ customerId: pro.customerId! }),
    );
    expect(orders.items.map((o) => o.checkoutId).sort()).toEqual(
      [open.pro.id, open.starter.id].sort(),
    );
    // Confirmed when answered; paid for once the payment processor answered, right after.
    const seen = await call('the confirmed checkout, read back', () =>
      box.org.checkouts.custom.get({ id: open.pro.id }),
    );
    expect(seen).toMatchObject({
      status: 'succeeded',
      customerId: pro.customerId,
      subscriptionId: subs.items[0]!.id,
    });
  });

  it('maps the confirm errors: 422 (also what the SDK drops), 404, and the rest as a plain SDKError', async () => {
    // The SDK's model of custom_field_data has no keys, so it sends {} whatever it is given: a
    // checkout with a required custom field cannot be confirmed through it.
    const team = await expectError('the Team checkout', errors.HTTPValidationError, () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: open.team.clientSecret,
        checkoutConfirmStripe: { customFieldData: { company: 'Initech' } as object },
      }),
    );
    // A paid checkout also needs a name and a billing address (the real
    // _get_required_confirm_fields, checkout/service.py at f179ede58c, the seed generation).
    expect(team.detail?.map((d) => [d.loc.join('.'), d.msg])).toEqual([
      ['body.customer_email', 'Field is required.'],
      ['body.customer_name', 'Field is required.'],
      ['body.customer_billing_address', 'Field is required.'],
      ['body.custom_field_data.company', 'Field required'],
      ['body.confirmation_token_id', 'Confirmation token is required.'],
    ]);
    await expectError('an unknown client secret', errors.ResourceNotFound, () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: 'polar_c_unknown',
        checkoutConfirmStripe: {},
      }),
    );
    await expectError('a malformed email', errors.HTTPValidationError, () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: open.team.clientSecret,
        checkoutConfirmStripe: { customerEmail: 'ada' },
      }),
    );
    await expectStatus('a confirmed checkout (NotOpenCheckout)', 403, () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: open.pro.clientSecret,
        checkoutConfirmStripe: {},
      }),
    );
    const expired = await call('the expired checkout', () =>
      box.pat.checkouts.custom.get({ id: box.demo.expired_checkout_id }),
    );
    await expectStatus('an expired checkout', 410, () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: expired.clientSecret,
        checkoutConfirmStripe: {},
      }),
    );
    await expectStatus('a made-up token, though none is needed', 401, () =>
      box.as('polar_pat_made-up').checkouts.custom.clientConfirm({
        clientSecret: open.team.clientSecret,
        checkoutConfirmStripe: {},
      }),
    );
  });

  it('maps the get and update errors: 404, 422, and 401/403 as a plain SDKError', async () => {
    await expectError('an unknown checkout', errors.ResourceNotFound, () =>
      box.org.checkouts.custom.get({ id: UNKNOWN }),
    );
    await expectError("another organization's checkout", errors.ResourceNotFound, () =>
      box.otherPat.checkouts.custom.update({
        id: open.team.id,
        checkoutUpdate: { customerName: 'x' },
      }),
    );
    await expectError('a malformed id', errors.HTTPValidationError, () =>
      box.pat.checkouts.custom.get({ id: 'co_1' }),
    );
    const key = await expectError('a 41-character metadata key', errors.HTTPValidationError, () =>
      box.pat.checkouts.custom.update({
        id: open.team.id,
        checkoutUpdate: { metadata: { ['k'.repeat(41)]: 'v' } },
      }),
    );
    expect(key.detail?.[0]).toMatchObject({ loc: ['body', 'metadata', 'k'.repeat(41), '[key]'] });
    await expectStatus('update a confirmed checkout', 403, () =>
      box.org.checkouts.custom.update({
        id: box.demo.confirmed_checkout_id,
        checkoutUpdate: { customerName: 'x' },
      }),
    );
    const jane = await box.customer(
      (
        await call('jane', () =>
          box.pat.checkouts.custom.get({ id: box.demo.confirmed_checkout_id }),
        )
      ).customerId ?? (await janeId()),
    );
    await expectStatus('a customer session', 401, () =>
      jane.checkouts.custom.get({ id: open.team.id }),
    );
    await expectStatus('no token', 401, () =>
      box.anonymous.checkouts.custom.get({ id: open.team.id }),
    );
  });
});

/** Acme's discounts, as the orders show them (fixed once, percentage repeating). */
/** Acme's discounts, as its subscriptions show them in the seller's form. */
async function seedDiscounts() {
  const byId = new Map<string, { id: string; name: string; type: string; duration: string }>();
  for (const { sub } of (await everySubscription(box)).values()) {
    if (!sub.discountId || sub.product.organizationId !== box.demo.organization_id) continue;
    const admin = await call('a discounted subscription', () =>
      box.pat.subscriptions.update({ id: sub.id, subscriptionUpdate: { revoke: null } }),
    );
    if (admin.discount) byId.set(admin.discount.id, admin.discount);
  }
  const discounts = [...byId.values()];
  expect(new Set(discounts.map((d) => d.type))).toEqual(new Set(['fixed', 'percentage']));
  return { discounts };
}

async function janeId(): Promise<string> {
  const orders = await allPages('orders', () => box.pat.orders.list({ limit: 100 }));
  return orders.items.find((o) => o.customer.email === box.demo.customer_email)!.customerId;
}
