// billing checkout get <id> → GET /v1/checkouts/custom/{id}

import type { Command } from '@commander-js/extra-typings';
import { CHECKOUT } from '../../../api/fields.js';
import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { examples, outputOf, type RunF, withOutput } from '../shared.js';
import { CHECKOUT_CARD } from './columns.js';

export interface GetOptions {
  id: string;
  output: OutputOptions;
}

export function buildGet(parent: Command, ctx: Context, runF: RunF<GetOptions> = runGet) {
  const cmd = withOutput(
    parent
      .command('get')
      .summary('show a checkout session')
      .argument('<id>', 'checkout session id (UUID)'),
    CHECKOUT,
  );
  cmd.addHelpText(
    'after',
    examples(
      'billing checkout get 5f0c…-…',
      'billing checkout get <id> --fields status,total_amount,customer_email',
    ),
  );
  cmd.action((id, opts) => runF({ id: uuid('checkout id', id), output: outputOf(opts) }, ctx));
  return cmd;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const [{ checkouts }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const checkout = await checkouts.get(client, opts.id);
  await (await ctx.printer(opts.output, CHECKOUT_CARD)).printOne(checkout, CHECKOUT_CARD);
}
