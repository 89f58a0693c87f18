import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildConfirm } from './confirm.js';
import { buildCreate } from './create.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildOpen } from './open.js';
import { buildUpdate } from './update.js';

export function registerCheckout(program: Command, ctx: Context): void {
  const checkout = program
    .command('checkout')
    .summary('create, list, show, open, change and confirm checkout sessions')
    .description('Checkout sessions: a buyer’s way to an order or a subscription.')
    .addHelpText(
      'after',
      examples(
        'billing checkout create --price <price-id> --email jane@example.com --open',
        'billing checkout list --product <product-id>',
        'billing checkout get <checkout-id>',
        'billing checkout confirm <checkout-id> --customer-email jane@example.com --confirmation-token tok_test',
      ),
    );
  buildCreate(checkout, ctx);
  buildList(checkout, ctx);
  buildGet(checkout, ctx);
  buildOpen(checkout, ctx);
  buildUpdate(checkout, ctx);
  buildConfirm(checkout, ctx);
}
