// Exit codes 1, 3, 4, 8 and 130 end to end: a closed port, a server that never answers, one that
// always says 429/500/503 (a tiny node:http server), and rejected or missing credentials.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  configDirWithFileStorage,
  type Env,
  type Suite,
  spawnBin,
  startSuite,
} from './cli.js';

interface Seen {
  method: string;
  url: string;
  userAgent?: string;
}

let s: Suite;
let fake: Server;
let fakeUrl: string;
const seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();

beforeAll(async () => {
  s = await startSuite();
  fake = createServer((req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      userAgent: req.headers['user-agent'],
    });
    req.resume().on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
  await s.svc.stop();
});

/** Runs against the fake server with a token, after forgetting earlier requests. */
const againstFake = (args: string[], env: Env = {}) => {
  seen.length = 0;
  return s.run(args, { env: { BILLING_BASE_URL: fakeUrl, ...env } });
};
const ACTIVATE = [
  'keys',
  'activate',
  'KEY-1',
  '--org',
  '00000000-0000-4000-8000-000000000001',
  '--label',
  'x',
];

describe('answers from a misbehaving server', () => {
  it('429 on every try: retried (Retry-After: 0), then exit 8', async () => {
    answer = (_req, res) => res.writeHead(429, { 'retry-after': '0' }).end();
    const r = await againstFake(['orders', 'list']);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(
      'billing: rate limited by the server (429); gave up after 4 attempts',
    );
    expect(seen).toHaveLength(4);
    expect(seen[0]).toEqual({
      method: 'GET',
      url: '/v1/orders/?page=1&limit=30',
      userAgent: `billing-cli/0.1.0 node/${process.version}`,
    });
  });

  it('500 is not retried and exits 1 with the detail; 503 is retried, then exit 1', async () => {
    answer = (_req, res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"detail":"database on fire"}');
    const fiveHundred = await againstFake([
      'orders',
      'get',
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(fiveHundred).toEqual({ code: 1, stdout: '', stderr: 'billing: database on fire\n' });
    expect(seen).toHaveLength(1);

    answer = (_req, res) => res.writeHead(503, { 'retry-after': '0' }).end('busy');
    const unavailable = await againstFake(['org', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(unavailable).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'billing: the server answered 503 Service Unavailable: busy; gave up after 4 attempts\n',
    });
    expect(seen).toHaveLength(4);
  });

  it('409 (a concurrent confirm holds the checkout) exits 7, without a retry', async () => {
    answer = (_req, res) =>
      res
        .writeHead(409, { 'content-type': 'application/json' })
        .end('{"error":"CheckoutLocked","detail":"Checkout is being confirmed."}');
    const r = await againstFake([
      'checkout',
      'confirm',
      'polar_c_abc',
      '--customer-email',
      'a@b.co',
    ]);
    expect(r).toEqual({ code: 7, stdout: '', stderr: 'billing: Checkout is being confirmed.\n' });
    expect(seen.map((x) => `${x.method} ${x.url}`)).toEqual([
      'POST /v1/checkouts/custom/client/polar_c_abc/confirm',
    ]);
  });

  it('a POST that got a 503 is never sent again: it may have been applied', async () => {
    answer = (_req, res) => res.writeHead(503, { 'retry-after': '0' }).end();
    const r = await againstFake(ACTIVATE);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the server may have applied this request; check before retrying');
    expect(seen.map((x) => `${x.method} ${x.url}`)).toEqual([
      'POST /v1/customer-portal/license-keys/activate',
    ]);
  });

  it('a POST that times out (request_timeout from the profile) exits 3 after one try', async () => {
    answer = () => {}; // never answers
    const configDir = configDirWithFileStorage({
      slow: { base_url: fakeUrl, request_timeout: 0.3, storage: 'file' },
    });
    seen.length = 0;
    const r = await s.run(ACTIVATE, {
      env: {
        BILLING_CONFIG_DIR: configDir,
        BILLING_PROFILE: 'slow',
        BILLING_BASE_URL: undefined,
        BILLING_API_VERSION: undefined,
      },
    });
    expect(r.code).toBe(3);
    // A profile of its own speaks today's API: the seller's activate.
    expect(r.stderr.split('\n')[0]).toBe(
      `billing: POST ${fakeUrl}/v1/license-keys/activate failed (timed out after 300ms); ` +
        'the server may have applied this request; check before retrying',
    );
    expect(seen).toHaveLength(1);
  });

  it('Ctrl-C while a request is in flight exits 130', async () => {
    answer = () => {};
    seen.length = 0;
    const env = { ...s.env, BILLING_BASE_URL: fakeUrl };
    const r = await spawnBin(['orders', 'list'], env, undefined, (child) => {
      const poll = setInterval(() => {
        if (seen.length > 0) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 10);
    });
    expect(r).toEqual({ code: 130, stdout: '', stderr: 'billing: interrupted\n' });
  });
});

describe('unreachable', () => {
  it('a closed port exits 3 after the retries, with or without a token', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;
    const [withToken, withoutToken] = await Promise.all([
      s.run(['orders', 'list'], { env: { BILLING_BASE_URL: url } }),
      s.run(['orders', 'list'], { env: { BILLING_BASE_URL: url, BILLING_TOKEN: undefined } }),
    ]);
    const hint = 'Start the local service with `billing serve`, or check the API base URL.\n';
    expect(withToken).toEqual({
      code: 3,
      stdout: '',
      stderr: `billing: cannot reach ${url} (connection refused) after 4 attempts\n${hint}`,
    });
    // The local profile asks the service for its demo token first: that failing is exit 3 too.
    expect(withoutToken).toEqual({
      code: 3,
      stdout: '',
      stderr: `billing: cannot reach ${url} (connection refused)\n${hint}`,
    });
  });
});

describe('credentials', () => {
  it('no token on a profile other than local: exit 4 with the way out', async () => {
    const configDir = configDirWithFileStorage({ ci: { base_url: s.url, storage: 'file' } });
    const r = await s.run(['orders', 'list'], {
      env: {
        BILLING_CONFIG_DIR: configDir,
        BILLING_PROFILE: 'ci',
        BILLING_TOKEN: undefined,
        BILLING_BASE_URL: undefined,
      },
    });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: not logged in (profile "ci")\n' +
        'Run `billing login`, or set BILLING_TOKEN to a personal access token.\n',
    });
  });

  it('a token the service does not know: 401, exit 4', async () => {
    const r = await s.run(['org', 'get', s.demo.organization_id], {
      env: { BILLING_TOKEN: 'polar_pat_thisTokenWasNeverIssuedByTheService0000000' },
    });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    const [message, hint, end] = r.stderr.split('\n');
    // The token came from BILLING_TOKEN: the fix is there, not in `billing login`.
    expect(message).toBe(
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked',
    );
    expect(hint).toBe(
      'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.',
    );
    expect(end).toBe('');
  });
});
