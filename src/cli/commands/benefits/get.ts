// billing benefits get <id> → GET /v1/benefits/{id}

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { BENEFIT_CARD } from './columns.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { benefits, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, BENEFIT_CARD, await benefits.get(client, opts.id));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a benefit')
        .description("Show a benefit with its type's properties.")
        .argument('<id>', 'benefit id (UUID)'),
      'BENEFIT',
    ),
  options: (id, opts) => ({ id: uuid('benefit id', id), output: outputOf(opts) }),
  examples: [
    'billing benefits get <benefit-id>',
    'billing benefits get <benefit-id> --json | jq .properties',
  ],
});
