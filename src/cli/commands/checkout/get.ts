// billing checkout get <id> → GET /v1/checkouts/custom/{id}

import type { Command } from '@commander-js/extra-typings';
import { CHECKOUT } from '../../../api/fields.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { examples, session, withOutput } from '../shared.js';
import { CHECKOUT_CARD } from './columns.js';

export function buildGet(parent: Command, ctx: Context) {
  const cmd = parent
    .command('get')
    .summary('show a checkout session')
    .argument('<id>', 'checkout session id (UUID)');
  withOutput(cmd, CHECKOUT);
  cmd.addHelpText(
    'after',
    examples(
      'billing checkout get 5f0c…-…',
      'billing checkout get <id> --fields status,total_amount,customer_email',
    ),
  );
  cmd.action(async (id, opts) => {
    const s = session(ctx, cmd);
    const checkoutId = uuid('checkout id', id);
    const [{ checkouts }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('seller'),
    ]);
    const checkout = await checkouts.get(client, checkoutId);
    await (await s.printer(opts as OutputOptions, CHECKOUT_CARD)).printOne(checkout, CHECKOUT_CARD);
  });
  return cmd;
}
