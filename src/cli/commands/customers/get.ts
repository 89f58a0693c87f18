// billing customers get <id|email> → GET /v1/customers/{id}; with --external, today's
// GET /v1/customers/external/{external_id}

import type { Context } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CUSTOMER_CARD } from './columns.js';
import { customerId, customerRef, externalId } from './ref.js';

/** `id` is a customer id or an email; with `external`, the seller's own id of the customer. */
export type GetOptions = OneResource & { external?: true };

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  if (opts.external) {
    const { customers, client } = await resources(ctx, 'seller');
    await printOne(ctx, opts.output, CUSTOMER_CARD, await customers.getExternal(client, opts.id));
    return;
  }
  const id = await customerId(ctx, 'customer', opts.id);
  const { customers, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, CUSTOMER_CARD, await customers.get(client, id));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a customer')
        .description(
          "Show a customer, by id or by email; with --external, by your own id of it (today's " +
            'API, 2026-04 and later).',
        )
        .argument('<customer>', 'customer id (UUID) or email; with --external, your id')
        .option('--external', 'the argument is your own id of the customer (external_id)'),
      'CUSTOMER',
    ),
  options: (customer, opts) =>
    opts.external
      ? { id: externalId('customer', customer), external: true as const, output: outputOf(opts) }
      : { id: customerRef('customer', customer), output: outputOf(opts) },
  examples: [
    'billing customers get jane@example.com',
    'billing customers get <customer-id> --json',
    'billing customers get user_4711 --external',
  ],
});
