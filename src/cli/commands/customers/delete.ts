// billing customers delete <id|email> → DELETE /v1/customers/{id}; with --external-id, today's
// DELETE /v1/customers/external/{external_id}

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { done } from '../shared.js';
import { resources, verb } from '../verb.js';
import { customerId, customerRef, externalId } from './ref.js';

/** `id`: a customer id or an email; `externalId`: the seller's own id of the customer. */
export type DeleteOptions = ({ id: string } | { externalId: string }) & {
  /** --yes: no question first. */
  yes: boolean;
};

export async function runDelete(opts: DeleteOptions, ctx: Context): Promise<void> {
  const { customers, client } = await resources(ctx, 'seller');
  let named: string;
  let remove: () => Promise<void>;
  if ('externalId' in opts) {
    // Refused on the seed's generation before anything is asked.
    customers.externalLookupNeedsToday(client);
    named = `with external id ${opts.externalId}`;
    remove = () => customers.removeExternal(client, opts.externalId);
  } else {
    const id = await customerId(ctx, 'customer', opts.id);
    named = id === opts.id ? id : `${opts.id} (${id})`;
    remove = () => customers.remove(client, id);
  }
  const { confirmDestructive } = await import('../../io/prompt.js');
  await confirmDestructive(ctx, {
    yes: opts.yes,
    question: `Delete customer ${named}? This cannot be undone.`,
    action: 'customers delete removes the customer',
  });
  await remove();
  await done(ctx, `Customer ${named} deleted.`);
}

export const buildDelete = verb(runDelete, {
  command: (parent) =>
    parent
      .command('delete')
      .summary('delete a customer')
      .description(
        'Delete a customer, by id, by email, or by your own id of it with --external-id ' +
          "(today's API). Asks first on a terminal; scripts must pass --yes. Nothing is printed " +
          'on stdout; the exit code says whether it was deleted.',
      )
      .argument('[customer]', 'customer id (UUID) or email')
      .option('--external-id <id>', 'your own id of the customer (external_id), instead')
      .option('-y, --yes', 'do not ask (needed without a terminal)'),
  options: (customer, opts): DeleteOptions => {
    const yes = Boolean(opts.yes);
    if (opts.externalId !== undefined) {
      if (customer !== undefined)
        throw new UsageError('give a customer or --external-id, not both');
      return { externalId: externalId('--external-id', opts.externalId), yes };
    }
    if (customer === undefined) {
      throw new UsageError('give a customer (id or email), or --external-id <id>');
    }
    return { id: customerRef('customer', customer), yes };
  },
  examples: [
    'billing customers delete jane@example.com',
    'billing customers delete <customer-id> --yes',
    'billing customers delete --external-id user_4711 --yes',
  ],
});
