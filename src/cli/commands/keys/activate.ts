// billing keys activate|validate|deactivate <key> → POST /v1/customer-portal/license-keys/{…} (no token)

import type { Command } from '@commander-js/extra-typings';
import { ACTIVATION, LICENSE_KEY } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, integer, metadata, uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { done, examples, session, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { ACTIVATION_CARD, KEY_CARD } from './columns.js';
import { KEY_STATE, keyArgument, organization } from './common.js';

const KEY_ARG = 'the license key, or - to read it from stdin';

export function buildActivate(parent: Command, ctx: Context) {
  const cmd = parent
    .command('activate')
    .summary('activate a license key on a device')
    .description(
      'Create an activation of a license key. Needs no token. Not retried automatically: a POST may create an activation.',
    )
    .argument('<key>', KEY_ARG)
    .option('--org <id>', "the key's organization (default: the profile's organization_id)")
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
    );
  withOutput(cmd, ACTIVATION);
  cmd.addHelpText(
    'after',
    examples(
      'billing keys activate ACME-… --org <org-id> --label "Jane\'s laptop" --meta os=macos',
    ),
  );
  cmd.action(async (keyValue, raw) => {
    const opts = raw as OutputOptions & {
      org?: string;
      label?: string;
      meta?: string[];
      condition?: string[];
    };
    if (!opts.label) throw new UsageError('--label is required');
    const s = session(ctx, cmd);
    const body = {
      key: await keyArgument(keyValue, ctx),
      organization_id: await organization(opts.org, s),
      label: opts.label,
      meta: metadata('--meta', opts.meta),
      conditions: metadata('--condition', opts.condition),
    };
    const [{ licenseKeys }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('none'),
    ]);
    const activation = await licenseKeys.activate(client, body).catch((err: unknown) => {
      throw stateError(err, KEY_STATE);
    });
    await (await s.printer(opts, ACTIVATION_CARD)).printOne(activation, ACTIVATION_CARD);
    await done(ctx, `Activated "${body.label}": activation ${activation.id}.`);
  });
  return cmd;
}

export function buildValidate(parent: Command, ctx: Context) {
  const cmd = parent
    .command('validate')
    .summary('check a license key (counts a validation)')
    .description(
      'Validate a license key: counts a validation, optionally consumes usage. Needs no token.',
    )
    .argument('<key>', KEY_ARG)
    .option('--org <id>', "the key's organization (default: the profile's organization_id)")
    .option('--activation <id>', 'check this activation too')
    .option('--benefit <id>', 'the key must belong to this benefit')
    .option('--customer <id>', 'the key must belong to this customer')
    .option('--increment-usage <n>', 'consume this much usage (checked against limit_usage)')
    .option('--condition <key=value>', 'conditions the activation requires (repeatable)', collect);
  withOutput(cmd, LICENSE_KEY);
  cmd.addHelpText(
    'after',
    examples(
      'billing keys validate ACME-… --org <org-id>',
      'billing keys validate - --org <org-id> --increment-usage 1 < key.txt',
    ),
  );
  cmd.action(async (keyValue, raw) => {
    const opts = raw as OutputOptions & {
      org?: string;
      activation?: string;
      benefit?: string;
      customer?: string;
      incrementUsage?: string;
      condition?: string[];
    };
    const s = session(ctx, cmd);
    const body = {
      key: await keyArgument(keyValue, ctx),
      organization_id: await organization(opts.org, s),
      activation_id:
        opts.activation !== undefined ? uuid('--activation', opts.activation) : undefined,
      benefit_id: opts.benefit !== undefined ? uuid('--benefit', opts.benefit) : undefined,
      customer_id: opts.customer !== undefined ? uuid('--customer', opts.customer) : undefined,
      increment_usage:
        opts.incrementUsage !== undefined
          ? integer('--increment-usage', opts.incrementUsage, 0)
          : undefined,
      conditions: metadata('--condition', opts.condition),
    };
    const [{ licenseKeys }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('none'),
    ]);
    const key = await licenseKeys.validate(client, body).catch((err: unknown) => {
      throw stateError(err, KEY_STATE);
    });
    await (await s.printer(opts, KEY_CARD)).printOne(key, KEY_CARD);
    await done(ctx, 'The license key is valid.');
  });
  return cmd;
}

export function buildDeactivate(parent: Command, ctx: Context) {
  const cmd = parent
    .command('deactivate')
    .summary('remove an activation, freeing its slot')
    .argument('<key>', KEY_ARG)
    .option('--org <id>', "the key's organization (default: the profile's organization_id)")
    .option('--activation <id>', 'the activation to remove (required)');
  cmd.addHelpText(
    'after',
    examples('billing keys deactivate ACME-… --org <org-id> --activation <activation-id>'),
  );
  cmd.action(async (keyValue, raw) => {
    const opts = raw as { org?: string; activation?: string };
    if (!opts.activation) throw new UsageError('--activation is required');
    const s = session(ctx, cmd);
    const body = {
      key: await keyArgument(keyValue, ctx),
      organization_id: await organization(opts.org, s),
      activation_id: uuid('--activation', opts.activation),
    };
    const [{ licenseKeys }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('none'),
    ]);
    await licenseKeys.deactivate(client, body);
    const { createMessenger } = await import('../../io/index.js');
    createMessenger(ctx.io).success(`Activation ${body.activation_id} removed.`);
  });
  return cmd;
}
