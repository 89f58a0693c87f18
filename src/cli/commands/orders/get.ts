// billing orders get <id> → GET /v1/orders/{id}, or GET /v1/customer-portal/orders/{id} (--mine)

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { columnNotes, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ORDER_CARD } from './columns.js';

export interface GetOptions extends OneResource {
  /** Through the customer portal: the customer's own order. */
  mine: boolean;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { orders, client } = await resources(ctx, opts.mine ? 'customer' : 'seller');
  const order = await (opts.mine
    ? orders.getCustomerPortal(client, opts.id)
    : orders.get(client, opts.id));
  await printOne(ctx, opts.output, ORDER_CARD, order);
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show one order')
        .description(
          'Show an order with its customer, product, price, discount and subscription. With ' +
            "--mine, one of the customer session's orders, through the customer portal.",
        )
        .argument('<id>', 'order id (UUID)')
        .option('--mine', "the customer's own order, through the customer portal"),
      'ORDER',
    ),
  options: (id, opts) => ({
    id: uuid('order id', id),
    mine: Boolean(opts.mine),
    output: outputOf(opts),
  }),
  notes: columnNotes('Read from either API generation', ORDER_CARD),
  examples: [
    'billing orders get 0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21',
    'billing orders get <id> --json',
    'billing orders get <id> --mine',
  ],
});
