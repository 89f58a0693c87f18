// billing keys deactivate <key> → POST /v1/customer-portal/license-keys/deactivate (no token)

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { organization } from '../shared.js';
import { resources, verb } from '../verb.js';
import { KEY_ARG, keyArgument, ORG_HELP, orgFlag } from './common.js';

export interface DeactivateOptions {
  key: string;
  /** Absent: the profile's default organization. */
  org?: string;
  activationId: string;
}

export async function runDeactivate(opts: DeactivateOptions, ctx: Context): Promise<void> {
  const body = {
    key: opts.key,
    organization_id: await organization(opts.org, ctx),
    activation_id: opts.activationId,
  };
  const { licenseKeys, client } = await resources(ctx, 'none');
  await licenseKeys.deactivate(client, body);
  const { createMessenger } = await import('../../io/index.js');
  createMessenger(ctx.io).success(`Activation ${body.activation_id} removed.`);
}

export const buildDeactivate = verb(runDeactivate, {
  command: (parent) =>
    parent
      .command('deactivate')
      .summary('remove an activation, freeing its slot')
      .argument('<key>', KEY_ARG)
      .option('--org <id>', ORG_HELP)
      .option('--activation <id>', 'the activation to remove (required)'),
  options: async (key, opts, ctx) => {
    if (!opts.activation) throw new UsageError('--activation is required');
    const org = orgFlag(opts.org);
    const activationId = uuid('--activation', opts.activation);
    return { key: await keyArgument(key, ctx), org, activationId };
  },
  examples: ['billing keys deactivate ACME-… --org <org-id> --activation <activation-id>'],
});
