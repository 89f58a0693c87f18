// GET /v1/metrics/ (today's generation), computed as the real service computes each metric
// (server/polar/metrics/ at c6c3645e: metrics.py for the definitions and totals, queries.py for
// the PostgreSQL ones, service.py for how they are put together, and the Tinybird pipes of
// server/tinybird/endpoints/ — metrics_events, metrics_revenue, metrics_cancellations — for the
// orders, revenue and cancellations), over the sandbox's own orders, refunds, subscriptions and
// checkouts. What the sandbox has no data for (costs, events, seats) is zero, as the real
// service answers an organization without them. No SQL here: the store hands over the rows.
import {
  addDays,
  addInterval,
  dateAt,
  periodStarts,
  type TimeInterval,
  Zone,
} from './metrics-time.js';

export type MetricType = 'scalar' | 'currency' | 'currency_sub_cent' | 'percentage';
type Source = 'pg' | 'tb' | 'meta';
type Values = Record<string, number | undefined>;

interface MetricDef {
  slug: string;
  display_name: string;
  type: MetricType;
  source: Source;
  /** The total over the periods (get_cumulative). */
  total: 'sum' | 'last' | ((periods: readonly Values[]) => number);
  /** A meta metric's value from its period's others, and the ones it needs. */
  compute?: (p: Values) => number;
  needs?: readonly string[];
}

const v = (p: Values, slug: string) => p[slug] ?? 0;
const sumOf = (periods: readonly Values[], slug: string) =>
  periods.reduce((a, p) => a + v(p, slug), 0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

const m = (
  slug: string,
  display_name: string,
  type: MetricType,
  source: Source,
  total: MetricDef['total'],
  extra: Partial<MetricDef> = {},
): MetricDef => ({ slug, display_name, type, source, total, ...extra });

const CANCEL_REASONS = [
  ['customer_service', 'Customer Service'],
  ['low_quality', 'Low Quality'],
  ['missing_features', 'Missing Features'],
  ['switched_service', 'Switched Service'],
  ['too_complex', 'Too Complex'],
  ['too_expensive', 'Too Expensive'],
  ['unused', 'Unused'],
  ['other', 'Other'],
] as const;

/** metrics.py METRICS, in its order: the PostgreSQL ones, Tinybird's, then the computed ones. */
export const METRICS: readonly MetricDef[] = [
  m('active_subscriptions', 'Active Subscriptions', 'scalar', 'pg', 'last'),
  m('committed_subscriptions', 'Committed Subscriptions', 'scalar', 'pg', 'last'),
  m('monthly_recurring_revenue', 'Monthly Recurring Revenue', 'currency', 'pg', 'last'),
  m(
    'trial_monthly_recurring_revenue',
    'Trialing MRR Including Cancelations',
    'currency',
    'pg',
    'last',
  ),
  m(
    'committed_monthly_recurring_revenue',
    'Committed Monthly Recurring Revenue',
    'currency',
    'pg',
    'last',
  ),
  m(
    'trial_committed_monthly_recurring_revenue',
    'Trialing Monthly Recurring Revenue',
    'currency',
    'pg',
    'last',
  ),
  m('average_revenue_per_user', 'Average Revenue Per User', 'currency', 'pg', 'last'),
  m('checkouts', 'Checkouts', 'scalar', 'pg', 'sum'),
  m('succeeded_checkouts', 'Succeeded Checkouts', 'scalar', 'pg', 'sum'),
  m('churned_subscriptions', 'Churned Subscriptions', 'scalar', 'pg', 'sum'),
  m('churn_rate', 'Churn Rate', 'percentage', 'pg', 'last'),
  m('seats_total', 'Seat Count', 'scalar', 'pg', 'last'),
  m('seats_claimed', 'Claimed Seats', 'scalar', 'pg', 'last'),
  m('seats_pending', 'Pending Seats', 'scalar', 'pg', 'last'),
  m('seat_customers', 'Active Customers', 'scalar', 'pg', 'last'),
  m('new_seat_customers', 'New Customers', 'scalar', 'pg', 'sum'),
  m('churned_seat_customers', 'Churned Customers', 'scalar', 'pg', 'sum'),
  m('orders', 'Orders', 'scalar', 'tb', 'sum'),
  m('revenue', 'Revenue', 'currency', 'tb', 'sum'),
  m('net_revenue', 'Net Revenue', 'currency', 'tb', 'sum'),
  m('cumulative_revenue', 'Cumulative Revenue', 'currency', 'tb', 'last'),
  m('net_cumulative_revenue', 'Net Cumulative Revenue', 'currency', 'tb', 'last'),
  m('costs', 'Costs', 'currency_sub_cent', 'tb', 'sum'),
  m('cumulative_costs', 'Cumulative Costs', 'currency_sub_cent', 'tb', 'last'),
  m('average_order_value', 'Average Order Value', 'currency', 'tb', (ps) =>
    ratio(sumOf(ps, 'revenue'), sumOf(ps, 'orders')),
  ),
  m('net_average_order_value', 'Net Average Order Value', 'currency', 'tb', (ps) =>
    ratio(sumOf(ps, 'net_revenue'), sumOf(ps, 'orders')),
  ),
  // CostPerUserMetric and ActiveUserMetric total over active_subscriptions, as metrics.py does.
  m('cost_per_user', 'Cost Per User', 'currency_sub_cent', 'tb', (ps) =>
    ratio(sumOf(ps, 'costs'), lastOf(ps, 'active_subscriptions')),
  ),
  m('active_user_by_event', 'Active User (By event)', 'scalar', 'tb', (ps) =>
    Math.trunc(lastOf(ps, 'active_subscriptions')),
  ),
  m('one_time_products', 'One-Time Products', 'scalar', 'tb', 'sum'),
  m('one_time_products_revenue', 'One-Time Products Revenue', 'currency', 'tb', 'sum'),
  m('one_time_products_net_revenue', 'One-Time Products Net Revenue', 'currency', 'tb', 'sum'),
  m('new_subscriptions', 'New Subscriptions', 'scalar', 'tb', 'sum'),
  m('new_subscriptions_revenue', 'New Subscriptions Revenue', 'currency', 'tb', 'sum'),
  m('new_subscriptions_net_revenue', 'New Subscriptions Net Revenue', 'currency', 'tb', 'sum'),
  m('renewed_subscriptions', 'Renewed Subscriptions', 'scalar', 'tb', 'sum'),
  m('renewed_subscriptions_revenue', 'Renewed Subscriptions Revenue', 'currency', 'tb', 'sum'),
  m(
    'renewed_subscriptions_net_revenue',
    'Renewed Subscriptions Net Revenue',
    'currency',
    'tb',
    'sum',
  ),
  m('canceled_subscriptions', 'Canceled Subscriptions', 'scalar', 'tb', 'sum'),
  ...CANCEL_REASONS.map(([reason, name]) =>
    m(
      `canceled_subscriptions_${reason}`,
      `Canceled Subscriptions - ${name}`,
      'scalar',
      'tb',
      'sum',
    ),
  ),
  m('annual_recurring_revenue', 'Annual Recurring Revenue', 'currency', 'meta', 'last', {
    needs: ['monthly_recurring_revenue'],
    compute: (p) => v(p, 'monthly_recurring_revenue') * 12,
  }),
  m(
    'committed_annual_recurring_revenue',
    'Committed Annual Recurring Revenue',
    'currency',
    'meta',
    'last',
    {
      needs: ['committed_monthly_recurring_revenue'],
      compute: (p) => v(p, 'committed_monthly_recurring_revenue') * 12,
    },
  ),
  m(
    'checkouts_conversion',
    'Checkouts Conversion Rate',
    'percentage',
    'meta',
    (ps) => ratio(sumOf(ps, 'succeeded_checkouts'), sumOf(ps, 'checkouts')),
    {
      needs: ['checkouts', 'succeeded_checkouts'],
      compute: (p) => ratio(v(p, 'succeeded_checkouts'), v(p, 'checkouts')),
    },
  ),
  m('ltv', 'Lifetime Value', 'currency', 'meta', (ps) => Math.trunc(lastOf(ps, 'ltv')), {
    needs: ['average_revenue_per_user', 'cost_per_user', 'churn_rate'],
    compute: (p) => {
      const churn = v(p, 'churn_rate');
      if (churn === 0) return 0;
      return Math.max(
        0,
        Math.trunc((v(p, 'average_revenue_per_user') - v(p, 'cost_per_user')) / churn),
      );
    },
  }),
  m('gross_margin', 'Gross Margin', 'currency', 'meta', 'last', {
    needs: ['cumulative_revenue', 'cumulative_costs'],
    compute: (p) => v(p, 'cumulative_revenue') - v(p, 'cumulative_costs'),
  }),
  m('gross_margin_percentage', 'Gross Margin %', 'percentage', 'meta', 'last', {
    needs: ['cumulative_revenue', 'cumulative_costs'],
    compute: (p) => {
      const revenue = v(p, 'cumulative_revenue');
      return revenue > 0 ? (revenue - v(p, 'cumulative_costs')) / revenue : 0;
    },
  }),
  m('cashflow', 'Cashflow', 'currency', 'meta', 'sum', {
    needs: ['revenue', 'costs'],
    compute: (p) => v(p, 'revenue') - v(p, 'costs'),
  }),
  m('average_seats_per_customer', 'Average Seats per Customer', 'scalar', 'meta', 'last', {
    needs: ['seats_total', 'seat_customers'],
    compute: (p) => ratio(v(p, 'seats_total'), v(p, 'seat_customers')),
  }),
  m('seat_utilization_rate', 'Seat Utilization Rate', 'percentage', 'meta', 'last', {
    needs: ['seats_claimed', 'seats_total'],
    compute: (p) => ratio(v(p, 'seats_claimed'), v(p, 'seats_total')),
  }),
];

export const METRIC_SLUGS: readonly string[] = METRICS.map((d) => d.slug);
// The definitions follow the shared list (src/shared/metrics.ts): test/server/metrics.test.ts.
const BY_SLUG = new Map(METRICS.map((d) => [d.slug, d]));

function lastOf(periods: readonly Values[], slug: string): number {
  return periods.length ? v(periods[periods.length - 1]!, slug) : 0;
}

/** kit/time_queries.py MAX_INTERVAL_DAYS and MIN_INTERVAL_DAYS (only the maximum is enforced). */
export const MAX_INTERVAL_DAYS: Record<TimeInterval, number> = {
  hour: 7,
  day: 366,
  week: 7 * 53,
  month: 365 * 4,
  year: 365 * 10,
};
export const MIN_INTERVAL_DAYS: Record<TimeInterval, number> = {
  hour: 0,
  day: 0,
  week: 14,
  month: 60,
  year: 366,
};
/** MIN_DATE: "Before that, Polar didn't even exist!" */
export const METRICS_MIN_DATE = '2023-01-01';

/** is_under_limits: the start not after the end, and at most the interval's days apart. */
export function isUnderLimits(start: string, end: string, interval: TimeInterval): boolean {
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  return days >= 0 && days <= MAX_INTERVAL_DAYS[interval];
}

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

/** Python's round() of a PostgreSQL numeric: half away from zero. */
const pgRound = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** queries.py get_active_subscriptions_cte monthly_amount (USD: no conversion). */
export function monthlyAmount(s: MetricsSubscription): number {
  const count = s.recurring_interval_count || 1;
  if (s.recurring_interval === 'year') return pgRound(s.net_amount / (12 * count));
  if (s.recurring_interval === 'month') return pgRound(s.net_amount / count);
  if (s.recurring_interval === 'week') return pgRound((s.net_amount * 52) / (12 * count));
  if (s.recurring_interval === 'day') return pgRound((s.net_amount * 365) / (12 * count));
  return 0;
}

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

type Put = (slug: string, i: number, x: number) => void;

/**
 * get_active_subscriptions_cte: a subscription is in a period's bucket when it started (its
 * truncation) at or before the period and ends (ended_at, else ends_at) in a later one, and it
 * overlaps the request's bounds. No status is looked at: one never started counts as started.
 */
function activeSubscriptions(
  subs: readonly MetricsSubscription[],
  starts: readonly number[],
  ends: readonly number[],
  lo: number,
  hi: number,
  put: Put,
): void {
  const rows = subs
    .map((s) => ({
      s,
      started: ms(s.started_at),
      end: ms(s.ended_at ?? s.ends_at),
      monthly: monthlyAmount(s),
      trialEnd: ms(s.trial_end),
    }))
    .filter((r) => (r.started === null || r.started <= hi) && (r.end === null || r.end >= lo));
  starts.forEach((_, i) => {
    // trunc(started) <= t: it started before the period's end; trunc(end) > t: it ends at or
    // after the period's end (the next period's start).
    const next = ends[i]!;
    const customers = new Set<string>();
    let mrr = 0;
    for (const r of rows) {
      if (r.started !== null && r.started >= next) continue;
      if (r.end !== null && r.end < next) continue;
      customers.add(r.s.customer_id);
      put('active_subscriptions', i, 1);
      const inTrial = r.trialEnd !== null && r.trialEnd >= next;
      // _not_ended_as_of_bucket: trunc(end) < trunc(t) never holds for a row in the bucket
      // (its end is in a later period), so "committed" is the subscriptions with no end.
      const committed = r.end === null;
      if (committed) put('committed_subscriptions', i, 1);
      if (!inTrial) {
        mrr += r.monthly;
        put('monthly_recurring_revenue', i, r.monthly);
        if (committed) put('committed_monthly_recurring_revenue', i, r.monthly);
      } else {
        put('trial_monthly_recurring_revenue', i, r.monthly);
        if (committed) put('trial_committed_monthly_recurring_revenue', i, r.monthly);
      }
    }
    put('average_revenue_per_user', i, customers.size ? pgRound(mrr / customers.size) : 0);
  });
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

/**
 * get_churned_subscriptions_cte (ended_at, else ends_at, in the period and the bounds) and
 * get_churn_rate_cte: cancellations in the 30 days before the period's start (a year period:
 * within the year) over the subscriptions active at the window's start.
 */
function churn(
  subs: readonly MetricsSubscription[],
  starts: readonly number[],
  interval: TimeInterval,
  zone: Zone,
  lo: number,
  hi: number,
  bucket: (t: number) => number | undefined,
  put: Put,
): void {
  for (const s of subs) {
    const end = ms(s.ended_at ?? s.ends_at);
    if (end === null || end < lo || end > hi) continue;
    const i = bucket(end);
    if (i !== undefined) put('churned_subscriptions', i, 1);
  }
  const rows = subs.map((s) => ({
    canceled: ms(s.canceled_at),
    started: ms(s.started_at),
    end: ms(s.ended_at ?? s.ends_at),
  }));
  starts.forEach((t, i) => {
    const from = interval === 'year' ? t : addDays(t, -30, zone);
    const to = interval === 'year' ? addInterval(t, 'year', zone) : t;
    let canceled = 0;
    let active = 0;
    for (const r of rows) {
      if (r.canceled !== null && r.canceled >= from && r.canceled < to) canceled++;
      if ((r.started === null || r.started <= from) && (r.end === null || r.end > from)) active++;
    }
    put('churn_rate', i, active > 0 ? canceled / active : 0);
  });
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
