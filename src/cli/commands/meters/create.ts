// billing meters create → POST /v1/meters/ (today's API only)

import type { MeterCreate } from '../../../api/meters.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, metadata, uuid } from '../../input.js';
import { creationOrganization, done, outputOf, withOutput } from '../shared.js';
import { resources, verb } from '../verb.js';
import { parseAggregation } from './aggregation.js';
import { FILTER_GRAMMAR, parseFilter } from './filter.js';
import { parseFilterJson } from './filter-json.js';
import { printMeter } from './get.js';

export interface CreateOptions {
  body: MeterCreate;
  output: OutputOptions;
}

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const { meters, client } = await resources(ctx, 'seller');
  client.needsToday('meters');
  const body = { ...opts.body };
  if (body.organization_id === undefined) {
    const org = await creationOrganization(ctx, 'meters create');
    if (org) body.organization_id = org;
  }
  const meter = await meters.create(client, body);
  await printMeter(ctx, opts.output, meter);
  await done(ctx, `Meter ${meter.id} created.`);
}

/** --filter or --filter-json: one of them, parsed; undefined when neither is given. */
export function filterOf(opts: { filter?: string; filterJson?: string }) {
  if (opts.filter !== undefined && opts.filterJson !== undefined)
    throw new UsageError('--filter and --filter-json: give one of them');
  if (opts.filter !== undefined) return parseFilter('--filter', opts.filter);
  if (opts.filterJson !== undefined) return parseFilterJson('--filter-json', opts.filterJson);
  return undefined;
}

export function meterName(flag: string, value: string): string {
  if (value.trim().length < 3) throw new UsageError(`${flag}: at least 3 characters`);
  return value;
}

export const UNITS = ['scalar', 'token', 'custom'] as const;

export function unit(flag: string, value: string): MeterCreate['unit'] {
  if (!(UNITS as readonly string[]).includes(value))
    throw new UsageError(`${flag}: "${value}" is not one of ${UNITS.join(', ')}`);
  return value as MeterCreate['unit'];
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('create a meter')
        .description(
          'Create a meter: which events it counts (--filter) and how (--aggregation). Metered ' +
            "prices charge for what it measures. Today's API (2026-04 and later).",
        )
        .requiredOption('--name <name>', 'the name customers see (at least 3 characters)')
        .option('--filter <expression>', "which events count, e.g. 'name = api_request'")
        .option('--filter-json <json>', "the API's filter object instead of --filter")
        .requiredOption('--aggregation <func>', 'count, or sum|max|min|avg|unique:<property>')
        .option('--unit <unit>', `${UNITS.join(', ')} (default: scalar)`)
        .option('--metadata <key=value>', 'a metadata pair (repeatable)', collect)
        .option('--org <id>', "organization (default: the profile's)"),
      'METER',
    ),
  options: (opts): CreateOptions => {
    const filter = filterOf(opts);
    if (!filter) throw new UsageError("--filter is required, e.g. --filter 'name = api_request'");
    const body: MeterCreate = {
      name: meterName('--name', opts.name),
      filter,
      aggregation: parseAggregation('--aggregation', opts.aggregation),
    };
    if (opts.unit !== undefined) body.unit = unit('--unit', opts.unit);
    const meta = metadata('--metadata', opts.metadata);
    if (meta) body.metadata = meta as MeterCreate['metadata'];
    if (opts.org !== undefined) body.organization_id = uuid('--org', opts.org);
    return { body, output: outputOf(opts) };
  },
  notes: FILTER_GRAMMAR,
  examples: [
    "billing meters create --name 'API requests' --filter 'name = api_request' --aggregation count",
    "billing meters create --name 'LLM tokens' --filter 'name = llm and metadata.model like gpt' --aggregation sum:metadata.tokens",
  ],
});
