// billing __complete profiles (hidden): the profile names the completion scripts offer.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import type { RunF } from '../shared.js';

export interface CompleteOptions {
  what: string;
}

export function buildComplete(
  root: Command,
  ctx: Context,
  runF: RunF<CompleteOptions> = runComplete,
) {
  const cmd = root.command('__complete', { hidden: true }).argument('<what>');
  cmd.action((what) => runF({ what }, ctx));
  return cmd;
}

export async function runComplete(opts: CompleteOptions, ctx: Context): Promise<void> {
  if (opts.what !== 'profiles') return;
  const { listProfiles } = await import('../../../config/file.js');
  try {
    for (const name of listProfiles(ctx.configDir)) ctx.io.stdout.write(`${name}\n`);
  } catch {
    // Completion must never print errors into the user's command line.
  }
}
