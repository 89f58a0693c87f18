// One Context per run: streams, environment and clock are injected so tests never patch globals.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Pager } from './io/pager.js';

export interface OutStream {
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface InStream extends AsyncIterable<string | Buffer> {
  isTTY?: boolean;
}

export interface IO {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
}

export interface Context {
  io: IO;
  env: Readonly<Record<string, string | undefined>>;
  /** Directory that holds config.json, the token fallback file and locks. */
  configDir: string;
  now(): Date;
  /** Opens a URL in the user's browser; injected so tests can follow it themselves. */
  openBrowser(url: string): Promise<void>;
  /** Resolves when the user interrupts (SIGINT); commands may race long waits against it. */
  signal: AbortSignal;
  /** Runs a pager on the terminal (absent: output is never paged, as in tests). */
  startPager?(command: string): Promise<Pager>;
}

export function defaultConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.BILLING_CONFIG_DIR) return env.BILLING_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'billing');
}

export function processContext(signal: AbortSignal): Context {
  // `billing … | head` closes the pipe early: stop quietly instead of an unhandled EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  // process.stdin builds a stream on first access (~5 ms): only commands that read it pay.
  // A read of it (a pasted address, a prompt) would keep the process alive after Ctrl+C until
  // Enter: on abort it is destroyed, which ends every pending read.
  let stdin: NodeJS.ReadStream | undefined;
  signal.addEventListener('abort', () => stdin?.destroy(), { once: true });
  return {
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      get stdin() {
        stdin ??= process.stdin;
        return stdin;
      },
    },
    env: process.env,
    configDir: defaultConfigDir(process.env),
    now: () => new Date(),
    openBrowser: async (url) => {
      const { default: open } = await import('open');
      await open(url, { wait: false });
    },
    signal,
    async startPager(command) {
      const { spawnPager } = await import('./io/pager.js');
      return spawnPager(this, command);
    },
  };
}
