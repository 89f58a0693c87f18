// Shared by the reliability suites: run the BUILT CLI (bin/billing.js → dist/) as a child
// process against a local service, run it in-process through main() with a fake Context, and
// steer the service's fault injector.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Environment } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import type { RunningService } from '../../src/server/index.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** BILLING_TEST_BIN runs another build (e.g. a private one while dist/ is being rebuilt). */
export const BIN = process.env.BILLING_TEST_BIN ?? join(ROOT, 'bin/billing.js');
const LOCAL_NODE = join(ROOT, 'node_modules/.bin/node');
/** Node 24 from the `node` devDependency; the runner's own node otherwise. */
export const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

export function requireBuild(): void {
  if (!process.env.BILLING_TEST_BIN && !existsSync(join(ROOT, 'dist/main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` before these tests');
  }
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export type Env = Record<string, string | undefined>;

/** A clean environment: nothing from the developer's shell leaks into the CLI under test. */
export function cliEnv(extra: Env): Env {
  return {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    ...extra,
  };
}

/** Runs `bin/billing.js args` to completion. */
export function cli(
  args: string[],
  env: Env,
  opts: { input?: string; timeoutMs?: number } = {},
): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [BIN, ...args], { env: cliEnv(env), stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** A temporary directory removed by the returned function. */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `billing-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Replaces the service's faults through the control endpoint (compact syntax or JSON object). */
export async function setFaults(url: string, spec: string | object): Promise<FaultsView> {
  const body = typeof spec === 'string' ? { spec } : spec;
  const r = await fetch(`${url}/__local/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 200) throw new Error(`PUT /__local/faults: ${r.status} ${await r.text()}`);
  return (await r.json()) as FaultsView;
}

export async function getFaults(url: string): Promise<FaultsView> {
  return (await (await fetch(`${url}/__local/faults`)).json()) as FaultsView;
}

export async function clearFaults(url: string): Promise<void> {
  await fetch(`${url}/__local/faults`, { method: 'DELETE' });
}

export interface FaultsView {
  seed: number;
  rules: Record<string, unknown>[];
  injected: Record<'503' | '502' | '429' | 'reset' | 'reset_after' | 'latency', number>;
}

/** Sum of the injected faults (latency not counted). */
export function faultCount(view: FaultsView): number {
  const i = view.injected;
  return i['503'] + i['502'] + i['429'] + i.reset + i.reset_after;
}

/** The environment for a CLI run against `svc` with the demo owner's token. */
export function serviceEnv(svc: RunningService, configDir: string, extra: Env = {}): Env {
  return {
    BILLING_BASE_URL: svc.url,
    BILLING_TOKEN: svc.demo!.personal_access_token,
    BILLING_CONFIG_DIR: configDir,
    ...extra,
  };
}

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

class Capture {
  text = '';
  isTTY = false;
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  once(): this {
    return this;
  }
}

/** main(argv, ctx) with captured streams: fast enough for property-based runs. */
export async function runInProcess(
  argv: string[],
  env: Env,
  opts: {
    stdin?: string;
    configDir: string;
    openBrowser?: (url: string) => Promise<void>;
    /** stdin and stderr claim to be a terminal (stdout stays a pipe). */
    tty?: boolean;
  },
): Promise<InProcessRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  stderr.isTTY = opts.tty ?? false;
  const input = opts.stdin ?? '';
  const ctx: Environment = {
    io: {
      stdout,
      stderr,
      stdin: {
        isTTY: opts.tty ?? false,
        async *[Symbol.asyncIterator]() {
          if (input) yield input;
        },
      },
    },
    env,
    configDir: opts.configDir,
    now: () => new Date(),
    openBrowser:
      opts.openBrowser ??
      (async () => {
        throw new Error('no browser in tests');
      }),
    signal: new AbortController().signal,
  };
  const code = await main(argv, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Lines that look like a JavaScript stack trace or an error-class dump. */
export function stackLines(text: string): string[] {
  return text
    .split('\n')
    .filter(
      (l) =>
        /^\s+at\s/.test(l) ||
        /^\s*(?:[A-Z][A-Za-z]*)?Error(?: \[[A-Z_]+\])?:/.test(l) ||
        /\{\s*$/.test(l) ||
        l.includes('node:internal'),
    );
}

/**
 * The error report contract: one `billing: …` line, then optionally field lines (`  field: …`)
 * and one line of advice — never a stack.
 */
export function expectCleanError(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l !== '');
  const reports = lines.filter((l) => l.startsWith('billing: '));
  if (reports.length !== 1) throw new Error(`expected one "billing: " line in:\n${stderr}`);
  const stack = stackLines(stderr);
  if (stack.length) throw new Error(`stack-like lines in stderr:\n${stack.join('\n')}`);
  return reports[0]!;
}

/** What `billing serve --json` prints first: the service and its demo credentials. */
export interface ServeInfo {
  url: string;
  personal_access_token: string;
  organization_id: string;
  webhook: { id: string; url: string; secret: string } | null;
}

/**
 * The built `billing serve --json …args` as a child process (added to `children`, to be killed
 * after), resolved with its first line; rejected with its stderr if it exits first.
 */
export function serveJson(
  args: string[],
  configDir: string,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; info: ServeInfo }> {
  const child = spawn(NODE, [BIN, 'serve', '--json', ...args], {
    env: cliEnv({ BILLING_CONFIG_DIR: configDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, info: JSON.parse(out.slice(0, nl)) as ServeInfo });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

/** Resolves once `child` has exited (at once if it has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}
