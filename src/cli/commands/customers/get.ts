// billing customers get <id|email> → GET /v1/customers/{id}; with --external-id <id>, today's
// GET /v1/customers/external/{external_id}

import { Option } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { CUSTOMER_CARD } from './columns.js';
import { customerId, customerRef, externalId } from './ref.js';

/** `id`: a customer id or an email; `externalId`: the seller's own id of the customer. */
export type GetOptions = ({ id: string } | { externalId: string }) & { output: OutputOptions };

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  if ('externalId' in opts) {
    const { customers, client } = await resources(ctx, 'seller');
    const found = await customers.getExternal(client, opts.externalId);
    await printOne(ctx, opts.output, CUSTOMER_CARD, found);
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
          'Show a customer, by id or by email; with --external-id, by your own id of it ' +
            "(today's API, 2026-04 and later).",
        )
        .argument('[customer]', 'customer id (UUID) or email')
        .option('--external-id <id>', 'your own id of the customer (external_id), instead')
        // The first form (`get <your-id> --external`), kept for the scripts that use it.
        .addOption(
          new Option(
            '--external',
            'the old form: the argument is your id (--external-id)',
          ).hideHelp(),
        ),
      'CUSTOMER',
    ),
  options: (customer, opts): GetOptions => {
    const output = outputOf(opts);
    if (opts.externalId !== undefined) {
      if (customer !== undefined || opts.external) {
        throw new UsageError('give a customer or --external-id, not both');
      }
      return { externalId: externalId('--external-id', opts.externalId), output };
    }
    if (customer === undefined) {
      throw new UsageError('give a customer (id or email), or --external-id <id>');
    }
    if (opts.external) return { externalId: externalId('--external-id', customer), output };
    return { id: customerRef('customer', customer), output };
  },
  examples: [
    'billing customers get jane@example.com',
    'billing customers get <customer-id> --json',
    'billing customers get --external-id user_4711',
  ],
});
