// Fake stdout/stderr: records chunks; `results` scripts what write() returns (back-pressure).
import { EventEmitter } from 'node:events';
import type { IO, OutStream } from '../../../src/cli/io/streams.js';

export class FakeStream extends EventEmitter implements OutStream {
  readonly chunks: string[] = [];
  isTTY: boolean;
  columns?: number;
  /** Return values for the next write() calls, in order; true once exhausted. */
  results: boolean[] = [];
  /** Thrown by write() once this many chunks were accepted. */
  throwAfter?: { count: number; error: Error };

  constructor(opts: { isTTY?: boolean; columns?: number } = {}) {
    super();
    this.isTTY = opts.isTTY ?? false;
    this.columns = opts.columns;
  }

  // Streamed formats write UTF-8 bytes: recorded as the text a reader decodes.
  write(chunk: string | Uint8Array): boolean {
    if (this.throwAfter && this.chunks.length >= this.throwAfter.count) throw this.throwAfter.error;
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return this.results.shift() ?? true;
  }

  get text(): string {
    return this.chunks.join('');
  }
}

export function fakeIO(opts: { isTTY?: boolean; columns?: number; errTTY?: boolean } = {}) {
  const stdout = new FakeStream({ isTTY: opts.isTTY, columns: opts.columns });
  const stderr = new FakeStream({ isTTY: opts.errTTY ?? opts.isTTY, columns: opts.columns });
  const io: IO = { stdout, stderr, stdin: (async function* () {})() };
  return { io, stdout, stderr };
}

export function epipe(): Error {
  return Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
}

/** Lets pending promise callbacks and timers-free continuations run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Colour-capable terminal environment for styleText, whatever the test runner's env is. */
export const COLOR_ENV = {
  TERM: 'xterm-256color',
  NO_COLOR: undefined,
  FORCE_COLOR: undefined,
  NODE_DISABLE_COLORS: undefined,
  CI: undefined,
  COLORTERM: undefined,
  TMUX: undefined,
} as const;
