// billing orders get <id> → GET /v1/orders/{id}

import { ORDER } from '../../../api/fields.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ORDER_CARD } from './columns.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { orders, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, ORDER_CARD, await orders.get(client, opts.id));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show one order')
        .description('Show an order with its customer, product, price, discount and subscription.')
        .argument('<id>', 'order id (UUID)'),
      ORDER,
    ),
  options: (id, opts) => ({ id: uuid('order id', id), output: outputOf(opts) }),
  examples: [
    'billing orders get 0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21',
    'billing orders get <id> --json',
  ],
});
