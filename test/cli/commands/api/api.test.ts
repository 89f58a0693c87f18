// billing api: argv -> usage error or the exact request (query for GET, body otherwise).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiOptions, buildApi, runApi } from '../../../../src/cli/commands/api/api.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { ID, useRecorder } from '../harness.js';
import { BASE, execute, ID2, json, ORG, page, parse, TOKEN } from '../verb.js';

const rec = useRecorder();

/** argv that both the recorder and parse() must refuse, with the exact stderr. */
const USAGE: [string[], string][] = [
  [
    ['FETCH', '/v1/orders/'],
    'billing: method must be one of GET, POST, PATCH, PUT, DELETE, got "FETCH"\n',
  ],
  [['GET', 'v1/orders/'], 'billing: path must start with /, e.g. /v1/orders/\n'],
  [['POST', '/v1/orders/', '--paginate'], 'billing: --paginate works with GET only\n'],
  [['GET', '/v1/orders/', '-f', 'limit'], 'billing: -f: "limit" is not key=value or key:=json\n'],
  [['PATCH', '/v1/x', '-f', 'n:={'], 'billing: -f n: value after := is not valid JSON\n'],
  [['GET', '/v1/x', '-H', 'Polar-Version'], 'billing: -H: "Polar-Version" is not Name: value\n'],
  [['GET', '/v1/x', '-H', 'Bad Name: 1'], 'billing: -H: "Bad Name: 1" is not Name: value\n'],
  [['GET', '/v1/x', '-H', ': 1'], 'billing: -H: ": 1" is not Name: value\n'],
];

describe('api', () => {
  it.each([
    ...USAGE,
    [
      ['PATCH', '/v1/x', '--data', '{'],
      expect.stringMatching(/^billing: --data: invalid JSON: .+\n$/),
    ],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['api', ...(args as string[])], stderr as string);
  });

  it('GET: -f fields become query parameters, repeated keys repeat', async () => {
    const sent = await rec.request([
      'api',
      'get',
      '/v1/orders/',
      '-f',
      'sorting=-amount',
      '-f',
      'sorting=customer',
      '-f',
      'limit:=5',
    ]);
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/orders/',
      query: [
        ['sorting', '-amount'],
        ['sorting', 'customer'],
        ['limit', '5'],
      ],
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
    });
  });

  it('PATCH: --data and typed -f fields make the body; --no-auth sends no token', async () => {
    const sent = await rec.request([
      'api',
      'PATCH',
      `/v1/organizations/${ID}`,
      '--data',
      '{"name": "A", "bio": "b"}',
      '-f',
      'name=B',
      '-f',
      'pledge_minimum_amount:=3000',
      '--no-auth',
    ]);
    expect(sent).toEqual({
      method: 'PATCH',
      path: `/v1/organizations/${ID}`,
      query: [],
      body: { name: 'B', bio: 'b', pledge_minimum_amount: 3000 },
    });
  });
});

describe('api: argv -> options', () => {
  const get: ApiOptions = {
    method: 'GET',
    path: '/v1/orders/',
    query: {},
    body: undefined,
    paginate: false,
    headers: {},
    audience: 'seller',
  };
  it.each<[string[], ApiOptions]>([
    [['GET', '/v1/orders/'], get],
    [['get', '/v1/orders/', '--paginate'], { ...get, paginate: true }],
    [
      ['GET', '/v1/orders/', '-f', 'sorting=-amount', '-f', 'sorting=customer', '-f', 'limit:=5'],
      { ...get, query: { sorting: ['-amount', 'customer'], limit: ['5'] } },
    ],
    [
      ['GET', '/v1/orders/', '-f', 'metadata:={"a": [1, 2]}', '-f', 'q=a=b'],
      { ...get, query: { metadata: ['{"a":[1,2]}'], q: ['a=b'] } },
    ],
    [
      ['delete', `/v1/license-keys/${ID}`, '-f', 'force:=true'],
      { ...get, method: 'DELETE', path: `/v1/license-keys/${ID}`, query: { force: ['true'] } },
    ],
    [
      ['POST', '/v1/checkouts/', '-f', 'product_id=p', '-f', 'amount:=1200', '-f', 'embed:=false'],
      {
        ...get,
        method: 'POST',
        path: '/v1/checkouts/',
        body: { product_id: 'p', amount: 1200, embed: false },
      },
    ],
    [
      ['PATCH', `/v1/organizations/${ID}`, '--data', '{"name": "A", "bio": "b"}', '-f', 'name=B'],
      { ...get, method: 'PATCH', path: `/v1/organizations/${ID}`, body: { name: 'B', bio: 'b' } },
    ],
    [['GET', '/v1/orders/', '--no-auth'], { ...get, audience: 'none' }],
    [
      ['GET', '/v1/orders/', '-H', 'Polar-Version: 2026-04', '-H', 'X-Trace:a:b '],
      { ...get, headers: { 'polar-version': '2026-04', 'x-trace': 'a:b' } },
    ],
    [
      ['GET', '/v1/customer-portal/orders/', '--as-customer'],
      {
        ...get,
        path: '/v1/customer-portal/orders/',
        audience: 'customer',
      },
    ],
    [['GET', '/v1/orders/', '--as-customer', '--no-auth'], { ...get, audience: 'none' }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildApi, 'api', argv)).toEqual({ options, code: 0, stderr: '' });
  });

  it('--data - reads the body from stdin', async () => {
    expect(
      await parse(buildApi, 'api', ['PUT', '/v1/x', '--data', '-'], {
        stdin: ['{"a": 1,', '"b": [true]}'],
      }),
    ).toEqual({
      options: { ...get, method: 'PUT', path: '/v1/x', body: { a: 1, b: [true] } },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    ['"latency:10-50ms"', 'latency:10-50ms'],
    ['[1, 2]', [1, 2]],
    ['7', 7],
  ])(
    '--data %s: any JSON value is the body (/__local/faults takes a string)',
    async (text, value) => {
      expect(await parse(buildApi, 'api', ['PUT', '/__local/faults', '--data', text])).toEqual({
        options: { ...get, method: 'PUT', path: '/__local/faults', body: value },
        code: 0,
        stderr: '',
      });
    },
  );

  it.each([
    ...USAGE,
    [
      ['PATCH', '/v1/x', '--data', '[1, 2]', '-f', 'a=b'],
      'billing: -f a: --data is not a JSON object, so no field can be added to it\n',
    ],
    [
      ['PATCH', '/v1/x', '--data', '@/nonexistent/body.json'],
      'billing: --data: cannot read /nonexistent/body.json: no such file\n',
    ],
    [['GET'], "billing: missing required argument 'path'\n"],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildApi, 'api', argv)).toEqual({ code: 2, stderr });
  });
});

describe('api: options + answers -> output', () => {
  const base: ApiOptions = {
    method: 'GET',
    path: '/v1/orders/',
    query: {},
    paginate: false,
    headers: {},
    audience: 'seller',
  };
  const KEY = (id: string, key: string) => ({ id, key, status: 'granted' });

  it('GET with query parameters: the answer as indented JSON', async () => {
    const answer = page([{ id: ID, amount: 1200 }], 1);
    const r = await execute(
      runApi,
      { ...base, query: { sorting: ['-amount', 'customer'], limit: ['5'] } },
      {
        http: (pool) =>
          pool
            .intercept({
              path: '/v1/orders/?sorting=-amount&sorting=customer&limit=5',
              method: 'GET',
              headers: { authorization: `Bearer ${TOKEN}` },
            })
            .reply(200, answer, json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(answer, null, 2)}\n`, stderr: '' });
  });

  it('POST sends the body as JSON', async () => {
    const body = { product_id: ID, amount: 1200, metadata: { campaign: 'spring' } };
    const created = { id: ID2, status: 'open', ...body };
    const r = await execute(
      runApi,
      { ...base, method: 'POST', path: '/v1/checkouts/', body },
      {
        http: (pool) =>
          pool
            .intercept({
              path: '/v1/checkouts/',
              method: 'POST',
              body: JSON.stringify(body),
              headers: { 'content-type': 'application/json' },
            })
            .reply(201, created, json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(created, null, 2)}\n`, stderr: '' });
  });

  it.each<[string, Record<string, string | undefined>, Record<string, string>, string | undefined]>(
    [
      [
        'the profile default: 2026-10',
        { BILLING_PROFILE: 'prod', BILLING_API_VERSION: undefined },
        {},
        '2026-10',
      ],
      ['BILLING_API_VERSION', { BILLING_API_VERSION: '2026-04' }, {}, '2026-04'],
      [
        '-H replaces it',
        { BILLING_API_VERSION: '2026-04' },
        { 'polar-version': '2026-10' },
        '2026-10',
      ],
      ['none: no header', { BILLING_PROFILE: 'prod', BILLING_API_VERSION: 'none' }, {}, undefined],
      [
        'the local profile: 2026-10, as every profile',
        { BILLING_API_VERSION: undefined },
        {},
        '2026-10',
      ],
    ],
  )('Polar-Version, %s', async (_name, env, headers, sent) => {
    const configDir = tempConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { prod: { base_url: BASE } } }),
    );
    const r = await execute(
      runApi,
      { ...base, headers },
      {
        env,
        configDir,
        http: (pool) =>
          pool
            .intercept({
              path: '/v1/orders/',
              headers: (h: Record<string, string>) => h['polar-version'] === sent,
            })
            .reply(200, { ok: true }, json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: '{\n  "ok": true\n}\n', stderr: '' });
  });

  it('--no-auth sends no Authorization header', async () => {
    const r = await execute(
      runApi,
      { ...base, path: '/v1/public/', audience: 'none' },
      {
        http: (pool) =>
          pool
            .intercept({
              path: '/v1/public/',
              headers: (h: Record<string, string>) => !('authorization' in h),
            })
            .reply(200, { ok: true }, json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: '{\n  "ok": true\n}\n', stderr: '' });
  });

  it('a 204 prints nothing', async () => {
    const r = await execute(
      runApi,
      { ...base, method: 'DELETE', path: `/v1/benefits/${ID}` },
      {
        http: (pool) =>
          pool.intercept({ path: `/v1/benefits/${ID}`, method: 'DELETE' }).reply(204, ''),
      },
    );
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('--paginate follows page=1, page=2 (max_page 2) and prints one JSON array', async () => {
    const items = [KEY(ID, 'K-1'), KEY(ID2, 'K-2'), KEY(ORG, 'K-3')];
    const r = await execute(
      runApi,
      { ...base, path: '/v1/license-keys/', query: { sorting: ['-created_at'] }, paginate: true },
      {
        http: (pool) => {
          pool
            .intercept({ path: '/v1/license-keys/?sorting=-created_at&page=1&limit=100' })
            .reply(200, page(items.slice(0, 2), 150, 2), json);
          pool
            .intercept({ path: '/v1/license-keys/?sorting=-created_at&page=2&limit=100' })
            .reply(200, page(items.slice(2), 150, 2), json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(items, null, 2)}\n`, stderr: '' });
  });

  it('--paginate over an empty list prints []', async () => {
    const r = await execute(
      runApi,
      { ...base, path: '/v1/license-keys/', paginate: true },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/license-keys/?page=1&limit=100' })
            .reply(200, page([], 0, 0), json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it.each([
    [
      { error: 'ResourceNotFound', detail: 'Not found' },
      `billing: not found: GET /v1/orders/${ID}\n`,
    ],
    [
      { detail: 'Not Found' },
      `billing: the server has no route GET /v1/orders/${ID} (404)\n` +
        'Check the API base URL: it must point at the Billing Service API.\n',
    ],
  ])('a 404 %j -> exit 6, nothing on stdout', async (body, stderr) => {
    const r = await execute(
      runApi,
      { ...base, path: `/v1/orders/${ID}` },
      { http: (pool) => pool.intercept({ path: `/v1/orders/${ID}` }).reply(404, body, json) },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr });
  });
});
