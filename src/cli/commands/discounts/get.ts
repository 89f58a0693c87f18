// billing discounts get <id> → GET /v1/discounts/{id}

import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { DISCOUNT_CARD, DISCOUNT_PRODUCT_COLUMNS } from './columns.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { discounts, client } = await resources(ctx, 'seller');
  await printDiscount(ctx, opts.output, await discounts.get(client, opts.id));
}

/** The card; on a terminal the products it is restricted to follow (scripts: --json). */
export async function printDiscount(
  ctx: Context,
  output: OutputOptions,
  discount: Record<string, unknown>,
): Promise<void> {
  await printOne(ctx, output, DISCOUNT_CARD, discount);
  if (output.json || output.output || output.fields || !ctx.io.stdout.isTTY) return;
  const products = Array.isArray(discount.products) ? (discount.products as object[]) : [];
  if (!products.length) {
    ctx.io.stdout.write('\nProducts: every product\n');
    return;
  }
  ctx.io.stdout.write('\nProducts:\n');
  await (await ctx.printer({}, DISCOUNT_PRODUCT_COLUMNS)).printList(products);
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a discount')
        .description(
          'Show a discount: what it takes off, for how long, its code and redemptions, and ' +
            '(on a terminal) the products it applies to.',
        )
        .argument('<id>', 'discount id (UUID)'),
      'DISCOUNT',
    ),
  options: (id, opts) => ({ id: uuid('discount id', id), output: outputOf(opts) }),
  examples: [
    'billing discounts get <discount-id>',
    'billing discounts get <discount-id> --fields code,redemptions_count,max_redemptions',
  ],
});
