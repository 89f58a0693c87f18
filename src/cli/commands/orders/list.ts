// billing orders list → GET /v1/orders/

import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { ORDER } from '../../../api/fields.js';
import type { OrderFilters } from '../../../api/orders.js';
import { ORDER_SORT_CRITERIA, PRICE_TYPES } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { ORDER_COLUMNS } from './columns.js';

type PriceType = (typeof PRICE_TYPES)[number];

export type ListOptions = Listing<OrderFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { orders, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, ORDER_COLUMNS, (paging) => orders.list(client, opts.filters, paging));
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list orders')
          .description('List orders, newest first. Repeat a filter to match any of its values.')
          .addOption(
            // A custom argParser replaces the one .choices() installs, so it checks the value.
            new Option('--type <type>', 'only one_time or recurring orders (repeatable)')
              .choices(PRICE_TYPES)
              .argParser((v, prev: PriceType[] = []) => {
                if (!(PRICE_TYPES as readonly string[]).includes(v)) {
                  throw new InvalidArgumentError(`Allowed choices are ${PRICE_TYPES.join(', ')}.`);
                }
                return [...prev, v as PriceType];
              }),
          )
          .option('--product <id>', 'only orders of this product (repeatable)', collect)
          .option('--customer <id>', 'only orders of this customer (repeatable)', collect)
          .option('--discount <id>', 'only orders with this discount (repeatable)', collect)
          .option('--org <id>', 'only orders of this organization (repeatable)', collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${ORDER_SORT_CRITERIA.join(', ')} (default: -created_at)`,
          ),
        ORDER,
      ),
    ),
  options: (opts) => ({
    filters: {
      product_price_type: opts.type,
      product_id: uuids('--product', opts.product),
      customer_id: uuids('--customer', opts.customer),
      discount_id: uuids('--discount', opts.discount),
      organization_id: uuids('--org', opts.org),
      sorting: sorting(opts.sort, ORDER_SORT_CRITERIA),
    },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing orders list',
    'billing orders list --type recurring --sort -amount --limit 10',
    'billing orders list --all -o ndjson > orders.ndjson',
  ],
});
