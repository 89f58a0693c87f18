// `billing listen` end to end, the built bin against the local service: events forwarded to a
// receiver that verifies each with the official SDK's validateEvent and the secret the banner
// printed; NDJSON read line by line; the service restarted on the same --db and port while
// listening (what happens after arrives, nothing twice); Ctrl+C in a terminal; refusals.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { spawnTerminal } from '../helpers/pty.js';
import { type Receiver, startReceiver, verify } from '../server/webhook-helpers.js';
import { BIN, type Env, type Json, type Suite, spawnBin, startSuite, tempDir } from './cli.js';

/** A `billing listen` running in the background: its output so far, and a way to wait on it. */
interface Listener {
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves with the match once `pattern` shows on stderr (or stdout with `on`). */
  waitFor(pattern: RegExp, on?: 'stdout' | 'stderr', timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Ctrl+C; resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

const running: ChildProcess[] = [];

function listen(args: string[], env: Env): Listener {
  const clean = Object.fromEntries(
    Object.entries({ PATH: process.env.PATH, ...env }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const child = spawn(process.execPath, [BIN, 'listen', ...args], { env: clean });
  running.push(child);
  const out = { stdout: '', stderr: '' };
  const wakers = new Set<() => void>();
  for (const name of ['stdout', 'stderr'] as const) {
    child[name].setEncoding('utf8').on('data', (d: string) => {
      out[name] += d;
      for (const wake of wakers) wake();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    get stdout() {
      return out.stdout;
    },
    get stderr() {
      return out.stderr;
    },
    waitFor(pattern, on = 'stderr', timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out[on].match(pattern);
          if (!m) return;
          wakers.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          wakers.delete(check);
          reject(new Error(`listen never printed ${pattern}:\n${out.stdout}\n${out.stderr}`));
        }, timeoutMs);
        wakers.add(check);
        check();
      });
    },
    async interrupt() {
      child.kill('SIGINT');
      const code = await exited;
      // No stack trace, whatever happened.
      expect(out.stderr).not.toContain('\n    at ');
      return code;
    },
  };
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

const SECRET_LINE = /Signing secret: (\S+)\n/;

let s: Suite;
let receiver: Receiver;

beforeAll(async () => {
  s = await startSuite();
  // A personal access token names no organization: the profile's default does.
  s.env.BILLING_ORG = s.demo.organization_id;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await s.svc.stop();
});

/** An active demo subscription not yet cancelled, now cancelled at period end: two events. */
async function cancelOne(suite: { run: Suite['run'] }): Promise<string> {
  const list = await suite.run(['subs', 'list', '--active', '--limit', '100', '--json']);
  expect(list.code, list.stderr).toBe(0);
  const id: string = (JSON.parse(list.stdout) as Json[]).find((x) => !x.cancel_at_period_end).id;
  const r = await suite.run(['subs', 'cancel', id]);
  expect(r.code, r.stderr).toBe(0);
  return id;
}

describe('billing listen', () => {
  it('forwards each event to the handler, which verifies it with the SDK and the secret the banner printed', async () => {
    const l = listen([receiver.url], s.env);
    await l.waitFor(/Forwarding each event to .*\n/);
    const [, secret] = await l.waitFor(SECRET_LINE);
    expect(l.stderr).toBe(
      `Listening to the events of organization ${s.demo.organization_id} (Ctrl+C to stop)\n` +
        `Signing secret: ${secret}\n` +
        `Forwarding each event to ${receiver.url}\n`,
    );
    const before = receiver.received.length;
    const subscription = await cancelOne(s);
    const got = (await receiver.waitFor(before + 2)).slice(before);
    const verified = got.map((r) => verify(r, secret!));
    expect(verified.map((v) => v.type).sort()).toEqual([
      'subscription.canceled',
      'subscription.updated',
    ]);
    for (const v of verified) expect(v.json.data.id).toBe(subscription);
    for (const r of got) expect(r.headers['user-agent']).toBe('polar.sh webhooks');
    // One line per event on stdout: ISO time, type, event id, status, latency.
    await l.waitFor(/(.*\n){2}/, 'stdout');
    const rows = l.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual(
      got.map((r) => [JSON.parse(r.body).type, r.headers['webhook-id'], '200']),
    );
    for (const r of rows) {
      expect(r[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
      expect(r[4]).toMatch(/^\d+$/);
    }
    expect(await l.interrupt()).toBe(130);
    expect(l.stderr.endsWith('billing: interrupted\n')).toBe(true);
  });

  it('-o ndjson: each event as one JSON line, as the handler would get it; --events filters', async () => {
    const l = listen(['-o', 'ndjson', '--events', 'subscription.canceled'], s.env);
    await l.waitFor(/Only these events: subscription\.canceled\n/);
    const first = await cancelOne(s);
    const second = await cancelOne(s);
    await l.waitFor(/(.*\n){2}/, 'stdout');
    const events: Json[] = l.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ['subscription.canceled', first],
      ['subscription.canceled', second],
    ]);
    for (const e of events) expect(e.data.cancel_at_period_end).toBe(true);
    expect(await l.interrupt()).toBe(130);
  });

  it('refuses a forward URL that is not http(s) before connecting (exit 2), a token without webhooks:read (exit 5) and a rejected one (exit 4)', async () => {
    expect(await s.run(['listen', 'ftp://localhost/hooks'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: forward-url: must be an http or https URL, got ftp:\n',
    });
    const minted = await s.call(
      'POST',
      '/__local/personal-access-tokens',
      { email: 'alice@acme.test', scopes: ['orders:read'] },
      null,
    );
    const scoped = await s.run(['listen', '--json'], { env: { BILLING_TOKEN: minted.token } });
    expect(scoped.code).toBe(5);
    expect(scoped.stderr).toMatch(/webhooks:read/);
    const rejected = await s.run(['listen', '--json', '--org', s.demo.organization_id], {
      env: { BILLING_TOKEN: 'polar_pat_thisTokenWasNeverIssuedByTheService000000000' },
    });
    expect(rejected).toMatchObject({ code: 4, stdout: '' });
    expect(rejected.stderr).toMatch(/^billing: the token in BILLING_TOKEN was rejected/);
  });
});

describe('billing listen across a restart of the service', () => {
  let svc: RunningService;
  let db: string;
  afterAll(() => svc?.stop());

  it('reconnects to the service restarted on the same --db and port: what happens after arrives, nothing twice', async () => {
    db = join(tempDir('billing-listen-db-'), 'billing.db');
    svc = await start({ port: 0, db });
    const port = Number(new URL(svc.url).port);
    const demo = svc.demo!;
    const env: Env = {
      HOME: tempDir('billing-home-'),
      BILLING_BASE_URL: svc.url,
      BILLING_TOKEN: demo.personal_access_token,
      BILLING_ORG: demo.organization_id,
      BILLING_CONFIG_DIR: tempDir(),
    };
    const suite = { run: (args: string[]) => spawnBin(args, env) };
    const own = await startReceiver();
    try {
      const l = listen([own.url], env);
      const [, secret] = await l.waitFor(SECRET_LINE);
      await cancelOne(suite);
      await own.waitFor(2);

      await svc.stop();
      await l.waitFor(/! the service ended the event stream; reconnecting…\n/);
      svc = await start({ port, db });
      await l.waitFor(/✓ Reconnected after [\d.]+ s\n/);

      await cancelOne(suite);
      await own.waitFor(4);
      // One change more: the stream is in order, so a duplicate of anything before would
      // arrive before its event (an observable end instead of a pause).
      const renamed = await suite.run([
        'org',
        'update',
        demo.organization_id,
        '--name',
        'Acme Again',
      ]);
      expect(renamed.code, renamed.stderr).toBe(0);
      const all = await own.waitFor(5);
      expect(verify(all.at(-1)!, secret!).type).toBe('organization.updated');
      const ids = own.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      for (const r of all) verify(r, secret!);
      await l.waitFor(/(.*\n){5}/, 'stdout');
      expect(l.stdout.trimEnd().split('\n')).toHaveLength(5);
      // Said once for the outage, however many attempts it took.
      expect(l.stderr.match(/reconnecting…/g)).toHaveLength(1);
      expect(await l.interrupt()).toBe(130);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('billing listen in a terminal', () => {
  it('Ctrl+C ends it at once with exit 130', async () => {
    const t = spawnTerminal([process.execPath, BIN, 'listen', 'http://localhost:3000/webhooks'], {
      env: s.env,
    });
    try {
      await t.waitFor(/Forwarding each event to http:\/\/localhost:3000\/webhooks/);
      const pressed = performance.now();
      t.write('\x03');
      const { code, at } = await t.exited;
      expect(code).toBe(130);
      expect(at - pressed).toBeLessThan(1000);
      expect(t.output).toContain('billing: interrupted');
    } finally {
      t.kill();
    }
  });
});
