// billing orders list → GET /v1/orders/ (the seller's), or with --mine
// GET /v1/customer-portal/orders/ (the customer's own).

import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { anySorting, SORTS } from '../../../api/generation.js';
import type { CustomerPortalOrderFilters, OrderFilters } from '../../../api/orders.js';
import { UsageError } from '../../../errors.js';
import { PRICE_TYPES } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { customerIds, customerRefs } from '../customers/ref.js';
import {
  columnNotes,
  type Listing,
  outputOf,
  paging,
  printPages,
  sellerOrMine,
  withOutput,
  withPaging,
} from '../shared.js';
import { resources, verb } from '../verb.js';
import { MY_ORDER_COLUMNS, ORDER_COLUMNS } from './columns.js';

type PriceType = (typeof PRICE_TYPES)[number];

const ORDER_CRITERIA = anySorting(SORTS.orders);
const MY_ORDER_CRITERIA = anySorting(SORTS.myOrders);

/** The seller's filters, with customers as given (ids or emails, resolved when run). */
export type SellerFilters = Omit<OrderFilters, 'customer_id'> & { customer?: string[] };

/** The seller's orders. */
export type SellerList = { mine: false } & Listing<SellerFilters>;
/** With --mine, the customer's own, through the customer portal. */
export type MyList = { mine: true } & Listing<CustomerPortalOrderFilters>;
export type ListOptions = SellerList | MyList;

async function runSellerList(opts: SellerList, ctx: Context): Promise<void> {
  const { customer, ...rest } = opts.filters;
  const orgs = rest.organization_id as string[] | undefined;
  const filters: OrderFilters = {
    ...rest,
    customer_id: await customerIds(ctx, '--customer', customer, orgs),
  };
  const { orders, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, ORDER_COLUMNS, (paging) => orders.list(client, filters, paging));
}

async function runMyList(opts: MyList, ctx: Context): Promise<void> {
  const { orders, client } = await resources(ctx, 'customer');
  await printPages(ctx, opts, MY_ORDER_COLUMNS, (paging) =>
    orders.listCustomerPortal(client, opts.filters, paging),
  );
}

export const runList = sellerOrMine({ seller: runSellerList, mine: runMyList });

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list orders')
          .description(
            "List your organizations' orders, newest first. With --mine, the orders of the " +
              'customer session that `checkout confirm` stored (or BILLING_CUSTOMER_TOKEN), ' +
              'through the customer portal. Repeat a filter to match any of its values.',
          )
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
          .option(
            '--customer <id|email>',
            'only orders of this customer (repeatable; not with --mine)',
            collect,
          )
          .option(
            '--discount <id>',
            'only orders with this discount (repeatable; not with --mine)',
            collect,
          )
          .option('--subscription <id>', 'with --mine: only orders of this subscription', collect)
          .option('--org <id>', 'only orders of this organization (repeatable)', collect)
          .option('--query <text>', 'with --mine: product name contains this text')
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${ORDER_CRITERIA.join(', ')} ` +
              `(default: -created_at); with --mine: ${MY_ORDER_CRITERIA.join(', ')}`,
          )
          .option('--mine', "the customer's own orders, through the customer portal"),
        'ORDER',
      ),
    ),
  options: (opts): ListOptions => {
    const page = paging(opts);
    const output = outputOf(opts);
    const common = {
      product_price_type: opts.type,
      product_id: uuids('--product', opts.product),
      organization_id: uuids('--org', opts.org),
    };
    if (opts.mine) {
      if (opts.customer?.length) throw new UsageError('--customer cannot be used with --mine');
      if (opts.discount?.length) throw new UsageError('--discount cannot be used with --mine');
      const filters: CustomerPortalOrderFilters = {
        ...common,
        subscription_id: uuids('--subscription', opts.subscription),
        query: opts.query,
        sorting: sorting(opts.sort, MY_ORDER_CRITERIA),
      };
      return { mine: true, filters, page, output };
    }
    if (opts.subscription?.length) throw new UsageError('--subscription needs --mine');
    if (opts.query !== undefined) throw new UsageError('--query needs --mine');
    const filters: SellerFilters = {
      ...common,
      customer: customerRefs('--customer', opts.customer),
      discount_id: uuids('--discount', opts.discount),
      sorting: sorting(opts.sort, ORDER_CRITERIA),
    };
    return { mine: false, filters, page, output };
  },
  notes: columnNotes('Read from either API generation', ORDER_COLUMNS),
  examples: [
    'billing orders list',
    'billing orders list --type recurring --sort -amount --limit 10',
    'billing orders list --customer jane@example.com',
    'billing orders list --all -o ndjson > orders.ndjson',
    'billing orders list --mine',
  ],
});
