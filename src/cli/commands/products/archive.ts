// billing products archive <id> → PATCH /v1/products/{id} {"is_archived": true}

import type { Context } from '../../context.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, resources, verb } from '../verb.js';
import { printProduct } from './get.js';
import { productId, productRef } from './ref.js';

export type ArchiveOptions = OneResource;

export async function runArchive(opts: ArchiveOptions, ctx: Context): Promise<void> {
  const id = await productId(ctx, 'product', opts.id);
  const { products, client } = await resources(ctx, 'seller');
  const archived = await products.update(client, id, { is_archived: true });
  await printProduct(ctx, opts.output, archived);
  await done(ctx, `Product ${id} archived.`);
}

export const buildArchive = verb(runArchive, {
  command: (parent) =>
    withOutput(
      parent
        .command('archive')
        .summary('take a product off sale')
        .description(
          'Archive a product: it can no longer be bought, and existing subscriptions to it go ' +
            'on. Nothing is deleted; `products update <id> --unarchive` puts it back on sale.',
        )
        .argument('<product>', 'product id (UUID) or name'),
      'PRODUCT',
    ),
  options: (id, opts) => ({ id: productRef('product', id), output: outputOf(opts) }),
  examples: [
    'billing products archive <product-id>',
    'billing products archive "Acme Plus"',
    'billing products list --archived',
  ],
});
