// billing serve: argv -> the service's options or the exact usage error; run, it listens on
// loopback, prints its JSON line and stops when interrupted.
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildServe,
  runServe,
  type ServeOptions,
} from '../../../../src/cli/commands/serve/serve.js';
import type { Context } from '../../../../src/cli/context.js';
import type { Capture } from '../../../helpers/cli.js';
import { execute, parse } from '../verb.js';

const CLIENT_ID = 'polar_ci_billingCLIlocalServicePublicClient000044vii';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const DEFAULTS: ServeOptions = {
  port: 8787,
  host: '127.0.0.1',
  db: undefined,
  seed: undefined,
  orders: undefined,
  authUrl: undefined,
  faults: undefined,
  rateLimit: false,
  json: false,
  allowedHosts: undefined,
  quiet: false,
  webhook: undefined,
};

describe('serve: argv -> options', () => {
  it.each<[string[], ServeOptions]>([
    [[], DEFAULTS],
    [
      ['--port', '0', '--json', '--quiet', '--rate-limit', '--seed', 'none', '--orders', '100'],
      { ...DEFAULTS, port: 0, json: true, quiet: true, rateLimit: true, seed: 'none', orders: 100 },
    ],
    [
      [
        '--host',
        '::1',
        '--db',
        './billing.db',
        '--auth-url',
        'https://auth.billing.example',
        '--allowed-host',
        'billing.example',
        '--allowed-host',
        '[::1]:8443',
      ],
      {
        ...DEFAULTS,
        host: '::1',
        db: './billing.db',
        authUrl: 'https://auth.billing.example',
        allowedHosts: ['billing.example', '[::1]:8443'],
      },
    ],
    [
      ['--faults', '503:0.1,reset:5%,latency:20-80ms@GET|HEAD /v1/*;seed=7;retry-after=2'],
      {
        ...DEFAULTS,
        faults: {
          seed: 7,
          retry_after: 2,
          rules: [
            {
              match: '/v1/*',
              methods: ['GET', 'HEAD'],
              '503': 0.1,
              '502': 0,
              '429': 0,
              reset: 0.05,
              reset_after: 0,
              latency_ms: [20, 80],
            },
          ],
        },
      },
    ],
    [
      ['--webhook', 'http://localhost:3000/webhooks'],
      { ...DEFAULTS, webhook: 'http://localhost:3000/webhooks' },
    ],
    [
      ['--faults', '{"rules":[{"match":"/v1/orders*","429":1,"max":3}]}'],
      {
        ...DEFAULTS,
        faults: {
          rules: [
            {
              match: '/v1/orders*',
              '503': 0,
              '502': 0,
              '429': 1,
              reset: 0,
              reset_after: 0,
              max: 3,
            },
          ],
        },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildServe, 'serve', argv)).toEqual({ options, code: 0, stderr: '' });
  });

  it('--seed empty --fixtures <file>: the file read and checked before anything starts', async () => {
    const file = fileURLToPath(new URL('../../../fixtures/shop.json', import.meta.url));
    const r = await parse(buildServe, 'serve', ['--seed', 'empty', '--fixtures', file]);
    expect(r.code).toBe(0);
    expect(r.options).toMatchObject({ seed: 'empty', fixtures: { file } });
    expect(Object.keys(r.options!.fixtures!.fixture.fixture.products!)).toEqual(['hobby', 'pro']);
  });

  it.each([
    [['--port', 'abc'], 'billing: --port must be an integer from 0 to 65535, got "abc"\n'],
    [['--port', '65536'], 'billing: --port must be an integer from 0 to 65535, got "65536"\n'],
    [['--port', '-1'], 'billing: --port must be an integer from 0 to 65535, got "-1"\n'],
    [['--orders', '1e3'], 'billing: --orders must be an integer from 0 to 5000000, got "1e3"\n'],
    [['--faults', 'boom:0.1'], 'billing: --faults: unknown fault "boom"\n'],
    [['--faults', '503:ten'], 'billing: --faults: "ten" is not a fraction (0.1 or 10%)\n'],
    [
      ['--faults', '503:0.6,502:0.6'],
      'billing: --faults: rules.0: the fractions of a rule add up to more than 1\n',
    ],
    [['--faults', '{"rules":'], 'billing: --faults: invalid JSON\n'],
    [
      ['--allowed-host', 'https://billing.example'],
      'billing: --allowed-host must be a host name or host:port, got "https://billing.example"\n',
    ],
    [
      ['--allowed-host', 'billing example'],
      'billing: --allowed-host must be a host name or host:port, got "billing example"\n',
    ],
    [
      ['--allowed-host', 'billing.example:99999'],
      'billing: --allowed-host must be a host name or host:port, got "billing.example:99999"\n',
    ],
    [
      ['--webhook', 'localhost:3000/webhooks'],
      'billing: --webhook must be an http:// or https:// URL, got "localhost:3000/webhooks"\n',
    ],
    [
      ['--webhook', '/webhooks'],
      'billing: --webhook must be an http:// or https:// URL, got "/webhooks"\n',
    ],
    [
      ['--seed', 'all'],
      "billing: option '--seed <data>' argument 'all' is invalid. Allowed choices are demo, empty, none.\n",
    ],
    [
      ['--fixtures', '/nonexistent/shop.json'],
      'billing: cannot read /nonexistent/shop.json: no such file\n',
    ],
  ])('%j is a usage error and starts nothing', async (argv, stderr) => {
    expect(await parse(buildServe, 'serve', argv)).toEqual({ code: 2, stderr });
  });
});

/** Polls `capture` until `done` holds for its text (10 s at most). */
async function until(capture: Capture, done: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!done(capture.text)) {
    if (Date.now() > deadline)
      throw new Error(`timed out; so far: ${JSON.stringify(capture.text)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return capture.text;
}

/**
 * Runs the service with `options`; once `ready` holds for what it printed, calls `use` with
 * that text and the run's context, then interrupts it (Ctrl+C) and waits for it to stop.
 */
async function serving(
  options: ServeOptions,
  ready: { stream: 'stdout' | 'stderr'; done: (text: string) => boolean },
  use: (text: string, ctx: Context) => Promise<void>,
) {
  const ctrlC = new AbortController();
  return execute(
    async (o: ServeOptions, ctx: Context) => {
      const running = runServe(o, ctx);
      const stream = ctx.io[ready.stream] as Capture;
      const text = await Promise.race([until(stream, ready.done), running.then(() => '')]);
      try {
        await use(text, ctx);
      } finally {
        ctrlC.abort();
      }
      await running;
    },
    options,
    { signal: ctrlC.signal },
  );
}

describe('serve: options + answers -> output', () => {
  const quiet: ServeOptions = { ...DEFAULTS, port: 0, json: true, quiet: true };

  it('--json: one line with the URL and the demo credentials, which the service accepts', async () => {
    let info: Record<string, unknown> = {};
    let orders: { status: number; body: { items: unknown[] } } | undefined;
    let anonymous = 0;
    const r = await serving(
      quiet,
      { stream: 'stdout', done: (t) => t.endsWith('\n') },
      async (line) => {
        info = JSON.parse(line);
        const url = `${info.url}/v1/orders/`;
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${info.personal_access_token}` },
        });
        orders = { status: res.status, body: (await res.json()) as { items: unknown[] } };
        const refused = await fetch(url);
        anonymous = refused.status;
        await refused.body?.cancel();
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(info)}\n`, stderr: '' });
    expect(Object.keys(info)).toEqual([
      'url',
      'auth_url',
      'organization_id',
      'personal_access_token',
      'client_id',
      'demo',
      'webhook',
    ]);
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(info.auth_url).toBe(info.url);
    expect(info.organization_id).toMatch(UUID);
    expect(info.personal_access_token).toMatch(/^polar_pat_\w+$/);
    expect(info.client_id).toBe(CLIENT_ID);
    const demo = info.demo as Record<string, unknown>;
    expect(Object.keys(demo)).toEqual(['open_checkout_ids', 'license_key', 'customer_email']);
    expect((demo.open_checkout_ids as string[]).length).toBeGreaterThan(0);
    for (const id of demo.open_checkout_ids as string[]) expect(id).toMatch(UUID);
    expect(demo.customer_email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(orders?.status).toBe(200);
    expect(orders?.body.items.length).toBeGreaterThan(0);
    expect(anonymous).toBe(401);
    // Stopped once interrupted: nothing listens there any more.
    await expect(fetch(`${info.url}/v1/orders/`)).rejects.toThrow();
  });

  it('--seed empty --json: its organization and token, no demo', async () => {
    let line = '';
    const r = await serving(
      { ...quiet, seed: 'empty' },
      { stream: 'stdout', done: (t) => t.endsWith('\n') },
      async (text) => {
        line = text;
      },
    );
    const info = JSON.parse(line);
    expect(r.code).toBe(0);
    expect(info).toMatchObject({ demo: null, client_id: null, webhook: null });
    expect(info.organization_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.personal_access_token).toMatch(/^polar_pat_/);
  });

  it('--fixtures with --seed none -> exit 2, nothing started', async () => {
    const file = fileURLToPath(new URL('../../../fixtures/shop.json', import.meta.url));
    const r = await parse(buildServe, 'serve', ['--seed', 'none', '--fixtures', file]);
    const ran = await execute(runServe, r.options!, {});
    expect(ran).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --fixtures needs an organization and its token: not with --seed none\nUse --seed empty for your fixture alone, or the demo data (the default) beside it.\n',
    });
  });

  it('--seed none --json: no demo, nulls in the line', async () => {
    let line = '';
    const r = await serving(
      { ...quiet, seed: 'none' },
      { stream: 'stdout', done: (t) => t.endsWith('\n') },
      async (text) => {
        line = text;
      },
    );
    const url = JSON.parse(line).url as string;
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify({
        url,
        auth_url: url,
        organization_id: null,
        personal_access_token: null,
        client_id: null,
        demo: null,
        webhook: null,
      })}\n`,
      stderr: '',
    });
  });

  it('--seed empty without --json: the organization and its token on stderr', async () => {
    const r = await serving(
      { ...quiet, json: false, seed: 'empty' },
      { stream: 'stderr', done: (t) => t.includes('Press Ctrl+C to stop.\n') },
      async () => {},
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^Billing service listening on http:\/\/127\.0\.0\.1:\d+\n {2}database: in memory \(use --db <file> to keep data\)\n {2}organization: [0-9a-f-]{36}\n {2}personal access token: polar_pat_\w+\n\nTry:\n {2}BILLING_TOKEN=polar_pat_\w+ billing products list --org [0-9a-f-]{36}\n\nPress Ctrl\+C to stop\.\n$/,
    );
  });

  it('without --json or --quiet: the address on stderr, then one line per request', async () => {
    let url = '';
    const r = await serving(
      { ...DEFAULTS, port: 0, seed: 'none' },
      { stream: 'stderr', done: (t) => t.includes('to keep data)\n') },
      async (text, ctx) => {
        url = /listening on (\S+)/.exec(text)![1]!;
        const res = await fetch(`${url}/v1/orders/?page=1`);
        await res.body?.cancel();
        await until(ctx.io.stderr as Capture, (t) => t.split('\n').length === 4);
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(
        `^Billing service listening on ${url.replaceAll('.', '\\.')}\\n` +
          '  database: in memory \\(use --db <file> to keep data\\)\\n' +
          'GET /v1/orders/ 401 \\d+ ms\\n$',
      ),
    );
  });

  it('--orders above 10 000 without --db: the database is a temporary file, and says so', async () => {
    const r = await serving(
      { ...DEFAULTS, port: 0, seed: 'none', orders: 10_001, quiet: true },
      { stream: 'stderr', done: (t) => t.includes('to keep data)\n') },
      async () => {},
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /\n {2}database: a temporary file, 16 MiB of it in memory \(use --db <file> to keep data\)\n/,
    );
  });

  it('--webhook: the endpoint and its secret in the line; the demo organization gets its events', async () => {
    let info: Record<string, unknown> = {};
    let listed: unknown;
    const url = 'http://127.0.0.1:9/webhooks';
    const r = await serving(
      { ...quiet, webhook: url },
      { stream: 'stdout', done: (t) => t.endsWith('\n') },
      async (line) => {
        info = JSON.parse(line);
        const res = await fetch(`${info.url}/v1/webhooks/endpoints`, {
          headers: { authorization: `Bearer ${info.personal_access_token}` },
        });
        listed = await res.json();
      },
    );
    expect(r.code).toBe(0);
    const webhook = info.webhook as { id: string; url: string; secret: string };
    expect(webhook).toEqual({ id: expect.stringMatching(UUID), url, secret: expect.any(String) });
    expect(webhook.secret).toMatch(/^polar_whs_[A-Za-z0-9]{43}$/);
    expect(listed).toMatchObject({
      items: [{ id: webhook.id, url, secret: webhook.secret, format: 'raw' }],
      pagination: { total_count: 1, max_page: 1 },
    });
    expect((listed as { items: { events: string[] }[] }).items[0]!.events).toHaveLength(17);
  });

  it('--webhook without the demo data -> exit 2, nothing started', async () => {
    const r = await execute(runServe, {
      ...quiet,
      seed: 'none',
      webhook: 'http://127.0.0.1:9/webhooks',
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --webhook needs the demo organization\n' +
        'Start with the demo data (--seed demo, the default) on an empty or demo database.\n',
    });
  });

  it('a port in use -> exit 2 with the way out, nothing printed', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await execute(runServe, { ...quiet, port });
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr:
          `billing: port ${port} on 127.0.0.1 is already in use\n` +
          'Stop the other process, or pick another port with --port (0 = any free port).\n',
      });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
