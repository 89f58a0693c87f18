// Bad input, property-based (issue 8): whatever argv, flag values, metadata pairs, JSON bodies,
// ids, dates or sizes a script feeds it, the CLI never prints a stack trace and reports a
// clearly invalid input as one `billing:` line with exit 2; the service answers malformed,
// mistyped, huge or path-traversing requests with a documented 4xx body, never a 500, and
// stays up. The CLI runs in-process through main() for speed, plus a few runs of the real bin.

import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.js';
import { type RunningService, start } from '../../src/server/index.js';
import {
  cli,
  type Env,
  expectCleanError,
  requireBuild,
  runInProcess,
  stackLines,
  tempDir,
} from './helpers.js';

let svc: RunningService;
let env: Env;
const dir = tempDir('bad-input');
let ids: { org: string; checkout: string; key: string; licenseKey: string; order: string };

beforeAll(async () => {
  svc = await start({ port: 0 });
  // File storage: no keychain helper process per run.
  mkdirSync(dir.path, { recursive: true });
  writeFileSync(
    join(dir.path, 'config.json'),
    JSON.stringify({ profiles: { local: { storage: 'file' } } }),
  );
  env = {
    BILLING_BASE_URL: svc.url,
    BILLING_TOKEN: svc.demo!.personal_access_token,
    BILLING_CONFIG_DIR: dir.path,
  };
  const one = (sql: string) => svc.store.get<{ id: string }>(sql)!.id;
  ids = {
    org: svc.demo!.organization_id,
    checkout: svc.demo!.open_checkout_ids[0]!,
    key: one('SELECT id FROM license_keys LIMIT 1'),
    licenseKey: svc.demo!.license_key,
    order: one('SELECT id FROM orders LIMIT 1'),
  };
});
afterAll(async () => {
  await svc.stop();
  dir.remove();
});

const run = (argv: string[], stdin?: string) =>
  runInProcess(argv, env, { configDir: dir.path, stdin });

/** BILLING_FUZZ_SCALE=10 runs every property ten times as often (bug hunting, not CI). */
const SCALE = Number(process.env.BILLING_FUZZ_SCALE ?? 1);
const runs = (n: number) => ({ numRuns: Math.round(n * SCALE) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The report contract for any run: known exit code, no stack, errors as one `billing:` line. */
function expectNoCrash(argv: string[], r: { code: number; stdout: string; stderr: string }) {
  const where = JSON.stringify(argv.map((a) => a.slice(0, 80))).slice(0, 400);
  expect(Object.values(EXIT), where).toContain(r.code);
  expect(stackLines(r.stderr), where).toEqual([]);
  expect(r.stderr, where).not.toContain('unexpected error');
  expect(r.stderr, where).not.toMatch(/Internal Server Error|\b500\b/);
  if (r.code !== EXIT.ok) expectCleanError(r.stderr);
}

// ---------------------------------------------------------------------------------------------
// Generators

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '-',
    '--',
    '../../etc/passwd',
    '%2e%2e%2f',
    '..%2F..%2F',
    'null',
    '{}',
    '[]',
    '1e999',
    '-1',
    'NaN',
    '0x10',
    '\u0000',
    '\u202e',
    '\u2028',
    '😀',
    'a\nb',
    'Robert"); DROP TABLE orders;--',
  ),
);
const uuidLike = fc.oneof(
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  weird,
);
const date = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2027-02-30T00:00:00Z', '2027-13-01', 'tomorrow', '0000-00-00', '9999-12-31'),
  weird,
);
const metadataPair = fc.oneof(
  fc.tuple(weird, weird).map(([k, v]) => `${k}=${v}`),
  fc.tuple(weird, weird).map(([k, v]) => `${k}:=${v}`),
  weird,
);
const jsonText = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 30 }).filter((s) => !s.startsWith('@') && s !== '-'),
);
const value = fc.oneof(weird, uuidLike, date, jsonText, metadataPair, fc.integer().map(String));

/** A command, then flags and positionals mixed at random (never serve/login/logout). */
const COMMANDS: [string[], string[]][] = [
  [
    ['orders', 'list'],
    [
      '--type',
      '--product',
      '--customer',
      '--sort',
      '--limit',
      '--page',
      '--page-size',
      '--fields',
      '-o',
      '--all',
      '--json',
      '--mine',
      '--subscription',
      '--query',
    ],
  ],
  [
    ['orders', 'get'],
    ['--json', '--fields', '-o', '--mine'],
  ],
  [['checkout', 'get'], ['--json']],
  [
    ['checkout', 'create'],
    ['--price', '--email', '--discount', '--success-url', '--metadata', '--data', '--open'],
  ],
  [['checkout', 'open'], []],
  [
    ['checkout', 'update'],
    ['--customer-email', '--customer-name', '--metadata', '--data'],
  ],
  [
    ['checkout', 'confirm'],
    ['--customer-email', '--discount-code', '--confirmation-token', '--data'],
  ],
  [
    ['keys', 'list'],
    ['--org', '--benefit', '--limit', '--mine'],
  ],
  [
    ['keys', 'get'],
    ['--json', '--mine'],
  ],
  [
    ['keys', 'update'],
    ['--status', '--limit-activations', '--limit-usage', '--usage', '--expires-at'],
  ],
  [
    ['keys', 'activate'],
    ['--org', '--label', '--meta', '--condition'],
  ],
  [
    ['keys', 'validate'],
    ['--org', '--activation', '--condition', '--increment-usage'],
  ],
  [
    ['keys', 'deactivate'],
    ['--org', '--activation'],
  ],
  [
    ['subs', 'list'],
    ['--limit', '--all', '--status', '--customer', '--discount', '--mine', '--query', '--sort'],
  ],
  [
    ['subs', 'get'],
    ['--org', '--customer', '--mine', '--json'],
  ],
  [['subs', 'export'], ['--org']],
  [['subs', 'revoke'], ['--json']],
  [
    ['customers', 'list'],
    ['--query', '--email', '--org', '--sort', '--limit', '--fields'],
  ],
  [
    ['customers', 'get'],
    ['--json', '--fields'],
  ],
  [
    ['customers', 'create'],
    ['--email', '--name', '--org', '--data'],
  ],
  [
    ['customers', 'update'],
    ['--email', '--name', '--data'],
  ],
  [['customers', 'delete'], []],
  [['subs', 'change-price'], ['--price']],
  [['org', 'get'], ['--json']],
  [
    ['org', 'update'],
    ['--name', '--data'],
  ],
  [['api'], ['-f', '--field', '--data', '--paginate', '--no-auth']],
  [['config', 'get'], []],
  [['auth', 'status'], ['--json']],
  [['whoami'], ['--json']],
  [['bogus'], ['--nope']],
];

const argv = fc
  .tuple(
    fc.constantFrom(...COMMANDS),
    fc.array(fc.tuple(fc.boolean(), value), { maxLength: 6 }),
    fc.constantFrom('real-id', 'random'),
  )
  .map(([[cmd, flags], parts, idKind]) => {
    const out = [...cmd];
    const realIds = Object.values(ids ?? {});
    for (const [asFlag, v] of parts) {
      if (asFlag && flags.length) out.push(flags[Math.abs(hash(v)) % flags.length]!, v);
      else out.push(idKind === 'real-id' ? realIds[Math.abs(hash(v)) % realIds.length]! : v);
    }
    // `api` wants a method and a path; give it plausible ones sometimes.
    if (cmd[0] === 'api' && idKind === 'real-id')
      out.splice(1, 0, 'GET', `/v1/orders/${out[1] ?? ''}`);
    return out.filter((a) => a !== '--debug');
  });

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (h * 31 + c.codePointAt(0)!) | 0;
  return h;
}

// ---------------------------------------------------------------------------------------------

describe('the CLI with random input', () => {
  it('never crashes: known exit codes, no stack, one error line', async () => {
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        expectNoCrash(args, await run(args));
      }),
      runs(250),
    );
  });

  it('non-UUID ids → exit 2 before anything is sent', async () => {
    const commands = [
      ['orders', 'get'],
      ['checkout', 'get'],
      ['checkout', 'update'],
      ['checkout', 'open'],
      ['keys', 'get'],
      ['keys', 'update'],
      ['subs', 'change-price'],
      ['subs', 'get'],
      ['subs', 'revoke'],
      ['org', 'get'],
      ['org', 'update'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...commands),
        weird.filter((s) => !UUID.test(s) && !s.startsWith('-')),
        async (cmd, id) => {
          const args = [...cmd, id];
          const r = await run(args);
          expect(r.code, JSON.stringify(args)).toBe(EXIT.usage);
          expect(expectCleanError(r.stderr)).toMatch(
            /is not a UUID|missing required argument|no organization id/,
          );
        },
      ),
      runs(120),
    );
  });

  it('malformed metadata pairs, --data JSON, integers and dates → exit 2', async () => {
    const notInt = weird.filter((s) => !/^\s*[+-]?\d+\s*$/.test(s) && s !== 'none');
    const notJsonObject = fc
      .oneof(
        fc.string({ maxLength: 30 }),
        fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      )
      .filter((s) => {
        if (s.startsWith('@') || s === '-' || s.startsWith('-')) return false;
        try {
          const v = JSON.parse(s);
          return typeof v !== 'object' || v === null || Array.isArray(v);
        } catch {
          return true;
        }
      });
    const noPairs = weird.filter((s) => !s.includes('=') && !s.startsWith('-'));
    const notDate = weird.filter(
      (s) => s !== 'none' && !/^\d{4}-\d{2}-\d{2}/.test(s) && !s.startsWith('-'),
    );
    const cases = fc.oneof(
      noPairs.map((p) => ['checkout', 'update', ids.checkout, '--metadata', p]),
      noPairs.map((p) => [
        'keys',
        'activate',
        ids.licenseKey,
        '--org',
        ids.org,
        '--label',
        'x',
        '--meta',
        p,
      ]),
      notJsonObject.map((d) => ['org', 'update', ids.org, '--data', d]),
      notJsonObject.map((d) => ['checkout', 'confirm', 'polar_c_x', '--data', d]),
      notInt.filter((s) => !s.startsWith('-')).map((n) => ['orders', 'list', '--limit', n]),
      notInt
        .filter((s) => !s.startsWith('-'))
        .map((n) => ['keys', 'update', ids.key, '--limit-activations', n]),
      notDate.map((d) => ['keys', 'update', ids.key, '--expires-at', d]),
    );
    await fc.assert(
      fc.asyncProperty(cases, async (args) => {
        const r = await run(args);
        expect(r.code, JSON.stringify(args)).toBe(EXIT.usage);
        expect(r.stdout).toBe('');
        expectCleanError(r.stderr);
      }),
      runs(150),
    );
  });

  it('huge inputs → exit 2 with one line, nothing sent that the service would choke on', async () => {
    const mb = (n: number, c = 'x') => c.repeat(n * 1024 * 1024);
    const cases: string[][] = [
      ['checkout', 'update', ids.checkout, '--customer-name', mb(2, 'é')],
      ['checkout', 'update', ids.checkout, '--metadata', `k=${mb(2)}`],
      ['org', 'update', ids.org, '--data', JSON.stringify({ name: mb(3) })],
      ['keys', 'activate', ids.licenseKey, '--org', ids.org, '--label', mb(1)],
      ['orders', 'get', mb(1)],
      ['orders', 'list', '--sort', mb(1)],
      ['api', 'GET', `/v1/orders/${mb(1)}`],
    ];
    for (const args of cases) {
      const r = await run(args);
      const line = expectCleanError(r.stderr);
      const what = `${args.map((a) => a.slice(0, 40)).join(' ')} → ${line.slice(0, 200)}`;
      expect([r.code, line.length < 400], what).toEqual([EXIT.usage, true]);
    }
  });

  it('the real bin agrees on a handful', async () => {
    requireBuild();
    const cases: [string[], number][] = [
      [['orders', 'get', '../../etc/passwd'], EXIT.usage],
      [['orders', 'list', '--limit', '-5'], EXIT.usage],
      [['checkout', 'update', ids.checkout, '--data', '{"metadata":'], EXIT.usage],
      [['keys', 'update', ids.key, '--expires-at', '2027-02-30T00:00:00Z'], EXIT.usage],
      [['org', 'update', ids.org, '--data', '{"name": 42}'], EXIT.usage],
      [['nonsense'], EXIT.usage],
    ];
    for (const [args, code] of cases) {
      const r = await cli(args, env);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stdout).toBe('');
      expectCleanError(r.stderr);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The service

interface Raw {
  status: number;
  text: string;
  contentType: string | undefined;
}

/** Sends method + path byte for byte (no URL normalisation) with an optional raw body. */
function send(
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${svc.url}/`, {
      method,
      path,
      agent: false,
      headers: {
        authorization: `Bearer ${svc.demo!.personal_access_token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          contentType: res.headers['content-type'],
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** api-facts "Errors": every error body the service may send. */
function expectDocumented(r: Raw, what: string) {
  const where = `${what.slice(0, 300)} → ${r.status} ${r.text.slice(0, 300)}`;
  expect(r.status, where).toBeLessThan(500);
  if (r.status < 400) return;
  expect(r.contentType, where).toMatch(/^application\/json/);
  const body = JSON.parse(r.text) as Record<string, unknown>;
  if (r.status === 404 && !('error' in body)) {
    expect(body, where).toEqual({ detail: 'Not Found' });
  } else if (r.status === 422) {
    expect(body.error, where).toBe('RequestValidationError');
    expect(Array.isArray(body.detail), where).toBe(true);
    for (const item of body.detail as Record<string, unknown>[]) {
      expect(Object.keys(item), where).toEqual(
        expect.arrayContaining(['type', 'loc', 'msg', 'input']),
      );
      expect(Array.isArray(item.loc), where).toBe(true);
    }
  } else if (body.error === 'invalid_token' || body.error === 'insufficient_scope') {
    expect(typeof body.error_description, where).toBe('string');
  } else {
    expect(typeof body.error, where).toBe('string');
    expect(typeof body.detail, where).toBe('string');
  }
}

const idSegment = fc.oneof(
  // Not empty: `/v1/orders/` is the list.
  weird.filter((s) => s !== '').map((s) => encodeURIComponent(s)),
  fc.constantFrom(
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2f',
    '%252e%252e',
    '..%5c..%5c',
    '%00',
    '%ff%fe',
    '%',
    '%zz',
    '%E2%80%AE',
    `${'a'.repeat(600)}`,
  ),
);

const ROUTES_WITH_IDS: [string, (id: string) => string][] = [
  ['GET', (id) => `/v1/orders/${id}`],
  ['GET', (id) => `/v1/checkouts/custom/${id}`],
  ['PATCH', (id) => `/v1/checkouts/custom/${id}`],
  ['POST', (id) => `/v1/checkouts/custom/client/${id}/confirm`],
  ['GET', (id) => `/v1/organizations/${id}`],
  ['PATCH', (id) => `/v1/organizations/${id}`],
  ['PATCH', (id) => `/v1/license-keys/${id}`],
  ['GET', (id) => `/v1/customer-portal/license-keys/${id}`],
  ['PATCH', (id) => `/v1/subscriptions/${id}`],
  ['GET', (id) => `/v1/orders/${id}/../${id}`],
];

describe('the service with bad requests', () => {
  it('answers odd ids and path traversal with documented 4xx bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES_WITH_IDS),
        idSegment,
        async ([method, path], id) => {
          const p = path(id);
          const r = await send(method, p, method === 'GET' ? undefined : '{}');
          expectDocumented(r, `${method} ${p}`);
          expect(r.status, `${method} ${p}`).not.toBe(200);
        },
      ),
      runs(200),
    );
  });

  it('answers random JSON bodies on every write endpoint without a 5xx', async () => {
    const writes: [string, string][] = [
      ['PATCH', `/v1/checkouts/custom/${svc.demo!.open_checkout_ids[1]}`],
      ['PATCH', `/v1/organizations/${svc.demo!.organization_id}`],
      ['PATCH', `/v1/license-keys/${ids.key}`],
      [
        'PATCH',
        `/v1/subscriptions/${svc.store.get<{ id: string }>('SELECT id FROM subscriptions LIMIT 1')!.id}`,
      ],
      ['POST', '/v1/customer-portal/license-keys/activate'],
      ['POST', '/v1/customer-portal/license-keys/validate'],
      ['POST', '/v1/customer-portal/license-keys/deactivate'],
      ['POST', '/v1/checkouts/custom/client/polar_c_nope/confirm'],
      ['POST', '/v1/checkouts/custom/'],
      [
        'PATCH',
        `/v1/checkouts/custom/client/${svc.store.row('checkouts', svc.demo!.open_checkout_ids[2]!)!.client_secret}`,
      ],
    ];
    const field = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(ids.org, ids.licenseKey, -1, 0, 1e308, '', '2027-01-01T00:00:00Z'),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom(
          'name',
          'metadata',
          'customer_metadata',
          'amount',
          'status',
          'limit_activations',
          'usage',
          'expires_at',
          'key',
          'organization_id',
          'label',
          'meta',
          'conditions',
          'activation_id',
          'increment_usage',
          'customer_email',
          'product_price_id',
          'discount_code',
          'profile_settings',
          'success_url',
          'custom_field_data',
          'cancel_at_period_end',
          'product_id',
          'discount_id',
          'customer_id',
          'subscription_id',
          'allow_discount_codes',
          'embed_origin',
          'customer_billing_address',
        ),
        field,
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), body, async ([method, path], b) => {
        const r = await send(method, path, JSON.stringify(b));
        expectDocumented(r, `${method} ${path} ${JSON.stringify(b).slice(0, 200)}`);
      }),
      runs(250),
    );
  });

  it('answers malformed JSON, wrong content types and unicode with 4xx', async () => {
    const path = `/v1/organizations/${ids.org}`;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const r = await send('PATCH', path, text);
        expectDocumented(r, `PATCH ${JSON.stringify(text)}`);
        if (!valid && text.trim() !== '') expect(r.status).toBe(422);
      }),
      runs(150),
    );
    for (const [type, text] of [
      ['text/plain', '{"name":"x"}'],
      ['application/xml', '<name>x</name>'],
      ['application/json; charset=latin1', '{"name":"x"}'],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      expectDocumented(await send('PATCH', path, text, { 'content-type': type }), type);
    }
    const bad = Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expectDocumented(await send('PATCH', path, bad), 'invalid UTF-8');
  });

  it('refuses a 10 MB body with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });
    const r = await send('PATCH', `/v1/organizations/${ids.org}`, huge);
    expect(r.status).toBe(413);
    expectDocumented(r, '10 MB');
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const nested = await send('PATCH', `/v1/organizations/${ids.org}`, deep);
    expectDocumented(nested, 'deep nesting');
    expect(JSON.parse(nested.text).detail[0].type).toBe('json_invalid');
    const after = await send('GET', '/v1/orders/?limit=1');
    expect(after.status).toBe(200);
  });
});
