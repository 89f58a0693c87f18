// billing completion bash|zsh|fish: the script, generated from the command tree.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { examples, type RunF } from '../shared.js';

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

export interface CompletionOptions {
  shell: Shell;
}

/** `root` is the tree the script completes: the whole program. */
export function buildCompletion(
  root: Command,
  ctx: Context,
  runF: RunF<CompletionOptions> = (opts, c) => runCompletion(opts, c, root),
) {
  const cmd = root
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
  cmd.action((shell) => {
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`shell must be one of ${SHELLS.join(', ')}, got "${shell}"`);
    }
    return runF({ shell: shell as Shell }, ctx);
  });
  return cmd;
}

export async function runCompletion(
  opts: CompletionOptions,
  ctx: Context,
  root: Command,
): Promise<void> {
  ctx.io.stdout.write(await completionScript(root, opts.shell));
}
