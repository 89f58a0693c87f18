// billing customers delete <id|email> → DELETE /v1/customers/{id}

import type { Context } from '../../context.js';
import { done } from '../shared.js';
import { resources, verb } from '../verb.js';
import { customerId, customerRef } from './ref.js';

export interface DeleteOptions {
  /** A customer id or an email. */
  id: string;
  /** --yes: no question first. */
  yes: boolean;
}

export async function runDelete(opts: DeleteOptions, ctx: Context): Promise<void> {
  const id = await customerId(ctx, 'customer', opts.id);
  const { confirmDestructive } = await import('../../io/prompt.js');
  const named = id === opts.id ? id : `${opts.id} (${id})`;
  await confirmDestructive(ctx, {
    yes: opts.yes,
    question: `Delete customer ${named}? This cannot be undone.`,
    action: 'customers delete removes the customer',
  });
  const { customers, client } = await resources(ctx, 'seller');
  await customers.remove(client, id);
  await done(ctx, `Customer ${named} deleted.`);
}

export const buildDelete = verb(runDelete, {
  command: (parent) =>
    parent
      .command('delete')
      .summary('delete a customer')
      .description(
        'Delete a customer. Asks first on a terminal; scripts must pass --yes. Nothing is printed ' +
          'on stdout; the exit code says whether it was deleted.',
      )
      .argument('<customer>', 'customer id (UUID) or email')
      .option('-y, --yes', 'do not ask (needed without a terminal)'),
  options: (customer, opts) => ({ id: customerRef('customer', customer), yes: Boolean(opts.yes) }),
  examples: [
    'billing customers delete jane@example.com',
    'billing customers delete <customer-id> --yes',
  ],
});
