// billing products update <id> → PATCH /v1/products/{id}

import type { PriceCreate } from '../../../api/products.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, dataObject, uuids } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, resources, verb } from '../verb.js';
import { productName } from './create.js';
import { printProduct } from './get.js';
import { checkPriceSet, PRICE_HELP, priceSpec } from './prices.js';
import { productId, productRef } from './ref.js';

export interface UpdateOptions extends OneResource {
  /** --data with the flags over it; empty only when prices change. */
  body: Record<string, unknown>;
  /** New prices; the product's current ones are read and kept. */
  addPrices?: PriceCreate[];
  /** Price ids to archive (leave out of the PATCH's prices). */
  archivePrices?: string[];
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const id = await productId(ctx, 'product', opts.id);
  const { products, client } = await resources(ctx, 'seller');
  const body = { ...opts.body };
  let product: Record<string, unknown> | undefined;
  if (opts.addPrices || opts.archivePrices) {
    product = await products.get(client, id);
    body.prices = await pricesAfter({ ...opts, id }, product);
  }
  const updated = await products.update(client, id, body, product);
  await printProduct(ctx, opts.output, updated);
  await done(ctx, `Product ${id} updated.`);
}

/** The PATCH's prices: the current ones as {id} (less the archived ones), then the new ones. */
async function pricesAfter(
  opts: UpdateOptions,
  product: { prices?: ({ id: string } & Record<string, unknown>)[] | null },
): Promise<object[]> {
  const current = (product.prices ?? []).filter((p) => p.is_archived !== true);
  const archive = new Set(opts.archivePrices);
  for (const id of archive) {
    if (!current.some((p) => p.id === id)) {
      throw new UsageError(`--archive-price: ${id} is not one of the product's prices on sale`, {
        hint: `Its prices: billing products get ${opts.id}`,
      });
    }
  }
  const kept = current.filter((p) => !archive.has(p.id));
  const added = opts.addPrices ?? [];
  if (kept.length + added.length === 0) {
    throw new UsageError(
      '--archive-price: a product keeps at least one price (add one with --add-price, or ' +
        `archive the product: billing products archive ${opts.id})`,
    );
  }
  checkPriceSet(added.length ? '--add-price' : '--archive-price', [...kept, ...added]);
  return [...kept.map((p) => ({ id: p.id })), ...added];
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change a product or its prices')
        .description(
          'Change a product. Prices are never changed or deleted: --add-price adds one and ' +
            '--archive-price takes one off sale (subscriptions on it keep it); both read the ' +
            'product first. Flags override the same fields of --data.',
        )
        .argument('<product>', 'product id (UUID) or name')
        .option('--name <name>', 'a new name')
        .option('--description <text>', 'a new description')
        .option('--add-price <price>', `add ${PRICE_HELP} (repeatable)`, collect)
        .option('--archive-price <price-id>', 'take this price off sale (repeatable)', collect)
        .option('--unarchive', 'put an archived product back on sale')
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'PRODUCT',
    ),
  options: async (id, opts, ctx): Promise<UpdateOptions> => {
    const product = productRef('product', id);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.name !== undefined) body.name = productName('--name', opts.name);
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.unarchive) body.is_archived = false;
    const addPrices = opts.addPrice?.map((p) => priceSpec('--add-price', p));
    const archivePrices = uuids('--archive-price', opts.archivePrice);
    if ((addPrices || archivePrices) && body.prices !== undefined) {
      throw new UsageError('--add-price and --archive-price cannot be used with prices in --data');
    }
    if (Object.keys(body).length === 0 && !addPrices && !archivePrices) {
      throw new UsageError(
        'nothing to change: give --name, --description, --add-price, --archive-price, ' +
          '--unarchive or --data',
      );
    }
    return {
      id: product,
      body,
      ...(addPrices && { addPrices }),
      ...(archivePrices && { archivePrices }),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing products update <product-id> --name "Acme Pro 2"',
    'billing products update <product-id> --add-price 190/year',
    'billing products update <product-id> --archive-price <price-id> --add-price 24/month',
    'billing products update <product-id> --unarchive',
  ],
});
