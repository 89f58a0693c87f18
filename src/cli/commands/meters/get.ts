// billing meters get <meter> → GET /v1/meters/{id} (today's API only)

import type { Filter } from '../../../api/meters.js';
import type { Context, OutputOptions } from '../../context.js';
import { resolveFormat } from '../../io/format.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { formatAggregation } from './aggregation.js';
import { METER_CARD } from './columns.js';
import { FILTER_GRAMMAR, formatFilter } from './filter.js';
import { meterId, meterRef } from './ref.js';

export type GetOptions = OneResource;

/**
 * A meter's card: its filter and aggregation written as --filter and --aggregation take them
 * (on a terminal and in TSV; JSON is the API's object as it came).
 */
export async function printMeter(ctx: Context, output: OutputOptions, meter: object) {
  const format = resolveFormat({ ...output, isTTY: ctx.io.stdout.isTTY });
  const m = meter as { filter?: Filter; aggregation?: { func?: string; property?: string } };
  const shown =
    format === 'json' || format === 'ndjson' || output.fields !== undefined
      ? meter
      : {
          ...meter,
          filter_text: m.filter ? formatFilter(m.filter) : undefined,
          aggregation_text: m.aggregation ? formatAggregation(m.aggregation) : undefined,
        };
  await printOne(ctx, output, METER_CARD, shown);
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const id = await meterId(ctx, 'meter', opts.id);
  const { meters, client } = await resources(ctx, 'seller');
  await printMeter(ctx, opts.output, await meters.get(client, id));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show one meter')
        .description(
          "Show a meter: which events it counts (its filter) and how (its aggregation). Today's API (2026-04 and later).",
        )
        .argument('<meter>', 'meter id (UUID) or name'),
      'METER',
    ),
  options: (id, opts) => ({ id: meterRef('meter', id), output: outputOf(opts) }),
  notes: FILTER_GRAMMAR,
  examples: ['billing meters get "API requests"', 'billing meters get <meter-id> --json'],
});
