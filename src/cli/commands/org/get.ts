// billing org get [<id>] → GET /v1/organizations/{id}

import type { Command } from '@commander-js/extra-typings';
import { ORGANIZATION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { examples, outputOf, type RunF, withOutput } from '../shared.js';
import { ORG_CARD } from './columns.js';

export interface GetOptions {
  /** Absent: the profile's organization_id, else the local service's demo organization. */
  id?: string;
  output: OutputOptions;
}

export function buildGet(parent: Command, ctx: Context, runF: RunF<GetOptions> = runGet) {
  const cmd = withOutput(
    parent
      .command('get')
      .summary('show an organization')
      .argument('[id]', "organization id (default: the profile's organization_id)"),
    ORGANIZATION,
  );
  cmd.addHelpText('after', examples('billing org get', 'billing org get <org-id> --json'));
  cmd.action((id, opts) =>
    runF(
      { id: id !== undefined ? uuid('organization id', id) : undefined, output: outputOf(opts) },
      ctx,
    ),
  );
  return cmd;
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
  const [{ organizations }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const found = await organizations.get(client, orgId);
  await (await ctx.printer(opts.output, ORG_CARD)).printOne(found, ORG_CARD);
}
