// billing products list → GET /v1/products/

import { anySorting, SORTS } from '../../../api/generation.js';
import type { ProductFilters } from '../../../api/products.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { PRODUCT_COLUMNS } from './columns.js';

/** Either generation's criteria; the service in use is checked when the list is asked for. */
const CRITERIA = anySorting(SORTS.products);

export type ListOptions = Listing<ProductFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { products, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, PRODUCT_COLUMNS, (paging) =>
    products.list(client, opts.filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list products')
          .description(
            "List your organizations' products on sale, newest first, with their prices. " +
              '--archived lists the archived ones instead. Repeat a filter to match any of ' +
              'its values.',
          )
          .option('--query <text>', 'name contains this text (case-insensitive)')
          .option('--recurring', 'only subscription products')
          .option('--one-time', 'only one-time purchases')
          .option('--archived', 'only archived products')
          .option('--benefit <id>', 'only products granting this benefit (repeatable)', collect)
          .option('--org <id>', 'only products of this organization (repeatable)', collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: -created_at)`,
          ),
        'PRODUCT',
      ),
    ),
  options: (opts): ListOptions => {
    if (opts.recurring && opts.oneTime) {
      throw new UsageError('--recurring and --one-time cannot be used together');
    }
    return {
      filters: {
        organization_id: uuids('--org', opts.org),
        query: opts.query,
        is_archived: Boolean(opts.archived),
        is_recurring: opts.recurring ? true : opts.oneTime ? false : undefined,
        benefit_id: uuids('--benefit', opts.benefit),
        sorting: sorting(opts.sort, CRITERIA),
      },
      page: paging(opts),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing products list',
    'billing products list --recurring --sort price_amount',
    'billing products list --query pro --archived',
    'billing products list --all --json | jq ".[].prices[].id"',
  ],
});
