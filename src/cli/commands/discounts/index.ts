import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCreate } from './create.js';
import { buildDelete } from './delete.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';

export function registerDiscounts(program: Command, ctx: Context): void {
  const discounts = program
    .command('discounts')
    .summary('list, show, create, change and delete discounts')
    .description(
      'Discounts: a fixed amount or a percentage off, once, forever or for some months, ' +
        'with an optional code customers type at checkout.',
    )
    .addHelpText(
      'after',
      examples(
        'billing discounts list',
        'billing discounts create --name "Launch" --code LAUNCH10 --amount 10',
      ),
    );
  buildList(discounts, ctx);
  buildGet(discounts, ctx);
  buildCreate(discounts, ctx);
  buildUpdate(discounts, ctx);
  buildDelete(discounts, ctx);
}
