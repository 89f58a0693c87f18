// billing orders get <id> → GET /v1/orders/{id}

import type { Command } from '@commander-js/extra-typings';
import { ORDER } from '../../../api/fields.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { examples, session, withOutput } from '../shared.js';
import { ORDER_CARD } from './columns.js';

export function buildGet(parent: Command, ctx: Context) {
  const cmd = parent
    .command('get')
    .summary('show one order')
    .description('Show an order with its customer, product, price, discount and subscription.')
    .argument('<id>', 'order id (UUID)');
  withOutput(cmd, ORDER);
  cmd.addHelpText(
    'after',
    examples(
      'billing orders get 0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21',
      'billing orders get <id> --json',
    ),
  );
  cmd.action(async (id, opts) => {
    const s = session(ctx, cmd);
    const orderId = uuid('order id', id);
    const [{ orders }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('seller'),
    ]);
    const order = await orders.get(client, orderId);
    await (await s.printer(opts as OutputOptions, ORDER_CARD)).printOne(order, ORDER_CARD);
  });
  return cmd;
}
