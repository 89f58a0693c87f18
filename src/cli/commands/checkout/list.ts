// billing checkout list → GET /v1/checkouts/custom/

import type { CheckoutFilters } from '../../../api/checkouts.js';
import { anySorting, SORTS } from '../../../api/generation.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { CHECKOUT_COLUMNS } from './columns.js';

/** Either generation's criteria; the service in use is checked when the list is asked for. */
const CRITERIA = anySorting(SORTS.checkouts);

export type ListOptions = Listing<CheckoutFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { checkouts, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, CHECKOUT_COLUMNS, (paging) =>
    checkouts.list(client, opts.filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list checkout sessions')
          .description(
            "List your organizations' checkout sessions, newest first, whatever their status.",
          )
          .option('--product <id>', 'only sessions for this product (repeatable)', collect)
          .option('--org <id>', 'only sessions of this organization (repeatable)', collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: -created_at)`,
          ),
        'CHECKOUT',
      ),
    ),
  options: (opts): ListOptions => ({
    filters: {
      organization_id: uuids('--org', opts.org),
      product_id: uuids('--product', opts.product),
      sorting: sorting(opts.sort, CRITERIA),
    },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing checkout list',
    'billing checkout list --product <product-id> --sort expires_at',
    'billing checkout list --all -o ndjson | jq -r "select(.status == \\"open\\") | .id"',
  ],
});
