// billing config get <key>: one setting of config.json, or its default.
import type { Context } from '../../context.js';
import { verb } from '../verb.js';
import { scope } from './common.js';

export interface GetOptions {
  key: string;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { configGet } = await import('../../../config/keys.js');
  const value = configGet(scope(ctx), opts.key);
  if (value !== undefined) ctx.io.stdout.write(`${value}\n`);
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    parent.command('get').summary('print one setting').argument('<key>', 'setting name'),
  options: (key) => ({ key }),
  examples: ['billing config get base_url', 'billing config get profiles.prod.base_url'],
});
