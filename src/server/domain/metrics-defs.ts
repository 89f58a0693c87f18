// The metrics of GET /v1/metrics/ as the real service defines them (server/polar/metrics/
// metrics.py METRICS at c6c3645e): slug, display name, type, where the value comes from (its
// PostgreSQL queries, its Tinybird pipes, or computed from the others), and how the total over
// the periods is taken (get_cumulative); the range limits per interval (kit/time_queries.py).
import type { TimeInterval } from './metrics-time.js';

export type MetricType = 'scalar' | 'currency' | 'currency_sub_cent' | 'percentage';
type Source = 'pg' | 'tb' | 'meta';
export type Values = Record<string, number | undefined>;

export interface MetricDef {
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

export const v = (p: Values, slug: string) => p[slug] ?? 0;
export const sumOf = (periods: readonly Values[], slug: string) =>
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

export const CANCEL_REASONS = [
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
export const BY_SLUG = new Map(METRICS.map((d) => [d.slug, d]));

export function lastOf(periods: readonly Values[], slug: string): number {
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
