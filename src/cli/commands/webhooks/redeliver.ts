// billing webhooks redeliver <event-id> → POST /v1/webhooks/events/{id}/redeliver (202)

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { done } from '../shared.js';
import { resources, verb } from '../verb.js';

export interface RedeliverOptions {
  eventId: string;
}

export async function runRedeliver(opts: RedeliverOptions, ctx: Context): Promise<void> {
  const { webhooks, client } = await resources(ctx, 'seller');
  await webhooks.redeliver(client, opts.eventId);
  await done(ctx, `Event ${opts.eventId} queued for delivery again.`);
}

export const buildRedeliver = verb(runRedeliver, {
  command: (parent) =>
    parent
      .command('redeliver')
      .summary('send an event again')
      .description(
        'Queue an event for delivery again to its endpoint (a new attempt in `webhooks ' +
          'deliveries`). Nothing is printed on stdout; the exit code says whether it was queued.',
      )
      .argument('<event-id>', 'webhook event id (UUID), from webhooks deliveries'),
  options: (eventId) => ({ eventId: uuid('event id', eventId) }),
  examples: ['billing webhooks redeliver <event-id>'],
});
