// billing meters quantities <meter> → GET /v1/meters/{id}/quantities (today's API only): on a
// terminal a chart, a bar per interval in the terminal's width (io/chart.ts), and the total;
// piped, TSV of period and quantity; --json the API's object.

import { TIME_INTERVALS, type TimeInterval } from '../../../api/meters.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, dateTime } from '../../input.js';
import type { Column } from '../../io/index.js';
import { customerIds, customerRefs, externalId } from '../customers/ref.js';
import { outputOf, withOutput } from '../shared.js';
import { resources, verb } from '../verb.js';
import { meterId, meterRef } from './ref.js';

export interface QuantitiesOptions {
  id: string;
  /** ISO 8601; the defaults (30 days to now) are settled when run, by the CLI's clock. */
  from?: string;
  to?: string;
  interval: TimeInterval;
  timezone?: string;
  customer?: string[];
  externalCustomer?: string[];
  output: OutputOptions;
}

const COLUMNS: Column[] = [
  { header: 'PERIOD', path: 'timestamp' },
  { header: 'QUANTITY', path: 'quantity' },
];
const DAY_MS = 86_400_000;

export async function runQuantities(opts: QuantitiesOptions, ctx: Context): Promise<void> {
  const { meters, client } = await resources(ctx, 'seller');
  client.needsToday('meters');
  const id = await meterId(ctx, 'meter', opts.id);
  // The meter first: it names the chart, and its answer's Date is the service's now, which the
  // default window ends at (the sandbox's test clock may be far from this machine's).
  const meter = await meters.get(client, id);
  const { relativeTime } = await import('../../io/humanize.js');
  const to = opts.to ?? ctx.displayNow(relativeTime).toISOString();
  const from = opts.from ?? new Date(Date.parse(to) - 30 * DAY_MS).toISOString();
  if (Date.parse(from) >= Date.parse(to)) throw new UsageError('--from: must be before --to');
  const answer = await meters.getQuantities(client, id, {
    start_timestamp: from,
    end_timestamp: to,
    interval: opts.interval,
    ...(opts.timezone ? { timezone: opts.timezone } : {}),
    customer_id: await customerIds(ctx, '--customer', opts.customer),
    external_customer_id: opts.externalCustomer,
  });
  const { resolveFormat } = await import('../../io/format.js');
  const format = resolveFormat({ ...opts.output, isTTY: ctx.io.stdout.isTTY });
  if (format === 'json' || format === 'ndjson' || opts.output.fields !== undefined) {
    await (await ctx.printer(opts.output, COLUMNS)).printOne(answer);
    return;
  }
  if (format === 'tsv') {
    await (await ctx.printer(opts.output, COLUMNS)).printList(answer.quantities);
    return;
  }
  const { printChart } = await import('./chart.js');
  await printChart(ctx, opts.interval, meter, answer, { from, to });
}

export const buildQuantities = verb(runQuantities, {
  command: (parent) =>
    withOutput(
      parent
        .command('quantities')
        .summary("chart a meter's quantities over time")
        .description(
          'What a meter measured per interval, and in all: a chart on a terminal (a bar per ' +
            "interval), TSV of period and quantity in a pipe, the API's object with --json. " +
            "Today's API (2026-04 and later).",
        )
        .argument('<meter>', 'meter id (UUID) or name')
        .option('--from <time>', 'start, ISO 8601 time or date (default: 30 days before --to)')
        .option('--to <time>', 'end, ISO 8601 time or date (default: now)')
        .option('--interval <interval>', `${TIME_INTERVALS.join(', ')} (default: day)`)
        .option('--timezone <zone>', 'IANA time zone of the intervals (default: UTC)')
        .option('--customer <id|email>', "only this customer's usage (repeatable)", collect)
        .option(
          '--external-customer <id>',
          "only this customer's usage, by your own id of it (repeatable)",
          collect,
        ),
      'QUANTITIES',
    ),
  options: (ref, opts): QuantitiesOptions => {
    const interval = opts.interval ?? 'day';
    if (!(TIME_INTERVALS as readonly string[]).includes(interval))
      throw new UsageError(`--interval: "${interval}" is not one of ${TIME_INTERVALS.join(', ')}`);
    if (
      opts.timezone !== undefined &&
      !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$|^UTC$/.test(opts.timezone)
    )
      throw new UsageError(
        `--timezone: "${opts.timezone}" is not an IANA time zone (e.g. Europe/Paris)`,
      );
    const out: QuantitiesOptions = {
      id: meterRef('meter', ref),
      interval: interval as TimeInterval,
      output: outputOf(opts),
    };
    if (opts.from !== undefined) out.from = dateTime('--from', opts.from);
    if (opts.to !== undefined) out.to = dateTime('--to', opts.to);
    if (out.from && out.to && out.from >= out.to)
      throw new UsageError('--from: must be before --to');
    if (opts.timezone !== undefined) out.timezone = opts.timezone;
    const customer = customerRefs('--customer', opts.customer);
    if (customer) out.customer = customer;
    if (opts.externalCustomer)
      out.externalCustomer = opts.externalCustomer.map((e) => externalId('--external-customer', e));
    return out;
  },
  examples: [
    "billing meters quantities 'API requests'",
    "billing meters quantities 'API requests' --from 2026-11-01 --to 2026-12-01 --interval week",
    'billing meters quantities <meter-id> --customer jane@example.com --interval hour --json',
    "billing meters quantities 'API requests' | sort -t$'\\t' -k2 -n | tail -3",
  ],
});
