// billing config get <key>: one setting of config.json, or its default.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples, type RunF } from '../shared.js';
import { scope } from './common.js';

export interface GetOptions {
  key: string;
}

export function buildGet(parent: Command, ctx: Context, runF: RunF<GetOptions> = runGet) {
  const cmd = parent.command('get').summary('print one setting').argument('<key>', 'setting name');
  cmd.addHelpText(
    'after',
    examples('billing config get base_url', 'billing config get profiles.prod.base_url'),
  );
  cmd.action((key) => runF({ key }, ctx));
  return cmd;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { configGet } = await import('../../../config/keys.js');
  const value = configGet(scope(ctx), opts.key);
  if (value !== undefined) ctx.io.stdout.write(`${value}\n`);
}
