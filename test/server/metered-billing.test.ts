// Metered prices charged by the test clock (issue 27), today's generation, read from
// polarsource/polar at c6c3645e: product/schemas.py ProductPriceMeteredUnitCreate (unit_amount a
// Decimal > 0 of ≤ 17 digits and ≤ 12 decimals, cap_amount ≥ 0, meter_id), product/service.py
// get_validated_prices (no metered price on a one-time product, 'Meter does not exist.', a meter
// once per currency), billing_entry/service.py _get_metered_line_item and models/product_price.py
// get_amount_and_label (units less credits, × unit_amount rounded half away from 0, capped, its
// label), meter/service.py create_billing_entries (each event billed once, in ingestion order).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { amountAndLabel, times } from '../../src/server/domain/meter-billing.js';
import type { PriceRow } from '../../src/server/store/rows.js';
import { type Json, type Service, startService } from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };
const REQUESTS = {
  conjunction: 'and',
  clauses: [{ property: 'name', operator: 'eq', value: 'api.request' }],
};

describe('get_amount_and_label (models/product_price.py)', () => {
  const price = (unit_amount: string, cap_amount: number | null = null) =>
    ({ unit_amount, cap_amount, price_currency: 'usd' }) as PriceRow;
  it.each([
    // [unit_amount in cents, units, amount, label]
    ['0.1', 12_345, 1235, '(12,345 consumed units) × $0.001'],
    ['0.1', 12_344, 1234, '(12,344 consumed units) × $0.001'],
    ['2.5', 3, 8, '(3 consumed units) × $0.025'],
    ['50', -4, 0, '(0 consumed units) × $0.50'],
  ])('%s¢ × %i units: %i (%s)', (unit, units, amount, label) => {
    expect(amountAndLabel(price(unit), units)).toEqual({ amount, label });
  });
  it('caps the amount and says so', () => {
    expect(amountAndLabel(price('1', 5000), 10_000)).toEqual({
      amount: 5000,
      label: '(10,000 consumed units) × $0.01 — Capped at $50.00',
    });
  });
  it('multiplies exactly: 0.000000000001 × 10^12 is 1', () => {
    expect(times('0.000000000001', 1_000_000_000_000)).toBe(1);
    expect(times('0.5', 1)).toBe(1);
  });
});

let s: Service;
let org: string;
beforeAll(async () => {
  s = await startService();
});
afterAll(() => s.stop());
beforeEach(async () => {
  await s.reset();
  org = s.demo.organization_id;
});

const call = async (method: string, path: string, body?: unknown, token = s.alice) => {
  const r = await s.api(method, path, { token, headers: TODAY, body });
  return r;
};

async function meteredProduct(cap: number | null = null) {
  const meter = (
    await call('POST', '/v1/meters/', {
      name: 'API requests',
      filter: REQUESTS,
      aggregation: { func: 'count' },
      organization_id: org,
    })
  ).body;
  const product = await call('POST', '/v1/products/', {
    name: 'Acme API',
    recurring_interval: 'month',
    organization_id: org,
    prices: [
      { amount_type: 'fixed', price_amount: 1000 },
      { amount_type: 'metered_unit', meter_id: meter.id, unit_amount: '0.1', cap_amount: cap },
    ],
  });
  expect(product.status, product.text).toBe(201);
  return { meter, product: product.body };
}

async function subscribe(productId: string, email: string) {
  const checkout = await call('POST', '/v1/checkouts/', { products: [productId] });
  expect(checkout.status, checkout.text).toBe(201);
  const confirm = await s.api(
    'POST',
    `/v1/checkouts/client/${checkout.body.client_secret}/confirm`,
    {
      headers: TODAY,
      body: {
        customer_email: email,
        customer_name: 'Uma User',
        customer_billing_address: {
          country: 'US',
          state: 'US-NY',
          city: 'NYC',
          line1: '1 St',
          postal_code: '10001',
        },
        confirmation_token_id: 'tok_visa',
      },
    },
  );
  expect(confirm.status, confirm.text).toBe(200);
  const subs = await call('GET', `/v1/subscriptions/?product_id=${productId}`);
  return subs.body.items.find((x: Json) => x.customer.email === email);
}

describe('metered prices on products', () => {
  it('serializes a metered price with its meter', async () => {
    const { meter, product } = await meteredProduct(5000);
    const metered = product.prices.find((p: Json) => p.amount_type === 'metered_unit');
    expect(metered).toMatchObject({
      unit_amount: '0.1',
      cap_amount: 5000,
      meter_id: meter.id,
      meter: {
        id: meter.id,
        name: 'API requests',
        unit: 'scalar',
        custom_label: null,
        custom_multiplier: null,
      },
    });
    expect(metered).not.toHaveProperty('type');
    // The seed's generation shows no metered price.
    const seed = await s.api('GET', `/v1/products/${product.id}`, { token: s.alice });
    expect(seed.body.prices.map((p: Json) => p.amount_type)).toEqual(['fixed']);
  });

  it('refuses what get_validated_prices refuses', async () => {
    const meter = (
      await call('POST', '/v1/meters/', {
        name: 'Meter one',
        filter: REQUESTS,
        aggregation: { func: 'count' },
        organization_id: org,
      })
    ).body;
    const metered = { amount_type: 'metered_unit', meter_id: meter.id, unit_amount: '1' };
    const oneTime = await call('POST', '/v1/products/', {
      name: 'One',
      organization_id: org,
      prices: [metered],
    });
    expect(oneTime.body.detail[0]).toMatchObject({
      loc: ['body', 'prices', 0],
      msg: 'Metered pricing is not supported on one-time products.',
    });
    const twice = await call('POST', '/v1/products/', {
      name: 'Twice',
      organization_id: org,
      recurring_interval: 'month',
      prices: [metered, metered, { ...metered, meter_id: '8b2f8d4e-33c4-4a8f-9d0e-8a7b7c6d5e4f' }],
    });
    expect(twice.body.detail.map((d: Json) => [d.loc.join('.'), d.msg])).toEqual([
      ['body.prices.2.meter_id', 'Meter does not exist.'],
      ['body.prices.1.meter_id', 'Meter is already used for another price.'],
    ]);
    const bad = await call('POST', '/v1/products/', {
      name: 'Bad',
      organization_id: org,
      recurring_interval: 'month',
      prices: [{ ...metered, unit_amount: '0.0000000000001' }],
    });
    expect(bad.body.detail[0]).toMatchObject({
      type: 'decimal_max_places',
      loc: ['body', 'recurring', 'prices', 0, 'metered_unit', 'unit_amount'],
    });
  });
});

describe('the test clock charges usage at the period end', () => {
  it('bills the base price plus each meter’s units × unit amount, each event once', async () => {
    const { product } = await meteredProduct();
    const sub = await subscribe(product.id, 'uma@example.com');
    const events = Array.from({ length: 12_345 }, (_, i) => ({
      name: i % 100 === 0 ? 'other' : 'api.request',
      customer_id: sub.customer_id,
      organization_id: org,
    }));
    for (let i = 0; i < events.length; i += 1000) {
      const r = await call('POST', '/v1/events/ingest', { events: events.slice(i, i + 1000) });
      expect(r.status).toBe(200);
    }
    const requests = events.filter((e) => e.name === 'api.request').length;
    const end = Date.parse(sub.current_period_end);
    const clock = (await s.api('GET', '/__local/clock')).body;
    await s.advanceClock(Math.ceil((end - Date.parse(clock.now)) / 1000) + 60);
    const orders = await call('GET', `/v1/orders/?subscription_id=${sub.id}&sorting=-created_at`);
    const renewal = orders.body.items.find((o: Json) => o.billing_reason === 'subscription_cycle');
    expect(renewal.items.map((i: Json) => [i.label, i.amount])).toEqual([
      ['Acme API', 1000],
      [
        `API requests — (${requests.toLocaleString('en-US')} consumed units) × $0.001`,
        Math.round(requests * 0.1),
      ],
    ]);
    expect(renewal.subtotal_amount).toBe(1000 + Math.round(requests * 0.1));

    // The next period bills only what was ingested after: nothing, then 10 events.
    await call('POST', '/v1/events/ingest', {
      events: Array.from({ length: 10 }, () => ({
        name: 'api.request',
        customer_id: sub.customer_id,
        organization_id: org,
      })),
    });
    const next = (await call('GET', `/v1/subscriptions/${sub.id}`)).body;
    const now = Date.parse((await s.api('GET', '/__local/clock')).body.now);
    await s.advanceClock(Math.ceil((Date.parse(next.current_period_end) - now) / 1000) + 60);
    const again = await call('GET', `/v1/orders/?subscription_id=${sub.id}&sorting=-created_at`);
    const second = again.body.items[0];
    expect(second.items.map((i: Json) => i.amount)).toEqual([1000, 1]);
    expect(second.items[1].label).toBe('API requests — (10 consumed units) × $0.001');
  });
});

describe('meter_credit benefits and customer meters', () => {
  it('credits each period, bills what the credits leave, and shows the customer meter', async () => {
    const { meter, product } = await meteredProduct();
    const benefit = await call('POST', '/v1/benefits/', {
      type: 'meter_credit',
      description: '10 000 free requests',
      organization_id: org,
      properties: { meter_id: meter.id, units: 10_000, rollover: false },
    });
    expect(benefit.status, benefit.text).toBe(201);
    await call('POST', `/v1/products/${product.id}/benefits`, { benefits: [benefit.body.id] });
    const sub = await subscribe(product.id, 'cred@example.com');
    const credited = await call(
      'GET',
      `/v1/events/?name=meter.credited&customer_id=${sub.customer_id}`,
    );
    expect(credited.body.items.map((e: Json) => [e.source, e.label, e.metadata])).toEqual([
      ['system', 'Meter Credited', { meter_id: meter.id, units: 10_000, rollover: false }],
    ]);
    const events = Array.from({ length: 12_000 }, () => ({
      name: 'api.request',
      customer_id: sub.customer_id,
      organization_id: org,
    }));
    for (let i = 0; i < events.length; i += 1000)
      await call('POST', '/v1/events/ingest', { events: events.slice(i, i + 1000) });
    const meters = await call(
      'GET',
      `/v1/customer-meters/?customer_id=${sub.customer_id}&meter_id=${meter.id}`,
    );
    expect(meters.body.items).toHaveLength(1);
    expect(meters.body.items[0]).toMatchObject({
      customer_id: sub.customer_id,
      meter_id: meter.id,
      consumed_units: 12_000,
      credited_units: 10_000,
      balance: -2000,
    });
    const one = await call('GET', `/v1/customer-meters/${meters.body.items[0].id}`);
    expect(one.body.id).toBe(meters.body.items[0].id);
    const state = await call('GET', `/v1/customers/${sub.customer_id}/state`);
    // The demo's meter counts api.request too: the customer has both, each its own credits.
    expect(state.body.active_meters).toHaveLength(2);
    expect(state.body.active_meters.find((m: Json) => m.meter_id === meter.id)).toMatchObject({
      consumed_units: 12_000,
      balance: -2000,
    });

    const now = Date.parse((await s.api('GET', '/__local/clock')).body.now);
    await s.advanceClock(Math.ceil((Date.parse(sub.current_period_end) - now) / 1000) + 60);
    const orders = await call('GET', `/v1/orders/?subscription_id=${sub.id}&sorting=-created_at`);
    expect(orders.body.items[0].items.map((i: Json) => [i.label, i.amount])).toEqual([
      ['Acme API', 1000],
      ['API requests — (2,000 consumed units) × $0.001', 200],
    ]);
    // The renewal reset the meter and credited the next period's units.
    const after = await call('GET', `/v1/customer-meters/${meters.body.items[0].id}`);
    expect(after.body).toMatchObject({
      consumed_units: 0,
      credited_units: 10_000,
      balance: 10_000,
    });
    const names = await call(
      'GET',
      `/v1/events/?source=system&customer_id=${sub.customer_id}&sorting=timestamp`,
    );
    expect(names.body.items.map((e: Json) => e.name)).toEqual([
      'meter.credited',
      'meter.reset',
      'meter.credited',
    ]);
    // The customer portal shows the same meter.
    const session = await s.customerSession(sub.customer_id);
    const portal = await s.api('GET', '/v1/customer-portal/meters/', {
      token: session,
      headers: TODAY,
      query: { meter_id: meter.id },
    });
    expect(portal.body.items.map((m: Json) => [m.meter.name, m.balance])).toEqual([
      ['API requests', 10_000],
    ]);
  });

  it('rolls the unused rollover credits over (customer_meter/service.py get_rollover_units)', async () => {
    const { meter, product } = await meteredProduct();
    const benefit = await call('POST', '/v1/benefits/', {
      type: 'meter_credit',
      description: 'Rolling credits',
      organization_id: org,
      properties: { meter_id: meter.id, units: 100, rollover: true },
    });
    await call('POST', `/v1/products/${product.id}/benefits`, { benefits: [benefit.body.id] });
    const sub = await subscribe(product.id, 'roll@example.com');
    await call('POST', '/v1/events/ingest', {
      events: Array.from({ length: 30 }, () => ({
        name: 'api.request',
        customer_id: sub.customer_id,
        organization_id: org,
      })),
    });
    const now = Date.parse((await s.api('GET', '/__local/clock')).body.now);
    await s.advanceClock(Math.ceil((Date.parse(sub.current_period_end) - now) / 1000) + 60);
    const meters = await call(
      'GET',
      `/v1/customer-meters/?customer_id=${sub.customer_id}&meter_id=${meter.id}`,
    );
    // 70 left over, rolled, and 100 more.
    expect(meters.body.items[0]).toMatchObject({
      consumed_units: 0,
      credited_units: 170,
      balance: 170,
    });
    const orders = await call('GET', `/v1/orders/?subscription_id=${sub.id}&sorting=-created_at`);
    expect(orders.body.items[0].items.map((i: Json) => i.amount)).toEqual([1000, 0]);
  });

  it("refuses a meter of another organization ('This meter does not exist.')", async () => {
    const r = await call('POST', '/v1/benefits/', {
      type: 'meter_credit',
      description: 'Nope',
      organization_id: org,
      properties: { meter_id: '8b2f8d4e-33c4-4a8f-9d0e-8a7b7c6d5e4f', units: 1, rollover: false },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ['body', 'properties', 'meter_id'],
      msg: 'This meter does not exist.',
    });
  });
});

// The end of a metered subscription (today's generation), read from polarsource/polar at
// c6c3645e: subscription/service.py `cycle` — a subscription set to cancel at its period's end
// is revoked there, gets no cycle billing entry (no base price), and order/tasks.py
// create_subscription_order bills what is pending (subscription_cancel, public
// subscription_cycle) or, nothing pending (NoPendingBillingEntries), makes no order;
// `_perform_cancellation(immediately=True)` (revoke) settles usage only when a meter cycle is
// configured (current_meter_period_end, null in the sandbox): usage pending at a revoke is never
// billed.
describe('the end of a metered subscription', () => {
  const ingest = async (customerId: string, n: number) => {
    const r = await call('POST', '/v1/events/ingest', {
      events: Array.from({ length: n }, () => ({
        name: 'api.request',
        customer_id: customerId,
        organization_id: org,
      })),
    });
    expect(r.status, r.text).toBe(200);
  };
  const pastEnd = async (sub: Json) => {
    const now = Date.parse((await s.api('GET', '/__local/clock')).body.now);
    await s.advanceClock(Math.ceil((Date.parse(sub.current_period_end) - now) / 1000) + 60);
  };
  const orders = async (sub: Json) =>
    (await call('GET', `/v1/orders/?subscription_id=${sub.id}&sorting=created_at`)).body.items;

  it('canceled at its period end: the last period bills its usage only, no base price', async () => {
    const { product } = await meteredProduct();
    const sub = await subscribe(product.id, 'last@example.com');
    const idle = await subscribe(product.id, 'idle@example.com');
    await ingest(sub.customer_id, 25);
    for (const x of [sub, idle]) {
      const r = await call('PATCH', `/v1/subscriptions/${x.id}`, { cancel_at_period_end: true });
      expect(r.status, r.text).toBe(200);
    }
    await pastEnd(sub);
    const [first, last] = await orders(sub);
    expect(first.billing_reason).toBe('subscription_create');
    // 25 × 0.1¢ = 2.5¢, rounded half away from 0 (kit/math.py polar_round).
    expect(last).toMatchObject({
      billing_reason: 'subscription_cycle',
      subtotal_amount: 3,
      total_amount: 3,
    });
    expect(last.items.map((i: Json) => [i.label, i.amount])).toEqual([
      ['API requests — (25 consumed units) × $0.001', 3],
    ]);
    const ended = (await call('GET', `/v1/subscriptions/${sub.id}`)).body;
    expect(ended).toMatchObject({ status: 'canceled', ended_at: sub.current_period_end });
    // Nothing used, nothing pending: no order.
    expect((await orders(idle)).map((o: Json) => o.billing_reason)).toEqual([
      'subscription_create',
    ]);
  });

  it('revoked: the usage so far is not billed, then or at the period end', async () => {
    const { product } = await meteredProduct();
    const sub = await subscribe(product.id, 'gone@example.com');
    await ingest(sub.customer_id, 25);
    const revoked = await call('DELETE', `/v1/subscriptions/${sub.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'canceled', current_meter_period_end: null });
    await pastEnd(sub);
    expect((await orders(sub)).map((o: Json) => o.billing_reason)).toEqual(['subscription_create']);
  });
});
