// Questions for a person at a terminal (style.md §9): asked on stderr, answered on stdin, and
// never asked without a terminal — a destructive action in a script needs --yes instead.

import { InterruptedError, UsageError } from '../../errors.js';
import type { Environment } from '../context.js';
import { safeText } from './safe.js';

/** One line of stdin, or undefined when it closes (Ctrl+C destroys it). */
async function readLine(stdin: Environment['io']['stdin']): Promise<string | undefined> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    const nl = text.indexOf('\n');
    if (nl >= 0) return text.slice(0, nl);
  }
  return text || undefined;
}

/** Whether the user can be asked: both the input and the output of the question are a terminal. */
export function canPrompt(ctx: Environment): boolean {
  return Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
}

/**
 * Asks `question [y/N]` before a destructive action. `--yes` answers for the user; without a
 * terminal to ask on, the action is refused (exit 2) naming --yes. A "no" is a UsageError
 * too: nothing was done, and a script must not read it as success.
 */
export async function confirmDestructive(
  ctx: Environment,
  opts: { yes?: boolean; question: string; action: string },
): Promise<void> {
  if (opts.yes) return;
  if (!canPrompt(ctx)) {
    throw new UsageError(`${opts.action}: add --yes to confirm (there is no terminal to ask on)`);
  }
  ctx.io.stderr.write(`? ${safeText(opts.question)} [y/N] `);
  // Ctrl+C ends the read; the next line of output must not share the prompt's line.
  const newline = () => ctx.io.stderr.write('\n');
  ctx.signal.addEventListener('abort', newline, { once: true });
  const answer = await readLine(ctx.io.stdin).finally(() =>
    ctx.signal.removeEventListener('abort', newline),
  );
  // Interrupted: main reports it (exit 130); the action must not go ahead.
  if (ctx.signal.aborted) throw new InterruptedError();
  if (!/^\s*y(es)?\s*$/i.test(answer ?? '')) {
    throw new UsageError(`${opts.action}: not confirmed; nothing was changed`);
  }
}
