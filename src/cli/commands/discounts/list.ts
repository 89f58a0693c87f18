// billing discounts list → GET /v1/discounts/

import type { DiscountFilters } from '../../../api/discounts.js';
import { anySorting, SORTS } from '../../../api/generation.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { DISCOUNT_COLUMNS } from './columns.js';

/** Either generation's criteria; the service in use is checked when the list is asked for. */
const CRITERIA = anySorting(SORTS.discounts);

export type ListOptions = Listing<DiscountFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { discounts, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, DISCOUNT_COLUMNS, (paging) =>
    discounts.list(client, opts.filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list discounts')
          .description("List your organizations' discounts, newest first.")
          .option('--query <text>', 'name contains this text (case-insensitive)')
          .option('--org <id>', 'only discounts of this organization (repeatable)', collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: -created_at)`,
          ),
        'DISCOUNT',
      ),
    ),
  options: (opts): ListOptions => ({
    filters: {
      organization_id: uuids('--org', opts.org),
      query: opts.query,
      sorting: sorting(opts.sort, CRITERIA),
    },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing discounts list',
    'billing discounts list --sort -redemptions_count --fields code,redemptions_count',
    'billing discounts list --query launch --json',
  ],
});
