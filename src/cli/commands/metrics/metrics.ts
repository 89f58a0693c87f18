// billing metrics → GET /v1/metrics/ (today's API only): on a terminal a dashboard of the chosen
// metrics over the range, each with its total and the change from the range before it; piped,
// TSV of periods × metrics; --json the API's answer; --watch redraws it every few seconds.
import { Option } from '@commander-js/extra-typings';
import type { MetricInterval, MetricsAnswer, MetricsQuery } from '../../../api/metrics.js';
import { UsageError } from '../../../errors.js';
import { METRIC_INTERVALS, METRIC_SLUGS, type MetricSlug } from '../../../shared/metrics.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, uuids } from '../../input.js';
import { resolveFormat } from '../../io/format.js';
import { outputOf } from '../shared.js';
import { resources, verb } from '../verb.js';
import { date, metricList, seconds, timezone, wrap } from './options.js';
import { CANCEL_REASON_SLUGS, type Range, rangeOf } from './range.js';

export interface MetricsOptions {
  /** YYYY-MM-DD; absent: as far back as the interval's default range from `to`. */
  from?: string;
  /** YYYY-MM-DD; absent: today, by the service's clock, in `timezone`. */
  to?: string;
  interval: MetricInterval;
  metrics: MetricSlug[];
  product_id?: string[];
  organization_id?: string[];
  timezone: string;
  /** Seconds between redraws, on a terminal. */
  watch?: number;
  output: OutputOptions;
}

export async function runMetrics(opts: MetricsOptions, ctx: Context): Promise<void> {
  const format = resolveFormat({ ...opts.output, isTTY: ctx.io.stdout.isTTY });
  if (opts.watch !== undefined && format !== 'table') {
    throw new UsageError('--watch: redraws a terminal; in a script, run billing metrics again');
  }
  const { metrics, client } = await resources(ctx, 'seller');
  metrics.needsToday(client);
  const show = await import('./show.js');
  // On a terminal, cancellations come with the reasons customers gave.
  const reasons = format === 'table' && opts.metrics.includes('canceled_subscriptions');
  const asked = reasons ? [...opts.metrics, ...CANCEL_REASON_SLUGS] : opts.metrics;
  const load = async (): Promise<{
    range: Range;
    current: MetricsAnswer;
    previous?: MetricsAnswer;
  }> => {
    // The limits first: their answer's Date is the service's now (its test clock moves it).
    const limits = await metrics.limits(client);
    const now = new Date(ctx.now().getTime() + (client.clockSkewMs ?? 0));
    const range = rangeOf(opts, now, limits);
    const query = (from: string, to: string): MetricsQuery => ({
      start_date: from,
      end_date: to,
      interval: opts.interval,
      timezone: opts.timezone,
      organization_id: opts.organization_id,
      product_id: opts.product_id,
      metrics: asked,
    });
    if (format !== 'table')
      return { range, current: await metrics.get(client, query(range.from, range.to)) };
    const [current, previous] = await Promise.all([
      metrics.get(client, query(range.from, range.to)),
      metrics.get(client, query(range.previousFrom, range.previousTo)),
    ]);
    return { range, current, previous };
  };
  if (opts.watch !== undefined) return show.watch(ctx, opts, load, opts.watch);
  const { range, current, previous } = await load();
  await show.print(ctx, opts, format, range, current, previous);
}

export const buildMetrics = verb(runMetrics, {
  command: (parent) =>
    parent
      .command('metrics')
      .summary('your numbers: revenue, MRR, orders, subscriptions, as charts')
      .description(
        "Your organizations' numbers over a range of dates (today's API: 2026-04 and later): " +
          'on a terminal a dashboard — each metric charted with its total and the change from ' +
          'the range just before — piped, TSV of periods by metrics. Dates are days in the ' +
          'time zone; without --from and --to, the last 30 days (12 weeks, 12 months…) to ' +
          "today by the service's clock.",
      )
      .option('--from <date>', 'first day, YYYY-MM-DD')
      .option('--to <date>', 'last day, YYYY-MM-DD (default: today)')
      .addOption(
        new Option('--interval <period>', 'one period per hour, day, week, month or year')
          .choices(METRIC_INTERVALS)
          .default('day' as const),
      )
      .option(
        '--metric <names>',
        'comma-separated, repeatable (default: revenue,mrr,orders,active,new,churned)',
        collect,
      )
      .option('--product <id>', 'only these products (repeatable)', collect)
      .option('--org <id>', 'only this organization (repeatable)', collect)
      .option('--timezone <zone>', 'cut days in this IANA time zone (default: $TZ, else UTC)')
      .option('--watch [seconds]', 'redraw every few seconds (default 5) until Ctrl+C')
      .option('--json', 'print the API object as JSON (same as -o json)')
      .addOption(
        new Option(
          '-o, --output <format>',
          'table (terminal default), tsv (pipe default), json, ndjson',
        ).choices(['table', 'tsv', 'json', 'ndjson'] as const),
      ),
  options: (opts, ctx): MetricsOptions => {
    const from = date('--from', opts.from);
    const to = date('--to', opts.to);
    if (from && to && from > to) throw new UsageError(`--from: ${from} is after --to ${to}`);
    const out: MetricsOptions = {
      interval: opts.interval,
      metrics: metricList(opts.metric),
      timezone: timezone(opts.timezone, ctx.env),
      output: outputOf(opts),
    };
    if (from) out.from = from;
    if (to) out.to = to;
    const products = uuids('--product', opts.product);
    if (products) out.product_id = products;
    const orgs = uuids('--org', opts.org);
    if (orgs) out.organization_id = orgs;
    const watch = seconds(opts.watch);
    if (watch !== undefined) out.watch = watch;
    return out;
  },
  examples: [
    'billing metrics',
    'billing metrics --interval month --from 2026-01-01 --to 2026-12-31',
    'billing metrics --metric mrr,arr,churn_rate --interval week',
    'billing metrics --watch',
    'billing metrics --interval month --json | jq .totals.revenue',
  ],
  notes: `
Metrics (short names: mrr, arr, aov, arpu, active, new, renewed, churned,
canceled, conversion):
${wrap(METRIC_SLUGS.join(', '), 78)}

Amounts are in cents in TSV and JSON, in dollars on a terminal.
`,
});
