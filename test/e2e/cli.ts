// Shared by the cli-*.test.ts suites: a live local service on a random port, a temp config dir,
// and the BUILT bin spawned with a clean environment. Every run asserts "no stack trace".
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import type { DemoInfo } from '../../src/server/seed.js';

/** BILLING_TEST_BIN runs another build (e.g. a private one while dist/ is being rebuilt). */
export const BIN =
  process.env.BILLING_TEST_BIN ?? fileURLToPath(new URL('../../bin/billing.js', import.meta.url));

export type Env = Record<string, string | undefined>;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Merged over the suite's environment; `undefined` removes a variable. */
  env?: Env;
  /** Written to stdin, which is then closed (it is closed at once without it). */
  input?: string;
}

/** Spawns `node bin/billing.js ...args` with exactly `env` (plus PATH) and collects its output. */
export function spawnBin(
  args: string[],
  env: Env,
  input?: string,
  onSpawn?: (child: ChildProcess) => void,
): Promise<CliResult> {
  const clean = Object.fromEntries(
    Object.entries({ PATH: process.env.PATH, ...env }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: clean });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    onSpawn?.(child);
    child.on('close', (code) => {
      // No stack trace, whatever happened (they are for --debug only).
      if (stderr.includes('\n    at ')) reject(new Error(`stack trace on stderr:\n${stderr}`));
      else resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

export interface Suite {
  svc: RunningService;
  demo: DemoInfo;
  url: string;
  configDir: string;
  /** The environment every run starts from: base URL, alice's token, the temp config dir. */
  env: Env;
  run(args: string[], opts?: RunOptions): Promise<CliResult>;
  /** Calls the service directly (setup and cross-checks), as alice unless `token` says otherwise. */
  call<T = Json>(method: string, path: string, body?: unknown, token?: string | null): Promise<T>;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked at runtime by the tests
export type Json = any;

export function tempDir(prefix = 'billing-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A fresh config dir whose profiles keep tokens in a 0600 file, never the OS keychain. */
export function configDirWithFileStorage(extra: Record<string, object> = {}): string {
  const dir = tempDir();
  const profiles = { local: { storage: 'file' }, ...extra };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  return dir;
}

/**
 * A fresh sandbox and the CLI's environment for it. With `apiVersion`, every run sends that
 * `Polar-Version` (BILLING_API_VERSION) and so does `call`: the suite is of that generation.
 */
export async function startSuite(opts: { apiVersion?: string } = {}): Promise<Suite> {
  const svc = await start({ port: 0 });
  const demo = svc.demo as DemoInfo;
  const configDir = configDirWithFileStorage();
  const env: Env = {
    HOME: tempDir('billing-home-'),
    BILLING_BASE_URL: svc.url,
    BILLING_TOKEN: demo.personal_access_token,
    BILLING_CONFIG_DIR: configDir,
    // Without one, the suite is of the seed's generation (the spec's, SDK 0.20.2's).
    BILLING_API_VERSION: opts.apiVersion ?? 'none',
  };
  const call = async (method: string, path: string, body?: unknown, token?: string | null) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const bearer = token === undefined ? demo.personal_access_token : token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (opts.apiVersion) headers['polar-version'] = opts.apiVersion;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(svc.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    if (!text) return undefined;
    // A CSV export and the like come back as text.
    return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  };
  return {
    svc,
    demo,
    url: svc.url,
    configDir,
    env,
    run: (args, opts = {}) => spawnBin(args, { ...env, ...opts.env }, opts.input),
    call,
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** TSV output -> header cells and rows of cells. */
export function tsv(stdout: string): { header: string[]; rows: string[][] } {
  const lines = stdout.split('\n');
  expect(lines.pop()).toBe('');
  const [head = '', ...rest] = lines;
  return { header: head.split('\t'), rows: rest.map((l) => l.split('\t')) };
}

/** NDJSON output -> objects, one per line. */
export function ndjson(stdout: string): Json[] {
  expect(stdout.endsWith('\n')).toBe(true);
  return stdout
    .slice(0, -1)
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

/** Query strings of the requests a --debug run logged, in order. */
export function requestedQueries(stderr: string): string[] {
  return [...stderr.matchAll(/^→ GET \S+?\?(\S*)$/gm)].map((m) => m[1] ?? '');
}

/** The demo license key (granted, 3 activations, none used) and a session of its customer. */
export async function demoKeyFixture(
  s: Suite,
): Promise<{ keys: Json[]; demoKey: Json; customerToken: string }> {
  const keys: Json[] = (await s.call('GET', '/v1/license-keys?limit=100')).items;
  const demoKey = keys.find((k) => k.key === s.demo.license_key);
  const session = await s.call(
    'POST',
    '/__local/customer-sessions',
    { customer_id: demoKey.customer_id },
    null,
  );
  return { keys, demoKey, customerToken: session.token };
}
