import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildList } from './list.js';

export function registerRefunds(program: Command, ctx: Context): void {
  const refunds = program
    .command('refunds')
    .summary('list refunds')
    .description(
      "Refunds of orders (today's API: 2026-04 and later). To refund an order: " +
        'billing orders refund <order-id>.',
    )
    .addHelpText(
      'after',
      examples('billing refunds list --order <order-id>', 'billing orders refund <order-id>'),
    );
  buildList(refunds, ctx);
}
