// What `billing metrics` reads from its flags: dates, metric names (slugs or short names), the
// time zone (the flag, else $TZ when it names one, else UTC), the seconds of --watch.
import { UsageError } from '../../../errors.js';
import { METRIC_SLUGS, type MetricSlug } from '../../../shared/metrics.js';
import type { Context } from '../../context.js';
import { DEFAULT_METRICS, METRIC_ALIASES } from './range.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function date(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const ok = DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!ok) throw new UsageError(`${flag}: "${value}" is not a date (YYYY-MM-DD)`);
  return value;
}

/** --metric: comma-separated or repeated, slugs or their short names (mrr, arr, aov…). */
export function metricList(values: string[] | undefined): MetricSlug[] {
  if (!values?.length) return [...DEFAULT_METRICS];
  const out: MetricSlug[] = [];
  for (const raw of values.flatMap((v) => v.split(','))) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    const slug = (METRIC_ALIASES[name] ?? name) as MetricSlug;
    if (!(METRIC_SLUGS as readonly string[]).includes(slug)) {
      throw new UsageError(
        `--metric: "${raw.trim()}" is not a metric; e.g. revenue, mrr, orders, churned ` +
          '(all of them: billing metrics --help)',
      );
    }
    if (!out.includes(slug)) out.push(slug);
  }
  if (!out.length) throw new UsageError('--metric: name at least one metric');
  return out;
}

export function timezone(value: string | undefined, env: Context['env']): string {
  const zone = value ?? (env.TZ && validZone(env.TZ) ? env.TZ : 'UTC');
  if (!validZone(zone)) {
    throw new UsageError(`--timezone: "${value}" is not a time zone (e.g. Europe/Paris, UTC)`);
  }
  return zone;
}

function validZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function seconds(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === true) return 5;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 3600) {
    throw new UsageError(`--watch: "${value}" is not a number of seconds from 1 to 3600`);
  }
  return n;
}

/** Words of `text` in lines of at most `width` columns, indented by two. */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = ' ';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width) {
      lines.push(line);
      line = ' ';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}
