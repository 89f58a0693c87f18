// billing customers usage <customer> → GET /v1/customer-meters/ for one customer (today's API
// only): each meter, what the customer consumed, was credited, and the balance (credited less
// consumed, customer_meter/service.py at c6c3645e).

import type { Schemas } from '../../../api/today.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { Column, ColumnOf } from '../../io/cells.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { customerId, customerRef, externalId } from './ref.js';

/** A customer id or email, or (external) the seller's own id of the customer. */
export type UsageOptions = Listing<{ customer: string; external?: true }>;

export const USAGE_COLUMNS: Column[] = [
  { header: 'METER', path: 'meter.name' },
  { header: 'CONSUMED', path: 'consumed_units' },
  { header: 'CREDITED', path: 'credited_units' },
  { header: 'BALANCE', path: 'balance' },
  { header: 'METER ID', path: 'meter_id', kind: 'id', hide: 1 },
] satisfies ColumnOf<Schemas['CustomerMeter']>[];

export async function runUsage(opts: UsageOptions, ctx: Context): Promise<void> {
  const { customerMeters, client } = await resources(ctx, 'seller');
  client.needsToday('customer meters');
  const { customer, external } = opts.filters;
  const filters = external
    ? { external_customer_id: customer }
    : { customer_id: await customerId(ctx, 'customer', customer) };
  await printPages(ctx, opts, USAGE_COLUMNS, (page) => customerMeters.list(client, filters, page));
}

export const buildUsage = verb(runUsage, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('usage')
          .summary("a customer's meters: consumed, credited, balance")
          .description(
            'What a customer used of each meter, the credits they were granted, and what is ' +
              "left (balance: credited less consumed; below 0 is billed). Today's API (2026-04 " +
              'and later).',
          )
          .argument('[customer]', 'customer id (UUID) or email')
          .option('--external-id <id>', 'the customer by your own id of it, instead'),
        'CUSTOMER_METER',
      ),
    ),
  options: (customer, opts): UsageOptions => {
    if ((customer === undefined) === (opts.externalId === undefined))
      throw new UsageError('give a customer (id or email) or --external-id, one of them');
    const filters =
      opts.externalId !== undefined
        ? { customer: externalId('--external-id', opts.externalId), external: true as const }
        : { customer: customerRef('customer', customer!) };
    return { filters, page: paging(opts), output: outputOf(opts) };
  },
  examples: [
    'billing customers usage jane@example.com',
    'billing customers usage --external-id user_4711 --json',
  ],
});
