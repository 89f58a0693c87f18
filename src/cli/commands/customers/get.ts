// billing customers get <id|email> → GET /v1/customers/{id}

import { CUSTOMER } from '../../../api/fields.js';
import type { Context } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CUSTOMER_CARD } from './columns.js';
import { customerId, customerRef } from './ref.js';

/** `id` is a customer id or an email. */
export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
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
        .description('Show a customer, by id or by email.')
        .argument('<customer>', 'customer id (UUID) or email'),
      CUSTOMER,
    ),
  options: (customer, opts) => ({ id: customerRef('customer', customer), output: outputOf(opts) }),
  examples: [
    'billing customers get jane@example.com',
    'billing customers get <customer-id> --json',
  ],
});
