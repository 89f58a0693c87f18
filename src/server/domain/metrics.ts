// GET /v1/metrics/ (today's generation), computed as the real service computes each metric
// (server/polar/metrics/ at c6c3645e: metrics.py for the definitions and totals, queries.py for
// the PostgreSQL ones, service.py for how they are put together, and the Tinybird pipes of
// server/tinybird/endpoints/ — metrics_events, metrics_revenue, metrics_cancellations — for the
// orders, revenue and cancellations), over the sandbox's own orders, refunds, subscriptions and
// checkouts. What the sandbox has no data for (costs, events, seats) is zero, as the real
// service answers an organization without them. No SQL here: the store hands over the rows.
import {
  BY_SLUG,
  CANCEL_REASONS,
  lastOf,
  METRIC_SLUGS,
  METRICS,
  type MetricDef,
  sumOf,
  type Values,
} from './metrics-defs.js';
import { activeSubscriptions, churn, type Put } from './metrics-subscriptions.js';
import { addInterval, dateAt, periodStarts, type TimeInterval, Zone } from './metrics-time.js';

export {
  isUnderLimits,
  MAX_INTERVAL_DAYS,
  METRIC_SLUGS,
  METRICS,
  METRICS_MIN_DATE,
  type MetricType,
  MIN_INTERVAL_DAYS,
} from './metrics-defs.js';

// ---------------------------------------------------------------------------------------------
// The rows the store hands over: the seller's (visible organizations'), every product's.

export interface MetricsOrder {
  organization_id: string;
  created_at: string;
  /** After discounts, before tax: the balance.order event's net_amount. */
  net_amount: number;
  /** What its succeeded refunds gave back, before tax (balance.refund amounts). */
  refunded_amount: number;
  product_id: string;
  recurring: boolean;
  customer_id: string;
  subscription_id: string | null;
  /** The subscription's started_at (subscription_state's), when the order has one. */
  subscription_started_at: string | null;
}

export interface MetricsSubscription {
  id: string;
  organization_id: string;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  ends_at: string | null;
  canceled_at: string | null;
  trial_end: string | null;
  customer_cancellation_reason: string | null;
  /** What a period costs today, after the discount that still applies (net_amount). */
  net_amount: number;
  recurring_interval: string;
  recurring_interval_count: number;
  product_id: string;
  recurring: boolean;
  customer_id: string;
}

export interface MetricsCheckout {
  organization_id: string;
  created_at: string;
  status: string;
  customer_id: string | null;
  /** The products it offers (CheckoutProduct), with their billing types. */
  products: readonly { id: string; recurring: boolean }[];
}

export interface MetricsFacts {
  orders: readonly MetricsOrder[];
  subscriptions: readonly MetricsSubscription[];
  checkouts: readonly MetricsCheckout[];
  /** The ids of the organizations' products by billing type (for billing_type's filter). */
  products: readonly { id: string; organization_id: string; recurring: boolean }[];
}

export interface MetricsQuery {
  start_date: string;
  end_date: string;
  interval: TimeInterval;
  timezone: string;
  /** Empty: no filter. */
  organization_id: readonly string[];
  product_id: readonly string[];
  billing_type: readonly ('one_time' | 'recurring')[];
  customer_id: readonly string[];
  /** The metrics asked for; undefined: all. */
  metrics?: readonly string[];
}

export interface MetricsResult {
  periods: { timestamp: number; values: Record<string, number> }[];
  totals: Record<string, number>;
  metrics: readonly MetricDef[];
}

/** The events pipe's own revenue sums (billing type filtered), for its average order values. */
const EVENTS_ONLY = ['_events_revenue', '_events_net'] as const;

const PAID = new Set(['paid', 'refunded', 'partially_refunded']);
export const PAID_ORDER_STATUSES = [...PAID];

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Which metrics the request needs: the ones asked for and what the computed ones need. */
function resolve(asked: readonly string[] | undefined): Set<string> {
  if (!asked) return new Set(METRIC_SLUGS);
  const out = new Set<string>();
  const visit = (slug: string) => {
    if (out.has(slug) || !BY_SLUG.has(slug)) return;
    out.add(slug);
    for (const dep of BY_SLUG.get(slug)!.needs ?? []) visit(dep);
  };
  for (const slug of asked) visit(slug);
  return out;
}

export function computeMetrics(
  facts: MetricsFacts,
  query: MetricsQuery,
  /** The organizations the token reads (its own, or its user's). */
  visibleOrganizations: readonly string[],
): MetricsResult {
  const { interval } = query;
  const zone = new Zone(query.timezone);
  const starts = periodStarts(query.start_date, query.end_date, interval, zone);
  // Each period ends where the next starts: an instant's bucket is found among them, and
  // "truncated to the same bucket" is "within the same period" (no wall clock per row).
  const ends = starts.map((t, i) => starts[i + 1] ?? addInterval(t, interval, zone));
  const bucket = (instant: number) => periodOf(starts, ends, instant);
  // The original bounds: the start date's midnight and the end date's last instant.
  const lo = dateAt(query.start_date, zone);
  const hi = dateAt(query.end_date, zone, true);
  const n = starts.length;
  const values = new Map<string, number[]>();
  for (const slug of [...METRIC_SLUGS, ...EVENTS_ONLY]) values.set(slug, new Array(n).fill(0));
  const put = (slug: string, i: number, x: number) => {
    values.get(slug)![i]! += x;
  };

  // Whose rows: the organizations asked for among those the token reads.
  const orgs = new Set(
    query.organization_id.length
      ? query.organization_id.filter((o) => visibleOrganizations.includes(o))
      : visibleOrganizations,
  );
  const products = new Set(query.product_id);
  const billing = new Set<string>(query.billing_type);
  const customers = new Set(query.customer_id);
  const type = (recurring: boolean) => (recurring ? 'recurring' : 'one_time');

  // The PostgreSQL queries' readable rows (_get_readable_subscriptions_statement and the
  // checkouts' statement): organization, product, billing type and customer filters.
  const pgSubscriptions = facts.subscriptions.filter(
    (s) =>
      orgs.has(s.organization_id) &&
      (!products.size || products.has(s.product_id)) &&
      (!billing.size || billing.has(type(s.recurring))) &&
      (!customers.size || customers.has(s.customer_id)),
  );
  activeSubscriptions(pgSubscriptions, starts, ends, lo, hi, put);
  churn(pgSubscriptions, starts, interval, zone, lo, hi, bucket, put);
  for (const c of facts.checkouts) {
    if (!orgs.has(c.organization_id)) continue;
    const offered = c.products.filter(
      (p) =>
        (!products.size || products.has(p.id)) && (!billing.size || billing.has(type(p.recurring))),
    );
    if (!offered.length || (customers.size && !customers.has(c.customer_id ?? ''))) continue;
    // The sandbox keeps no opened_at: every session counts from its creation, as the real
    // service counts those made before CHECKOUT_OPENED_AT_CUTOFF (queries.py get_checkouts_cte).
    const at = Date.parse(c.created_at);
    const i = bucket(at);
    if (i === undefined || at < lo || at > hi) continue;
    put('checkouts', i, 1);
    if (c.status === 'succeeded') put('succeeded_checkouts', i, 1);
  }

  // Tinybird's filters (service.py _resolve_tinybird_filters): billing_type becomes the list of
  // the organizations' products of that type (within product_id when given); an empty list
  // filters nothing (the pipes test `product_ids != ''`).
  let tbProducts: Set<string> | undefined = products.size ? products : undefined;
  if (billing.size) {
    const typed = facts.products
      .filter((p) => orgs.has(p.organization_id) && billing.has(type(p.recurring)))
      .map((p) => p.id)
      .filter((id) => !products.size || products.has(id));
    tbProducts = typed.length ? new Set(typed) : undefined;
  }
  if (orgs.size) {
    const ofProduct = (id: string) => !tbProducts || tbProducts.has(id);
    const ofCustomer = (id: string) => !customers.size || customers.has(id);
    tinybirdOrders(
      facts.orders,
      { orgs, ofProduct, ofCustomer, billing, lo, hi },
      n,
      starts,
      ends,
      bucket,
      put,
      values,
    );
    for (const s of facts.subscriptions) {
      if (!orgs.has(s.organization_id) || !ofProduct(s.product_id) || !ofCustomer(s.customer_id))
        continue;
      newSubscription(s, starts[0] ?? lo, hi, ends, bucket, put);
      // metrics_cancellations.pipe: canceled in [bounds_start, bounds_end), by reason ('' or
      // none is 'other').
      const canceled = ms(s.canceled_at);
      if (canceled === null || canceled < lo || canceled >= hi) continue;
      const i = bucket(canceled);
      if (i === undefined) continue;
      put('canceled_subscriptions', i, 1);
      const reason = s.customer_cancellation_reason || 'other';
      if (CANCEL_REASONS.some(([r]) => r === reason)) put(`canceled_subscriptions_${reason}`, i, 1);
    }
  }

  return assemble(starts, values, query.metrics);
}

/** The period holding `instant`: starts[i] <= instant < ends[i]; undefined outside them all. */
function periodOf(starts: readonly number[], ends: readonly number[], instant: number) {
  let a = 0;
  let b = starts.length - 1;
  while (a <= b) {
    const mid = (a + b) >> 1;
    if (instant < starts[mid]!) b = mid - 1;
    else if (instant >= ends[mid]!) a = mid + 1;
    else return mid;
  }
  return undefined;
}

interface OrderFilter {
  orgs: Set<string>;
  ofProduct: (id: string) => boolean;
  ofCustomer: (id: string) => boolean;
  billing: Set<string>;
  lo: number;
  hi: number;
}

/**
 * metrics_events.pipe and metrics_revenue.pipe: a paid order counts at its creation (the
 * balance.order event's timestamp) within the bounds, earlier ones make the cumulative
 * revenue's baseline; its refunds are taken off its own period's net revenue, whenever they
 * happened. Revenue is the net amount (after discounts, before tax); no fee in the sandbox.
 */
function tinybirdOrders(
  orders: readonly MetricsOrder[],
  f: OrderFilter,
  n: number,
  starts: readonly number[],
  ends: readonly number[],
  bucket: (t: number) => number | undefined,
  put: Put,
  values: Map<string, number[]>,
): void {
  let baseRevenue = 0;
  let baseNet = 0;
  const renewed: Set<string>[] = Array.from({ length: n }, () => new Set());
  for (const o of orders) {
    if (
      !f.orgs.has(o.organization_id) ||
      !f.ofProduct(o.product_id) ||
      !f.ofCustomer(o.customer_id)
    )
      continue;
    const at = Date.parse(o.created_at);
    if (at > f.hi) continue;
    const net = o.net_amount - o.refunded_amount;
    if (at < f.lo) {
      baseRevenue += o.net_amount;
      baseNet += net;
      continue;
    }
    const i = bucket(at);
    if (i === undefined) continue;
    // metrics_revenue.pipe (no billing type filter there).
    put('revenue', i, o.net_amount);
    put('net_revenue', i, net);
    // metrics_events.pipe also filters on the order's billing type.
    if (f.billing.size && !f.billing.has(o.recurring ? 'recurring' : 'one_time')) continue;
    put('orders', i, 1);
    put('_events_revenue', i, o.net_amount);
    put('_events_net', i, net);
    if (o.subscription_id === null) {
      put('one_time_products', i, 1);
      put('one_time_products_revenue', i, o.net_amount);
      put('one_time_products_net_revenue', i, net);
    } else if (o.subscription_started_at !== null) {
      // The subscription started in the order's own period: a new one's revenue.
      const started = Date.parse(o.subscription_started_at);
      const own = started >= starts[i]! && started < ends[i]!;
      put(own ? 'new_subscriptions_revenue' : 'renewed_subscriptions_revenue', i, o.net_amount);
      put(own ? 'new_subscriptions_net_revenue' : 'renewed_subscriptions_net_revenue', i, net);
      if (!own) renewed[i]!.add(o.subscription_id);
    }
  }
  const orders_ = values.get('orders')!;
  const rev = values.get('_events_revenue')!;
  const netRev = values.get('_events_net')!;
  let cumulative = baseRevenue;
  let cumulativeNet = baseNet;
  for (let i = 0; i < n; i++) {
    put('renewed_subscriptions', i, renewed[i]!.size);
    const count = orders_[i]!;
    // toInt64(ceil(sum / count)).
    put('average_order_value', i, count ? Math.ceil((rev[i] ?? 0) / count) : 0);
    put('net_average_order_value', i, count ? Math.ceil((netRev[i] ?? 0) / count) : 0);
    cumulative += values.get('revenue')![i]!;
    cumulativeNet += values.get('net_revenue')![i]!;
    put('cumulative_revenue', i, cumulative);
    put('net_cumulative_revenue', i, cumulativeNet);
  }
}

/**
 * metrics_events.pipe sub_created_daily: a subscription counts as new in the period it was
 * created in (from the first period's start to the end bound), unless it ended (revoked, or
 * canceled: its ends_at, else canceled_at) within that same period.
 */
function newSubscription(
  s: MetricsSubscription,
  from: number,
  hi: number,
  ends: readonly number[],
  bucket: (t: number) => number | undefined,
  put: Put,
): void {
  const created = Date.parse(s.created_at);
  if (created < from || created > hi) return;
  const i = bucket(created);
  if (i === undefined) return;
  // trunc(end) > trunc(created): it ends after the period it was created in.
  const end = ms(s.ended_at ?? s.ends_at ?? s.canceled_at);
  if (end !== null && end < ends[i]!) return;
  put('new_subscriptions', i, 1);
}

/**
 * service.py get_metrics: the periods carry what was resolved (the metrics asked for and what
 * they need), the computed metrics are computed from them, the totals of the asked ones are
 * taken over those periods, then the periods keep only what was asked.
 */
function assemble(
  starts: readonly number[],
  values: Map<string, number[]>,
  asked: readonly string[] | undefined,
): MetricsResult {
  const resolved = resolve(asked);
  const periods: Values[] = starts.map((_, i) => {
    const p: Values = {};
    for (const d of METRICS)
      if (d.source !== 'meta' && resolved.has(d.slug)) p[d.slug] = values.get(d.slug)![i];
    for (const d of METRICS) if (d.source === 'meta' && resolved.has(d.slug)) p[d.slug] = 0;
    for (const d of METRICS)
      if (d.source === 'meta' && resolved.has(d.slug)) p[d.slug] = d.compute!(p);
    return p;
  });
  const shown = asked ? METRICS.filter((d) => asked.includes(d.slug)) : METRICS;
  const totals: Record<string, number> = {};
  for (const d of shown) {
    if (d.total === 'sum') totals[d.slug] = sumOf(periods, d.slug);
    else if (d.total === 'last') totals[d.slug] = lastOf(periods, d.slug);
    else totals[d.slug] = d.total(periods);
  }
  return {
    periods: starts.map((timestamp, i) => {
      const out: Record<string, number> = {};
      for (const d of shown) {
        const x = periods[i]![d.slug];
        if (x !== undefined) out[d.slug] = x;
      }
      return { timestamp, values: out };
    }),
    totals,
    metrics: shown,
  };
}
