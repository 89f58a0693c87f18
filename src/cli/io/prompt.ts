// Questions for a person at a terminal (style.md §9): asked on stderr, answered on stdin, and
// never asked without a terminal — a destructive action in a script needs --yes instead.

import { InterruptedError, UsageError } from '../../errors.js';
import { safeText } from './safe.js';
import type { InStream, Terminal } from './streams.js';

/** One line of stdin, or undefined when it closes (Ctrl+C destroys it). */
async function readLine(stdin: InStream): Promise<string | undefined> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    const nl = text.indexOf('\n');
    if (nl >= 0) return text.slice(0, nl);
  }
  return text || undefined;
}

/** Whether the user can be asked: both the input and the output of the question are a terminal. */
export function canPrompt(ctx: Terminal): boolean {
  return Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
}

/**
 * Asks `question [y/N]` before a destructive action. `--yes` answers for the user; without a
 * terminal to ask on, the action is refused (exit 2) naming --yes. A "no" is a UsageError
 * too: nothing was done, and a script must not read it as success.
 */
export async function confirmDestructive(
  ctx: Terminal,
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

/**
 * Asks the user to pick one of `choices` (numbered from 1) and returns its index. Only on a
 * terminal (the caller checks canPrompt first and names the flag that answers instead). A
 * number out of range, a word, or the `current` choice is asked again (issue 24); an empty line
 * or the end of input is a UsageError: nothing was done.
 */
export async function pick(
  ctx: Terminal,
  opts: { title: string; choices: string[]; action: string; current?: number },
): Promise<number> {
  const { stderr } = ctx.io;
  const count = opts.choices.length;
  stderr.write(`${safeText(opts.title)}\n`);
  const width = String(count).length;
  opts.choices.forEach((choice, i) => {
    const mark = i === opts.current ? '  (current)' : '';
    stderr.write(`  ${String(i + 1).padStart(width)}) ${safeText(choice)}${mark}\n`);
  });
  const ask = () => stderr.write(`? Which one? [1-${count}] `);
  ask();
  const newline = () => stderr.write('\n');
  ctx.signal.addEventListener('abort', newline, { once: true });
  let text = '';
  let picked: number | undefined;
  let said = 'nothing picked';
  try {
    read: for await (const chunk of ctx.io.stdin) {
      text += chunk.toString();
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n')) {
        const answer = text.slice(0, nl).trim();
        text = text.slice(nl + 1);
        if (answer === '') {
          said = 'nothing picked';
          break read;
        }
        const n = /^\d+$/.test(answer) ? Number(answer) : Number.NaN;
        if (n >= 1 && n <= count && n - 1 !== opts.current) {
          picked = n - 1;
          break read;
        }
        stderr.write(
          n - 1 === opts.current
            ? `  ${n} is the current one: pick another, or an empty line to stop\n`
            : `  "${safeText(answer.slice(0, 20))}" is not one of them: type a number from 1 to ${count}, or an empty line to stop\n`,
        );
        said = `"${safeText(answer.slice(0, 20))}" is not one of them`;
        ask();
      }
    }
  } finally {
    ctx.signal.removeEventListener('abort', newline);
  }
  if (ctx.signal.aborted) throw new InterruptedError();
  if (picked === undefined) {
    // The input ended without a newline after a last answer: judge it as the others.
    const last = text.trim();
    const n = /^\d+$/.test(last) ? Number(last) : Number.NaN;
    if (n >= 1 && n <= count && n - 1 !== opts.current) return n - 1;
    if (last) said = `"${safeText(last.slice(0, 20))}" is not one of them`;
    throw new UsageError(`${opts.action}: ${said}; nothing was changed`);
  }
  return picked;
}

/**
 * Asks each of `questions` in turn, each once the one before is answered, and returns the lines
 * typed, trimmed ('' for an empty line, or when stdin closes first). One read of stdin for all
 * of them. Only on a terminal (the caller checks canPrompt first and names the flags that answer
 * instead).
 */
export async function askEach(ctx: Terminal, questions: string[]): Promise<string[]> {
  const { stderr } = ctx.io;
  const answers: string[] = [];
  if (!questions.length) return answers;
  const newline = () => stderr.write('\n');
  ctx.signal.addEventListener('abort', newline, { once: true });
  stderr.write(`? ${safeText(questions[0]!)} `);
  let text = '';
  try {
    read: for await (const chunk of ctx.io.stdin) {
      text += chunk.toString();
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n')) {
        answers.push(text.slice(0, nl).trim());
        text = text.slice(nl + 1);
        if (answers.length === questions.length) break read;
        stderr.write(`? ${safeText(questions[answers.length]!)} `);
      }
    }
  } finally {
    ctx.signal.removeEventListener('abort', newline);
  }
  if (ctx.signal.aborted) throw new InterruptedError();
  if (answers.length < questions.length && text.trim()) answers.push(text.trim());
  while (answers.length < questions.length) answers.push('');
  return answers;
}
