import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildConfirm } from './confirm.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';

export function registerCheckout(program: Command, ctx: Context): void {
  const checkout = program
    .command('checkout')
    .summary('list, show, change and confirm checkout sessions')
    .description('Checkout sessions: a buyer’s way to an order or a subscription.')
    .addHelpText(
      'after',
      examples(
        'billing checkout list --product <product-id>',
        'billing checkout get <checkout-id>',
        'billing checkout confirm <checkout-id> --customer-email jane@example.com --confirmation-token tok_test',
      ),
    );
  buildList(checkout, ctx);
  buildGet(checkout, ctx);
  buildUpdate(checkout, ctx);
  buildConfirm(checkout, ctx);
}
