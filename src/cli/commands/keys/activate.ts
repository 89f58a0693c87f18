// billing keys activate <key> → POST /v1/license-keys/activate (today's API, the seller's token),
// or /v1/customer-portal/license-keys/activate (no token: --public, and the seed's API)

import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, type MetadataValue, metadata } from '../../input.js';
import { done, organization, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { printOne, resources, verb } from '../verb.js';
import { ACTIVATION_CARD } from './columns.js';
import {
  KEY_ARG,
  KEY_STATE,
  keyArgument,
  keyDoor,
  ORG_HELP,
  orgFlag,
  PUBLIC_HELP,
} from './common.js';

export interface ActivateOptions {
  key: string;
  /** Absent: the profile's default organization. */
  org?: string;
  label: string;
  meta?: Record<string, MetadataValue>;
  conditions?: Record<string, MetadataValue>;
  /** --public: the device's endpoint, without a token. */
  public?: true;
  output: OutputOptions;
}

export async function runActivate(opts: ActivateOptions, ctx: Context): Promise<void> {
  const body = {
    key: opts.key,
    organization_id: await organization(opts.org, ctx),
    label: opts.label,
    meta: opts.meta,
    conditions: opts.conditions,
  };
  const door = await keyDoor(ctx, opts.public);
  const { licenseKeys, client } = await resources(ctx, door.audience);
  const activation = await licenseKeys.activate(client, body, door.call).catch((err: unknown) => {
    throw stateError(err, KEY_STATE);
  });
  await printOne(ctx, opts.output, ACTIVATION_CARD, activation);
  await done(ctx, `Activated "${body.label}": activation ${activation.id}.`);
}

export const buildActivate = verb(runActivate, {
  command: (parent) =>
    withOutput(
      parent
        .command('activate')
        .summary('activate a license key on a device')
        .description(
          "Create an activation of a license key. On today's API as the seller (your token); " +
            'with --public, and on the seed API, as a device does, with no token. Not retried ' +
            'automatically: a POST may create an activation.',
        )
        .argument('<key>', KEY_ARG)
        .option('--org <id>', ORG_HELP)
        .option('--label <text>', 'a name for this activation, e.g. the device (required)')
        .option(
          '--meta <key=value>',
          'metadata of the activation (repeatable; key:=42 for typed values)',
          collect,
        )
        .option(
          '--condition <key=value>',
          'a condition later validations must repeat (repeatable)',
          collect,
        )
        .option('--public', PUBLIC_HELP),
      'ACTIVATION',
    ),
  options: async (key, opts, ctx) => {
    if (!opts.label) throw new UsageError('--label is required');
    const label = opts.label;
    const meta = metadata('--meta', opts.meta);
    const conditions = metadata('--condition', opts.condition);
    const org = orgFlag(opts.org);
    return {
      key: await keyArgument(key, ctx),
      org,
      label,
      meta,
      conditions,
      ...(opts.public ? { public: true as const } : {}),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing keys activate ACME-… --org <org-id> --label "Jane\'s laptop" --meta os=macos',
  ],
});
