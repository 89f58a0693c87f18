// The local service's fault injector and rate limiter, at the HTTP level: the spec syntax, what
// each fault does to a request (and to the data), seeded reproducibility, /__local immunity, and
// the real service's rate limits (api-facts "Rate limits", "Errors").
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultInjector, parseFaultSpec } from '../../src/server/faults.js';
import { type RunningService, start } from '../../src/server/index.js';
import { gate } from '../server/helpers.js';
import {
  BIN,
  clearFaults,
  cli,
  cliEnv,
  getFaults,
  NODE,
  requireBuild,
  setFaults,
  tempDir,
} from './helpers.js';

describe('the fault spec', () => {
  it('parses the compact syntax into rules', () => {
    expect(
      parseFaultSpec(
        '503:0.1,502:5%,429:0.05,reset:0.05,reset-after:0.02,latency:50ms@/v1/orders*;' +
          'reset:1,max:2,retry-after:3@GET|patch /v1/license-keys/*;latency:1-2s;seed=7;retry-after=0',
      ),
    ).toEqual({
      seed: 7,
      retry_after: 0,
      rules: [
        {
          match: '/v1/orders*',
          '503': 0.1,
          '502': 0.05,
          '429': 0.05,
          reset: 0.05,
          reset_after: 0.02,
          latency_ms: 50,
        },
        {
          match: '/v1/license-keys/*',
          methods: ['GET', 'PATCH'],
          '503': 0,
          '502': 0,
          '429': 0,
          reset: 1,
          reset_after: 0,
          max: 2,
          retry_after: 3,
        },
        {
          match: '*',
          '503': 0,
          '502': 0,
          '429': 0,
          reset: 0,
          reset_after: 0,
          latency_ms: [1000, 2000],
        },
      ],
    });
  });

  it('accepts the same spec as JSON', () => {
    expect(parseFaultSpec('{"seed":1,"rules":[{"match":"/v1/*","503":0.5}]}')).toEqual({
      seed: 1,
      rules: [{ match: '/v1/*', '503': 0.5, '502': 0, '429': 0, reset: 0, reset_after: 0 }],
    });
  });

  it.each([
    ['503:2', /<=1/],
    ['503:0.6,reset:0.6', /add up to more than 1/],
    ['teapot:0.1', /unknown fault "teapot"/],
    ['503', /expected e\.g\./],
    ['503:abc', /not a fraction/],
    ['latency:fast', /not a duration/],
    ['503:0.1@^/v1/(', /regular expressions are not supported.*glob/],
    // A regex with nested quantifiers held the event loop for hours (issue 12).
    ['503:1@^(/+)+x$', /regular expressions are not supported/],
    ['{"rules":[{"match":"^/v1/orders","503":1}]}', /rules\.0\.match: regular expressions/],
    ['{"rules":[{"oops":1}]}', /oops/],
    ['{not json', /invalid JSON/],
  ])('refuses %j', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(message);
  });

  it('draws the same faults for the same seed', () => {
    const spec = parseFaultSpec('503:0.2,502:0.2,reset:0.2;seed=42');
    const draw = () => {
      const injector = new FaultInjector(spec);
      return Array.from({ length: 200 }, () => injector.decide('GET', '/v1/orders/').kind ?? '-');
    };
    const first = draw();
    expect(draw()).toEqual(first);
    // Roughly the asked-for shares, each kind present.
    for (const kind of ['503', '502', 'reset']) {
      const n = first.filter((k) => k === kind).length;
      expect(n).toBeGreaterThan(20);
      expect(n).toBeLessThan(65);
    }
  });

  it('matches globs on the path only, methods when given, first live rule first', () => {
    const injector = new FaultInjector(
      parseFaultSpec('503:1,max:1@POST /v1/checkouts/*/confirm;502:1@/v1/checkouts/*'),
    );
    const kind = (method: string, url: string) => injector.decide(method, url).kind;
    expect(kind('GET', '/v1/orders/?page=1')).toBeUndefined();
    expect(kind('POST', '/v1/checkouts/custom/client/polar_c_x/confirm?x=1')).toBe('503');
    // The first rule is spent after one fault.
    expect(kind('POST', '/v1/checkouts/custom/client/polar_c_x/confirm')).toBe('502');
    expect(kind('GET', '/v1/checkouts/custom/abc')).toBe('502');
    expect(kind('GET', '/__local/demo')).toBeUndefined();
  });

  it('matches a glob in linear time, however many stars it has (no ReDoS)', () => {
    // As a regex (^.*a.*a…b$) this backtracks for longer than the age of the universe: a
    // backtracking matcher never returns within the test's time (no stopwatch needed).
    const injector = new FaultInjector(parseFaultSpec(`503:1@${'*a'.repeat(200)}b`));
    expect(injector.decide('GET', `/${'a'.repeat(8000)}`).kind).toBeUndefined();
    expect(injector.decide('GET', `/${'a'.repeat(8000)}b`).kind).toBe('503');
    const exact = new FaultInjector(parseFaultSpec('503:1@/v1/orders/'));
    expect(exact.decide('GET', '/v1/orders/').kind).toBe('503');
    expect(exact.decide('GET', '/v1/orders/x').kind).toBeUndefined();
    // Regex metacharacters in a glob are plain characters.
    const dots = new FaultInjector(parseFaultSpec('503:1@/v1/a.c(+)*'));
    expect(dots.decide('GET', '/v1/abc(+)').kind).toBeUndefined();
    expect(dots.decide('GET', '/v1/a.c(+)/z').kind).toBe('503');
  });
});

let svc: RunningService;
let token: string;
let org: string;

beforeAll(async () => {
  svc = await start({ port: 0 });
  token = svc.demo!.personal_access_token;
  org = svc.demo!.organization_id;
});
afterAll(() => svc.stop());
beforeEach(() => clearFaults(svc.url));

const auth = () => ({ authorization: `Bearer ${token}` });

/** One request on its own connection; resolves with the error when the socket is dropped. */
function raw(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status?: number; headers?: Record<string, unknown>; text?: string; error?: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${svc.url}${path}`, {
      method,
      agent: false,
      headers: {
        ...auth(),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      res.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code }));
    });
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code }));
    req.end(payload);
  });
}

const orgName = () => svc.store.get('SELECT name FROM organizations WHERE id = ?', org)!.name;

describe('injected faults', () => {
  it('answers 503 and 429 with an empty body and Retry-After, 502 without it', async () => {
    await setFaults(svc.url, '503:1,retry-after:2@/v1/orders*;429:1@/v1/organizations*');
    const a = await raw('GET', '/v1/orders/');
    expect([a.status, a.text, a.headers?.['retry-after']]).toEqual([503, '', '2']);
    const b = await raw('GET', `/v1/organizations/${org}`);
    expect([b.status, b.text, b.headers?.['retry-after']]).toEqual([429, '', '1']);
    await setFaults(svc.url, '502:1');
    const c = await raw('GET', '/v1/orders/');
    expect([c.status, c.text, c.headers?.['retry-after']]).toEqual([502, '', undefined]);
  });

  it('drops the connection before the handler runs: nothing is applied', async () => {
    const before = orgName();
    await setFaults(svc.url, 'reset:1@PATCH /v1/organizations/*');
    const r = await raw('PATCH', `/v1/organizations/${org}`, { name: 'Never Applied' });
    expect(r.error).toMatch(/ECONNRESET|socket hang up|EPIPE/);
    expect(orgName()).toBe(before);
  });

  it('drops the connection after the handler committed: the change is there', async () => {
    await setFaults(svc.url, 'reset-after:1@PATCH /v1/organizations/*');
    const r = await raw('PATCH', `/v1/organizations/${org}`, { name: 'Applied Silently' });
    expect(r.status).toBeUndefined();
    expect(r.error).toMatch(/ECONNRESET|socket hang up/);
    expect(orgName()).toBe('Applied Silently');
    expect((await getFaults(svc.url)).injected.reset_after).toBe(1);
  });

  it('adds latency: the answer waits for the whole pause', async () => {
    await setFaults(svc.url, 'latency:150ms@/v1/orders*');
    // The pause ends when the test says so, not after a wall-clock wait it would have to measure.
    const pauses: number[] = [];
    const inPause = gate();
    const resumed = gate();
    const { pause } = svc.faults;
    svc.faults.pause = async (ms) => {
      pauses.push(ms);
      inPause.open();
      await resumed.passed;
    };
    try {
      let answered = false;
      const pending = raw('GET', '/v1/orders/?limit=1').then((r) => {
        answered = true;
        return r;
      });
      await inPause.passed;
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      expect(answered).toBe(false);
      resumed.open();
      expect((await pending).status).toBe(200);
      expect(pauses).toEqual([150]);
      expect((await getFaults(svc.url)).injected.latency).toBe(1);
    } finally {
      svc.faults.pause = pause;
    }
  });

  it('never touches /__local/*, and reports what it injected', async () => {
    await setFaults(svc.url, '{"seed":3,"rules":[{"503":1}]}');
    expect((await raw('GET', '/v1/orders/')).status).toBe(503);
    expect((await raw('GET', '/__local/demo')).status).toBe(200);
    const view = await getFaults(svc.url);
    expect(view).toMatchObject({ seed: 3, injected: { '503': 1, reset: 0 } });
  });

  it('takes the compact syntax as a JSON string, refuses text/plain and bad specs with 422, and clears with DELETE', async () => {
    const put = await fetch(`${svc.url}/__local/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify('reset:0.5;seed=9'),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ seed: 9, rules: [{ reset: 0.5 }] });
    // A text body is what any web page may send without asking (issue 12): refused.
    const text = await fetch(`${svc.url}/__local/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: '503:1',
    });
    expect(text.status).toBe(422);
    expect(await getFaults(svc.url)).toMatchObject({ seed: 9, rules: [{ reset: 0.5 }] });
    const bad = await fetch(`${svc.url}/__local/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: '503:7' }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: 'RequestValidationError' });
    const del = await fetch(`${svc.url}/__local/faults`, { method: 'DELETE' });
    expect(await del.json()).toMatchObject({ rules: [] });
    expect((await raw('GET', '/v1/orders/?limit=1')).status).toBe(200);
  });
});

describe('rate limits (--rate-limit)', () => {
  let limited: RunningService;
  let pat: string;
  beforeAll(async () => {
    limited = await start({ port: 0, rateLimit: true });
    pat = limited.demo!.personal_access_token;
  });
  afterAll(() => limited.stop());

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${limited.url}${path}`, init).then(async (r) => ({
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      text: await r.text(),
    }));

  it('allows 500 requests a minute per token, then 429 with an empty body until the window moves', async () => {
    // A fresh minute of the service clock, so the window cannot roll over mid-test.
    await call('/__local/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: new Date(Date.UTC(2030, 0, 1)).toISOString() }),
    });
    const get = () => call('/v1/orders/?limit=1', { headers: { authorization: `Bearer ${pat}` } });
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const replies = await Promise.all(Array.from({ length: 50 }, get));
      statuses.push(...replies.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(500);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('');
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // Another principal has its own budget; /__local is never limited.
    const bob = limited.demo!.other.personal_access_token;
    const other = await call('/v1/orders/?limit=1', {
      headers: { authorization: `Bearer ${bob}` },
    });
    expect(other.status).toBe(200);
    expect((await call('/__local/demo')).status).toBe(200);
    // The window follows the service clock.
    await call('/__local/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 60 }),
    });
    expect((await get()).status).toBe(200);
  });

  it('allows 3 unauthenticated license-key calls a second per client', async () => {
    await call('/__local/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: new Date(Date.UTC(2030, 0, 2)).toISOString() }),
    });
    const body = JSON.stringify({
      key: limited.demo!.license_key,
      organization_id: limited.demo!.organization_id,
    });
    const validate = () =>
      call('/v1/customer-portal/license-keys/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const replies = await Promise.all(Array.from({ length: 6 }, validate));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = replies.find((r) => r.status === 429)!;
    expect([refused.text, refused.retryAfter]).toEqual(['', '1']);
  });

  it('allows 6 confirms a minute per client secret', async () => {
    await call('/__local/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: new Date(Date.UTC(2030, 0, 3)).toISOString() }),
    });
    const confirm = (secret: string) =>
      call(`/v1/checkouts/custom/client/${secret}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await confirm('polar_c_doesnotexist')).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429]);
    // Another secret has its own budget.
    expect((await confirm('polar_c_another')).status).toBe(404);
  });
});

describe('billing serve --faults --rate-limit (the real bin)', () => {
  it('applies both flags, and refuses a bad spec with exit 2', async () => {
    requireBuild();
    const dir = tempDir('serve-flags');
    const child = spawn(
      NODE,
      [BIN, 'serve', '--port', '0', '--json', '--rate-limit', '--faults', '503:1@GET /v1/orders*'],
      { env: cliEnv({ BILLING_CONFIG_DIR: dir.path }), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const info = await new Promise<{ url: string; personal_access_token: string }>(
        (resolve, reject) => {
          let out = '';
          child.stdout!.setEncoding('utf8').on('data', (d: string) => {
            out += d;
            if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
          });
          child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
        },
      );
      const orders = await fetch(`${info.url}/v1/orders/`, {
        headers: { authorization: `Bearer ${info.personal_access_token}` },
      });
      expect([orders.status, await orders.text()]).toEqual([503, '']);
      const confirm = () =>
        fetch(`${info.url}/v1/checkouts/custom/client/polar_c_x/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).then((r) => r.status);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push(await confirm());
      expect(statuses.slice(0, 6).every((s) => s === 404)).toBe(true);
      expect(statuses[6]).toBe(429);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      dir.remove();
    }
    const bad = await cli(['serve', '--port', '0', '--faults', '503:0.5,502:0.6'], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'billing: --faults: rules.0: the fractions of a rule add up to more than 1\n',
    );
  });
});

describe('start() and serve flags', () => {
  it('starts with a spec and refuses a bad one before opening anything', async () => {
    await expect(start({ port: 0, faults: '503:9' })).rejects.toThrow(/fault spec/);
    const s = await start({ port: 0, faults: '503:1@/v1/orders*;seed=1' });
    try {
      const r = await fetch(`${s.url}/v1/orders/`);
      expect(r.status).toBe(503);
      expect(s.faults.view().injected['503']).toBe(1);
    } finally {
      await s.stop();
    }
  });
});
