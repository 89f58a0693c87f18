// Customers through SDK 1.0.1 in today's generation (API version 2026-10): every customers.* call
// of the 2026-10 document but the members', each answer checked against it (harness.ts). The
// rules are the real service's at c6c3645e (customer/service.py, customer/endpoints.py,
// customer/repository.py): both uniqueness problems in one 422, the external id set once and
// freed by a delete, no downgrade from team, the address never cleared, a delete that ends the
// customer's subscriptions and benefits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buySubscription,
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
});
afterAll(async () => {
  expectCalls(box, 'customers');
  await box.stop();
});

const address = {
  line1: '1 rue de Rivoli',
  city: 'Paris',
  postal_code: '75001',
  country: 'FR' as const,
};

describe('customers (2026-10)', () => {
  it('creates an individual with an external id, metadata, an address, a tax ID and a locale', async () => {
    const c = await seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'Ada@Example.COM',
      name: 'Ada Lovelace',
      external_id: 'usr_ada',
      metadata: { plan: 'pro', seats: 3, ratio: 0.5, vip: true },
      billing_address: address,
      tax_id: 'FR 61 954 506 077',
      locale: 'fr-fr',
    });
    expect(c).toMatchObject({
      type: 'individual',
      email: 'Ada@example.com',
      email_verified: false,
      external_id: 'usr_ada',
      name: 'Ada Lovelace',
      billing_name: 'Ada Lovelace',
      tax_id: ['FR61954506077', 'eu_vat'],
      locale: 'fr-FR',
      metadata: { plan: 'pro', seats: 3, ratio: 0.5, vip: true },
      deleted_at: null,
      organization_id: box.demo.organization_id,
    });
    expect(c.avatar_url).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=404$/);
    expect(await seller.customers.get(c.id)).toEqual(c);
    expect(await seller.customers.getExternal('usr_ada')).toEqual(c);
  });

  it('creates a team customer, and an organization token needs no organization_id', async () => {
    const team = await box.org.customers.create({ type: 'team', email: 'ops@team.example' });
    expect(team).toMatchObject({ type: 'team', organization_id: box.demo.organization_id });
    const named = await expect422('an organization token naming its organization', () =>
      box.org.customers.create({
        email: 'other@team.example',
        organization_id: box.demo.organization_id,
      }),
    );
    expect(named).toMatchObject([{ loc: ['body', 'organization_id'], type: 'organization_token' }]);
  });

  it('refuses a taken email and a taken external id in one answer', async () => {
    const detail = await expect422('taken email and external id', () =>
      seller.customers.create({
        organization_id: box.demo.organization_id,
        email: 'ada@example.com',
        external_id: 'usr_ada',
      }),
    );
    expect(detail.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'email'], 'A customer with this email address already exists.'],
      [['body', 'external_id'], 'A customer with this external ID already exists.'],
    ]);
  });

  it('refuses an unknown type, a tax ID without a country, and one the country does not read', async () => {
    const tag = await expect422('type company', () =>
      seller.customers.create({
        organization_id: box.demo.organization_id,
        email: 'co@example.com',
        type: 'company' as never,
      }),
    );
    expect(tag).toMatchObject([{ loc: ['body'], type: 'union_tag_invalid' }]);
    const country = await expect422('tax id without address', () =>
      seller.customers.create({
        organization_id: box.demo.organization_id,
        email: 'tax@example.com',
        tax_id: 'FR61954506077',
      }),
    );
    expect(country).toMatchObject([
      {
        loc: ['body', 'billing_address'],
        type: 'missing',
        msg: 'Country is required to validate tax ID.',
      },
    ]);
    const wrong = await expect422('a US tax id in France', () =>
      seller.customers.create({
        organization_id: box.demo.organization_id,
        email: 'tax@example.com',
        billing_address: address,
        tax_id: '12-3456789',
      }),
    );
    expect(wrong).toMatchObject([
      { loc: ['body', 'tax_id'], type: 'invalid', msg: 'Invalid tax ID.' },
    ]);
  });

  it('updates by id and by external id; the external id is set once, a team stays a team', async () => {
    const c = await seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'grace@example.com',
      metadata: { a: '1' },
    });
    const updated = await seller.customers.update(c.id, {
      name: 'Grace Hopper',
      external_id: 'usr_grace',
      metadata: { b: 2 },
      type: 'team',
    });
    expect(updated).toMatchObject({
      name: 'Grace Hopper',
      external_id: 'usr_grace',
      metadata: { b: 2 },
      type: 'team',
    });
    const again = await expect422('a second external id', () =>
      seller.customers.update(c.id, { external_id: 'usr_other' }),
    );
    expect(again).toMatchObject([
      { loc: ['body', 'external_id'], msg: 'Customer external ID cannot be updated.' },
    ]);
    const down = await expect422('team to individual', () =>
      seller.customers.update(c.id, { type: 'individual' }),
    );
    expect(down).toMatchObject([{ loc: ['body', 'type'] }]);
    const byExternal = await seller.customers.updateExternal('usr_grace', {
      billing_address: { country: 'US', state: 'US-NY', city: 'New York' },
      tax_id: '911144442',
    });
    expect(byExternal).toMatchObject({ id: c.id, tax_id: ['911144442', 'us_ein'] });
    const cleared = await expect422('an address cleared', () =>
      seller.customers.updateExternal('usr_grace', { billing_address: null }),
    );
    expect(cleared).toMatchObject([
      {
        loc: ['body', 'billing_address'],
        msg: 'Customer billing address cannot be reset to null once set.',
      },
    ]);
    await expectError('an unknown external id', errors.ResourceNotFound, () =>
      seller.customers.updateExternal('usr_nobody', { name: 'x' }),
    );
  });

  it('lists with the filters of today: email, query (external ids it begins), active, metadata, sorting', async () => {
    const page = await seller.customers.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.pagination.total_count).toBeGreaterThan(5);
    const byEmail = await seller.customers.list({ email: 'ADA@example.com' });
    expect(byEmail.items.map((c) => c.external_id)).toEqual(['usr_ada']);
    const byPrefix = await seller.customers.list({ query: 'usr_gr' });
    expect(byPrefix.items.map((c) => c.email)).toEqual(['grace@example.com']);
    const byMetadata = await seller.customers.list({ metadata: { plan: 'pro' } });
    expect(byMetadata.items.map((c) => c.external_id)).toEqual(['usr_ada']);
    const active = await seller.customers.list({ active: true, limit: 100 });
    const inactive = await seller.customers.list({ active: false, limit: 100 });
    const all = await seller.customers.list({ limit: 100 });
    expect(active.pagination.total_count + inactive.pagination.total_count).toBe(
      all.pagination.total_count,
    );
    expect(active.pagination.total_count).toBeGreaterThan(0);
    expect(inactive.items.map((c) => c.email)).toContain('Ada@example.com');
    const sorted = await seller.customers.list({ sorting: ['email'], limit: 100 });
    const emails = sorted.items.map((c) => c.email!);
    expect(emails).toEqual([...emails].sort());
    const other = await box.otherSeller.customers.list({ email: 'ada@example.com' });
    expect(other.items).toEqual([]);
    await expectError('a sorting of another list', errors.HTTPValidationError, () =>
      seller.customers.list({ sorting: ['amount' as never] }),
    );
  });

  it("reads a customer's state: its active subscriptions and the benefits it holds", async () => {
    // A buyer of a subscription with benefits, bought through the seed's generation (the
    // checkouts are not in today's yet): the confirm grants them at once.
    const holder = await buySubscription(box);
    const state = await seller.customers.getState(holder);
    expect(state.id).toBe(holder);
    expect(state.active_subscriptions.length).toBeGreaterThan(0);
    expect(state.active_subscriptions.every((s) => ['active', 'trialing'].includes(s.status))).toBe(
      true,
    );
    expect(state.granted_benefits.length).toBeGreaterThan(0);
    expect(state.active_meters).toEqual([]);
    // CustomerStateSubscription reads the same subscription as GET /v1/subscriptions/{id}, and a
    // grant the benefit's metadata (schemas/state.py at c6c3645e: AliasPath("benefit",
    // "user_metadata")): the same amount, discount and trial, the same metadata.
    for (const s of state.active_subscriptions) {
      const sub = await seller.subscriptions.get(s.id);
      expect(s).toMatchObject({
        amount: sub.amount,
        discount_id: sub.discount_id,
        trial_start: sub.trial_start,
        trial_end: sub.trial_end,
        product_id: sub.product_id,
      });
    }
    const [grant] = state.granted_benefits;
    await seller.benefits.update(grant!.benefit_id, {
      type: grant!.benefit_type,
      metadata: { tier: 'gold' },
    } as never);
    const again = await seller.customers.getState(holder);
    expect(again.granted_benefits.find((g) => g.id === grant!.id)?.benefit_metadata).toEqual({
      tier: 'gold',
    });
    const fresh = await seller.customers.getStateExternal('usr_ada');
    expect(fresh).toMatchObject({
      external_id: 'usr_ada',
      active_subscriptions: [],
      granted_benefits: [],
    });
    await expectError('another seller', errors.ResourceNotFound, () =>
      box.otherSeller.customers.getState(holder),
    );
  });

  it('lists no payment methods (no processor), by id and by external id', async () => {
    const ada = await seller.customers.getExternal('usr_ada');
    expect((await seller.customers.listPaymentMethods(ada.id)).items).toEqual([]);
    expect((await seller.customers.listPaymentMethodsExternal('usr_ada')).items).toEqual([]);
    await expectError('unknown id', errors.ResourceNotFound, () =>
      seller.customers.listPaymentMethods('00000000-0000-4000-8000-000000000000'),
    );
  });

  it('exports the customers as CSV', async () => {
    const csv = await seller.customers.export({ organization_id: box.demo.organization_id });
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'ID,External ID,Created At,Email,Name,Tax ID,Billing Address Line 1,Billing Address Line 2,Billing Address City,Billing Address State,Billing Address Zip,Billing Address Country,Metadata',
    );
    const ada = rows.find((r) => r.includes('usr_ada'))!;
    expect(ada).toContain(
      ",Ada@example.com,Ada Lovelace,\"('FR61954506077', 'eu_vat')\",1 rue de Rivoli,",
    );
    expect(ada).toContain('"{""plan"": ""pro"", ""seats"": 3, ""ratio"": 0.5, ""vip"": true}"');
  });

  it('deletes by external id: gone, its external id free again and kept in its metadata', async () => {
    await seller.customers.deleteExternal('usr_ada');
    await expectError('gone', errors.ResourceNotFound, () =>
      seller.customers.getExternal('usr_ada'),
    );
    const stored = box.svc.store.get<{ metadata: string; external_id: string | null }>(
      "SELECT metadata, external_id FROM customers WHERE email = 'Ada@example.com'",
    )!;
    expect([stored.external_id, JSON.parse(stored.metadata).__external_id]).toEqual([
      null,
      'usr_ada',
    ]);
    const again = await seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'ada2@example.com',
      external_id: 'usr_ada',
    });
    expect(again.external_id).toBe('usr_ada');
  });

  it("deletes by id, ending the customer's subscriptions and benefits, and anonymizes on request", async () => {
    const holder = box.svc.store.get<{ customer_id: string }>(
      `SELECT customer_id FROM subscriptions WHERE status = 'active' AND organization_id = ? LIMIT 1`,
      box.demo.organization_id,
    )!.customer_id;
    await seller.customers.delete(holder, { anonymize: true });
    await expectError('gone', errors.ResourceNotFound, () => seller.customers.get(holder));
    const subs = box.svc.store.all<{ status: string }>(
      'SELECT status FROM subscriptions WHERE customer_id = ?',
      holder,
    );
    expect(subs.filter((s) => s.status === 'active' || s.status === 'trialing')).toEqual([]);
    const live = box.svc.store.count(
      'benefit_grants',
      'customer_id = ? AND granted_at IS NOT NULL AND revoked_at IS NULL',
      holder,
    );
    expect(live).toBe(0);
    const row = box.svc.store.row('customers', holder)!;
    expect(row.email).toMatch(/^[0-9a-f]{64}@anonymized\.polar\.sh$/);
    expect(row.billing_address).toBeNull();
    expect(JSON.parse(row.metadata).__anonymized_at).toMatch(/\+00:00$/);
    await expectError('twice', errors.ResourceNotFound, () => seller.customers.delete(holder));
  });
});

describe("customers at the seed's generation", () => {
  it('keep their seed form without the header: no external id, type or locale', async () => {
    const res = await fetch(`${box.svc.url}/v1/customers/?limit=1`, {
      headers: { authorization: `Bearer ${box.demo.personal_access_token}` },
    });
    const body = (await res.json()) as { items: Record<string, unknown>[] };
    expect(res.headers.get('polar-version')).toBeNull();
    expect(Object.keys(body.items[0]!).sort()).toEqual(
      [
        'id',
        'created_at',
        'modified_at',
        'metadata',
        'email',
        'email_verified',
        'name',
        'billing_address',
        'tax_id',
        'organization_id',
        'avatar_url',
      ].sort(),
    );
  });
});
