// billing links delete <id> → DELETE /v1/checkout-links/{id} (today's API only).

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { done } from '../shared.js';
import { resources, verb } from '../verb.js';
import { needsToday } from './common.js';

export interface DeleteOptions {
  id: string;
  /** --yes: no question first. */
  yes: boolean;
}

export async function runDelete(opts: DeleteOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const { checkoutLinks, client } = await resources(ctx, 'seller');
  needsToday(client, 'delete');
  const prompt = await import('../../io/prompt.js');
  let named = id;
  if (!opts.yes && prompt.canPrompt(ctx)) {
    // The question names the link as its seller knows it.
    const label = (await checkoutLinks.get(client, id)).label;
    if (typeof label === 'string' && label) named = `"${label}" (${id})`;
  }
  await prompt.confirmDestructive(ctx, {
    yes: opts.yes,
    question: `Delete checkout link ${named}? Its URL stops working wherever it was shared; this cannot be undone.`,
    action: 'links delete removes the checkout link',
  });
  await checkoutLinks.remove(client, id);
  await done(ctx, `Checkout link ${id} deleted.`);
}

export const buildDelete = verb(runDelete, {
  command: (parent) =>
    parent
      .command('delete')
      .summary('delete a checkout link')
      .description(
        "Delete a checkout link: its URL stops working. Today's API only (2026-04 and later). " +
          'Sessions it already opened stay as they are. Asks first on a terminal; scripts ' +
          'must pass --yes. Nothing is printed on stdout; the exit code says whether it was ' +
          'deleted.',
      )
      .argument('<id>', 'checkout link id (UUID)')
      .option('-y, --yes', 'do not ask (needed without a terminal)'),
  options: (id, opts) => ({ id: uuid('checkout link id', id), yes: Boolean(opts.yes) }),
  examples: ['billing links delete <link-id>', 'billing links delete <link-id> --yes'],
});
