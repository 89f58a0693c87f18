// billing discounts delete <id> → DELETE /v1/discounts/{id}

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { done } from '../shared.js';
import { resources, verb } from '../verb.js';

export interface DeleteOptions {
  id: string;
  /** --yes: no question first. */
  yes: boolean;
}

export async function runDelete(opts: DeleteOptions, ctx: Context): Promise<void> {
  const { confirmDestructive } = await import('../../io/prompt.js');
  await confirmDestructive(ctx, {
    yes: opts.yes,
    question: `Delete discount ${opts.id}? Its code stops working; this cannot be undone.`,
    action: 'discounts delete removes the discount',
  });
  const { discounts, client } = await resources(ctx, 'seller');
  await discounts.remove(client, opts.id);
  await done(ctx, `Discount ${opts.id} deleted.`);
}

export const buildDelete = verb(runDelete, {
  command: (parent) =>
    parent
      .command('delete')
      .summary('delete a discount')
      .description(
        'Delete a discount. Orders and subscriptions that used it keep it. Asks first on a ' +
          'terminal; scripts must pass --yes. Nothing is printed on stdout; the exit code ' +
          'says whether it was deleted.',
      )
      .argument('<id>', 'discount id (UUID)')
      .option('-y, --yes', 'do not ask (needed without a terminal)'),
  options: (id, opts) => ({ id: uuid('discount id', id), yes: Boolean(opts.yes) }),
  examples: [
    'billing discounts delete <discount-id>',
    'billing discounts delete <discount-id> --yes',
  ],
});
