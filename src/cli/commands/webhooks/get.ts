// billing webhooks get <id> → GET /v1/webhooks/endpoints/{id}

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ENDPOINT_CARD, withoutSecret } from './common.js';

export async function runGet(opts: OneResource, ctx: Context): Promise<void> {
  const { webhooks, client } = await resources(ctx, 'seller');
  await printOne(
    ctx,
    opts.output,
    ENDPOINT_CARD,
    withoutSecret(await webhooks.get(client, opts.id)),
  );
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a webhook endpoint')
        .description(
          'Show a webhook endpoint. Its signing secret is left out, of --json too: ' +
            '`webhooks create` prints it, once. Lost it? Have the service make a new one: ' +
            "`billing webhooks rotate-secret <id>` (today's API) prints it; on the seed's API, " +
            'set one yourself with `webhooks update <id> --secret …`.',
        )
        .argument('<id>', 'webhook endpoint id (UUID)'),
      'WEBHOOK_ENDPOINT',
    ),
  options: (id, opts) => ({ id: uuid('webhook endpoint id', id), output: outputOf(opts) }),
  examples: ['billing webhooks get <endpoint-id>'],
});
