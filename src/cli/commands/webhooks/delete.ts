// billing webhooks delete <id> → DELETE /v1/webhooks/endpoints/{id}

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { done } from '../shared.js';
import { resources, verb } from '../verb.js';

export interface DeleteOptions {
  id: string;
  yes: boolean;
}

export async function runDelete(opts: DeleteOptions, ctx: Context): Promise<void> {
  const { confirmDestructive } = await import('../../io/prompt.js');
  await confirmDestructive(ctx, {
    yes: opts.yes,
    question: `Delete webhook endpoint ${opts.id}? It receives no more events.`,
    action: 'webhooks delete removes the endpoint',
  });
  const { webhooks, client } = await resources(ctx, 'seller');
  await webhooks.remove(client, opts.id);
  await done(ctx, `Webhook endpoint ${opts.id} deleted.`);
}

export const buildDelete = verb(runDelete, {
  command: (parent) =>
    parent
      .command('delete')
      .summary('delete a webhook endpoint')
      .description('Delete a webhook endpoint. Asks first on a terminal; scripts must pass --yes.')
      .argument('<id>', 'webhook endpoint id (UUID)')
      .option('-y, --yes', 'do not ask (needed without a terminal)'),
  options: (id, opts) => ({ id: uuid('webhook endpoint id', id), yes: Boolean(opts.yes) }),
  examples: [
    'billing webhooks delete <endpoint-id>',
    'billing webhooks delete <endpoint-id> --yes',
  ],
});
