// billing orders get <id> → GET /v1/orders/{id}

import type { Command } from '@commander-js/extra-typings';
import { ORDER } from '../../../api/fields.js';
import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { examples, outputOf, type RunF, withOutput } from '../shared.js';
import { ORDER_CARD } from './columns.js';

export interface GetOptions {
  id: string;
  output: OutputOptions;
}

export function buildGet(parent: Command, ctx: Context, runF: RunF<GetOptions> = runGet) {
  const cmd = withOutput(
    parent
      .command('get')
      .summary('show one order')
      .description('Show an order with its customer, product, price, discount and subscription.')
      .argument('<id>', 'order id (UUID)'),
    ORDER,
  );
  cmd.addHelpText(
    'after',
    examples(
      'billing orders get 0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21',
      'billing orders get <id> --json',
    ),
  );
  cmd.action((id, opts) => runF({ id: uuid('order id', id), output: outputOf(opts) }, ctx));
  return cmd;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const [{ orders }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const order = await orders.get(client, opts.id);
  await (await ctx.printer(opts.output, ORDER_CARD)).printOne(order, ORDER_CARD);
}
