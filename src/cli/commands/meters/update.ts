// billing meters update <meter> → PATCH /v1/meters/{id} (today's API only); archiving is one.

import type { MeterUpdate } from '../../../api/meters.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, metadata } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { resources, verb } from '../verb.js';
import { parseAggregation } from './aggregation.js';
import { filterOf, meterName, UNITS, unit } from './create.js';
import { FILTER_GRAMMAR } from './filter.js';
import { printMeter } from './get.js';
import { meterId, meterRef } from './ref.js';

export interface UpdateOptions {
  id: string;
  body: MeterUpdate;
  output: OutputOptions;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const id = await meterId(ctx, 'meter', opts.id);
  const { meters, client } = await resources(ctx, 'seller');
  const meter = await meters.update(client, id, opts.body);
  await printMeter(ctx, opts.output, meter);
  const what =
    opts.body.is_archived === true
      ? 'archived'
      : opts.body.is_archived === false
        ? 'put back in use'
        : 'updated';
  await done(ctx, `Meter ${id} ${what}.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change, archive or unarchive a meter')
        .description(
          'Change what a meter counts or how, its name or metadata (replaced as a whole), or ' +
            "archive it. Today's API (2026-04 and later).",
        )
        .argument('<meter>', 'meter id (UUID) or name')
        .option('--name <name>', 'a new name (at least 3 characters)')
        .option('--filter <expression>', 'which events count from now on')
        .option('--filter-json <json>', "the API's filter object instead of --filter")
        .option('--aggregation <func>', 'count, or sum|max|min|avg|unique:<property>')
        .option('--unit <unit>', UNITS.join(', '))
        .option('--metadata <key=value>', 'the metadata pairs, all of them (repeatable)', collect)
        .option('--archive', 'archive the meter')
        .option('--unarchive', 'put an archived meter back in use'),
      'METER',
    ),
  options: (ref, opts): UpdateOptions => {
    const body: MeterUpdate = {};
    if (opts.name !== undefined) body.name = meterName('--name', opts.name);
    const filter = filterOf(opts);
    if (filter) body.filter = filter;
    if (opts.aggregation !== undefined)
      body.aggregation = parseAggregation('--aggregation', opts.aggregation);
    if (opts.unit !== undefined) body.unit = unit('--unit', opts.unit);
    const meta = metadata('--metadata', opts.metadata);
    if (meta) body.metadata = meta as MeterUpdate['metadata'];
    if (opts.archive && opts.unarchive)
      throw new UsageError('--archive and --unarchive: give one of them');
    if (opts.archive) body.is_archived = true;
    if (opts.unarchive) body.is_archived = false;
    if (Object.keys(body).length === 0)
      throw new UsageError(
        'nothing to change: give --name, --filter, --aggregation, --unit, --metadata, --archive or --unarchive',
      );
    return { id: meterRef('meter', ref), body, output: outputOf(opts) };
  },
  notes: FILTER_GRAMMAR,
  examples: [
    "billing meters update 'API requests' --filter 'name = api_request and source = user'",
    'billing meters update <meter-id> --aggregation sum:metadata.tokens',
    'billing meters update <meter-id> --archive',
  ],
});
