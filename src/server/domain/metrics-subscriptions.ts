// The PostgreSQL metrics of GET /v1/metrics/ (server/polar/metrics/queries.py at c6c3645e):
// active and committed subscriptions, MRR (trialing, committed), ARPU per period
// (get_active_subscriptions_cte), churned subscriptions (get_churned_subscriptions_cte) and the
// churn rate (get_churn_rate_cte), over the sandbox's subscriptions.
import type { MetricsSubscription } from './metrics.js';
import { addDays, addInterval, type TimeInterval, type Zone } from './metrics-time.js';

export type Put = (slug: string, i: number, x: number) => void;

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Python's round() of a PostgreSQL numeric: half away from zero. */
export const pgRound = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** queries.py get_active_subscriptions_cte monthly_amount (USD: no conversion). */
export function monthlyAmount(s: MetricsSubscription): number {
  const count = s.recurring_interval_count || 1;
  if (s.recurring_interval === 'year') return pgRound(s.net_amount / (12 * count));
  if (s.recurring_interval === 'month') return pgRound(s.net_amount / count);
  if (s.recurring_interval === 'week') return pgRound((s.net_amount * 52) / (12 * count));
  if (s.recurring_interval === 'day') return pgRound((s.net_amount * 365) / (12 * count));
  return 0;
}

/**
 * get_active_subscriptions_cte: a subscription is in a period's bucket when it started (its
 * truncation) at or before the period and ends (ended_at, else ends_at) in a later one, and it
 * overlaps the request's bounds. No status is looked at: one never started counts as started.
 */
export function activeSubscriptions(
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

/**
 * get_churned_subscriptions_cte (ended_at, else ends_at, in the period and the bounds) and
 * get_churn_rate_cte: cancellations in the 30 days before the period's start (a year period:
 * within the year) over the subscriptions active at the window's start.
 */
export function churn(
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
