// billing keys list: argv -> options (or the exact usage error); options + answers -> output.
import { describe, expect, it } from 'vitest';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/keys/list.js';
import { CUSTOMER_TOKEN, execute, ID, ID2, json, ORG, page, parse, TOKEN } from '../verb.js';

describe('keys list: argv -> options', () => {
  const first = { limit: 30, startPage: 1, pageSize: 30 };
  it.each([
    [[], { mine: false, filters: {}, page: first, output: {} }],
    [
      ['--org', ORG.toUpperCase(), '--org', ID, '--benefit', ID2],
      {
        mine: false,
        filters: { organization_id: [ORG, ID], benefit_id: [ID2] },
        page: first,
        output: {},
      },
    ],
    [
      ['--mine', '--org', ORG.toUpperCase(), '--benefit', ID2],
      { mine: true, filters: { organization_id: ORG, benefit_id: ID2 }, page: first, output: {} },
    ],
    [['--mine', '--json'], { mine: true, filters: {}, page: first, output: { json: true } }],
    [
      ['--status', 'revoked', '--status', 'disabled'],
      { mine: false, filters: { status: ['revoked', 'disabled'] }, page: first, output: {} },
    ],
    [
      ['--all', '-o', 'tsv', '--fields', 'id,display_key,customer.email'],
      {
        mine: false,
        filters: {},
        page: { limit: Number.POSITIVE_INFINITY, startPage: 1, pageSize: 100 },
        output: { output: 'tsv', fields: 'id,display_key,customer.email' },
      },
    ],
    [
      ['--limit', '150', '--page-size', '50'],
      { mine: false, filters: {}, page: { limit: 150, startPage: 1, pageSize: 50 }, output: {} },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'keys' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--mine', '--org', ORG, '--org', ID],
      'billing: with --mine, --org and --benefit take one value each\n',
    ],
    [
      ['--mine', '--benefit', ID, '--benefit', ID2],
      'billing: with --mine, --org and --benefit take one value each\n',
    ],
    [['--mine', '--benefit', 'b1'], 'billing: --benefit: "b1" is not a UUID\n'],
    [['--org', ORG, '--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [['--limit', 'all'], 'billing: --limit: "all" is not an integer\n'],
    [
      ['--mine', '--status', 'revoked'],
      "billing: --status: the customer portal's keys have no such filter\n",
    ],
    [
      ['--status', 'lost'],
      "billing: option '--status <status>' argument 'lost' is invalid. Allowed choices are granted, revoked, disabled.\n",
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'keys' })).toEqual({ code: 2, stderr });
  });
});

describe('keys list: options + answers -> output', () => {
  const KEY = {
    id: ID,
    display_key: '****-8AE3',
    status: 'granted',
    customer: { email: 'jane@example.com' },
    limit_activations: 3,
    usage: 2,
    last_validated_at: '2026-11-20T10:00:00Z',
    expires_at: null,
  };
  const HEADER = 'ID\tKEY\tSTATUS\tCUSTOMER\tLIMIT\tUSAGE\tVALIDATED\tEXPIRES\n';
  const ROW = `${ID}\t****-8AE3\tgranted\tjane@example.com\t3\t2\t2026-11-20T10:00:00Z\t\n`;
  const first = { limit: 30, startPage: 1, pageSize: 30 };

  /** Answers GET `path`; returns the result and the Authorization header sent. */
  async function list(
    opts: ListOptions,
    path: string,
    status: number,
    body: object,
    env: Record<string, string> = {},
  ) {
    let authorization: string | undefined;
    const r = await execute(runList, opts, {
      env,
      http: (pool) =>
        pool.intercept({ path, method: 'GET' }).reply((req) => {
          authorization = (req.headers as Record<string, string>).authorization;
          return { statusCode: status, data: body, responseOptions: json };
        }),
    });
    return { ...r, authorization };
  }

  it("the seller's keys, filtered, as TSV to a pipe", async () => {
    const r = await list(
      {
        mine: false,
        filters: { organization_id: [ORG, ID], benefit_id: [ID2] },
        page: first,
        output: {},
      },
      `/v1/license-keys?organization_id=${ORG}&organization_id=${ID}&benefit_id=${ID2}&page=1&limit=30`,
      200,
      page([KEY]),
    );
    expect(r).toEqual({
      code: 0,
      stdout: HEADER + ROW,
      stderr: '',
      authorization: `Bearer ${TOKEN}`,
    });
  });

  it('--mine: the customer portal with the customer token, one value per filter', async () => {
    const r = await list(
      {
        mine: true,
        filters: { organization_id: ORG },
        page: { limit: 5, startPage: 2, pageSize: 5 },
        output: {},
      },
      `/v1/customer-portal/license-keys/?organization_id=${ORG}&page=2&limit=5`,
      200,
      page([KEY], 6, 2),
      { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN },
    );
    expect(r).toEqual({
      code: 0,
      stdout: HEADER + ROW,
      stderr: '',
      authorization: `Bearer ${CUSTOMER_TOKEN}`,
    });
  });

  it("--status on today's API: sent as the service's filter, repeated", async () => {
    const r = await list(
      { mine: false, filters: { status: ['revoked', 'disabled'] }, page: first, output: {} },
      '/v1/license-keys/?status=revoked&status=disabled&page=1&limit=30',
      200,
      page([KEY]),
      { BILLING_API_VERSION: '2026-10' },
    );
    expect(r).toMatchObject({ code: 0, stdout: HEADER + ROW, stderr: '' });
  });

  it("--status on the seed's API: exit 2, nothing sent", async () => {
    expect(
      await execute(runList, {
        mine: false,
        filters: { status: ['revoked'] },
        page: first,
        output: {},
      }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: --status needs today's API (2026-04 or later): the service's API generation has no such filter\n" +
        'Set api_version, or pass --api-version 2026-10.\n',
    });
  });

  it('-o ndjson: one key per line, as sent', async () => {
    const other = { ...KEY, id: ID2, status: 'revoked' };
    const r = await list(
      { mine: false, filters: {}, page: first, output: { output: 'ndjson' } },
      '/v1/license-keys?page=1&limit=30',
      200,
      page([KEY, other]),
    );
    expect(r.stdout).toBe(`${JSON.stringify(KEY)}\n${JSON.stringify(other)}\n`);
    expect(r.code).toBe(0);
  });

  it.each([
    [
      403,
      { error: 'NotPermitted', detail: 'no license_keys:read' },
      5,
      'billing: no license_keys:read\n',
    ],
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    const r = await list(
      { mine: false, filters: {}, page: first, output: {} },
      '/v1/license-keys?page=1&limit=30',
      status,
      body,
    );
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code,
      stdout: '',
      stderr,
    });
  });
});
