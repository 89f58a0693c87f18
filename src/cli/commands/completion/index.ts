// billing completion bash|zsh|fish, and the hidden `__complete profiles` the scripts call.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export async function completionScript(root: Command, shell: Shell): Promise<string> {
  const { completionSpec } = await import('../../completion/spec.js');
  const scripts = await import('../../completion/scripts.js');
  const spec = completionSpec(root as never);
  return shell === 'bash'
    ? scripts.bashScript(spec)
    : shell === 'zsh'
      ? scripts.zshScript(spec)
      : scripts.fishScript(spec);
}

export function registerCompletion(program: Command, ctx: Context): void {
  const cmd = program
    .command('completion')
    .summary('print the shell completion script')
    .description(
      'Print a completion script for your shell: commands, flags, flag values and ' +
        'profile names. Install it once (see the examples), then open a new shell.',
    )
    .argument('<shell>', `one of ${SHELLS.join(', ')}`);
  cmd.addHelpText(
    'after',
    examples(
      'billing completion bash > ~/.local/share/bash-completion/completions/billing',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a zsh expansion, printed as is
      'billing completion zsh > "${fpath[1]}/_billing"',
      'billing completion fish > ~/.config/fish/completions/billing.fish',
    ),
  );
  cmd.action(async (shell) => {
    const { UsageError } = await import('../../../errors.js');
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`shell must be one of ${SHELLS.join(', ')}, got "${shell}"`);
    }
    ctx.io.stdout.write(await completionScript(program, shell as Shell));
  });

  const hidden = program.command('__complete', { hidden: true }).argument('<what>');
  hidden.action(async (what) => {
    if (what !== 'profiles') return;
    const { listProfiles } = await import('../../../config/file.js');
    try {
      for (const name of listProfiles(ctx.configDir)) ctx.io.stdout.write(`${name}\n`);
    } catch {
      // Completion must never print errors into the user's command line.
    }
  });
}
