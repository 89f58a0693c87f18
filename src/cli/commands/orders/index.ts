import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';

export function registerOrders(program: Command, ctx: Context): void {
  const orders = program
    .command('orders')
    .summary('list and show orders')
    .description('Orders: one per purchase, subscription creation or renewal.')
    .addHelpText(
      'after',
      examples(
        'billing orders list --type recurring --sort -amount',
        'billing orders get <id> --json',
      ),
    );
  buildList(orders, ctx);
  buildGet(orders, ctx);
}
