import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildArchive } from './archive.js';
import { buildCreate } from './create.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';

export function registerProducts(program: Command, ctx: Context): void {
  const products = program
    .command('products')
    .summary('list, show, create, change and archive products')
    .description(
      'Products and their prices: what your organizations sell, once or by subscription.',
    )
    .addHelpText(
      'after',
      examples(
        'billing products list --recurring',
        'billing products get <product-id>',
        'billing products create --name "Acme Pro" --price 19/month --price 190/year',
      ),
    );
  buildList(products, ctx);
  buildGet(products, ctx);
  buildCreate(products, ctx);
  buildUpdate(products, ctx);
  buildArchive(products, ctx);
}
