// billing customers update <id|email> → PATCH /v1/customers/{id}

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { dataObject } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CUSTOMER_CARD } from './columns.js';
import { customerId, customerRef, externalId } from './ref.js';

export interface UpdateOptions extends OneResource {
  /** --data with the flags over it; never empty. */
  body: Record<string, unknown>;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const id = await customerId(ctx, 'customer', opts.id);
  const { customers, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, CUSTOMER_CARD, await customers.update(client, id, opts.body));
  await done(ctx, `Customer ${id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change a customer')
        .description(
          'Change a customer. Only what you give changes; flags override the same fields of --data.',
        )
        .argument('<customer>', 'customer id (UUID) or email')
        .option('--email <email>', 'a new email')
        .option('--name <name>', 'a new name')
        .option('--external-id <id>', "your own id for the customer (today's API)")
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'CUSTOMER',
    ),
  options: async (customer, opts, ctx): Promise<UpdateOptions> => {
    const id = customerRef('customer', customer);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.email !== undefined) body.email = opts.email;
    if (opts.name !== undefined) body.name = opts.name;
    if (opts.externalId !== undefined)
      body.external_id = externalId('--external-id', opts.externalId);
    if (Object.keys(body).length === 0) {
      throw new UsageError('nothing to change: give --email, --name, --external-id or --data');
    }
    return { id, body, output: outputOf(opts) };
  },
  examples: [
    'billing customers update jane@example.com --name "Jane Smith"',
    `billing customers update <customer-id> --data '{"billing_address": {"country": "DE"}}'`,
  ],
});
