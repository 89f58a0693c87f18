// billing config unset <key>: removes a setting (back to its default) or a whole profile.
import type { Context } from '../../context.js';
import { verb } from '../verb.js';
import { scope } from './common.js';

export interface UnsetOptions {
  key: string;
}

export async function runUnset(opts: UnsetOptions, ctx: Context): Promise<void> {
  const { configUnset } = await import('../../../config/keys.js');
  const removed = await configUnset(scope(ctx), opts.key);
  const { createMessenger } = await import('../../io/index.js');
  createMessenger(ctx.io).info(removed ? `${opts.key} removed` : `${opts.key} was not set`);
}

export const buildUnset = verb(runUnset, {
  command: (parent) =>
    parent
      .command('unset')
      .summary('remove a setting or a profile')
      .argument('<key>', 'setting name or profiles.<name>'),
  options: (key) => ({ key }),
  examples: ['billing config unset organization_id', 'billing config unset profiles.staging'],
});
