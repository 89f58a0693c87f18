// billing config set <key> <value>: checked against the setting's rule, then written (0600).
import type { Context } from '../../context.js';
import { verb } from '../verb.js';
import { scope } from './common.js';

export interface SetOptions {
  key: string;
  value: string;
}

export async function runSet(opts: SetOptions, ctx: Context): Promise<void> {
  const { configSet } = await import('../../../config/keys.js');
  const result = await configSet(scope(ctx), opts.key, opts.value);
  const { createMessenger } = await import('../../io/index.js');
  createMessenger(ctx.io).success(
    `${result.profile ? `${result.profile}: ` : ''}${result.key} = ${String(result.value)}`,
  );
}

export const buildSet = verb(runSet, {
  command: (parent) =>
    parent
      .command('set')
      .summary('change one setting')
      .argument('<key>', 'setting name')
      .argument('<value>', 'new value'),
  options: (key, value) => ({ key, value }),
  examples: [
    'billing config set organization_id <org-id>',
    'billing config set profiles.prod.base_url https://api.billing.example',
    'billing config set default_profile prod',
  ],
});
