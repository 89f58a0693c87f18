// billing webhooks update <id> → PATCH /v1/webhooks/endpoints/{id}

import { Option } from '@commander-js/extra-typings';
import type { EndpointUpdate } from '../../../api/webhooks.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ENDPOINT_CARD, EVENTS_HELP, endpointUrl, eventTypes, withoutSecret } from './common.js';

export interface UpdateOptions extends OneResource {
  body: EndpointUpdate;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const { webhooks, client } = await resources(ctx, 'seller');
  const endpoint = await webhooks.update(client, opts.id, opts.body);
  await printOne(ctx, opts.output, ENDPOINT_CARD, withoutSecret(endpoint));
  await done(ctx, `Webhook endpoint ${opts.id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change a webhook endpoint')
        .description('Change where a webhook endpoint is, what it receives, or its secret.')
        .argument('<id>', 'webhook endpoint id (UUID)')
        .option('--url <url>', 'a new URL')
        .option('--events <types>', `the whole new set: ${EVENTS_HELP}`, collect)
        .option('--secret <secret>', 'a new signing secret (not printed)')
        .addOption(
          new Option('--format <format>', 'payload format').choices([
            'raw',
            'discord',
            'slack',
          ] as const),
        ),
      'WEBHOOK_ENDPOINT',
    ),
  options: (id, opts) => {
    const body: EndpointUpdate = {};
    if (opts.url !== undefined) body.url = endpointUrl('--url', opts.url);
    const events = eventTypes(opts.events);
    if (events) body.events = events;
    if (opts.secret !== undefined) {
      if (opts.secret.trim() === '') throw new UsageError('--secret: must not be empty');
      body.secret = opts.secret;
    }
    if (opts.format !== undefined) body.format = opts.format;
    if (Object.keys(body).length === 0) {
      throw new UsageError('nothing to change: give --url, --events, --secret or --format');
    }
    return { id: uuid('webhook endpoint id', id), body, output: outputOf(opts) };
  },
  examples: [
    'billing webhooks update <endpoint-id> --events order.created',
    'billing webhooks update <endpoint-id> --url https://example.com/new',
  ],
});
