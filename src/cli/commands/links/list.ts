// billing links list → GET /v1/checkout-links/ (today's API only).

import type { CheckoutLinkFilters } from '../../../api/checkout-links.js';
import { SORTING } from '../../../shared/openapi/2026-10.facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { productId, productRef } from '../products/ref.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { CHECKOUT_LINK_COLUMNS } from './columns.js';
import { needsToday } from './common.js';

const CRITERIA = [...(SORTING['checkout-links:list'] ?? [])];

/** The filters, with products as given (ids or names, looked up when run). */
export type Filters = Omit<CheckoutLinkFilters, 'product_id'> & { product?: string[] };
export type ListOptions = Listing<Filters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { product, ...rest } = opts.filters;
  const { checkoutLinks, client } = await resources(ctx, 'seller');
  // Before a product's name is looked up: the seed's generation has no links at all.
  needsToday(client, 'list');
  const ids: string[] = [];
  for (const ref of product ?? []) ids.push(await productId(ctx, '--product', ref));
  const filters: CheckoutLinkFilters = { ...rest, ...(ids.length ? { product_id: ids } : {}) };
  await printPages(ctx, opts, CHECKOUT_LINK_COLUMNS, (paging) =>
    checkoutLinks.list(client, filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list checkout links')
          .description(
            "List your organizations' checkout links, oldest first (today's API: 2026-04 and " +
              'later). Repeat a filter to match any of its values.',
          )
          .option(
            '--product <id|name>',
            'only links selling this product (repeatable; a name is matched exactly)',
            collect,
          )
          .option('--org <id>', 'only links of this organization (repeatable)', collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: created_at)`,
          ),
        'CHECKOUT_LINK',
      ),
    ),
  options: (opts): ListOptions => ({
    filters: {
      product: opts.product?.map((p) => productRef('--product', p)),
      organization_id: uuids('--org', opts.org),
      sorting: sorting(opts.sort, CRITERIA),
    },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing links list',
    'billing links list --product "Acme Pro" --sort label',
    'billing links list --all -o ndjson | jq -r .url',
  ],
});
