// billing subs list: argv -> usage error or the exact customer-portal query.
import { describe, expect, it } from 'vitest';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/subs/list.js';
import { ID, ID2, useRecorder } from '../harness.js';
import {
  answered,
  CUSTOMER_SESSION_REJECTED,
  CUSTOMER_TOKEN,
  ORG,
  page,
  parse,
  TOKEN,
} from '../verb.js';

const rec = useRecorder();
const CUSTOMER = 'polar_cst_unitTestCustomerSessionToken000000000000000000';

describe('subs list: argv -> usage error, nothing sent', () => {
  it.each([
    [['--active', '--inactive'], 'billing: --active and --inactive cannot be used together\n'],
    [
      ['--sort', 'created_at'],
      'billing: --sort: "created_at" is not a sort criterion here; valid: started_at, amount, ' +
        'status, organization, product (prefix - for descending)\n',
    ],
    [['--product', 'pro'], 'billing: --product: "pro" is not a UUID\n'],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [['--limit', '-1'], 'billing: --limit: must be an integer at least 1, got -1\n'],
    [['--page-size', '0'], 'billing: --page-size: must be an integer from 1 to 100, got 0\n'],
  ])('%j', async (args, stderr) => {
    await rec.usage(['subs', 'list', ...args], stderr);
  });
});

describe('subs list: argv -> query', () => {
  it.each([
    [['--active'], [['active', 'true']]],
    [['--inactive'], [['active', 'false']]],
    [
      [
        '--product',
        ID,
        '--product',
        ID2,
        '--org',
        ID,
        '--query',
        'Pro Plan',
        '--sort',
        'amount,-status',
      ],
      [
        ['product_id', ID],
        ['product_id', ID2],
        ['organization_id', ID],
        ['query', 'Pro Plan'],
        ['sorting', 'amount'],
        ['sorting', '-status'],
      ],
    ],
  ])('%j', async (args, filters) => {
    const sent = await rec.request(['subs', 'list', '--limit', '5', ...args], {
      BILLING_CUSTOMER_TOKEN: CUSTOMER,
    });
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/customer-portal/subscriptions/',
      query: [...filters, ['page', '1'], ['limit', '5']],
      authorization: `Bearer ${CUSTOMER}`,
    });
  });
});

describe('subs list: argv -> options', () => {
  const first = { limit: 30, startPage: 1, pageSize: 30 };
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [['--active'], { filters: { active: true }, page: first, output: {} }],
    [['--inactive'], { filters: { active: false }, page: first, output: {} }],
    [
      [
        '--product',
        ID.toUpperCase(),
        '--product',
        ID2,
        '--org',
        ORG,
        '--query',
        'Pro Plan',
        '--sort',
        '-amount, status',
      ],
      {
        filters: {
          product_id: [ID, ID2],
          organization_id: [ORG],
          query: 'Pro Plan',
          sorting: ['-amount', 'status'],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--all', '--json'],
      {
        filters: {},
        page: { limit: Number.POSITIVE_INFINITY, startPage: 1, pageSize: 100 },
        output: { json: true },
      },
    ],
    [
      ['--limit', '5', '--page', '2', '-o', 'ndjson', '--fields', 'id,status'],
      {
        filters: {},
        page: { limit: 5, startPage: 2, pageSize: 5 },
        output: { output: 'ndjson', fields: 'id,status' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'subs' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--active', '--inactive'], 'billing: --active and --inactive cannot be used together\n'],
    [['--product', ID, '--product', 'pro'], 'billing: --product: "pro" is not a UUID\n'],
    [
      ['--sort', 'created_at'],
      'billing: --sort: "created_at" is not a sort criterion here; valid: started_at, amount, ' +
        'status, organization, product (prefix - for descending)\n',
    ],
    [
      ['--all', '--page-size', '101'],
      'billing: --page-size: must be an integer from 1 to 100, got 101\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'subs' })).toEqual({ code: 2, stderr });
  });
});

describe('subs list: options + answers -> output', () => {
  const SUB = {
    id: ID,
    status: 'active',
    product: { name: 'Pro' },
    amount: 1000,
    currency: 'usd',
    recurring_interval: 'month',
    started_at: '2026-01-01T00:00:00Z',
    current_period_end: '2026-12-01T00:00:00Z',
    cancel_at_period_end: false,
  };
  const options: ListOptions = {
    filters: { active: true, organization_id: [ORG] },
    page: { limit: 30, startPage: 1, pageSize: 30 },
    output: {},
  };
  const PATH = `/v1/customer-portal/subscriptions/?organization_id=${ORG}&active=true&page=1&limit=30`;

  /** Runs with `env`, answering PATH with `status, body`; `seen` holds the Authorization sent. */
  const list = (
    env: Record<string, string | undefined>,
    status: number,
    body: object,
    opts: ListOptions = options,
  ) => answered(runList, opts, { method: 'GET', path: PATH }, status, body, { env });

  it('asks the customer portal with BILLING_CUSTOMER_TOKEN and prints TSV to a pipe', async () => {
    expect(await list({ BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN }, 200, page([SUB]))).toEqual({
      code: 0,
      stdout:
        'ID\tSTATUS\tPRODUCT\tAMOUNT\tEVERY\tSTARTED\tRENEWS\tCANCELS\n' +
        `${ID}\tactive\tPro\t1000\tmonth\t2026-01-01T00:00:00Z\t2026-12-01T00:00:00Z\tfalse\n`,
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });

  it('without a customer session, uses the seller token (user tokens work there too)', async () => {
    const r = await list({}, 200, page([SUB]), { ...options, output: { json: true } });
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify([SUB], null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('an empty list prints the header only', async () => {
    const r = await list({ BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN }, 200, page([]));
    expect(r.stdout).toBe('ID\tSTATUS\tPRODUCT\tAMOUNT\tEVERY\tSTARTED\tRENEWS\tCANCELS\n');
    expect(r.code).toBe(0);
  });

  it('a rejected customer session: exit 4 and how to get a new one', async () => {
    const r = await list({ BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN }, 401, {
      error: 'invalid_token',
    });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr: CUSTOMER_SESSION_REJECTED,
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });
});
