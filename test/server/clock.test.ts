// POST /__local/clock processes what falls due on the way forward (issue 16, "Test clock that
// moves subscriptions"): checkouts expire, subscriptions renew once per period crossed (their
// discounts while they last) or end when set to, each item once, in time order, in its own
// transaction, at its own time, with its events; going back processes nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/server/domain/events.js';
import type { CheckoutRow } from '../../src/server/store/rows.js';
import { allPages, BUYER, type Json, type Service, startService } from './helpers.js';

const PAY = { confirmation_token_id: 'tok_visa', ...BUYER };
const HOUR = 3_600_000;

/** A service whose transactions' events (one batch each) the test sees. */
async function observed(): Promise<{ svc: Service; batches: DomainEvent[][] }> {
  const svc = await startService();
  const batches: DomainEvent[][] = [];
  svc.running.events.observe((batch) => void batches.push([...batch]));
  return { svc, batches };
}

const moveClock = async (svc: Service, body: Json) => {
  const r = await svc.api('POST', '/__local/clock', { body });
  expect(r.status).toBe(200);
  return r.body;
};

const NOTHING = { checkouts_expired: [], renewals: [], subscriptions_ended: [] };

/** `iso` plus `months` calendar months (days up to 28 only: no month is shorter). */
function plusMonths(iso: string, months: number): string {
  const d = new Date(iso);
  expect(d.getUTCDate()).toBeLessThanOrEqual(28);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
}

/** The stored events of Acme after `seq`: [type, the resource's id, timestamp]. */
function eventsAfter(svc: Service, seq: number): [string, string, string][] {
  const rows = svc.running.store.webhooks.eventsAfter(svc.demo.organization_id, seq, 100_000);
  return rows.map((e) => [e.type, JSON.parse(e.payload).data.id, e.timestamp]);
}
const lastSeq = (svc: Service) =>
  svc.running.store.get<{ seq: number }>('SELECT max(seq) AS seq FROM events')?.seq ?? 0;

/**
 * A new open session like the demo's Acme Pro one (monthly, 1900), created now and expiring in
 * `expiresIn` ms, written through the store like the seed's (the service serves no creation).
 */
function openCheckout(svc: Service, expiresIn = HOUR): string {
  const store = svc.running.store;
  const row = store.row('checkouts', svc.demo.open_checkout_ids[0]!) as CheckoutRow;
  const now = svc.running.clock.now().getTime();
  const id = randomUUID();
  store.tx((tx) => {
    // Demo data, as the seed's: no event.
    tx.unannounced('checkouts');
    store.insert('checkouts', {
      ...row,
      id,
      client_secret: `polar_c_${randomBytes(24).toString('hex')}`,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + expiresIn).toISOString(),
    });
  });
  return id;
}

interface Bought {
  sub: Json;
  order: Json;
  sessionToken: string;
}

/** Buys Acme Pro (monthly, or yearly: 19000) as `email`, with a discount code if given. */
async function buy(
  svc: Service,
  email: string,
  opts: { yearly?: boolean; code?: string } = {},
): Promise<Bought> {
  const id = openCheckout(svc);
  const got = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
  if (opts.yearly) {
    const yearly = got.body.product.prices.find((p: Json) => p.recurring_interval === 'year');
    const r = await svc.api('PATCH', `/v1/checkouts/custom/${id}`, {
      token: svc.alice,
      body: { product_price_id: yearly.id },
    });
    expect(r.status).toBe(200);
  }
  const confirmed = await svc.api(
    'POST',
    `/v1/checkouts/custom/client/${got.body.client_secret}/confirm`,
    { body: { customer_email: email, discount_code: opts.code, ...PAY } },
  );
  expect(confirmed.status).toBe(200);
  const customerId = confirmed.body.customer_id;
  const subs = await svc.api('GET', '/v1/subscriptions/', {
    token: svc.alice,
    query: { customer_id: customerId },
  });
  const orders = await svc.api('GET', '/v1/orders/', {
    token: svc.alice,
    query: { customer_id: customerId },
  });
  expect([subs.body.items.length, orders.body.items.length]).toEqual([1, 1]);
  return {
    sub: subs.body.items[0],
    order: orders.body.items[0],
    sessionToken: confirmed.body.customer_session_token,
  };
}

const ordersOf = async (svc: Service, subId: string) =>
  (
    await allPages(svc.api, '/v1/orders/', {
      token: svc.alice,
      query: { product_price_type: 'recurring', sorting: 'created_at' },
    })
  ).filter((o) => o.subscription_id === subId);
const subscription = async (svc: Service, sub: Json) => {
  const r = await svc.api('GET', '/v1/subscriptions/', {
    token: svc.alice,
    query: { customer_id: sub.customer_id },
  });
  return r.body.items.find((s: Json) => s.id === sub.id);
};

describe('a year of subscriptions, from a fixed moment', () => {
  let svc: Service;
  let batches: DomainEvent[][];
  // Far behind the demo's data, so nothing of the seed falls due on the way to UNTIL.
  const T0 = '2020-01-15T10:00:00.000Z';
  const UNTIL = '2021-01-20T00:00:00.000Z';
  const bought: Record<string, Bought> = {};
  let expiring: string;
  let keyIds: string[];
  let processed: Json;
  let seqBefore: number;

  beforeAll(async () => {
    ({ svc, batches } = await observed());
    const back = await moveClock(svc, { set: T0 });
    expect(back.processed).toEqual(NOTHING);
    expect(batches).toEqual([]);
    const always = await svc.api('POST', '/v1/discounts/', {
      token: svc.alice,
      body: {
        organization_id: svc.demo.organization_id,
        name: 'Always 20',
        code: 'ALWAYS20',
        type: 'percentage',
        basis_points: 2000,
        duration: 'forever',
      },
    });
    expect(always.status).toBe(201);
    bought.plain = await buy(svc, 'plain@example.com');
    bought.half = await buy(svc, 'half@example.com', { code: 'HALFOFF' });
    bought.once = await buy(svc, 'once@example.com', { code: 'LAUNCH10' });
    bought.yearlyAlways = await buy(svc, 'always@example.com', { yearly: true, code: 'ALWAYS20' });
    bought.yearlyHalf = await buy(svc, 'yhalf@example.com', { yearly: true, code: 'HALFOFF' });
    bought.ending = await buy(svc, 'ending@example.com');
    const keys = await svc.api('GET', '/v1/customer-portal/license-keys/', {
      token: bought.ending.sessionToken,
    });
    keyIds = keys.body.items.map((k: Json) => k.id);
    expect(keyIds.length).toBe(1);
    const cancel = await svc.api('PATCH', `/v1/subscriptions/${bought.ending.sub.id}`, {
      token: svc.alice,
      body: { cancel_at_period_end: true },
    });
    expect(cancel.status).toBe(200);
    expiring = openCheckout(svc, 2 * HOUR);
    batches.length = 0;
    seqBefore = lastSeq(svc);
    processed = (await moveClock(svc, { set: UNTIL })).processed;
  });
  afterAll(() => svc.stop());

  it('answers with the clock and what it processed', async () => {
    const clock = (await svc.api('GET', '/__local/clock')).body;
    expect(Math.abs(Date.parse(clock.now) - Date.parse(UNTIL))).toBeLessThan(60_000);
    expect(Object.keys(processed)).toEqual([
      'checkouts_expired',
      'renewals',
      'subscriptions_ended',
    ]);
    // 12 monthly periods for each of three, one yearly for each of two.
    expect(processed.renewals.length).toBe(3 * 12 + 2);
    expect(processed.subscriptions_ended).toEqual([
      { id: bought.ending!.sub.id, at: bought.ending!.sub.current_period_end },
    ]);
    const checkout = svc.running.store.row('checkouts', expiring)!;
    expect(processed.checkouts_expired).toEqual([{ id: expiring, at: checkout.expires_at }]);
  });

  it('renews monthly and yearly subscriptions once per period crossed, each at its own time', async () => {
    for (const [name, periods] of [
      ['plain', 12],
      ['half', 12],
      ['once', 12],
      ['yearlyAlways', 1],
      ['yearlyHalf', 1],
    ] as const) {
      const { sub, order } = bought[name]!;
      const months = sub.recurring_interval === 'year' ? 12 : 1;
      const orders = await ordersOf(svc, sub.id);
      expect(orders.map((o) => o.id)[0]).toBe(order.id);
      const renewals = orders.slice(1);
      const times = renewals.map((_, k) => plusMonths(sub.current_period_end, k * months));
      expect([name, renewals.map((o) => o.created_at)]).toEqual([name, times]);
      expect(renewals.every((o) => o.billing_reason === 'subscription_cycle')).toBe(true);
      expect(renewals.length).toBe(periods);
      // The response lists the same orders, at the same times.
      const listed = processed.renewals.filter((r: Json) => r.subscription_id === sub.id);
      expect(listed).toEqual(
        renewals.map((o) => ({ subscription_id: sub.id, order_id: o.id, at: o.created_at })),
      );
      const now = await subscription(svc, sub);
      expect(now).toMatchObject({
        status: 'active',
        current_period_start: times.at(-1),
        current_period_end: plusMonths(sub.current_period_end, periods * months),
      });
    }
  });

  it('charges the price less the discount while its duration lasts', async () => {
    const amounts = async (name: string) =>
      (await ordersOf(svc, bought[name]!.sub.id)).map((o) => [o.amount, o.discount?.code ?? null]);
    const full = (n: number) => Array.from({ length: n }, () => [1900, null]);
    expect(await amounts('plain')).toEqual(full(13));
    // Repeating, 3 months: the first order and the periods starting in the next two months.
    expect(await amounts('half')).toEqual([
      [950, 'HALFOFF'],
      [950, 'HALFOFF'],
      [950, 'HALFOFF'],
      ...full(10),
    ]);
    expect(await amounts('once')).toEqual([[900, 'LAUNCH10'], ...full(12)]);
    expect(await amounts('yearlyAlways')).toEqual([
      [15200, 'ALWAYS20'],
      [15200, 'ALWAYS20'],
    ]);
    expect(await amounts('yearlyHalf')).toEqual([
      [9500, 'HALFOFF'],
      [19000, null],
    ]);
  });

  it('ends a subscription set to cancel at its period end, revoking its benefits', async () => {
    const { sub } = bought.ending!;
    expect(await ordersOf(svc, sub.id)).toHaveLength(1);
    expect(await subscription(svc, sub)).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: true,
      ended_at: sub.current_period_end,
      ends_at: sub.current_period_end,
    });
    for (const id of keyIds) {
      const key = await svc.api('GET', `/v1/license-keys/${id}`, { token: svc.alice });
      expect(key.body.status).toBe('revoked');
    }
  });

  it('expires the open checkout at its time', async () => {
    const r = await svc.api('GET', `/v1/checkouts/custom/${expiring}`, { token: svc.alice });
    const row = svc.running.store.row('checkouts', expiring)!;
    expect([r.body.status, row.status, row.modified_at]).toEqual([
      'expired',
      'expired',
      row.expires_at,
    ]);
  });

  // As the real service at f179ede58c (the seed generation): the expiry job is one bulk UPDATE
  // with no webhook (checkout/service.py expire_open_checkouts); today's sends checkout.expired
  // (checkout/tasks.py at c6c3645e), stored only for an endpoint of today's (none here). A
  // renewal's new period reaches it (subscription/service.py update_subscription_from_stripe)
  // before its paid invoice (order/service.py create_order_from_stripe).
  it('emits each item’s events in its own transaction, in time order, timestamped then', () => {
    const kind = (b: DomainEvent[]) => b.map((e) => e.type).join(' ');
    const ending = bought.ending!.sub.id;
    expect(batches.map(kind).sort()).toEqual(
      [
        'checkout.expired',
        'subscription.updated subscription.revoked benefit_grant.revoked benefit_grant.revoked',
        ...Array.from(
          { length: 38 },
          () => 'subscription.cycled subscription.updated order.created order.updated order.paid',
        ),
      ].sort(),
    );
    expect(batches.find((b) => b[0]!.type === 'checkout.expired')![0]!.id).toBe(expiring);
    const events = eventsAfter(svc, seqBefore);
    expect(events.map(([type, id]) => [type, id])).toEqual(
      batches
        .flat()
        // Today's checkout.expired, subscription.cycled (a renewal: subscription/service.py
        // `cycle` at c6c3645e), order.updated and order.paid: stored only for an endpoint of
        // today's.
        .filter(
          (e) =>
            !['checkout.expired', 'subscription.cycled', 'order.updated', 'order.paid'].includes(
              e.type,
            ),
        )
        .map((e) => [e.type, e.id]),
    );
    const times = events.map(([, , at]) => at);
    expect(times).toEqual([...times].sort());
    expect(processed.checkouts_expired.map((c: Json) => c.id)).toEqual([expiring]);
    expect(events.filter(([, id]) => id === expiring)).toEqual([]);
    const endingEvents = events.filter(([type]) => type !== 'order.created');
    expect(endingEvents.filter(([, id]) => id === ending).map(([t, , at]) => [t, at])).toEqual([
      ['subscription.updated', bought.ending!.sub.current_period_end],
      ['subscription.revoked', bought.ending!.sub.current_period_end],
    ]);
    for (const r of processed.renewals) {
      expect(events.filter(([, id]) => id === r.order_id)).toEqual([
        ['order.created', r.order_id, r.at],
      ]);
    }
  });

  it('processes nothing more when asked again, or going back', async () => {
    const count = (await allPages(svc.api, '/v1/orders/', { token: svc.alice })).length;
    batches.length = 0;
    expect((await moveClock(svc, { set: UNTIL })).processed).toEqual(NOTHING);
    // Written as expired two days ago without the clock passing it: due by a day back, yet
    // going back processes nothing.
    const stale = openCheckout(svc, -2 * 86_400_000);
    expect((await moveClock(svc, { advance_seconds: -86_400 })).processed).toEqual(NOTHING);
    expect(
      (await moveClock(svc, { reset: true, advance_seconds: -86_400 * 3000 })).processed,
    ).toEqual(NOTHING);
    expect(batches).toEqual([]);
    expect(await allPages(svc.api, '/v1/orders/', { token: svc.alice })).toHaveLength(count);
    expect(svc.running.store.row('checkouts', stale)!.status).toBe('open');
    // Forward again, it expires, at its own time.
    const expiresAt = svc.running.store.row('checkouts', stale)!.expires_at;
    expect((await moveClock(svc, { set: UNTIL })).processed).toEqual({
      ...NOTHING,
      checkouts_expired: [{ id: stale, at: expiresAt }],
    });
    expect(batches).toEqual([[{ type: 'checkout.expired', id: stale }]]);
  });
});

describe('month ends, a failure half-way, the demo year', () => {
  let svc: Service;
  let batches: DomainEvent[][];

  beforeAll(async () => {
    ({ svc, batches } = await observed());
  });
  afterAll(() => svc.stop());

  it('keeps the billing day: Jan 31, Feb 29, Mar 31, Apr 30', async () => {
    await svc.reset();
    await moveClock(svc, { set: '2023-12-31T12:00:00Z' });
    const { sub } = await buy(svc, 'monthend@example.com');
    expect(sub.current_period_end.slice(0, 10)).toBe('2024-01-31');
    await moveClock(svc, { set: '2024-05-01T00:00:00Z' });
    const days = (await ordersOf(svc, sub.id)).map((o) => o.created_at.slice(0, 10));
    expect(days).toEqual(['2023-12-31', '2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    expect((await subscription(svc, sub)).current_period_end.slice(0, 10)).toBe('2024-05-31');
  });

  it('a subscription bought on Jan 31 first ends on Feb 28, not in March', async () => {
    await svc.reset();
    await moveClock(svc, { set: '2025-01-31T09:00:00Z' });
    const { sub } = await buy(svc, 'jan31@example.com');
    expect(sub.current_period_end.slice(0, 13)).toBe('2025-02-28T09');
    const { sub: yearly } = await buy(svc, 'leap@example.com', { yearly: true });
    expect(yearly.current_period_end.slice(0, 10)).toBe('2026-01-31');
  });

  it('goes on after a failure half-way without processing anything twice', async () => {
    await svc.reset();
    await moveClock(svc, { set: '2022-03-10T08:00:00Z' });
    const { sub } = await buy(svc, 'crash@example.com');
    // The fifth transaction fails before its COMMIT, as if the service died there.
    let n = 0;
    const stop = svc.running.events.observe(() => {
      if (++n === 5) throw new Error('killed');
    });
    const failed = await svc.api('POST', '/__local/clock', {
      body: { set: '2023-01-01T00:00:00Z' },
    });
    stop();
    expect(failed.status).toBe(500);
    expect(await ordersOf(svc, sub.id)).toHaveLength(5);
    // The clock stands at the last renewal that was stored.
    const clock = (await svc.api('GET', '/__local/clock')).body;
    expect(Math.abs(Date.parse(clock.now) - Date.parse('2022-07-10T08:00:00Z'))).toBeLessThan(
      60_000,
    );
    const again = await moveClock(svc, { set: '2023-01-01T00:00:00Z' });
    expect(again.processed.renewals).toHaveLength(5);
    const days = (await ordersOf(svc, sub.id)).map((o) => o.created_at.slice(0, 10));
    expect(days).toEqual(
      Array.from({ length: 10 }, (_, k) => plusMonths('2022-03-10T08:00:00.000Z', k).slice(0, 10)),
    );
  });

  it('advances the demo a year in one call: every running subscription renews per period', async () => {
    await svc.reset();
    const tokens = [svc.alice, svc.bob];
    const subsBefore = (
      await Promise.all(tokens.map((token) => allPages(svc.api, '/v1/subscriptions/', { token })))
    ).flat();
    const recurring = async () =>
      (
        await Promise.all(
          tokens.map((token) =>
            allPages(svc.api, '/v1/orders/', { token, query: { product_price_type: 'recurring' } }),
          ),
        )
      ).flat();
    const ordersBefore = new Set((await recurring()).map((o) => o.id));
    batches.length = 0;
    const moved = await moveClock(svc, { advance_seconds: 365 * 86_400 });
    // One call, the whole year: nothing left for another request (how long it takes is not
    // asserted here; a century in slices is test/reliability/clock-bounded.test.ts).
    expect(moved.remaining ?? 0).toBe(0);
    const added = (await recurring()).filter((o) => !ordersBefore.has(o.id));
    expect(added.length).toBe(moved.processed.renewals.length);
    expect(new Set(added.map((o) => o.id))).toEqual(
      new Set(moved.processed.renewals.map((r: Json) => r.order_id)),
    );
    const running = subsBefore.filter((s) => ['active', 'trialing'].includes(s.status));
    expect(running.length).toBeGreaterThanOrEqual(10);
    const subsAfter = new Map(
      (await Promise.all(tokens.map((token) => allPages(svc.api, '/v1/subscriptions/', { token }))))
        .flat()
        .map((s) => [s.id, s]),
    );
    for (const s of subsBefore) {
      const renewals = added
        .filter((o) => o.subscription_id === s.id)
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      if (!running.includes(s)) {
        expect([s.status, renewals]).toEqual([s.status, []]);
        continue;
      }
      // From the period's end, one interval apart, up to the new period that is not over yet.
      const monthly = s.recurring_interval === 'month';
      expect([s.id, renewals.length]).toEqual([s.id, monthly ? expect.any(Number) : 1]);
      if (monthly) expect(renewals.length === 12 || renewals.length === 13).toBe(true);
      expect(renewals[0].created_at).toBe(s.current_period_end);
      expect(renewals.every((o) => o.billing_reason === 'subscription_cycle')).toBe(true);
      const after = subsAfter.get(s.id);
      expect(after.status).toBe('active');
      expect(after.current_period_start).toBe(renewals.at(-1).created_at);
      expect(Date.parse(after.current_period_end)).toBeGreaterThan(Date.parse(moved.now) - 60_000);
      expect(Date.parse(after.current_period_start)).toBeLessThanOrEqual(Date.parse(moved.now));
      for (let k = 1; k < renewals.length; k++) {
        const gapDays =
          (Date.parse(renewals[k].created_at) - Date.parse(renewals[k - 1].created_at)) /
          86_400_000;
        expect(gapDays).toBeGreaterThanOrEqual(monthly ? 28 : 365);
        expect(gapDays).toBeLessThanOrEqual(monthly ? 31 : 366);
      }
    }
    // The trial ended with its first cycle; trialing counts as active, so no .active event.
    const trial = subsBefore.find((s) => s.status === 'trialing');
    expect(subsAfter.get(trial.id).status).toBe('active');
    expect(batches.flat().some((e) => e.type === 'subscription.active')).toBe(false);
    // Every open session expired, each in its own transaction.
    expect(moved.processed.checkouts_expired.length).toBe(svc.demo.open_checkout_ids.length + 2);
    for (const id of svc.demo.open_checkout_ids) {
      const r = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
      expect(r.body.status).toBe('expired');
    }
    // Expiries send no events (the real expire_open_checkouts).
    expect(batches.filter((b) => b[0]!.type === 'checkout.updated')).toHaveLength(0);
  });
});
