// billing meters list → GET /v1/meters/ (today's API only).

import type { MeterFilters } from '../../../api/meters.js';
import { SORTING } from '../../../shared/openapi/2026-10.facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { METER_COLUMNS } from './columns.js';

const CRITERIA = [...(SORTING['meters:list'] ?? [])];

export type ListOptions = Listing<MeterFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { meters, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, METER_COLUMNS, (page) => meters.list(client, opts.filters, page));
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list meters')
          .description(
            "List your organizations' meters, by name, archived ones too (today's API: " +
              '2026-04 and later).',
          )
          .option('--query <text>', 'only meters whose name contains this')
          .option('--archived', 'only archived meters')
          .option('--no-archived', 'only meters in use')
          .option('--org <id>', "only this organization's meters (repeatable)", collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: name)`,
          ),
        'METER',
      ),
    ),
  options: (opts): ListOptions => {
    const filters: MeterFilters = {
      query: opts.query,
      is_archived: opts.archived,
      organization_id: uuids('--org', opts.org),
      sorting: sorting(opts.sort, CRITERIA),
    };
    for (const k of Object.keys(filters) as (keyof MeterFilters)[])
      if (filters[k] === undefined) delete filters[k];
    return { filters, page: paging(opts), output: outputOf(opts) };
  },
  examples: [
    'billing meters list',
    'billing meters list --query tokens --json',
    'billing meters list --archived',
  ],
});
