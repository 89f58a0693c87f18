// billing org update <id> → PATCH /v1/organizations/{id}

import type { Command } from '@commander-js/extra-typings';
import { ORGANIZATION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { dataObject, uuid } from '../../input.js';
import { done, examples, outputOf, type RunF, withOutput } from '../shared.js';
import { ORG_CARD } from './columns.js';

export interface UpdateOptions {
  id: string;
  /** --data with --name over it; never empty. */
  body: Record<string, unknown>;
  output: OutputOptions;
}

export function buildUpdate(parent: Command, ctx: Context, runF: RunF<UpdateOptions> = runUpdate) {
  const cmd = withOutput(
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
    ORGANIZATION,
  );
  cmd.addHelpText(
    'after',
    examples(
      'billing org update <org-id> --name "Acme Software GmbH"',
      `billing org update <org-id> --data '{"profile_settings": {"description": "Tools"}}'`,
    ),
  );
  cmd.action(async (id, opts) => {
    const orgId = uuid('organization id', id);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.name !== undefined) body.name = opts.name;
    if (Object.keys(body).length === 0)
      throw new UsageError('nothing to change: give --name or --data');
    await runF({ id: orgId, body, output: outputOf(opts) }, ctx);
  });
  return cmd;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const [{ organizations }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const updated = await organizations.update(client, opts.id, opts.body);
  await (await ctx.printer(opts.output, ORG_CARD)).printOne(updated, ORG_CARD);
  await done(ctx, `Organization ${opts.id} updated.`);
}
