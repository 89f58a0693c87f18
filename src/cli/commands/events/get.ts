// billing events get <id> → GET /v1/events/{id} (today's API only)

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { EVENT_CARD } from './columns.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { events, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, EVENT_CARD, await events.get(client, opts.id));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show one event')
        .description(
          "Show a usage or system event with its metadata (today's API: 2026-04 and later).",
        )
        .argument('<id>', 'event id (UUID)'),
      'EVENT',
    ),
  options: (id, opts) => ({ id: uuid('event id', id), output: outputOf(opts) }),
  examples: [
    'billing events get <event-id>',
    'billing events get <event-id> --json | jq .metadata',
  ],
});
