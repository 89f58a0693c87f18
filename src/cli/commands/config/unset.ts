// billing config unset <key>: removes a setting (back to its default) or a whole profile.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples, type RunF } from '../shared.js';
import { scope } from './common.js';

export interface UnsetOptions {
  key: string;
}

export function buildUnset(parent: Command, ctx: Context, runF: RunF<UnsetOptions> = runUnset) {
  const cmd = parent
    .command('unset')
    .summary('remove a setting or a profile')
    .argument('<key>', 'setting name or profiles.<name>');
  cmd.addHelpText(
    'after',
    examples('billing config unset organization_id', 'billing config unset profiles.staging'),
  );
  cmd.action((key) => runF({ key }, ctx));
  return cmd;
}

export async function runUnset(opts: UnsetOptions, ctx: Context): Promise<void> {
  const { configUnset } = await import('../../../config/keys.js');
  const removed = await configUnset(scope(ctx), opts.key);
  const { createMessenger } = await import('../../io/index.js');
  createMessenger(ctx.io).info(removed ? `${opts.key} removed` : `${opts.key} was not set`);
}
