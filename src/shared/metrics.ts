// The metrics of GET /v1/metrics/ (today's generation), by slug in the real service's order
// (metrics/metrics.py METRICS at c6c3645e), checked against the 2026-10 description's
// MetricsTotals: a metric the description drops is a compile error.
import type { components } from './openapi/2026-10.js';

type Slug = keyof components['schemas']['MetricsTotals'];

export const METRIC_SLUGS = [
  'active_subscriptions',
  'committed_subscriptions',
  'monthly_recurring_revenue',
  'trial_monthly_recurring_revenue',
  'committed_monthly_recurring_revenue',
  'trial_committed_monthly_recurring_revenue',
  'average_revenue_per_user',
  'checkouts',
  'succeeded_checkouts',
  'churned_subscriptions',
  'churn_rate',
  'seats_total',
  'seats_claimed',
  'seats_pending',
  'seat_customers',
  'new_seat_customers',
  'churned_seat_customers',
  'orders',
  'revenue',
  'net_revenue',
  'cumulative_revenue',
  'net_cumulative_revenue',
  'costs',
  'cumulative_costs',
  'average_order_value',
  'net_average_order_value',
  'cost_per_user',
  'active_user_by_event',
  'one_time_products',
  'one_time_products_revenue',
  'one_time_products_net_revenue',
  'new_subscriptions',
  'new_subscriptions_revenue',
  'new_subscriptions_net_revenue',
  'renewed_subscriptions',
  'renewed_subscriptions_revenue',
  'renewed_subscriptions_net_revenue',
  'canceled_subscriptions',
  'canceled_subscriptions_customer_service',
  'canceled_subscriptions_low_quality',
  'canceled_subscriptions_missing_features',
  'canceled_subscriptions_switched_service',
  'canceled_subscriptions_too_complex',
  'canceled_subscriptions_too_expensive',
  'canceled_subscriptions_unused',
  'canceled_subscriptions_other',
  'annual_recurring_revenue',
  'committed_annual_recurring_revenue',
  'checkouts_conversion',
  'ltv',
  'gross_margin',
  'gross_margin_percentage',
  'cashflow',
  'average_seats_per_customer',
  'seat_utilization_rate',
] as const satisfies readonly Slug[];

export type MetricSlug = (typeof METRIC_SLUGS)[number];

/** The intervals a period may span (kit/time_queries.py TimeInterval). */
export const METRIC_INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
