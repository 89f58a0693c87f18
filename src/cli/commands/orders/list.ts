// billing orders list → GET /v1/orders/

import { type Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { ORDER } from '../../../api/fields.js';
import { ORDER_SORT_CRITERIA } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import {
  examples,
  type PagingOptions,
  paging,
  printPages,
  session,
  withOutput,
  withPaging,
} from '../shared.js';
import { ORDER_COLUMNS } from './columns.js';

export const ORDER_SORTS = ORDER_SORT_CRITERIA;

const ORDER_TYPES = ['one_time', 'recurring'] as const;
type OrderType = (typeof ORDER_TYPES)[number];

export interface ListOptions extends OutputOptions, PagingOptions {
  type?: OrderType[];
  product?: string[];
  customer?: string[];
  discount?: string[];
  org?: string[];
  sort?: string;
}

export function buildList(parent: Command, ctx: Context) {
  const cmd = parent
    .command('list')
    .summary('list orders')
    .description('List orders, newest first. Repeat a filter to match any of its values.')
    .addOption(
      // A custom argParser replaces the one .choices() installs, so it checks the value itself.
      new Option('--type <type>', 'only one_time or recurring orders (repeatable)')
        .choices(ORDER_TYPES)
        .argParser((v, prev: OrderType[] = []) => {
          if (!(ORDER_TYPES as readonly string[]).includes(v)) {
            throw new InvalidArgumentError(`Allowed choices are ${ORDER_TYPES.join(', ')}.`);
          }
          return [...prev, v as OrderType];
        }),
    )
    .option('--product <id>', 'only orders of this product (repeatable)', collect)
    .option('--customer <id>', 'only orders of this customer (repeatable)', collect)
    .option('--discount <id>', 'only orders with this discount (repeatable)', collect)
    .option('--org <id>', 'only orders of this organization (repeatable)', collect)
    .option(
      '--sort <criteria>',
      `comma-separated, - for descending: ${ORDER_SORTS.join(', ')} (default: -created_at)`,
    );
  withPaging(withOutput(cmd, ORDER));
  cmd.addHelpText(
    'after',
    examples(
      'billing orders list',
      'billing orders list --type recurring --sort -amount --limit 10',
      'billing orders list --all -o ndjson > orders.ndjson',
    ),
  );
  cmd.action(async (opts) => runList(opts as ListOptions, ctx, cmd));
  return cmd;
}

export async function runList(
  opts: ListOptions,
  ctx: Context,
  cmd: Parameters<typeof session>[1],
): Promise<void> {
  const filters = {
    product_price_type: opts.type,
    product_id: uuids('--product', opts.product),
    customer_id: uuids('--customer', opts.customer),
    discount_id: uuids('--discount', opts.discount),
    organization_id: uuids('--org', opts.org),
    sorting: sorting(opts.sort, ORDER_SORTS) as never,
  };
  const page = paging(opts);
  const s = session(ctx, cmd);
  const [{ orders }, client] = await Promise.all([
    import('../../../api/index.js'),
    s.api('seller'),
  ]);
  await printPages(
    s,
    opts,
    ORDER_COLUMNS,
    (onPage) => orders.list(client, filters, { ...page, onPage }),
    page.pageSize,
  );
}
