// billing org update <id> → PATCH /v1/organizations/{id}

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { dataObject, uuid } from '../../input.js';
import { columnNotes, done, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ORG_CARD } from './columns.js';

export interface UpdateOptions extends OneResource {
  /** --data with --name over it; never empty. */
  body: Record<string, unknown>;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const { organizations, client } = await resources(ctx, 'seller');
  await printOne(
    ctx,
    opts.output,
    ORG_CARD,
    await organizations.update(client, opts.id, opts.body),
  );
  await done(ctx, `Organization ${opts.id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change an organization')
        .description('Change an organization. --name overrides the name in --data.')
        .argument('<id>', 'organization id (UUID)')
        .option('--name <name>', 'the organization name')
        .option(
          '--data <json>',
          'request body as JSON, @file or - for stdin (e.g. profile_settings)',
        ),
      'ORGANIZATION',
    ),
  options: async (id, opts, ctx) => {
    const orgId = uuid('organization id', id);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.name !== undefined) body.name = opts.name;
    if (Object.keys(body).length === 0)
      throw new UsageError('nothing to change: give --name or --data');
    return { id: orgId, body, output: outputOf(opts) };
  },
  notes: columnNotes('Read from either API generation', ORG_CARD),
  examples: [
    'billing org update <org-id> --name "Acme Software GmbH"',
    `billing org update <org-id> --data '{"profile_settings": {"description": "Tools"}}'`,
  ],
});
