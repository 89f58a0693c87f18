// The terminal dashboard of `billing metrics`: pure, from the API's answers (this range and the
// one before it) and the terminal's width to lines. Each metric is a title line — its name, its
// total over the range and the change from the previous range — over a chart: bars for what
// adds up over time (revenue, orders), a line for levels (MRR, active subscriptions). The
// charts share one x axis, at the bottom. Without colour the arrows and signs say it all.
import { stripVTControlCharacters, styleText } from 'node:util';
import type { MetricsAnswer } from '../../../api/metrics.js';
import type { MetricSlug } from '../../../shared/metrics.js';
import { barChart, columnChart, type Fold, lineChart, type Point, xAxis } from '../../io/chart.js';
import { textWidth, truncate } from '../../io/humanize.js';
import { safeText } from '../../io/safe.js';
import { CANCEL_REASON_SLUGS } from './range.js';

export interface DashboardInput {
  current: MetricsAnswer;
  /** The range of the same length just before; absent: no change is shown. */
  previous?: MetricsAnswer;
  slugs: readonly MetricSlug[];
  /** `2026-10-28 → 2026-11-26 · by day · UTC` */
  caption: string;
  /** The time zone the periods were cut in: their labels are its dates. */
  timezone: string;
  width: number;
  color: boolean;
  /** Rows per chart (default 3). */
  height?: number;
}

type Values = Record<string, unknown>;

/** Levels: a period's value is where things stand, so the line shows the period's last. */
const LEVELS = new Set<string>([
  'active_subscriptions',
  'committed_subscriptions',
  'monthly_recurring_revenue',
  'trial_monthly_recurring_revenue',
  'committed_monthly_recurring_revenue',
  'trial_committed_monthly_recurring_revenue',
  'average_revenue_per_user',
  'churn_rate',
  'seats_total',
  'seats_claimed',
  'seats_pending',
  'seat_customers',
  'cumulative_revenue',
  'net_cumulative_revenue',
  'cumulative_costs',
  'annual_recurring_revenue',
  'committed_annual_recurring_revenue',
  'ltv',
  'gross_margin',
  'gross_margin_percentage',
  'seat_utilization_rate',
]);
const AVERAGES = new Set<string>([
  'average_order_value',
  'net_average_order_value',
  'cost_per_user',
  'checkouts_conversion',
  'average_seats_per_customer',
]);
/** Metrics a seller wants to see go down. */
const LOWER_IS_BETTER = new Set<string>([
  'churned_subscriptions',
  'churn_rate',
  'canceled_subscriptions',
  'costs',
  'cumulative_costs',
  'cost_per_user',
  'churned_seat_customers',
]);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const two = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A value of a metric of `type` as a seller reads it: cents as dollars, ratios as %. */
export function formatValue(type: string, value: number, short = false): string {
  if (type === 'currency' || type === 'currency_sub_cent') {
    const dollars = value / 100;
    if (short && Math.abs(dollars) >= 1000) return `$${compact.format(dollars)}`;
    return short && Number.isInteger(dollars) ? `$${whole.format(dollars)}` : usd.format(dollars);
  }
  if (type === 'percentage') return `${(value * 100).toFixed(1)}%`;
  if (short && Math.abs(value) >= 10_000) return compact.format(value);
  return Number.isInteger(value) ? whole.format(value) : two.format(value);
}

/** `▲ 12.3%`, `▼ 4.0%`, `= 0.0%`, `▲ new` (from nothing), and whether it is good news. */
export function change(
  slug: string,
  now: number,
  before: number | undefined,
): { text: string; good?: boolean } | undefined {
  if (before === undefined) return undefined;
  if (now === before) return { text: '= 0.0%' };
  const up = now > before;
  const good = up !== LOWER_IS_BETTER.has(slug);
  if (before === 0) return { text: `${up ? '▲' : '▼'} new`, good };
  const pct = (Math.abs(now - before) / Math.abs(before)) * 100;
  return { text: `${up ? '▲' : '▼'} ${pct.toFixed(1)}%`, good };
}

type Tone = 'bold' | 'dim' | 'green' | 'red';

function paint(on: boolean, tone: Tone, text: string): string {
  return on ? styleText(tone, text, { validateStream: false }) : text;
}
const BOLD = 'bold';
const DIM = 'dim';
const GREEN = 'green';
const RED = 'red';

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

export function renderDashboard(input: DashboardInput): string[] {
  const { current, previous, width, color } = input;
  const height = input.height ?? 3;
  const periods = current.periods as unknown as Values[];
  const labeller = periodLabeller(input.timezone);
  const labels = periods.map((p) => labeller(String(p.timestamp ?? '')));
  const info = current.metrics as unknown as Record<
    string,
    { display_name?: string; type?: string }
  >;
  const totals = current.totals as unknown as Values;
  const before = previous?.totals as unknown as Values | undefined;
  const shown = input.slugs.filter((s) => info[s]);
  // One label width for every chart, so the plots line up.
  const labelWidth = Math.max(
    1,
    ...shown.flatMap((slug) => {
      const type = info[slug]?.type ?? 'scalar';
      return periods.map((p) => textWidth(formatValue(type, num(p[slug]), true)));
    }),
    ...shown.map((slug) => textWidth(formatValue(info[slug]?.type ?? 'scalar', 0, true))),
  );
  // Every chart spans the same columns: whole columns per period when they fit.
  const room = Math.max(1, width - labelWidth - 2);
  const span = periods.length >= room ? room : columnsFor(Math.max(1, periods.length), room);
  const chartWidth = labelWidth + 2 + span;
  const lines = [paint(color, DIM, truncate(input.caption, width))];
  for (const slug of shown) {
    const type = info[slug]?.type ?? 'scalar';
    const name = safeText(info[slug]?.display_name ?? slug);
    const total = num(totals[slug]);
    const delta = change(slug, total, before ? num(before[slug]) : undefined);
    const totalText = formatValue(type, total);
    let title = `${paint(color, BOLD, name)}  ${totalText}`;
    if (delta) {
      const tone = delta.good === undefined ? DIM : delta.good ? GREEN : RED;
      title += `  ${paint(color, tone, delta.text)} ${paint(color, DIM, 'vs previous')}`;
    }
    lines.push('');
    lines.push(fitted(title, width));
    const points: Point[] = periods.map((p, i) => ({ label: labels[i]!, value: num(p[slug]) }));
    const fold: Fold = LEVELS.has(slug) ? 'last' : AVERAGES.has(slug) ? 'mean' : 'sum';
    const opts = {
      width: chartWidth,
      height,
      color,
      fold,
      axis: false,
      labelWidth,
      format: (v: number) => formatValue(type, v, true),
    };
    lines.push(...(LEVELS.has(slug) ? lineChart(points, opts) : columnChart(points, opts)));
  }
  if (shown.length && periods.length) {
    const points = periods.map((_, i) => ({ label: labels[i]!, value: 0 }));
    lines.push(...xAxis(points, labelWidth, span, color));
  }
  if (!shown.length) lines.push('', 'No metrics to show.');
  lines.push(...reasons(totals, info, width, color));
  return lines;
}

/** Why subscriptions were canceled over the range: a bar per reason given, most first. */
function reasons(
  totals: Values,
  info: Record<string, { display_name?: string }>,
  width: number,
  color: boolean,
): string[] {
  const given = CANCEL_REASON_SLUGS.filter((slug) => info[slug])
    .map((slug) => ({
      label: safeText(info[slug]?.display_name ?? slug).replace(/^Canceled Subscriptions - /, ''),
      value: num(totals[slug]),
    }))
    .filter((p) => p.value > 0)
    .sort((a, b) => b.value - a.value);
  if (!given.length) return [];
  return ['', paint(color, BOLD, 'Why they canceled'), ...barChart(given, { width, color })];
}

/** The columns a column chart gives `count` points in `room` (chart.ts plotColumns). */
function columnsFor(count: number, room: number): number {
  return count * Math.max(1, Math.floor(room / count));
}

/** A title that is too long is cut; its escapes are kept (they have no width). */
function fitted(text: string, width: number): string {
  return textWidth(text) <= width ? text : truncate(stripVTControlCharacters(text), width);
}

/** `2026-11-26`, the local date a period starts on in `zone`; `2026-11-26 14:00` for an hour. */
export function periodLabel(timestamp: string, zone: string): string {
  return periodLabeller(zone)(timestamp);
}

/** periodLabel with its formatter made once (a year of days has 366 labels). */
function periodLabeller(zone: string): (timestamp: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    format = undefined;
  }
  return (timestamp) => {
    const at = Date.parse(timestamp);
    if (Number.isNaN(at) || !format) return safeText(timestamp);
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
    const date = `${p.year}-${p.month}-${p.day}`;
    const time = `${p.hour}:${p.minute}`;
    return time === '00:00' ? date : `${date} ${time}`;
  };
}
