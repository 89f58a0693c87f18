// billing org get [<id>] → GET /v1/organizations/{id}

import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { columnNotes, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { ORG_CARD } from './columns.js';

export interface GetOptions {
  /** Absent: the profile's organization_id, else the local service's demo organization. */
  id?: string;
  output: OutputOptions;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  let orgId = opts.id ?? (await (await ctx.credentials()).defaultOrganization());
  if (!orgId) {
    throw new UsageError(
      'no organization id: pass one, or set a default with `billing config set organization_id <id>`',
    );
  }
  // The default comes from a config file or a server: checked like an argument.
  orgId = uuid('organization id', orgId);
  const { organizations, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, ORG_CARD, await organizations.get(client, orgId));
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show an organization')
        .argument('[id]', "organization id (default: the profile's organization_id)"),
      'ORGANIZATION',
    ),
  options: (id, opts) => ({
    id: id !== undefined ? uuid('organization id', id) : undefined,
    output: outputOf(opts),
  }),
  notes: columnNotes('Read from either API generation', ORG_CARD),
  examples: ['billing org get', 'billing org get <org-id> --json'],
});
