// Output for a person at a terminal goes through a pager, as gh does: BILLING_PAGER, else
// PAGER, else `less` with LESS=FRX (quit when it fits one screen, keep colours, leave the
// screen as it is). Never when stdout is not a terminal; --no-pager, or an empty or `cat`
// pager, turns it off.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { OutStream, Terminal } from './streams.js';

export interface Pager {
  /** Where the output goes instead of stdout (a terminal as far as formatting goes). */
  stdout: OutStream;
  /** Ends the pager's input and waits until the person has closed it. */
  finish(): Promise<void>;
}

/** What paging needs of the run: its streams, environment and Ctrl+C, and a way to start one. */
export interface PagerRun extends Terminal {
  env: Readonly<Record<string, string | undefined>>;
  startPager?(command: string): Promise<Pager>;
}

function onPath(program: string, env: PagerRun['env']): boolean {
  const dirs = isAbsolute(program) ? [''] : (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of dirs) {
    try {
      accessSync(dir ? join(dir, program) : program, constants.X_OK);
      return true;
    } catch {
      // next
    }
  }
  return false;
}

/** The pager command to run, or undefined when output should go straight to the terminal. */
export function pagerCommand(ctx: PagerRun, disabled: boolean): string | undefined {
  if (disabled || !ctx.startPager || !ctx.io.stdout.isTTY) return undefined;
  const command = (ctx.env.BILLING_PAGER ?? ctx.env.PAGER ?? 'less').trim();
  if (command === '' || command === 'cat') return undefined;
  // A pager that is not there would swallow the output with "not found": print directly.
  const program = command.split(/\s+/, 1)[0]!;
  return onPath(program, ctx.env) ? command : undefined;
}

/** Runs `command` on the process's own terminal (processEnvironment's startPager). */
export function spawnPager(ctx: PagerRun, command: string): Pager {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.env)) if (v !== undefined) env[k] = v;
  env.LESS ??= 'FRX';
  env.LV ??= '-c';
  // `exec`: the shell becomes the pager, so that ending the child ends the pager itself.
  const child = spawn(`exec ${command}`, {
    shell: true,
    stdio: ['pipe', 'inherit', 'inherit'],
    env,
  });
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  // Ctrl+C reaches the pager too, but less stays: end it so the terminal is restored at once.
  const onAbort = () => child.kill('SIGTERM');
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const input = child.stdin!;
  // The person quit the pager early: writes fail with EPIPE, which Sink takes as "closed".
  const real = ctx.io.stdout;
  const stdout: OutStream & { on: typeof input.on; destroyed: boolean } = {
    isTTY: true,
    get columns() {
      return real.columns;
    },
    write: (chunk) => input.write(chunk),
    once: (event, listener) => input.once(event, listener),
    on: input.on.bind(input),
    get destroyed() {
      return input.destroyed;
    },
  };
  return {
    stdout,
    async finish() {
      if (!input.destroyed) input.end();
      await exited;
      ctx.signal.removeEventListener('abort', onAbort);
    },
  };
}
