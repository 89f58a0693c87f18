// `billing serve` as a developer runs it (issue 12): one line per request on stderr, like a dev
// server, with no secret in it; --quiet silences it; --json keeps stdout to its one line; and
// --allowed-host adds names the service answers to.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from './cli.js';

interface Serve {
  child: ChildProcess;
  info: { url: string; personal_access_token: string; organization_id: string };
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<void>;
}

const running: Serve[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function serve(...flags: string[]): Promise<Serve> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const info = await new Promise<Serve['info']>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
    });
    child.on('exit', (code) => reject(new Error(`serve exited early with ${code}: ${err}`)));
  });
  // 'close': the process has exited and all it wrote to stdout and stderr has been read.
  const exited = new Promise((resolve) => child.once('close', resolve));
  const s: Serve = {
    child,
    info,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
  running.push(s);
  return s;
}

/** A request with the path sent as written (and any Host). */
function raw(url: string, method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<number>((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

/** Waits until `count` request lines are on stderr. */
async function lines(s: Serve, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const found = s
      .stderr()
      .split('\n')
      .filter((l) => /^[A-Z]+ \S* \d{3} \d+ ms$/.test(l));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${count} request lines in:\n${s.stderr()}`);
}

describe('billing serve request log', () => {
  it('logs method, path without the query, status and milliseconds, one line each', async () => {
    const s = await serve();
    const auth = { authorization: `Bearer ${s.info.personal_access_token}` };
    expect(await raw(s.info.url, 'GET', '/v1/orders/?limit=1&unknown=secret', auth)).toBe(200);
    expect(await raw(s.info.url, 'GET', '/nope')).toBe(404);
    const logged = await lines(s, 2);
    expect(logged[0]).toMatch(/^GET \/v1\/orders\/ 200 \d+ ms$/);
    expect(logged[1]).toMatch(/^GET \/nope 404 \d+ ms$/);
    expect(s.stderr()).not.toContain('secret');
    // --json: stdout is still its one JSON line.
    expect(s.stdout().trim().split('\n')).toHaveLength(1);
  });

  it('never logs a secret: client secrets, tokens and license keys in paths are redacted', async () => {
    const s = await serve();
    const secret = 'polar_c_SecretOfTheCheckout0000000000000000000000';
    const key = 'ACME-0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D';
    const token = 'polar_pat_TokenInAPath000000000000000000000000000';
    await raw(s.info.url, 'POST', `/v1/checkouts/custom/client/${secret}/confirm`, {
      'content-type': 'application/json',
    });
    await raw(s.info.url, 'GET', `/v1/${token}/x`);
    await raw(s.info.url, 'GET', `/v1/license-keys/${key}`);
    await raw(s.info.url, 'GET', `/v1/${encodeURIComponent(token)}%0aGET%20/forged%20200%201%20ms`);
    const logged = await lines(s, 4);
    expect(logged[0]).toMatch(
      /^POST \/v1\/checkouts\/custom\/client\/\[REDACTED\]\/confirm 404 \d+ ms$/,
    );
    expect(logged[1]).toMatch(/^GET \/v1\/\[REDACTED\]\/x 404 \d+ ms$/);
    // A seller's key by id is a route now; without a token it is a 401, still redacted.
    expect(logged[2]).toMatch(/^GET \/v1\/license-keys\/\[REDACTED\] 401 \d+ ms$/);
    // A newline in a path cannot forge a log line.
    expect(logged[3]).toMatch(/^GET \/v1\/\[REDACTED\]\/forged%20200%201%20ms 404 \d+ ms$/);
    expect(logged).toHaveLength(4);
    for (const value of [secret, key, token, 'SecretOfTheCheckout', 'TokenInAPath'])
      expect(s.stderr()).not.toContain(value);
  });

  it('--quiet turns the log off', async () => {
    const s = await serve('--quiet');
    expect(await raw(s.info.url, 'GET', '/__local/clock')).toBe(200);
    // Everything it would have logged is out once it has stopped.
    await s.stop();
    expect(s.stderr()).not.toMatch(/ \d{3} \d+ ms/);
  });
});

describe('billing serve --allowed-host', () => {
  it('answers the names given, refuses others, and refuses a value that is not a host', async () => {
    const s = await serve('--allowed-host', 'billing.test', '--allowed-host', 'proxy.test:9443');
    const port = new URL(s.info.url).port;
    expect(await raw(s.info.url, 'GET', '/__local/clock', { host: `billing.test:${port}` })).toBe(
      200,
    );
    expect(await raw(s.info.url, 'GET', '/__local/clock', { host: 'proxy.test:9443' })).toBe(200);
    expect(await raw(s.info.url, 'GET', '/__local/clock', { host: `other.test:${port}` })).toBe(
      403,
    );
    const bad = spawn(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--allowed-host', 'http://x/'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    bad.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    const code = await new Promise((resolve) => bad.once('exit', resolve));
    expect([code, err]).toEqual([
      2,
      'billing: --allowed-host must be a host name or host:port, got "http://x/"\n',
    ]);
  });
});
