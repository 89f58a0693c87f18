// GET /v1/metrics/ over random histories (issue 28), property style: for each seed, an
// organization of its own gets random products, customers, discounts, subscriptions (trials,
// cancellations with and without a reason, ends), orders (one-time and renewals, refunded in
// part or in full, some never paid) and checkout sessions; every metric the sandbox computes is
// then compared, period by period and in total, with a reference computed here from the same
// rows — for several intervals and time zones. The reference restates the real service's rules
// (today's generation, read at c6c3645e): which orders count and when, revenue net of discounts
// and before tax, refunds taken off the order's own period (server/tinybird/endpoints/
// metrics_events.pipe, metrics_revenue.pipe), cancellations by reason (metrics_cancellations.pipe),
// active subscriptions and MRR per bucket (server/polar/metrics/queries.py
// get_active_subscriptions_cte), churned subscriptions and checkouts (get_churned_subscriptions_cte,
// get_checkouts_cte), the totals (metrics.py get_cumulative). Its buckets are computed another
// way than the service's: by formatting instants as local wall-clock text and cutting the text.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_SLUGS as SERVICE_SLUGS } from '../../src/server/domain/metrics.js';
import { METRIC_SLUGS } from '../../src/shared/metrics.js';
import { type Json, type Service, startService } from './helpers.js';

let svc: Service;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.running.stop());

const TODAY = { 'polar-version': '2026-10' };

/** mulberry32: the same history for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

const DAY = 86_400_000;
const T0 = Date.parse('2025-01-01T00:00:00Z');
const T1 = Date.parse('2026-06-30T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

interface Sub {
  id: string;
  customer_id: string;
  product_id: string;
  created_at: string;
  started_at: string | null;
  trial_end: string | null;
  canceled_at: string | null;
  ends_at: string | null;
  ended_at: string | null;
  reason: string | null;
  amount: number;
  interval: 'day' | 'week' | 'month' | 'year';
  count: number;
  discount: { type: 'percentage'; bp: number } | { type: 'fixed'; amount: number } | null;
}
interface Order {
  created_at: string;
  status: string;
  amount: number;
  refunded: number;
  product_id: string;
  recurring: boolean;
  subscription_id: string | null;
}
interface Checkout {
  created_at: string;
  status: string;
  product_id: string;
}
interface History {
  org: string;
  products: { id: string; recurring: boolean }[];
  subs: Sub[];
  orders: Order[];
  checkouts: Checkout[];
}

const REASONS = [
  null,
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
] as const;

/** A random history in an organization of its own, which alice reads. */
function makeHistory(seed: number): History {
  const r = prng(seed);
  const store = svc.running.store;
  const tpl = (table: string) =>
    store.get<Record<string, unknown>>(`SELECT * FROM ${table} LIMIT 1`)!;
  const org = randomUUID();
  const alice = store.get<{ user_id: string }>(
    'SELECT user_id FROM user_organizations WHERE organization_id = ?',
    svc.demo.organization_id,
  )!.user_id;
  const h: History = { org, products: [], subs: [], orders: [], checkouts: [] };
  const rows: [string, Record<string, unknown>][] = [];
  rows.push([
    'organizations',
    { ...tpl('organizations'), id: org, slug: `metrics-${seed}`, name: `Metrics ${seed}` },
  ]);
  rows.push(['user_organizations', { user_id: alice, organization_id: org }]);
  const prices = new Map<string, string>();
  for (let i = 0; i < 4; i++) {
    const id = randomUUID();
    const recurring = i < 2;
    h.products.push({ id, recurring });
    rows.push([
      'products',
      {
        ...tpl('products'),
        id,
        organization_id: org,
        name: `P${i}`,
        is_recurring: recurring ? 1 : 0,
      },
    ]);
    const price = randomUUID();
    prices.set(id, price);
    rows.push(['prices', { ...tpl('prices'), id: price, product_id: id }]);
  }
  const customers = Array.from({ length: 6 }, (_, i) => {
    const id = randomUUID();
    rows.push([
      'customers',
      {
        ...tpl('customers'),
        id,
        organization_id: org,
        email: `c${i}-${seed}@example.com`,
        external_id: null,
        user_id: null,
        deleted_at: null,
      },
    ]);
    return id;
  });
  const discounts = [
    { id: randomUUID(), d: { type: 'percentage' as const, bp: r.pick([1000, 2500, 3333]) } },
    { id: randomUUID(), d: { type: 'fixed' as const, amount: r.pick([300, 500, 100_000]) } },
  ];
  for (const { id, d } of discounts) {
    rows.push([
      'discounts',
      {
        ...tpl('discounts'),
        id,
        organization_id: org,
        code: null,
        type: d.type,
        basis_points: d.type === 'percentage' ? d.bp : null,
        amount: d.type === 'fixed' ? d.amount : null,
        currency: d.type === 'fixed' ? 'usd' : null,
        deleted_at: null,
      },
    ]);
  }
  const order = (o: Order, customer: string, sub?: Sub) => {
    h.orders.push(o);
    const id = randomUUID();
    rows.push([
      'orders',
      {
        ...tpl('orders'),
        id,
        organization_id: org,
        created_at: o.created_at,
        status: o.status,
        amount: o.amount,
        tax_amount: Math.round(o.amount * 0.1),
        refunded_amount: o.refunded,
        refunded_tax_amount: 0,
        customer_id: customer,
        product_id: o.product_id,
        product_price_id: prices.get(o.product_id),
        subscription_id: sub?.id ?? null,
        billing_reason: sub ? 'subscription_cycle' : 'purchase',
        checkout_id: null,
        discount_id: null,
        user_id: null,
      },
    ]);
    // What was refunded, in one or two refunds (and a failed one that does not count).
    let left = o.refunded;
    while (left > 0) {
      const part = left > 1 && r.chance(0.5) ? Math.ceil(left / 2) : left;
      left -= part;
      rows.push(['refunds', refund(id, customer, part, 'succeeded', sub)]);
    }
    if (r.chance(0.1)) rows.push(['refunds', refund(id, customer, 100, 'failed', sub)]);
  };
  const refund = (
    orderId: string,
    customer: string,
    amount: number,
    status: string,
    sub?: Sub,
  ) => ({
    id: randomUUID(),
    created_at: iso(T1),
    modified_at: null,
    organization_id: org,
    order_id: orderId,
    subscription_id: sub?.id ?? null,
    customer_id: customer,
    status,
    reason: 'customer_request',
    amount,
    tax_amount: 0,
    currency: 'usd',
    comment: null,
    revoke_benefits: 0,
    metadata: '{}',
  });
  const paidStatus = (amount: number) => {
    const x = r.next();
    if (x < 0.08) return { status: 'pending', refunded: 0 };
    if (x < 0.16 && amount > 0) return { status: 'refunded', refunded: amount };
    if (x < 0.3 && amount > 1)
      return { status: 'partially_refunded', refunded: r.int(1, amount - 1) };
    return { status: 'paid', refunded: 0 };
  };

  for (let i = 0; i < 14; i++) {
    const product = r.pick(h.products.filter((p) => p.recurring));
    const customer = r.pick(customers);
    const created = r.int(T0, T1 - 20 * DAY);
    const interval = r.pick(['month', 'month', 'year', 'week', 'day'] as const);
    const count = r.pick([1, 1, 1, 2, 3]);
    const never = r.chance(0.07);
    const trial = !never && r.chance(0.25) ? created + r.int(3, 40) * DAY : null;
    const canceled = !never && r.chance(0.5) ? r.int(created + DAY, T1) : null;
    const endsAt = canceled !== null ? canceled + r.int(0, 60) * DAY : null;
    const ended = endsAt !== null && endsAt < T1 && r.chance(0.6) ? endsAt : null;
    const discount = r.chance(0.4) ? r.pick(discounts) : null;
    const sub: Sub = {
      id: randomUUID(),
      customer_id: customer,
      product_id: product.id,
      created_at: iso(created),
      started_at: never ? null : iso(created + r.int(0, 3600_000)),
      trial_end: trial === null ? null : iso(trial),
      canceled_at: canceled === null ? null : iso(canceled),
      ends_at: ended === null && endsAt !== null ? iso(endsAt) : null,
      ended_at: ended === null ? null : iso(ended),
      reason: canceled === null ? null : r.pick(REASONS),
      amount: r.pick([0, 900, 1900, 4900, 19_000]),
      interval,
      count,
      discount: discount?.d ?? null,
    };
    h.subs.push(sub);
    rows.push([
      'subscriptions',
      {
        ...tpl('subscriptions'),
        id: sub.id,
        organization_id: org,
        created_at: sub.created_at,
        amount: sub.amount,
        currency: 'usd',
        recurring_interval: interval,
        recurring_interval_count: count,
        status: never ? 'incomplete' : sub.ended_at ? 'canceled' : 'active',
        started_at: sub.started_at,
        trial_start: trial === null ? null : sub.started_at,
        trial_end: sub.trial_end,
        canceled_at: sub.canceled_at,
        cancel_at_period_end: sub.ends_at ? 1 : 0,
        ends_at: sub.ends_at,
        ended_at: sub.ended_at,
        customer_cancellation_reason: sub.reason,
        customer_id: customer,
        product_id: product.id,
        price_id: prices.get(product.id),
        discount_id: discount?.id ?? null,
        checkout_id: null,
        user_id: null,
      },
    ]);
    if (never) continue;
    // Its orders: the first, then one per period (months at most) until it ended.
    const step = interval === 'year' ? 365 * DAY : interval === 'week' ? 7 * DAY : 30 * DAY;
    const last = Math.min(T1, ended ?? endsAt ?? T1);
    for (let t = created; t <= last; t += step) {
      const amount = sub.amount - r.pick([0, 0, 100]);
      order(
        {
          created_at: iso(t + r.int(0, 5000)),
          ...paidStatus(amount),
          amount,
          product_id: product.id,
          recurring: true,
          subscription_id: sub.id,
        },
        customer,
        sub,
      );
    }
  }
  for (let i = 0; i < 40; i++) {
    const product = r.pick(h.products);
    const amount = r.pick([0, 500, 2500, 7900, 12_345]);
    order(
      {
        created_at: iso(r.int(T0 - 30 * DAY, T1)),
        ...paidStatus(amount),
        amount,
        product_id: product.id,
        recurring: product.recurring,
        subscription_id: null,
      },
      r.pick(customers),
    );
  }
  for (let i = 0; i < 25; i++) {
    const product = r.pick(h.products);
    const c: Checkout = {
      created_at: iso(r.int(T0, T1)),
      status: r.pick(['open', 'expired', 'succeeded', 'succeeded', 'confirmed', 'failed']),
      product_id: product.id,
    };
    h.checkouts.push(c);
    const id = randomUUID();
    rows.push([
      'checkouts',
      {
        ...tpl('checkouts'),
        id,
        organization_id: org,
        created_at: c.created_at,
        status: c.status,
        client_secret: `secret_${id}`,
        product_id: product.id,
        product_price_id: prices.get(product.id),
        customer_id: null,
        discount_id: null,
        subscription_id: null,
      },
    ]);
    rows.push(['checkout_products', { checkout_id: id, product_id: product.id, order: 0 }]);
  }
  store.tx((tx) => {
    tx.unannounced(...([...new Set(rows.map(([t]) => t))] as Parameters<typeof tx.unannounced>));
    for (const [table, row] of rows) store.insert(table as 'orders', row as never);
  });
  return h;
}

// ---------------------------------------------------------------------------------------------
// The reference. Buckets as text: the wall-clock time in the zone, cut to the interval.

type Interval = 'hour' | 'day' | 'week' | 'month' | 'year';

const formats = new Map<string, Intl.DateTimeFormat>();

function localText(ms: number, zone: string): string {
  // sv-SE writes `2026-03-05 14:07:00`.
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format.format(ms);
}

function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

function keyOfText(text: string, interval: Interval): string {
  if (interval === 'hour') return text.slice(0, 13);
  if (interval === 'day') return text.slice(0, 10);
  if (interval === 'week') return mondayOf(text.slice(0, 10));
  if (interval === 'month') return text.slice(0, 7);
  return text.slice(0, 4);
}

const keyOf = (at: string, interval: Interval, zone: string) =>
  keyOfText(localText(Date.parse(at), zone), interval);
const dateOf = (at: string, zone: string) => localText(Date.parse(at), zone).slice(0, 10);

/** The periods' keys from the start date to the end date. */
function expectedKeys(start: string, end: string, interval: Interval, zone: string): string[] {
  const keys: string[] = [];
  if (interval === 'hour') {
    // Every hour from the start date's first instant in the zone to the end date's last.
    let t = Date.parse(`${start}T00:00:00Z`) - 15 * 3_600_000;
    const stop = Date.parse(`${end}T00:00:00Z`) + 39 * 3_600_000;
    for (; t <= stop; t += 3_600_000) {
      const text = localText(t, zone);
      const date = text.slice(0, 10);
      if (date < start || date > end) continue;
      const key = keyOfText(text, 'hour');
      if (keys.at(-1) !== key) keys.push(key);
    }
    return keys;
  }
  for (let d = Date.parse(`${start}T00:00:00Z`); d <= Date.parse(`${end}T00:00:00Z`); d += DAY) {
    const key = keyOfText(`${new Date(d).toISOString().slice(0, 10)} 00`, interval);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

const PAID = ['paid', 'refunded', 'partially_refunded'];

function netAmount(s: Sub): number {
  if (!s.discount) return s.amount;
  if (s.discount.type === 'percentage')
    return s.amount - Math.round((s.amount * s.discount.bp) / 10_000);
  return s.amount - Math.min(s.amount, s.discount.amount);
}

/** PostgreSQL's round() of a numeric: half away from zero. */
const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

function monthly(s: Sub): number {
  const n = netAmount(s);
  if (s.interval === 'year') return round(n / (12 * s.count));
  if (s.interval === 'month') return round(n / s.count);
  if (s.interval === 'week') return round((n * 52) / (12 * s.count));
  return round((n * 365) / (12 * s.count));
}

interface Ask {
  start: string;
  end: string;
  interval: Interval;
  zone: string;
  products?: string[];
}

function reference(h: History, ask: Ask) {
  const { start, end, interval, zone } = ask;
  const keys = expectedKeys(start, end, interval, zone);
  const key = (at: string) => keyOf(at, interval, zone);
  const inRange = (at: string) => dateOf(at, zone) >= start && dateOf(at, zone) <= end;
  const ofProduct = (id: string) => !ask.products || ask.products.includes(id);
  const orders = h.orders.filter((o) => PAID.includes(o.status) && ofProduct(o.product_id));
  const subs = h.subs.filter((s) => ofProduct(s.product_id));
  const byId = new Map(h.subs.map((s) => [s.id, s]));
  const endOf = (s: Sub) => s.ended_at ?? s.ends_at;
  let cumulative = 0;
  let cumulativeNet = 0;
  for (const o of orders) {
    if (dateOf(o.created_at, zone) < start) {
      cumulative += o.amount;
      cumulativeNet += o.amount - o.refunded;
    }
  }
  const periods = keys.map((k) => {
    const mine = orders.filter((o) => inRange(o.created_at) && key(o.created_at) === k);
    const revenue = mine.reduce((a, o) => a + o.amount, 0);
    const net = mine.reduce((a, o) => a + o.amount - o.refunded, 0);
    cumulative += revenue;
    cumulativeNet += net;
    const oneTime = mine.filter((o) => o.subscription_id === null);
    const ofSub = mine.filter((o) => o.subscription_id !== null);
    const isNew = (o: Order) => key(byId.get(o.subscription_id!)!.started_at!) === k;
    const renewed = new Set(ofSub.filter((o) => !isNew(o)).map((o) => o.subscription_id));
    const active = subs.filter((s) => {
      const e = endOf(s);
      return (
        (s.started_at === null || (key(s.started_at) <= k && dateOf(s.started_at, zone) <= end)) &&
        (e === null || (key(e) > k && dateOf(e, zone) >= start))
      );
    });
    const trialing = (s: Sub) => s.trial_end !== null && key(s.trial_end) > k;
    const sum = (xs: Sub[]) => xs.reduce((a, s) => a + monthly(s), 0);
    const mrr = sum(active.filter((s) => !trialing(s)));
    const customers = new Set(active.map((s) => s.customer_id)).size;
    const checkouts = h.checkouts.filter(
      (c) => ofProduct(c.product_id) && inRange(c.created_at) && key(c.created_at) === k,
    );
    const succeeded = checkouts.filter((c) => c.status === 'succeeded').length;
    const canceled = subs.filter(
      (s) => s.canceled_at && inRange(s.canceled_at) && key(s.canceled_at) === k,
    );
    const byReason = (reason: string) =>
      canceled.filter((s) => (s.reason ?? 'other') === reason).length;
    const created = subs.filter((s) => {
      if (key(s.created_at) !== k || dateOf(s.created_at, zone) > end) return false;
      const e = s.ended_at ?? s.ends_at ?? s.canceled_at;
      return e === null || key(e) > k;
    });
    return {
      orders: mine.length,
      revenue,
      net_revenue: net,
      cumulative_revenue: cumulative,
      net_cumulative_revenue: cumulativeNet,
      average_order_value: mine.length ? Math.ceil(revenue / mine.length) : 0,
      net_average_order_value: mine.length ? Math.ceil(net / mine.length) : 0,
      one_time_products: oneTime.length,
      one_time_products_revenue: oneTime.reduce((a, o) => a + o.amount, 0),
      one_time_products_net_revenue: oneTime.reduce((a, o) => a + o.amount - o.refunded, 0),
      new_subscriptions_revenue: ofSub.filter(isNew).reduce((a, o) => a + o.amount, 0),
      new_subscriptions_net_revenue: ofSub
        .filter(isNew)
        .reduce((a, o) => a + o.amount - o.refunded, 0),
      renewed_subscriptions: renewed.size,
      renewed_subscriptions_revenue: ofSub
        .filter((o) => !isNew(o))
        .reduce((a, o) => a + o.amount, 0),
      new_subscriptions: created.length,
      canceled_subscriptions: canceled.length,
      canceled_subscriptions_too_expensive: byReason('too_expensive'),
      canceled_subscriptions_other: byReason('other'),
      canceled_subscriptions_unused: byReason('unused'),
      active_subscriptions: active.length,
      committed_subscriptions: active.filter((s) => endOf(s) === null).length,
      monthly_recurring_revenue: mrr,
      committed_monthly_recurring_revenue: sum(
        active.filter((s) => !trialing(s) && endOf(s) === null),
      ),
      trial_monthly_recurring_revenue: sum(active.filter(trialing)),
      annual_recurring_revenue: mrr * 12,
      average_revenue_per_user: customers ? round(mrr / customers) : 0,
      checkouts: checkouts.length,
      succeeded_checkouts: succeeded,
      checkouts_conversion: checkouts.length ? succeeded / checkouts.length : 0,
      churned_subscriptions: subs.filter((s) => {
        const e = endOf(s);
        return e !== null && inRange(e) && key(e) === k;
      }).length,
      costs: 0,
      seats_total: 0,
    };
  });
  const sum = (slug: keyof (typeof periods)[number]) => periods.reduce((a, p) => a + p[slug], 0);
  const last = (slug: keyof (typeof periods)[number]) => periods.at(-1)?.[slug] ?? 0;
  const totals = {
    orders: sum('orders'),
    revenue: sum('revenue'),
    net_revenue: sum('net_revenue'),
    cumulative_revenue: last('cumulative_revenue'),
    average_order_value: sum('orders') ? sum('revenue') / sum('orders') : 0,
    monthly_recurring_revenue: last('monthly_recurring_revenue'),
    active_subscriptions: last('active_subscriptions'),
    canceled_subscriptions: sum('canceled_subscriptions'),
    checkouts_conversion: sum('checkouts') ? sum('succeeded_checkouts') / sum('checkouts') : 0,
    churned_subscriptions: sum('churned_subscriptions'),
  };
  return { keys, periods, totals };
}

async function metrics(h: History, ask: Ask): Promise<Json> {
  const r = await svc.api('GET', '/v1/metrics/', {
    token: svc.alice,
    headers: TODAY,
    query: {
      start_date: ask.start,
      end_date: ask.end,
      interval: ask.interval,
      timezone: ask.zone,
      organization_id: h.org,
      ...(ask.products ? { product_id: ask.products } : {}),
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

function compare(h: History, ask: Ask, body: Json): void {
  const want = reference(h, ask);
  const got = body.periods as Json[];
  expect(got.map((p) => keyOf(p.timestamp, ask.interval, ask.zone))).toEqual(want.keys);
  // Every period starts its bucket: the instant is the bucket's first, in the zone.
  for (const p of got) {
    const text = localText(Date.parse(p.timestamp), ask.zone);
    expect(text.slice(ask.interval === 'hour' ? 13 : 10)).toMatch(/^ ?(00)?:00:00$|^ 00:00:00$/);
  }
  const slugs = Object.keys(want.periods[0] ?? {}) as (keyof (typeof want.periods)[number])[];
  for (const slug of slugs) {
    expect(
      got.map((p) => p[slug]),
      `${slug} by ${ask.interval} in ${ask.zone}, ${ask.start}..${ask.end}`,
    ).toEqual(want.periods.map((p) => p[slug]));
  }
  for (const [slug, value] of Object.entries(want.totals)) {
    expect(body.totals[slug], `total ${slug}`).toBeCloseTo(value, 9);
  }
}

describe('metrics over random histories', () => {
  const SEEDS = [11, 2024, 90_210];
  const histories = new Map<number, History>();
  const history = (seed: number) => {
    if (!histories.has(seed)) histories.set(seed, makeHistory(seed));
    return histories.get(seed)!;
  };

  const asks: (Ask & { seed: number })[] = [];
  for (const seed of SEEDS) {
    const r = prng(seed * 7 + 1);
    for (const [interval, zone, days] of [
      ['day', r.pick(['UTC', 'America/New_York', 'Pacific/Auckland']), r.int(20, 366)],
      ['week', r.pick(['Europe/Paris', 'Asia/Kolkata', 'UTC']), r.int(30, 371)],
      ['month', r.pick(['America/Los_Angeles', 'Australia/Adelaide', 'UTC']), r.int(60, 540)],
      ['year', 'UTC', r.int(400, 900)],
      ['hour', r.pick(['UTC', 'Asia/Kolkata']), r.int(0, 6)],
    ] as const) {
      const start = r.int(T0 - 20 * DAY, T1 - days * DAY);
      asks.push({
        seed,
        interval,
        zone,
        start: iso(start).slice(0, 10),
        end: iso(start + days * DAY).slice(0, 10),
      });
    }
  }

  it.each(asks)('seed $seed: by $interval in $zone from $start to $end', async (ask) => {
    const h = history(ask.seed);
    compare(h, ask, await metrics(h, ask));
  });

  it.each(SEEDS)('seed %i: one product, by month in Europe/Paris', async (seed) => {
    const h = history(seed);
    const ask: Ask = {
      start: '2025-02-10',
      end: '2026-05-20',
      interval: 'month',
      zone: 'Europe/Paris',
      products: [h.products[0]!.id, h.products[2]!.id],
    };
    compare(h, ask, await metrics(h, ask));
  });
});

describe('periods across a change of clocks', () => {
  it.each([
    // service.py: from the start date's local midnight to the end date's last instant, one
    // '1 hour' (PostgreSQL: an hour of elapsed time) or '1 day' (a calendar day) at a time.
    ['2026-03-08', 'hour', 23, '2026-03-08T05:00:00Z', '2026-03-09T03:00:00Z'],
    ['2026-11-01', 'hour', 25, '2026-11-01T04:00:00Z', '2026-11-02T04:00:00Z'],
  ] as const)('%s by %s in New York: %i periods', async (date, interval, count, first, last) => {
    const r = await svc.api('GET', '/v1/metrics/', {
      token: svc.alice,
      headers: TODAY,
      query: {
        start_date: date,
        end_date: date,
        interval,
        timezone: 'America/New_York',
        metrics: ['orders'],
      },
    });
    expect(r.status).toBe(200);
    const stamps = (r.body.periods as Json[]).map((p) => p.timestamp);
    expect([stamps.length, stamps[0], stamps.at(-1)]).toEqual([count, first, last]);
  });

  it('days keep to local midnight across both changes (Europe/Paris)', async () => {
    const r = await svc.api('GET', '/v1/metrics/', {
      token: svc.alice,
      headers: TODAY,
      query: {
        start_date: '2026-03-28',
        end_date: '2026-03-30',
        interval: 'day',
        timezone: 'Europe/Paris',
        metrics: ['orders'],
      },
    });
    expect((r.body.periods as Json[]).map((p) => p.timestamp)).toEqual([
      '2026-03-27T23:00:00Z',
      '2026-03-28T23:00:00Z',
      '2026-03-29T22:00:00Z',
    ]);
  });
});

describe('the metrics asked for', () => {
  it('only those in the periods, totals and definitions; what they need is computed, not shown', async () => {
    const r = await svc.api('GET', '/v1/metrics/', {
      token: svc.alice,
      headers: TODAY,
      query: {
        start_date: '2026-06-01',
        end_date: '2026-11-30',
        interval: 'month',
        metrics: ['checkouts_conversion', 'average_order_value'],
      },
    });
    expect(r.status).toBe(200);
    for (const p of r.body.periods)
      expect(Object.keys(p).sort()).toEqual([
        'average_order_value',
        'checkouts_conversion',
        'timestamp',
      ]);
    expect(Object.keys(r.body.metrics)).toEqual(['average_order_value', 'checkouts_conversion']);
    // average_order_value's total reads orders and revenue, which were not asked for: 0, as the
    // real service answers (service.py resolves no dependency for a Tinybird metric).
    expect(r.body.totals).toEqual({
      average_order_value: 0,
      checkouts_conversion: expect.any(Number),
    });
    expect(r.body.metrics.checkouts_conversion).toEqual({
      slug: 'checkouts_conversion',
      display_name: 'Checkouts Conversion Rate',
      type: 'percentage',
    });
  });

  it('the service defines the metrics of the shared list, in its order', () => {
    expect(SERVICE_SLUGS).toEqual(METRIC_SLUGS);
  });
});
