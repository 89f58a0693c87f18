// billing checkout get <id> → GET /v1/checkouts/custom/{id}

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { columnNotes, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CHECKOUT_CARD } from './columns.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { checkouts, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, CHECKOUT_CARD, await checkouts.get(client, opts.id));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a checkout session')
        .argument('<id>', 'checkout session id (UUID)'),
      'CHECKOUT',
    ),
  options: (id, opts) => ({ id: uuid('checkout id', id), output: outputOf(opts) }),
  notes: columnNotes('Read from either API generation', CHECKOUT_CARD),
  examples: [
    'billing checkout get 5f0c…-…',
    'billing checkout get <id> --fields status,total_amount,customer_email',
  ],
});
