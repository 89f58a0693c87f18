// Subscriptions through SDK 1.0.1 in today's generation (API version 2026-10): the seller's get,
// list with today's filters, create, update in each of today's forms, revoke and export, and the
// customer portal's list, get, update and cancel, each answer checked against the 2026-10
// document (harness.ts); the private previews (charge, cancel, change), which the SDK does not
// call, through fetch against the document's schemas; subscription.* deliveries verified with
// validateEvent. The rules are the real service's at c6c3645e (subscription/service.py `update`,
// `update_product`, `cycle`, the previews; subscription/update.py's prorations; export.py;
// customer_portal/service/subscription.py), amounts in cents, the service's test clock as now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../openapi.js';
import {
  type Delivery,
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  Receiver,
  startToday,
  type TodayBox,
  VERSION,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
const receiver = new Receiver();
const DAY = 86_400_000;

/** Today's products of Acme this suite moves subscriptions between. */
const products = {} as Record<
  'basic' | 'pro' | 'yearly' | 'free' | 'hidden',
  { id: string; price: string }
>;

beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  const make = async (
    name: string,
    interval: 'month' | 'year',
    amount: number,
    visibility: 'public' | 'private' = 'public',
  ) => {
    const p = await seller.products.create({
      organization_id: box.demo.organization_id,
      name,
      recurring_interval: interval,
      visibility,
      prices: [{ amount_type: 'fixed', price_amount: amount, price_currency: 'usd' }],
    });
    return { id: p.id, price: p.prices[0]!.id };
  };
  products.basic = await make('Basic', 'month', 1000);
  products.pro = await make('Pro', 'month', 3000);
  products.yearly = await make('Yearly', 'year', 24000);
  products.free = await make('Free tier', 'month', 0);
  products.hidden = await make('Hidden', 'month', 2000, 'private');
});
afterAll(async () => {
  expect(receiver.problems, 'deliveries refused by validateEvent or the document').toEqual([]);
  expectCalls(box, 'subscriptions');
  await receiver.stop();
  await box.stop();
});

// ---- helpers (not SDK calls: not recorded)

/** A request the recorder does not see: the seed's checkout, the clock, the private routes. */
async function call(method: string, path: string, body?: unknown, token?: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token ?? box.demo.personal_access_token}`;
  if (path.startsWith('/v1/subscriptions') || path.startsWith('/v1/customer-portal'))
    headers['polar-version'] = VERSION;
  const res = await box.raw(`${box.svc.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Moves the service clock to `at`, processing what falls due on the way. */
async function clockTo(at: number) {
  const r = await call('POST', '/__local/clock', { set: new Date(at).toISOString() }, null);
  expect(r.status).toBe(200);
}

/** A customer subscribed to `priceId` through the seed's checkout (confirm, then the processor). */
async function subscribe(
  priceId: string,
  email: string,
): Promise<{ id: string; customer: string }> {
  const created = await box.raw(`${box.svc.url}/v1/checkouts/custom/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${box.demo.personal_access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ product_price_id: priceId }),
  });
  expect(created.status).toBe(201);
  const { id, client_secret } = (await created.json()) as { id: string; client_secret: string };
  const confirm = await box.raw(
    `${box.svc.url}/v1/checkouts/custom/client/${client_secret}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer_email: email,
        customer_name: 'Sam Subscriber',
        customer_billing_address: {
          country: 'US',
          state: 'US-NY',
          line1: '1 Main St',
          city: 'NYC',
          postal_code: '10001',
        },
        confirmation_token_id: 'tok_visa',
      }),
    },
  );
  expect(confirm.status).toBe(200);
  // The processor's success is a job after the confirm's commit: wait for its subscription.
  for (;;) {
    const row = box.svc.store.row('checkouts', id)!;
    if (row.status === 'succeeded' && row.subscription_id)
      return { id: row.subscription_id, customer: row.customer_id! };
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** round(amount × (end − at) / (end − start)), half to even: update.py's proration. */
function prorated(amount: number, start: string, end: string, at: string): number {
  const total = BigInt(Date.parse(end) - Date.parse(start));
  const n = BigInt(amount) * BigInt(Date.parse(end) - Date.parse(at));
  const q = n / total;
  const r2 = 2n * (n % total);
  return Number(r2 > total || (r2 === total && q % 2n === 1n) ? q + 1n : q);
}

/** The orders of a subscription, oldest first: what they billed and why. */
const ordersOf = (subscriptionId: string) =>
  box.svc.store.all<{ amount: number; billing_reason: string }>(
    'SELECT amount, billing_reason FROM orders WHERE subscription_id = ? ORDER BY created_at, rowid',
    subscriptionId,
  );

/** When the pending prorations of a subscription were made (the change's now). */
const proratedAt = (subscriptionId: string) =>
  box.svc.store.get<{ start_timestamp: string }>(
    'SELECT start_timestamp FROM billing_entries WHERE subscription_id = ? ORDER BY created_at DESC LIMIT 1',
    subscriptionId,
  )!.start_timestamp;

const about = (type: string, id: string) => (d: Delivery) =>
  d.type === type && d.event.data.id === id;

describe("a subscription in today's form (2026-10)", () => {
  let sub: { id: string; customer: string };

  it("is read by id with its prices, customer, product and today's fields", async () => {
    const url = await receiver.start();
    const endpoint = await seller.webhooks.createWebhookEndpoint({
      url,
      format: 'raw',
      events: [
        'subscription.created',
        'subscription.updated',
        'subscription.active',
        'subscription.canceled',
        'subscription.uncanceled',
        'subscription.revoked',
        'subscription.cycled',
        'subscription.paused',
        'subscription.resumed',
      ],
      organization_id: box.demo.organization_id,
    });
    receiver.secret = endpoint.secret;
    sub = await subscribe(products.basic.price, 'sam@example.com');
    const s = await seller.subscriptions.get(sub.id);
    expect(s).toMatchObject({
      id: sub.id,
      status: 'active',
      amount: 1000,
      currency: 'usd',
      recurring_interval: 'month',
      recurring_interval_count: 1,
      cancel_at_period_end: false,
      pause_at_period_end: false,
      paused_at: null,
      resumes_at: null,
      trial_start: null,
      trial_end: null,
      past_due_at: null,
      seats: null,
      discount: null,
      meters: [],
      pending_update: null,
      product_id: products.basic.id,
      customer: { id: sub.customer, email: 'sam@example.com', type: 'individual' },
      product: { id: products.basic.id, name: 'Basic', recurring_interval: 'month' },
    });
    expect(s.prices.map((p) => p.id)).toEqual([products.basic.price]);
    // The deprecated fields the real one still serializes (SkipJsonSchema).
    expect(s).toMatchObject({ price_id: products.basic.price, user_id: sub.customer });
    await receiver.until((ds) => ds.some(about('subscription.updated', sub.id)));
    expect(
      receiver.deliveries.filter((d) => d.event.data.id === sub.id).map((d) => d.type),
    ).toEqual(['subscription.created', 'subscription.active', 'subscription.updated']);
  });

  it("is listed with today's filters and sorts", async () => {
    await seller.customers.update(sub.customer, { external_id: 'usr_sam' });
    const mine = await seller.subscriptions.list({ external_customer_id: 'usr_sam' });
    expect(mine.items.map((s) => s.id)).toEqual([sub.id]);
    const byProduct = await seller.subscriptions.list({
      product_id: products.basic.id,
      status: ['active', 'trialing'],
      cancel_at_period_end: false,
      sorting: ['-amount'],
    });
    expect(byProduct.items.map((s) => s.id)).toEqual([sub.id]);
    const later = await seller.subscriptions.list({
      started_after: new Date(Date.now() + DAY).toISOString(),
      organization_id: box.demo.organization_id,
    });
    expect(later.items).toEqual([]);
    const ended = await seller.subscriptions.list({ status: 'canceled', sorting: ['-ended_at'] });
    expect(ended.items.length).toBeGreaterThan(0);
    expect(ended.items.every((s) => s.status === 'canceled')).toBe(true);
    const bad = await expect422('an unknown status', () =>
      seller.subscriptions.list({ status: 'sleeping' as never }),
    );
    expect(bad[0]!.loc).toEqual(['query', 'status', 0]);
  });

  it('keeps metadata set by a PATCH and is found by it', async () => {
    const s = await seller.subscriptions.update(sub.id, { metadata: { plan: 'basic', seats: 2 } });
    expect(s.metadata).toEqual({ plan: 'basic', seats: 2 });
    const found = await seller.subscriptions.list({ metadata: { plan: 'basic' } });
    expect(found.items.map((x) => x.id)).toEqual([sub.id]);
  });

  it('is 404 for another seller, and for an id nobody has', async () => {
    await expectError("Bob reads Acme's", errors.ResourceNotFound, () =>
      box.otherSeller.subscriptions.get(sub.id),
    );
    await expectError('an unknown id', errors.ResourceNotFound, () =>
      seller.subscriptions.get('00000000-0000-4000-8000-000000000000'),
    );
  });
});

describe('a product change (2026-10)', () => {
  it('prorates by default: the unused time credited, the time left charged on the next invoice', async () => {
    const sub = await subscribe(products.basic.price, 'prorate@example.com');
    const before = await seller.subscriptions.get(sub.id);
    await clockTo(Date.parse(before.current_period_start) + 10 * DAY);
    const preview = await call('POST', `/v1/subscriptions/${sub.id}/change-preview`, {
      product_id: products.pro.id,
    });
    expect(preview.status).toBe(200);
    expect(schemaErrors('SubscriptionChargePreview', preview.body)).toEqual([]);
    const moved = await seller.subscriptions.update(sub.id, { product_id: products.pro.id });
    expect(moved).toMatchObject({
      product_id: products.pro.id,
      amount: 3000,
      current_period_start: before.current_period_start,
      current_period_end: before.current_period_end,
      pending_update: null,
    });
    expect(moved.prices.map((p) => p.id)).toEqual([products.pro.price]);
    const at = proratedAt(sub.id);
    const { current_period_start: start, current_period_end: end } = before;
    const credit = prorated(1000, start, end, at);
    const debit = prorated(3000, start, end, at);
    // The preview said what the change came to (a moment before it was made).
    expect(preview.body.prorations.map((p: { amount: number }) => p.amount)).toEqual([
      expect.closeTo(-credit, 0),
      expect.closeTo(debit, 0),
    ]);
    expect(preview.body).toMatchObject({ base_amount: 0, discount_amount: 0, tax_amount: 0 });
    // Nothing is invoiced now: the next charge carries them.
    expect(ordersOf(sub.id).map((o) => o.billing_reason)).toEqual(['subscription_create']);
    const next = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(schemaErrors('SubscriptionChargePreview', next.body)).toEqual([]);
    const day = (iso: string) => {
      const d = new Date(iso);
      const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
      return `${month} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
    };
    expect(next.body).toEqual({
      base_amount: 3000,
      metered_amount: 0,
      proration_amount: debit - credit,
      prorations: [
        { label: `Remaining time on Basic — From ${day(at)} to ${day(end)}`, amount: -credit },
        { label: `Pro — From ${day(at)} to ${day(end)}`, amount: debit },
      ],
      subtotal_amount: 3000 + debit - credit,
      discount_amount: 0,
      net_amount: 3000 + debit - credit,
      tax_amount: 0,
      total_amount: 3000 + debit - credit,
      applied_balance_amount: 0,
      due_amount: 3000 + debit - credit,
    });
    // At the period's end the renewal bills the new price and the prorations, once.
    await clockTo(Date.parse(end) + 1000);
    expect(ordersOf(sub.id).map((o) => [o.billing_reason, o.amount])).toEqual([
      ['subscription_create', 1000],
      ['subscription_cycle', 3000 + debit - credit],
    ]);
    const renewed = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(renewed.body).toMatchObject({ base_amount: 3000, prorations: [], due_amount: 3000 });
  });

  it('invoices the prorations at once with `invoice`', async () => {
    const sub = await subscribe(products.pro.price, 'invoice@example.com');
    const before = await seller.subscriptions.get(sub.id);
    await clockTo(Date.parse(before.current_period_start) + 3 * DAY);
    const moved = await seller.subscriptions.update(sub.id, {
      product_id: products.basic.id,
      proration_behavior: 'invoice',
    });
    expect(moved.amount).toBe(1000);
    const at = proratedAt(sub.id);
    const { current_period_start: start, current_period_end: end } = before;
    const credit = prorated(3000, start, end, at);
    const debit = prorated(1000, start, end, at);
    // A downgrade's invoice is a credit: its total is below zero.
    expect(ordersOf(sub.id).map((o) => [o.billing_reason, o.amount])).toEqual([
      ['subscription_create', 3000],
      ['subscription_update', debit - credit],
    ]);
    const next = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(next.body).toMatchObject({ base_amount: 1000, proration_amount: 0, due_amount: 1000 });
  });

  it("waits for the period's end with `next_period`: a pending update, which can be cleared", async () => {
    const sub = await subscribe(products.basic.price, 'later@example.com');
    const before = await seller.subscriptions.get(sub.id);
    const pending = await seller.subscriptions.update(sub.id, {
      product_id: products.pro.id,
      proration_behavior: 'next_period',
    });
    expect(pending).toMatchObject({
      product_id: products.basic.id,
      amount: 1000,
      pending_update: {
        applies_at: before.current_period_end,
        product_id: products.pro.id,
        seats: null,
      },
    });
    const next = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(next.body).toMatchObject({ base_amount: 3000, prorations: [], total_amount: 3000 });
    const cleared = await seller.subscriptions.update(sub.id, { pending_update: null });
    expect(cleared.pending_update).toBeNull();
    const again = await expect422('nothing left to clear', () =>
      seller.subscriptions.update(sub.id, { pending_update: null }),
    );
    expect(again).toMatchObject([
      { loc: ['body', 'pending_update'], msg: 'This subscription has no pending update to clear.' },
    ]);
    // Scheduled again, it applies when the period ends: the renewal is on the new product.
    await seller.subscriptions.update(sub.id, {
      product_id: products.pro.id,
      proration_behavior: 'next_period',
    });
    await clockTo(Date.parse(before.current_period_end) + 1000);
    const renewed = await seller.subscriptions.get(sub.id);
    expect(renewed).toMatchObject({
      product_id: products.pro.id,
      amount: 3000,
      pending_update: null,
    });
    expect(ordersOf(sub.id).at(-1)).toEqual({ billing_reason: 'subscription_cycle', amount: 3000 });
  });

  it('starts a new period at once when the interval changes, and invoices it', async () => {
    const sub = await subscribe(products.basic.price, 'yearly@example.com');
    const before = await seller.subscriptions.get(sub.id);
    await clockTo(Date.parse(before.current_period_start) + 15 * DAY);
    const moved = await seller.subscriptions.update(sub.id, { product_id: products.yearly.id });
    const at = proratedAt(sub.id);
    expect(moved).toMatchObject({
      recurring_interval: 'year',
      amount: 24000,
      current_period_start: at,
    });
    const year = new Date(at);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(moved.current_period_end).toBe(year.toISOString());
    const credit = prorated(1000, before.current_period_start, before.current_period_end, at);
    expect(ordersOf(sub.id).at(-1)).toEqual({
      billing_reason: 'subscription_update',
      amount: 24000 - credit,
    });
  });

  it('refuses `reset` until the organization has it, then restarts the period with a full charge', async () => {
    const sub = await subscribe(products.basic.price, 'reset@example.com');
    const refused = await expect422('reset is not enabled', () =>
      seller.subscriptions.update(sub.id, {
        product_id: products.pro.id,
        proration_behavior: 'reset',
      }),
    );
    expect(refused).toMatchObject([
      {
        loc: ['body', 'proration_behavior'],
        msg: "The 'reset' proration behavior is not enabled for this organization.",
      },
    ]);
    // A flag Polar's staff set (OrganizationFeatureSettingsUpdate has none): set in the store.
    const { store } = box.svc;
    const org = store.row('organizations', box.demo.organization_id)!;
    const features = {
      ...JSON.parse(org.feature_settings),
      reset_proration_behavior_enabled: true,
    };
    store.tx((tx) => {
      tx.unannounced('organizations');
      store.update(
        'organizations',
        org.id,
        { feature_settings: JSON.stringify(features) },
        org.created_at,
      );
    });
    const reset = await seller.subscriptions.update(sub.id, {
      product_id: products.pro.id,
      proration_behavior: 'reset',
    });
    expect(reset.current_period_start).toBe(proratedAt(sub.id));
    expect(ordersOf(sub.id).at(-1)).toEqual({
      billing_reason: 'subscription_update',
      amount: 3000,
    });
  });

  it('refuses a product the subscription cannot move to', async () => {
    const sub = await subscribe(products.basic.price, 'refused@example.com');
    const cases: [string, string][] = [
      [box.demo.other.organization_id, 'Product does not exist.'],
      [products.free.id, 'Product does not exist.'],
    ];
    const other = await box.otherSeller.products.create({
      organization_id: box.demo.other.organization_id,
      name: 'Globex plan',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 500, price_currency: 'usd' }],
    });
    cases[0] = [other.id, 'Product does not exist.'];
    const detail = await expect422("another organization's product", () =>
      seller.subscriptions.update(sub.id, { product_id: cases[0]![0] }),
    );
    expect(detail).toMatchObject([{ loc: ['body', 'product_id'], msg: cases[0]![1] }]);
    const legacy = (
      await seller.products.list({ organization_id: box.demo.organization_id, limit: 100 })
    ).items.find((p) => p.name === 'Acme Pro')!;
    const old = await expect422('a product with legacy prices', () =>
      seller.subscriptions.update(sub.id, { product_id: legacy.id }),
    );
    expect(old).toMatchObject([{ msg: 'Product has legacy recurring prices.' }]);
  });
});

describe('cancellations, trials, pauses and periods (2026-10)', () => {
  it("cancels at the period's end with a reason, takes it back, and revokes at once", async () => {
    const sub = await subscribe(products.basic.price, 'cancel@example.com');
    const canceled = await seller.subscriptions.update(sub.id, {
      cancel_at_period_end: true,
      customer_cancellation_reason: 'too_expensive',
      customer_cancellation_comment: 'Pricey',
    });
    expect(canceled).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      ends_at: canceled.current_period_end,
      customer_cancellation_reason: 'too_expensive',
      customer_cancellation_comment: 'Pricey',
    });
    expect(canceled.canceled_at).not.toBeNull();
    const preview = await call('GET', `/v1/subscriptions/${sub.id}/cancel-preview`);
    expect(preview.body).toEqual({ stops_collection: false, outstanding_amount: null });
    expect(schemaErrors('SubscriptionCancelPreview', preview.body)).toEqual([]);
    // What is charged when a subscription set to end ends: nothing for a new period.
    const last = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(last.body).toMatchObject({ base_amount: 0, total_amount: 0 });
    const product = await expectError(
      'a product change of one set to end',
      errors.SubscriptionsUpdate403Error,
      () => seller.subscriptions.update(sub.id, { product_id: products.pro.id }),
    );
    expect(product.error).toMatchObject({ error: 'AlreadyCanceledSubscription' });
    expect(product.error.detail).toBe(
      'This subscription is already canceled or will be at the end of the period.',
    );
    const back = await seller.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(back).toMatchObject({
      cancel_at_period_end: false,
      canceled_at: null,
      ends_at: null,
      customer_cancellation_reason: null,
    });
    const revoked = await seller.subscriptions.revoke(sub.id);
    expect(revoked).toMatchObject({ status: 'canceled' });
    expect(revoked.ended_at).toBe(revoked.canceled_at);
    await expectError('revoked twice', errors.AlreadyCanceledSubscription, () =>
      seller.subscriptions.revoke(sub.id),
    );
    const gone = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(gone).toMatchObject({ status: 404, body: { error: 'ResourceNotFound' } });
    // Taking back a cancellation of one that ended: gone (410), which the document leaves out.
    const ended = await call('PATCH', `/v1/subscriptions/${sub.id}`, {
      cancel_at_period_end: false,
    });
    expect(ended).toMatchObject({ status: 410, body: { error: 'ResourceUnavailable' } });
    const types = (await receiver.until((ds) => ds.some(about('subscription.revoked', sub.id))))
      .filter((d) => d.event.data.id === sub.id)
      .map((d) => d.type);
    expect(types.slice(3)).toEqual([
      'subscription.updated',
      'subscription.canceled',
      'subscription.updated',
      'subscription.uncanceled',
      'subscription.updated',
      'subscription.canceled',
      'subscription.revoked',
    ]);
  });

  it('sets a trial on an active subscription after its period, and ends it now', async () => {
    const sub = await subscribe(products.basic.price, 'trial@example.com');
    const s = await seller.subscriptions.get(sub.id);
    const early = await expect422('a trial ending within the period', () =>
      seller.subscriptions.update(sub.id, {
        trial_end: new Date(Date.parse(s.current_period_end) - DAY).toISOString(),
      }),
    );
    expect(early).toMatchObject([
      { loc: ['body', 'trial_end'], msg: 'Trial end must be after the current period end.' },
    ]);
    const notTrialing = await expect422('ending a trial it does not have', () =>
      seller.subscriptions.update(sub.id, { trial_end: 'now' }),
    );
    expect(notTrialing).toMatchObject([{ msg: 'The subscription is not currently trialing.' }]);
    const past = await expect422('a trial end in the past', () =>
      seller.subscriptions.update(sub.id, { trial_end: '2020-01-01T00:00:00Z' }),
    );
    expect(past).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'SubscriptionUpdateBase', 'trial_end'],
        type: 'datetime_future',
      }),
    );
    const end = new Date(Date.parse(s.current_period_end) + 7 * DAY).toISOString();
    const trialing = await seller.subscriptions.update(sub.id, { trial_end: end });
    expect(trialing).toMatchObject({ status: 'trialing', trial_end: end, current_period_end: end });
    const now = await seller.subscriptions.update(sub.id, { trial_end: 'now' });
    expect(now.status).toBe('active');
    expect(now.trial_end).toBe(now.current_period_start);
    expect(ordersOf(sub.id).at(-1)).toEqual({ billing_reason: 'subscription_cycle', amount: 1000 });
  });

  it("pauses at the period's end, resumes by itself at resumes_at, and on request", async () => {
    const sub = await subscribe(products.basic.price, 'pause@example.com');
    const s = await seller.subscriptions.get(sub.id);
    const resumesAt = new Date(Date.parse(s.current_period_end) + 10 * DAY).toISOString();
    const early = await expect422('resuming before the period ends', () =>
      seller.subscriptions.update(sub.id, {
        pause_at_period_end: true,
        resumes_at:
          s.current_period_start === ''
            ? ''
            : new Date(Date.parse(s.current_period_end) - DAY).toISOString(),
      }),
    );
    expect(early).toMatchObject([{ loc: ['body', 'resumes_at'] }]);
    const pausing = await seller.subscriptions.update(sub.id, {
      pause_at_period_end: true,
      resumes_at: resumesAt,
    });
    expect(pausing).toMatchObject({
      status: 'active',
      pause_at_period_end: true,
      resumes_at: resumesAt,
    });
    const undone = await seller.subscriptions.update(sub.id, { pause_at_period_end: false });
    expect(undone).toMatchObject({ pause_at_period_end: false, resumes_at: null });
    await seller.subscriptions.update(sub.id, { pause_at_period_end: true, resumes_at: resumesAt });
    await clockTo(Date.parse(s.current_period_end) + 1000);
    const paused = await seller.subscriptions.get(sub.id);
    expect(paused).toMatchObject({
      status: 'paused',
      paused_at: s.current_period_end,
      pause_at_period_end: false,
      resumes_at: resumesAt,
    });
    // Paused, nothing is billed at the period's end; the charge to come is the resume's.
    expect(ordersOf(sub.id).map((o) => o.billing_reason)).toEqual(['subscription_create']);
    const upcoming = await call('GET', `/v1/subscriptions/${sub.id}/charge-preview`);
    expect(upcoming.body).toMatchObject({ base_amount: 1000 });
    await clockTo(Date.parse(resumesAt) + 1000);
    const resumed = await seller.subscriptions.get(sub.id);
    expect(resumed).toMatchObject({
      status: 'active',
      paused_at: null,
      resumes_at: null,
      current_period_start: resumesAt,
    });
    expect(ordersOf(sub.id).at(-1)).toEqual({ billing_reason: 'subscription_cycle', amount: 1000 });
    // Paused again without a date, it waits for a resume.
    const again = await seller.subscriptions.update(sub.id, { pause_at_period_end: true });
    await clockTo(Date.parse(again.current_period_end) + 1000);
    expect((await seller.subscriptions.get(sub.id)).status).toBe('paused');
    const active = await seller.subscriptions.update(sub.id, { resume: true });
    expect(active.status).toBe('active');
    expect(ordersOf(sub.id).length).toBe(3);
    const types = (
      await receiver.until((ds) => ds.filter(about('subscription.resumed', sub.id)).length === 2)
    )
      .filter(
        (d) =>
          d.event.data.id === sub.id &&
          ['subscription.paused', 'subscription.resumed'].includes(d.type),
      )
      .map((d) => d.type);
    expect(types).toEqual([
      'subscription.paused',
      'subscription.resumed',
      'subscription.paused',
      'subscription.resumed',
    ]);
  });

  it("moves the period's end, and refuses what the document leaves out in its own words", async () => {
    const sub = await subscribe(products.basic.price, 'period@example.com');
    const s = await seller.subscriptions.get(sub.id);
    const end = new Date(Date.parse(s.current_period_end) + 5 * DAY).toISOString();
    const moved = await seller.subscriptions.update(sub.id, { current_billing_period_end: end });
    expect(moved.current_period_end).toBe(end);
    const seats = await call('PATCH', `/v1/subscriptions/${sub.id}`, { seats: 3 });
    expect(seats).toMatchObject({ status: 400, body: { error: 'NotASeatBasedSubscription' } });
    const notPaused = await call('PATCH', `/v1/subscriptions/${sub.id}`, { resume: true });
    expect(notPaused).toMatchObject({ status: 409, body: { error: 'NotPausedSubscription' } });
    const both = await expect422('revoke and cancel at once', () =>
      seller.subscriptions.update(sub.id, { revoke: true, cancel_at_period_end: true } as never),
    );
    expect(both.map((d) => d.type)).toContain('extra_forbidden');
  });
});

describe('a subscription to a free product (2026-10)', () => {
  it('is created for a customer by id or external id, and refused for a paid product', async () => {
    const customer = await seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'free@example.com',
      external_id: 'usr_free',
    });
    const made = await seller.subscriptions.create({
      product_id: products.free.id,
      customer_id: customer.id,
      metadata: { source: 'api' },
    });
    expect(made).toMatchObject({
      status: 'active',
      amount: 0,
      customer_id: customer.id,
      product_id: products.free.id,
      metadata: { source: 'api' },
      checkout_id: null,
    });
    const byExternal = await seller.subscriptions.create({
      product_id: products.free.id,
      external_customer_id: 'usr_free',
    });
    expect(byExternal.customer_id).toBe(customer.id);
    const paid = await expect422('a paid product', () =>
      seller.subscriptions.create({ product_id: products.pro.id, customer_id: customer.id }),
    );
    expect(paid).toMatchObject([
      {
        loc: ['body', 'product_id'],
        msg: 'Product is not free. The customer should go through a checkout to create a paid subscription.',
      },
    ]);
    const nobody = await expect422('an unknown customer', () =>
      seller.subscriptions.create({
        product_id: products.free.id,
        external_customer_id: 'usr_nobody',
      }),
    );
    expect(nobody).toMatchObject([
      { loc: ['body', 'external_customer_id'], msg: 'Customer does not exist.' },
    ]);
  });
});

describe('the export (2026-10)', () => {
  it('writes the columns asked for, dates in the time zone asked for', async () => {
    const csv = await seller.subscriptions.export({
      product_id: products.yearly.id,
      columns: [
        'email',
        'amount',
        'recurring_interval',
        'current_period_end',
        'cancel_at_period_end',
      ],
      timezone: 'Asia/Tokyo',
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Email,Amount,Billing Interval,Current Period End,Cancels At Period End');
    expect(lines[1]).toMatch(
      /^yearly@example\.com,240\.0,year,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?\+09:00,false$/,
    );
    const plain = await seller.subscriptions.export({ product_id: products.yearly.id });
    expect(plain.split('\r\n')[0]).toBe(
      'Email,Started At,Product,Amount,Currency,Status,Billing Interval',
    );
    const zone = await expect422('an unknown time zone', () =>
      seller.subscriptions.export({ timezone: 'Mars/Olympus' }),
    );
    expect(zone).toMatchObject([{ loc: ['query', 'timezone'], type: 'value_error' }]);
  });
});

describe("the customer portal's subscriptions (2026-10)", () => {
  it("lists, reads, moves to a public product and cancels the customer's own", async () => {
    const sub = await subscribe(products.basic.price, 'portal-sub@example.com');
    const buyer = await box.customer(sub.customer);
    const list = await buyer.customerPortal.subscriptions.list({ active: true });
    expect(list.items.map((s) => s.id)).toEqual([sub.id]);
    const one = await buyer.customerPortal.subscriptions.get(sub.id);
    expect(one).toMatchObject({
      id: sub.id,
      amount: 1000,
      product: { id: products.basic.id, organization: { id: box.demo.organization_id } },
    });
    expect(one).not.toHaveProperty('customer');
    const hidden = await expect422('a private product', () =>
      buyer.customerPortal.subscriptions.update(sub.id, { product_id: products.hidden.id }),
    );
    expect(hidden).toMatchObject([{ msg: 'Product visibility is not allowed.' }]);
    const moved = await buyer.customerPortal.subscriptions.update(sub.id, {
      product_id: products.pro.id,
    });
    expect(moved).toMatchObject({ product_id: products.pro.id, amount: 3000 });
    const preview = await call(
      'GET',
      `/v1/customer-portal/subscriptions/${sub.id}/charge-preview`,
      undefined,
      box.svc.store.row('customers', sub.customer) ? await tokenOf(sub.customer) : null,
    );
    expect(preview.status).toBe(200);
    await expectError(
      'pausing in a portal without pauses',
      errors.CustomerPortalSubscriptionsUpdate403Error,
      () => buyer.customerPortal.subscriptions.update(sub.id, { pause_at_period_end: true }),
    );
    const canceled = await buyer.customerPortal.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    await expectError('canceled twice', errors.AlreadyCanceledSubscription, () =>
      buyer.customerPortal.subscriptions.cancel(sub.id),
    );
    const back = await buyer.customerPortal.subscriptions.update(sub.id, {
      cancel_at_period_end: false,
    });
    expect(back.cancel_at_period_end).toBe(false);
    await expectError("another customer's", errors.ResourceNotFound, () =>
      buyer.customerPortal.subscriptions.get(
        box.svc.store.all<{ id: string }>(
          'SELECT id FROM subscriptions WHERE customer_id <> ? LIMIT 1',
          sub.customer,
        )[0]!.id,
      ),
    );
  });
});

/** A customer session's token for the private portal routes. */
async function tokenOf(customerId: string): Promise<string> {
  const r = await call('POST', '/__local/customer-sessions', { customer_id: customerId }, null);
  return r.body.token;
}
