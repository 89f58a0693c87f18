import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildConfirm } from './confirm.js';
import { buildGet } from './get.js';
import { buildUpdate } from './update.js';

export function registerCheckout(program: Command, ctx: Context): void {
  const checkout = program
    .command('checkout')
    .summary('show, change and confirm checkout sessions')
    .description('Checkout sessions: a buyer’s way to an order or a subscription.');
  buildGet(checkout, ctx);
  buildUpdate(checkout, ctx);
  buildConfirm(checkout, ctx);
}
