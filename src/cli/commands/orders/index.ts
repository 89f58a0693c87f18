import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildRefund } from './refund.js';

export function registerOrders(program: Command, ctx: Context): void {
  const orders = program
    .command('orders')
    .summary('list, show and refund orders')
    .description(
      'Orders: one per purchase, subscription creation or renewal. Refunds need ' +
        "today's API (2026-04 and later).",
    )
    .addHelpText(
      'after',
      examples(
        'billing orders list --type recurring --sort -amount',
        'billing orders get <id> --json',
        'billing orders refund <id> --amount 10',
      ),
    );
  buildList(orders, ctx);
  buildGet(orders, ctx);
  buildRefund(orders, ctx);
}
