// billing keys deactivate <key> → POST /v1/license-keys/deactivate (today's API, the seller's
// token), or /v1/customer-portal/license-keys/deactivate (no token: --public, the seed's API)

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { organization } from '../shared.js';
import { resources, verb } from '../verb.js';
import { KEY_ARG, keyArgument, keyDoor, ORG_HELP, orgFlag, PUBLIC_HELP } from './common.js';

export interface DeactivateOptions {
  key: string;
  /** Absent: the profile's default organization. */
  org?: string;
  activationId: string;
  /** --public: the device's endpoint, without a token. */
  public?: true;
}

export async function runDeactivate(opts: DeactivateOptions, ctx: Context): Promise<void> {
  const body = {
    key: opts.key,
    organization_id: await organization(opts.org, ctx),
    activation_id: opts.activationId,
  };
  const door = await keyDoor(ctx, opts.public);
  const { licenseKeys, client } = await resources(ctx, door.audience);
  await licenseKeys.deactivate(client, body, door.call);
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
      .option('--activation <id>', 'the activation to remove (required)')
      .option('--public', PUBLIC_HELP),
  options: async (key, opts, ctx) => {
    if (!opts.activation) throw new UsageError('--activation is required');
    const org = orgFlag(opts.org);
    const activationId = uuid('--activation', opts.activation);
    return {
      key: await keyArgument(key, ctx),
      org,
      activationId,
      ...(opts.public ? { public: true as const } : {}),
    };
  },
  examples: ['billing keys deactivate ACME-… --org <org-id> --activation <activation-id>'],
});
