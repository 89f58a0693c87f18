// Metrics (today's API only: GET /v1/metrics/ and /v1/metrics/limits, which the seed's
// generation does not have): the seller's numbers by period, their totals and definitions.
import { UsageError } from '../errors.js';
import type { MetricSlug } from '../shared/metrics.js';
import type { ApiClient } from './client.js';
import { many } from './generation.js';
import type { Answer, Query } from './today.js';

export type MetricsAnswer = Answer<'metrics:get'>;
export type MetricsLimits = Answer<'metrics:limits'>;
export type MetricInterval = NonNullable<Query<'metrics:get'>['interval']>;

export interface MetricsQuery {
  start_date: string;
  end_date: string;
  interval: MetricInterval;
  timezone?: string;
  organization_id?: readonly string[];
  product_id?: readonly string[];
  metrics?: readonly MetricSlug[];
}

/** The one-line refusal on the seed's generation, with the command that works. */
export function needsToday(client: ApiClient): void {
  if (!client.today)
    throw new UsageError(
      "metrics need today's API (2026-04 or later): run billing metrics --api-version 2026-10, " +
        'or set api_version',
    );
}

export async function get(client: ApiClient, q: MetricsQuery): Promise<MetricsAnswer> {
  needsToday(client);
  const query = {
    start_date: q.start_date,
    end_date: q.end_date,
    interval: q.interval,
    timezone: q.timezone as Query<'metrics:get'>['timezone'],
    organization_id: many(q.organization_id),
    product_id: many(q.product_id),
    metrics: q.metrics,
  } satisfies Query<'metrics:get'>;
  return client.request<MetricsAnswer>('GET', '/v1/metrics/', { query });
}

export async function limits(client: ApiClient): Promise<MetricsLimits> {
  needsToday(client);
  return client.request<MetricsLimits>('GET', '/v1/metrics/limits');
}
