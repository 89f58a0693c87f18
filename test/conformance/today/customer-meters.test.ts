// Customer meters through SDK 1.0.1 in today's generation (issue 27), over the demo's Initech
// (Acme API: $9 a month, $0.001 a request, 10 000 free requests) and its renewal by the test
// clock; every answer checked against the 2026-10 document and every delivery verified with
// validateEvent (harness.ts). Rules from polarsource/polar at c6c3645e: customer_meter/
// service.py (consumed since the last meter.reset, credited a non-negative running sum, balance),
// benefit/strategies/meter_credit/service.py (cycle: meter.reset, then credit again),
// billing_entry/service.py (the metered line of the renewal's order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expectCalls,
  expectError,
  type Polar,
  Receiver,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
let initech: { id: string };
const receiver = new Receiver();
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  const url = await receiver.start();
  const endpoint = await seller.webhooks.createWebhookEndpoint({
    url,
    format: 'raw',
    events: ['order.created', 'order.paid', 'subscription.cycled', 'benefit_grant.cycled'],
    organization_id: box.demo.organization_id,
  });
  receiver.secret = endpoint.secret;
  initech = (await seller.customers.list({ email: 'platform@initech.example' })).items[0]!;
});
afterAll(async () => {
  expect(receiver.problems, 'deliveries refused by validateEvent or the document').toEqual([]);
  expectCalls(box, 'customer-meters');
  await receiver.stop();
  await box.stop();
});

describe('customer meters (2026-10)', () => {
  let meterId: string;
  let consumed: number;
  it("lists Initech's meter: a month of requests against 10 000 credits", async () => {
    const list = await seller.customerMeters.list({ customer_id: initech.id });
    expect(list.items).toHaveLength(1);
    const m = list.items[0]!;
    meterId = m.meter_id;
    consumed = m.consumed_units;
    expect(m).toMatchObject({
      credited_units: 10_000,
      customer_id: initech.id,
      meter: { name: 'API requests' },
    });
    expect(m.balance).toBe(10_000 - consumed);
    expect((await seller.customerMeters.get(m.id)).id).toBe(m.id);
    expect(
      (await seller.customerMeters.list({ meter_id: meterId, sorting: ['-balance'] })).items,
    ).toHaveLength(1);
    expect((await box.org.customerMeters.list({ external_customer_id: 'nobody' })).items).toEqual(
      [],
    );
    await expectError('another seller', errors.ResourceNotFound, () =>
      box.otherSeller.customerMeters.get(m.id),
    );
    const state = await seller.customers.getState(initech.id);
    expect(state.active_meters).toEqual([
      expect.objectContaining({ meter_id: meterId, consumed_units: consumed }),
    ]);
  });

  it("shows the customer portal the customer's own meter", async () => {
    const portal = await box.customer(initech.id);
    const mine = await portal.customerPortal.customerMeters.list({});
    expect(mine.items.map((m) => [m.meter.name, m.balance])).toEqual([
      ['API requests', 10_000 - consumed],
    ]);
    expect((await portal.customerPortal.customerMeters.get(mine.items[0]!.id)).meter_id).toBe(
      meterId,
    );
    expect((await portal.customerPortal.customerMeters.list({ query: 'nothing' })).items).toEqual(
      [],
    );
  });

  // Today's Subscription lists every price of the subscription and its SubscriptionMeter objects
  // (subscription/schemas.py SubscriptionMeter, customer_portal/schemas/subscription.py,
  // customer/schemas/state.py; subscription/service.py update_meters at c6c3645e): the period's
  // pending metered line — consumed, credited, the amount the renewal will bill so far.
  it('shows the subscription its prices and its meter so far, as the renewal will bill it', async () => {
    const sub = (await seller.subscriptions.list({ customer_id: initech.id })).items[0]!;
    const got = await seller.subscriptions.get(sub.id);
    expect(got.prices.map((p) => p.amount_type)).toEqual(['fixed', 'metered_unit']);
    expect(got.prices[0]!.id).toBe((got as unknown as { price_id: string }).price_id);
    const amount = Math.round((consumed - 10_000) * 0.1);
    const shown = {
      meter_id: meterId,
      consumed_units: consumed,
      credited_units: 10_000,
      amount,
    };
    expect(got.meters).toEqual([
      expect.objectContaining({ ...shown, meter: expect.objectContaining({ id: meterId }) }),
    ]);
    expect(sub.meters).toEqual(got.meters);
    const state = await seller.customers.getState(initech.id);
    expect(state.active_subscriptions[0]!.meters).toEqual([
      {
        ...shown,
        id: got.meters[0]!.id,
        created_at: got.meters[0]!.created_at,
        modified_at: got.meters[0]!.modified_at,
      },
    ]);
    const portal = await box.customer(initech.id);
    const mine = await portal.customerPortal.subscriptions.get(sub.id);
    expect(mine.prices).toHaveLength(2);
    expect(mine.meters).toEqual([
      expect.objectContaining({
        ...shown,
        meter: expect.objectContaining({ name: 'API requests' }),
      }),
    ]);
    // subscription/service.py _compute_charge_preview: metered_amount = Σ meter.amount.
    const preview = await box.raw(`${box.svc.url}/v1/subscriptions/${sub.id}/charge-preview`, {
      headers: {
        authorization: `Bearer ${box.demo.personal_access_token}`,
        'polar-version': '2026-10',
      },
    });
    expect(await preview.json()).toMatchObject({
      base_amount: 900,
      metered_amount: amount,
      subtotal_amount: 900 + amount,
    });
  });

  it('renews: the order bills the requests beyond the credits, the meter starts again', async () => {
    const subs = await seller.subscriptions.list({ customer_id: initech.id });
    const sub = subs.items[0]!;
    const r = await box.raw(`${box.svc.url}/__local/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        set: new Date(Date.parse(sub.current_period_end) + 60_000).toISOString(),
      }),
    });
    expect(r.status).toBe(200);
    const got = await receiver.until(
      (ds) =>
        ds.some((d) => d.type === 'order.created' && d.event.data.subscription_id === sub.id) &&
        ds.some(
          (d) => d.type === 'benefit_grant.cycled' && d.event.data.customer_id === initech.id,
        ),
    );
    const created = got.find(
      (d) => d.type === 'order.created' && d.event.data.subscription_id === sub.id,
    )!;
    const billable = consumed - 10_000;
    const items = (created.event.data as { items: { label: string; amount: number }[] }).items;
    expect(items.map((i) => [i.label, i.amount])).toEqual([
      ['Acme API', 900],
      [
        `API requests — (${billable.toLocaleString('en-US')} consumed units) × $0.001`,
        Math.round(billable * 0.1),
      ],
    ]);
    const orders = await seller.orders.list({ customer_id: initech.id });
    expect(orders.items[0]!.total_amount).toBe(900 + Math.round(billable * 0.1));
    const after = await seller.customerMeters.list({ customer_id: initech.id });
    expect(after.items[0]).toMatchObject({
      consumed_units: 0,
      credited_units: 10_000,
      balance: 10_000,
    });
    // The renewal billed the period's usage: the new period's meter holds the new credits only.
    expect((await seller.subscriptions.get(sub.id)).meters).toEqual([
      expect.objectContaining({ consumed_units: 0, credited_units: 10_000, amount: 0 }),
    ]);
    const system = await seller.events.list({
      customer_id: initech.id,
      source: 'system',
      sorting: ['timestamp'],
    });
    expect(system.items.map((e) => e.name)).toEqual([
      'meter.credited',
      'meter.reset',
      'meter.credited',
    ]);
  });
});
