// Metrics in today's generation (metrics/schemas.py at c6c3645e): MetricsResponse — periods with
// an aware timestamp and a value per metric, the totals, the metrics' definitions — and
// MetricsLimits. Values computed by domain/metrics.ts; only the metrics asked for are present
// (the real endpoint answers with response_model_exclude_none).
import {
  MAX_INTERVAL_DAYS,
  METRICS_MIN_DATE,
  type MetricsResult,
  MIN_INTERVAL_DAYS,
} from '../domain/metrics.js';

/** pydantic's form of a UTC datetime: no fraction, `Z`. */
function timestamp(instant: number): string {
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}

export function metricsResponse(result: MetricsResult) {
  return {
    periods: result.periods.map((p) => ({ timestamp: timestamp(p.timestamp), ...p.values })),
    totals: result.totals,
    metrics: Object.fromEntries(
      result.metrics.map((d) => [
        d.slug,
        { slug: d.slug, display_name: d.display_name, type: d.type },
      ]),
    ),
  };
}

/** GET /v1/metrics/limits, MetricsIntervalsLimits' fields in their order. */
export function metricsLimits() {
  const limit = (i: keyof typeof MAX_INTERVAL_DAYS) => ({
    min_days: MIN_INTERVAL_DAYS[i],
    max_days: MAX_INTERVAL_DAYS[i],
  });
  return {
    min_date: METRICS_MIN_DATE,
    intervals: {
      hour: limit('hour'),
      day: limit('day'),
      week: limit('week'),
      month: limit('month'),
      year: limit('year'),
    },
  };
}

/** Python's str() of a float: an integral one keeps its `.0`. */
function pyFloat(x: number): string {
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

/** The metrics whose values the real service computes as floats (ratios). */
const FLOATS = new Set(['average_seats_per_customer']);

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * GET /v1/metrics/export (endpoints.py `export`): Excel's CSV, a `Timestamp` column then a
 * column per metric by its display name, in METRICS' order; timestamps in Python's isoformat.
 */
export function metricsCsv(result: MetricsResult): string {
  const defs = result.metrics;
  const rows = [['Timestamp', ...defs.map((d) => d.display_name)]];
  for (const p of result.periods) {
    const stamp = new Date(p.timestamp).toISOString().replace('.000Z', '+00:00');
    rows.push([
      stamp,
      ...defs.map((d) => {
        const v = p.values[d.slug];
        if (v === undefined) return '';
        return d.type === 'percentage' || FLOATS.has(d.slug) ? pyFloat(v) : String(v);
      }),
    ]);
  }
  return rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}
