// billing org get [<id>] / org update <id> → GET / PATCH /v1/organizations/{id}

import type { Command } from '@commander-js/extra-typings';
import { ORGANIZATION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { dataObject, uuid } from '../../input.js';
import type { Column } from '../../io/index.js';
import type { OutputOptions } from '../../session.js';
import { done, examples, session, withOutput } from '../shared.js';

const ORG_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Name', path: 'name' },
  { header: 'Slug', path: 'slug' },
  { header: 'Email', path: 'email' },
  { header: 'Website', path: 'blog' },
  { header: 'Bio', path: 'bio' },
  // The spec's social_username is the real service's twitter_username (api-facts.md).
  { header: 'Social', path: 'social_username', alt: ['twitter_username'] },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Profile enabled', path: 'profile_settings.enabled', kind: 'bool' },
  { header: 'Issue funding', path: 'feature_settings.issue_funding_enabled', kind: 'bool' },
];

export function registerOrg(program: Command, ctx: Context): void {
  const org = program
    .command('org')
    .summary('show and change an organization')
    .description('Organizations: a seller’s public profile and settings.')
    .addHelpText('after', examples('billing org get', 'billing org update <org-id> --name "Acme"'));

  const get = org
    .command('get')
    .summary('show an organization')
    .argument('[id]', "organization id (default: the profile's organization_id)");
  withOutput(get, ORGANIZATION);
  get.addHelpText('after', examples('billing org get', 'billing org get <org-id> --json'));
  get.action(async (id, raw) => {
    const s = session(ctx, get);
    let orgId = id !== undefined ? uuid('organization id', id) : await s.defaultOrganization();
    if (!orgId) {
      throw new UsageError(
        'no organization id: pass one, or set a default with `billing config set organization_id <id>`',
      );
    }
    orgId = uuid('organization id', orgId);
    const [{ organizations }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('seller'),
    ]);
    const found = await organizations.get(client, orgId);
    await (await s.printer(raw as OutputOptions, ORG_CARD)).printOne(found, ORG_CARD);
  });

  const update = org
    .command('update')
    .summary('change an organization')
    .description('Change an organization. --name overrides the name in --data.')
    .argument('<id>', 'organization id (UUID)')
    .option('--name <name>', 'the organization name')
    .option('--data <json>', 'request body as JSON, @file or - for stdin (e.g. profile_settings)');
  withOutput(update, ORGANIZATION);
  update.addHelpText(
    'after',
    examples(
      'billing org update <org-id> --name "Acme Software GmbH"',
      `billing org update <org-id> --data '{"profile_settings": {"description": "Tools"}}'`,
    ),
  );
  update.action(async (id, raw) => {
    const opts = raw as OutputOptions & { name?: string; data?: string };
    const orgId = uuid('organization id', id);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.name !== undefined) body.name = opts.name;
    if (Object.keys(body).length === 0)
      throw new UsageError('nothing to change: give --name or --data');
    const s = session(ctx, update);
    const [{ organizations }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('seller'),
    ]);
    const updated = await organizations.update(client, orgId, body);
    await (await s.printer(opts, ORG_CARD)).printOne(updated, ORG_CARD);
    await done(ctx, `Organization ${orgId} updated.`);
  });
}
