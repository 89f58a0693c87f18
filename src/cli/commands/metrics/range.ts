// What `billing metrics` asks for when not told: the metrics a seller looks at first, the range
// that suits the interval (ending today by the service's clock), the range before it for the
// change, and the real limits on a range per interval (GET /v1/metrics/limits).
import type { MetricInterval, MetricsLimits } from '../../../api/metrics.js';
import { UsageError } from '../../../errors.js';
import type { MetricSlug } from '../../../shared/metrics.js';

export const DEFAULT_METRICS = [
  'revenue',
  'monthly_recurring_revenue',
  'orders',
  'active_subscriptions',
  'new_subscriptions',
  'churned_subscriptions',
] as const satisfies readonly MetricSlug[];

/** The reasons customers gave (metrics_cancellations.pipe), charted with cancellations. */
export const CANCEL_REASON_SLUGS = [
  'canceled_subscriptions_customer_service',
  'canceled_subscriptions_low_quality',
  'canceled_subscriptions_missing_features',
  'canceled_subscriptions_switched_service',
  'canceled_subscriptions_too_complex',
  'canceled_subscriptions_too_expensive',
  'canceled_subscriptions_unused',
  'canceled_subscriptions_other',
] as const satisfies readonly MetricSlug[];

export const METRIC_ALIASES: Record<string, MetricSlug> = {
  mrr: 'monthly_recurring_revenue',
  arr: 'annual_recurring_revenue',
  aov: 'average_order_value',
  arpu: 'average_revenue_per_user',
  active: 'active_subscriptions',
  new: 'new_subscriptions',
  renewed: 'renewed_subscriptions',
  churned: 'churned_subscriptions',
  canceled: 'canceled_subscriptions',
  conversion: 'checkouts_conversion',
};

export interface Range {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** `2026-10-28 → 2026-11-26 · by day · UTC` */
  caption: string;
}

const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The date `now` is in `zone`. */
export function localDate(now: Date, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** The first day of the default range ending on `to`: 30 days, 12 weeks, 12 months, 5 years. */
function defaultFrom(to: string, interval: MetricInterval): string {
  const [y, m] = to.split('-').map(Number) as [number, number];
  if (interval === 'hour') return to;
  if (interval === 'day') return iso(day(to) - 29 * DAY);
  if (interval === 'week') return iso(day(to) - 83 * DAY);
  if (interval === 'month') return iso(Date.UTC(y, m - 1 - 11, 1));
  return `${y - 4}-01-01`;
}

export function rangeOf(
  opts: { from?: string; to?: string; interval: MetricInterval; timezone: string },
  now: Date,
  limits: MetricsLimits,
): Range {
  const to = opts.to ?? localDate(now, opts.timezone);
  const from = opts.from ?? defaultFrom(to, opts.interval);
  if (from > to) throw new UsageError(`--from: ${from} is after ${to}, the last day`);
  const apart = (day(to) - day(from)) / DAY;
  const max = limits.intervals[opts.interval]?.max_days;
  if (typeof max === 'number' && apart > max) {
    throw new UsageError(
      `--from: ${from} to ${to} is too long for --interval ${opts.interval} (at most ${max} ` +
        'days apart); use a longer --interval or a shorter range',
    );
  }
  const previousTo = iso(day(from) - DAY);
  const previousFrom = iso(day(previousTo) - apart * DAY);
  const caption = `${from} → ${to} · by ${opts.interval} · ${opts.timezone}`;
  return { from, to, previousFrom, previousTo, caption };
}
