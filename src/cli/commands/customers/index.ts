import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCreate } from './create.js';
import { buildDelete } from './delete.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildState } from './state.js';
import { buildUpdate } from './update.js';
import { buildUsage } from './usage.js';

export function registerCustomers(program: Command, ctx: Context): void {
  const customers = program
    .command('customers')
    .summary('list, find, create, change and delete customers')
    .description(
      'Customers of your organizations. Wherever a command takes a customer, its email works too.',
    )
    .addHelpText(
      'after',
      examples('billing customers list --query acme', 'billing customers get jane@example.com'),
    );
  buildList(customers, ctx);
  buildGet(customers, ctx);
  buildState(customers, ctx);
  buildCreate(customers, ctx);
  buildUpdate(customers, ctx);
  buildDelete(customers, ctx);
  buildUsage(customers, ctx);
}
