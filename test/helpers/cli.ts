// Runs the CLI in-process through main(argv, ctx) with captured streams and an injected browser.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '../../src/cli/context.js';
import type { InStream, OutStream } from '../../src/cli/io/streams.js';
import { main } from '../../src/cli/main.js';

export class Capture implements OutStream {
  chunks: string[] = [];
  constructor(
    public isTTY = false,
    public columns = 100,
  ) {}
  // Streamed formats write UTF-8 bytes: recorded as the text a reader decodes.
  write(chunk: string | Uint8Array): boolean {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }
  once(): this {
    return this;
  }
  get text(): string {
    return this.chunks.join('');
  }
}

/** A stdin that yields the given lines (then stays open unless `end`). */
export function stdinOf(
  lines: string[] = [],
  opts: { tty?: boolean; end?: boolean } = {},
): InStream {
  const stream = (async function* () {
    for (const l of lines) yield `${l}\n`;
    if (!opts.end) await new Promise(() => {});
  })() as InStream;
  stream.isTTY = opts.tty ?? false;
  return stream;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  configDir?: string;
  stdin?: InStream;
  tty?: boolean;
  openBrowser?: (url: string) => Promise<void>;
  signal?: AbortSignal;
  /** Pass one to read stderr while the command still runs. */
  stderr?: Capture;
  /** The CLI's clock (default: the wall clock). */
  now?: () => Date;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'billing-cfg-'));
}

export async function run(argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const stdout = new Capture(opts.tty ?? false);
  const stderr = opts.stderr ?? new Capture(opts.tty ?? false);
  const ctx: Environment = {
    io: { stdout, stderr, stdin: opts.stdin ?? stdinOf([], { end: true, tty: opts.tty }) },
    env: { PATH: process.env.PATH, ...opts.env },
    configDir: opts.configDir ?? tempConfigDir(),
    now: opts.now ?? (() => new Date()),
    openBrowser: opts.openBrowser ?? (async () => {}),
    signal: opts.signal ?? new AbortController().signal,
  };
  const code = await main(argv, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
