// billing products get <id> → GET /v1/products/{id}

import type { Context, OutputOptions } from '../../context.js';
import { outputOf, printSection, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { PRICE_COLUMNS, PRODUCT_BENEFIT_COLUMNS, PRODUCT_CARD } from './columns.js';
import { productId, productRef } from './ref.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const id = await productId(ctx, 'product', opts.id);
  const { products, client } = await resources(ctx, 'seller');
  await printProduct(ctx, opts.output, await products.get(client, id));
}

/**
 * The card; on a terminal its prices (amount, interval, id) and benefits follow as tables.
 * Scripts read them from --json or --fields prices.0.id.
 */
export async function printProduct(
  ctx: Context,
  output: OutputOptions,
  product: Record<string, unknown>,
): Promise<void> {
  await printOne(ctx, output, PRODUCT_CARD, product);
  if (output.json || output.output || output.fields || !ctx.io.stdout.isTTY) return;
  for (const [title, field, columns] of [
    ['Prices', 'prices', PRICE_COLUMNS],
    ['Benefits', 'benefits', PRODUCT_BENEFIT_COLUMNS],
  ] as const) {
    const all = Array.isArray(product[field]) ? (product[field] as Record<string, unknown>[]) : [];
    // Prices on sale only, as the real service sends them (the local one adds archived ones).
    // Today's prices take their interval from the product.
    const items = all
      .filter((item) => item?.is_archived !== true)
      .map((item) =>
        field === 'prices' && item.recurring_interval === undefined
          ? { ...item, recurring_interval: product.recurring_interval ?? null }
          : item,
      );
    await printSection(ctx, title, columns, items);
  }
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a product with its prices')
        .description(
          'Show a product. On a terminal its prices (amount, interval and the price id that ' +
            '`subs change-price --price` takes) and its benefits follow the card.',
        )
        .argument('<product>', 'product id (UUID) or name'),
      'PRODUCT',
    ),
  options: (id, opts) => ({ id: productRef('product', id), output: outputOf(opts) }),
  examples: [
    'billing products get <product-id>',
    'billing products get "Acme Pro"',
    'billing products get <product-id> --json | jq ".prices[] | {id, price_amount}"',
  ],
});
