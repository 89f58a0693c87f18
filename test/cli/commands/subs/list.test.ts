// billing subs list: argv -> usage error or the exact query (the seller's list, or the customer
// portal's with --mine); options + answers -> output, --status filtered here, emails resolved.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../../../src/api/enums.js';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/subs/list.js';
import { lookup } from '../customers/fixtures.js';
import { ID, ID2, TOKEN as RECORDED_TOKEN, useRecorder } from '../harness.js';
import {
  answered,
  CUSTOMER_SESSION_REJECTED,
  CUSTOMER_TOKEN,
  execute,
  json,
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
      'billing: --sort: "created_at" is not a sort criterion here; valid: customer, status, ' +
        'started_at, current_period_end, amount, product, discount, ended_at, ends_at ' +
        '(prefix - for descending)\n',
    ],
    [
      ['--mine', '--sort', 'customer'],
      'billing: --sort: "customer" is not a sort criterion here; valid: started_at, amount, ' +
        'status, organization, product (prefix - for descending)\n',
    ],
    [['--product', 'pro'], 'billing: --product: "pro" is not a UUID\n'],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['--customer', 'jane'],
      'billing: --customer: "jane" is neither a customer id (UUID) nor an email\n',
    ],
    [['--mine', '--customer', ID], 'billing: --customer cannot be used with --mine\n'],
    [['--mine', '--discount', ID], 'billing: --discount cannot be used with --mine\n'],
    [
      ['--query', 'pro'],
      'billing: --query needs --mine: the seller list has no text search (filter by --customer or --product)\n',
    ],
    [
      ['--status', 'active,frozen'],
      'billing: --status: "frozen" is not a subscription status; valid: incomplete, ' +
        'incomplete_expired, trialing, active, past_due, canceled, unpaid, paused\n',
    ],
    [
      ['--status', 'active', '--active'],
      'billing: --status cannot be used with --active or --inactive\n',
    ],
    [
      ['--status', 'active', '--page', '2'],
      'billing: --status cannot be used with --page: it filters every page; use --limit\n',
    ],
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
    [['--status', 'trialing,active'], [['active', 'true']]],
    [['--status', 'canceled', '--status', 'unpaid,past_due'], [['active', 'false']]],
    [['--status', 'past_due,active'], []],
    [['--status', 'incomplete'], []],
    [
      [
        '--product',
        ID,
        '--customer',
        ID2,
        '--discount',
        ID,
        '--org',
        ORG,
        '--sort',
        'customer,-amount',
      ],
      [
        ['product_id', ID],
        ['organization_id', ORG],
        ['discount_id', ID],
        ['sorting', 'customer'],
        ['sorting', '-amount'],
        // Resolved when run (an email needs a lookup), so it comes last.
        ['customer_id', ID2],
      ],
    ],
  ])('seller: %j', async (args, filters) => {
    const sent = await rec.request(['subs', 'list', '--limit', '5', ...args]);
    const limit = args.includes('--status') ? '100' : '5';
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/subscriptions/',
      query: [...filters, ['page', '1'], ['limit', limit]],
      authorization: `Bearer ${RECORDED_TOKEN}`,
    });
  });

  it.each([
    [['--mine', '--active'], [['active', 'true']]],
    // The portal's active=false is canceled or unpaid only: past_due cannot narrow there.
    [['--mine', '--status', 'canceled,unpaid'], [['active', 'false']]],
    [['--mine', '--status', 'past_due,canceled'], []],
    [
      [
        '--mine',
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
        ['active', undefined],
        ['product_id', ID],
        ['product_id', ID2],
        ['organization_id', ID],
        ['query', 'Pro Plan'],
        ['sorting', 'amount'],
        ['sorting', '-status'],
      ].filter(([, v]) => v !== undefined),
    ],
  ])('customer portal: %j', async (args, filters) => {
    const sent = await rec.request(['subs', 'list', '--limit', '5', ...args], {
      BILLING_CUSTOMER_TOKEN: CUSTOMER,
    });
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/customer-portal/subscriptions/',
      query: [...filters, ['page', '1'], ['limit', args.includes('--status') ? '100' : '5']],
      authorization: `Bearer ${CUSTOMER}`,
    });
  });
});

describe('subs list: argv -> options', () => {
  const first = { limit: 30, startPage: 1, pageSize: 30 };
  it.each([
    [[], { mine: false, filters: {}, page: first, output: {} }],
    [['--active'], { mine: false, filters: { active: true }, page: first, output: {} }],
    [
      ['--customer', 'Jane@Example.com', '--customer', ID.toUpperCase(), '--discount', ID2],
      {
        mine: false,
        filters: { customer: ['jane@example.com', ID], discount_id: [ID2] },
        page: first,
        output: {},
      },
    ],
    [
      ['--status', 'past_due,unpaid', '--status', 'past_due', '--limit', '3'],
      {
        mine: false,
        status: ['past_due', 'unpaid'],
        // Both are among the seller's active=false (revoked) statuses: the server narrows first.
        filters: { active: false },
        page: { limit: 3, startPage: 1, pageSize: 3 },
        output: {},
      },
    ],
    [
      [
        '--mine',
        '--inactive',
        '--product',
        ID.toUpperCase(),
        '--org',
        ORG,
        '--query',
        'Pro',
        '--sort',
        '-amount, status',
      ],
      {
        mine: true,
        filters: {
          active: false,
          product_id: [ID],
          organization_id: [ORG],
          query: 'Pro',
          sorting: ['-amount', 'status'],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--all', '--json'],
      {
        mine: false,
        filters: {},
        page: { limit: Number.POSITIVE_INFINITY, startPage: 1, pageSize: 100 },
        output: { json: true },
      },
    ],
    [
      ['--limit', '5', '--page', '2', '-o', 'ndjson', '--fields', 'id,status'],
      {
        mine: false,
        filters: {},
        page: { limit: 5, startPage: 2, pageSize: 5 },
        output: { output: 'ndjson', fields: 'id,status' },
      },
    ],
  ])('%j', async (argv, options) => {
    const parsed = await parse(buildList, 'list', argv, { noun: 'subs' });
    // Filters left undefined are not sent; compare what is there.
    const defined = JSON.parse(
      JSON.stringify(parsed.options, (_, v) => (v === Infinity ? 'Infinity' : v)),
    );
    const expected = JSON.parse(
      JSON.stringify(options, (_, v) => (v === Infinity ? 'Infinity' : v)),
    );
    expect({ ...parsed, options: defined }).toEqual({ options: expected, code: 0, stderr: '' });
  });
});

describe('subs list: options + answers -> output', () => {
  const SUB = {
    id: ID,
    status: 'active',
    customer: { email: 'jane@example.com' },
    product: { name: 'Pro' },
    amount: 1000,
    currency: 'usd',
    recurring_interval: 'month',
    started_at: '2026-01-01T00:00:00Z',
    current_period_end: '2026-12-01T00:00:00Z',
    cancel_at_period_end: false,
  };
  const ROW = `${ID}\tactive\tPro\t1000\tmonth\t2026-01-01T00:00:00Z\t2026-12-01T00:00:00Z\tfalse\n`;
  const PORTAL_HEADER = 'ID\tSTATUS\tPRODUCT\tAMOUNT\tEVERY\tSTARTED\tRENEWS\tCANCELS\n';
  const first = { limit: 30, startPage: 1, pageSize: 30 };
  const mine: ListOptions = {
    mine: true,
    filters: { active: true, organization_id: [ORG] },
    page: first,
    output: {},
  };
  const PORTAL = `/v1/customer-portal/subscriptions/?organization_id=${ORG}&active=true&page=1&limit=30`;

  const portal = (
    env: Record<string, string | undefined>,
    status: number,
    body: object,
    opts = mine,
  ) => answered(runList, opts, { method: 'GET', path: PORTAL }, status, body, { env });

  it("the seller's list: TSV to a pipe, the customer second", async () => {
    const r = await answered(
      runList,
      { mine: false, filters: { product_id: [ID2] }, page: first, output: {} },
      { method: 'GET', path: `/v1/subscriptions/?product_id=${ID2}&page=1&limit=30` },
      200,
      page([SUB]),
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tSTATUS\tCUSTOMER\tPRODUCT\tAMOUNT\tEVERY\tSTARTED\tRENEWS\tCANCELS\n' +
        ROW.replace('active\t', 'active\tjane@example.com\t'),
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('--customer by email: looked up in the organizations given, then sent as an id', async () => {
    const r = await execute(
      runList,
      {
        mine: false,
        filters: { customer: ['jane@example.com', ID2], organization_id: [ORG] },
        page: first,
        output: { output: 'ndjson' },
      },
      {
        http: (pool) => {
          pool
            .intercept({
              path: `/v1/customers/?query=jane%40example.com&organization_id=${ORG}&page=1&limit=100`,
            })
            .reply(200, page([{ id: ID, email: 'jane@example.com', organization_id: ORG }]), json);
          pool
            .intercept({
              path: `/v1/subscriptions/?organization_id=${ORG}&customer_id=${ID}&customer_id=${ID2}&page=1&limit=30`,
            })
            .reply(200, page([SUB]), json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(SUB)}\n`, stderr: '' });
  });

  it('--customer with an email nobody has: exit 6, the list is not asked for', async () => {
    const r = await execute(
      runList,
      { mine: false, filters: { customer: ['nobody@example.com'] }, page: first, output: {} },
      { http: (pool) => lookup(pool, 'nobody@example.com', []) },
    );
    expect(r).toMatchObject({
      code: 6,
      stdout: '',
      stderr: expect.stringContaining(
        'billing: --customer: no customer has the email nobody@example.com\n',
      ),
    });
  });

  it('--status: filtered here across pages of 100, --limit counts matches, no server total', async () => {
    const sub = (n: number, status: string) => ({
      ...SUB,
      id: `${ID.slice(0, -2)}${String(n).padStart(2, '0')}`,
      status,
    });
    // A full first page (the server's pages are 100 long): one past_due among them.
    const firstPage = Array.from({ length: 100 }, (_, n) =>
      sub(n, n === 42 ? 'past_due' : 'active'),
    );
    const secondPage = [sub(0, 'unpaid'), sub(1, 'past_due'), sub(2, 'past_due')];
    const r = await execute(
      runList,
      {
        mine: false,
        status: ['past_due'],
        filters: {},
        page: { limit: 2, startPage: 1, pageSize: 2 },
        output: { output: 'ndjson', fields: 'id,status' },
      },
      {
        tty: false,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/subscriptions/?page=1&limit=100' })
            .reply(200, page(firstPage, 103, 2), json);
          pool
            .intercept({ path: '/v1/subscriptions/?page=2&limit=100' })
            .reply(200, page(secondPage, 103, 2), json);
        },
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ id: sub(42, '').id, status: 'past_due' })}\n${JSON.stringify({ id: sub(1, '').id, status: 'past_due' })}\n`,
      stderr: '',
    });
  });

  it("on a terminal, --status shows no 'Showing n of total' (the server's total counts every status)", async () => {
    const run = (status?: SubscriptionStatus[]) =>
      execute(
        runList,
        {
          mine: false,
          ...(status && { status }),
          filters: {},
          page: { limit: 1, startPage: 1, pageSize: 1 },
          output: {},
        },
        {
          tty: true,
          http: (pool) =>
            pool
              .intercept({ path: `/v1/subscriptions/?page=1&limit=${status ? 100 : 1}` })
              .reply(200, page([SUB], 103, status ? 2 : 103), json),
        },
      );
    const plain = await run();
    expect(stripVTControlCharacters(plain.stderr)).toContain('Showing 1 of 103');
    const filtered = await run(['active']);
    expect(filtered.code).toBe(0);
    expect(stripVTControlCharacters(filtered.stdout)).toContain(ID);
    expect(stripVTControlCharacters(filtered.stderr)).not.toContain('Showing');
  });

  it('--mine asks the customer portal with BILLING_CUSTOMER_TOKEN', async () => {
    expect(await portal({ BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN }, 200, page([SUB]))).toEqual({
      code: 0,
      stdout: PORTAL_HEADER + ROW,
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });

  it('--mine without a customer session uses the seller token (user tokens work there too)', async () => {
    const r = await portal({}, 200, page([SUB]), { ...mine, output: { json: true } });
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify([SUB], null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('an empty list prints the header only', async () => {
    const r = await portal({ BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN }, 200, page([]));
    expect(r).toMatchObject({ code: 0, stdout: PORTAL_HEADER });
  });

  it('--mine with a rejected customer session: exit 4 and how to get a new one', async () => {
    const r = await portal({ BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN }, 401, {
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

// Today's generation (2026-10): the portal's list takes product_id, active, query and
// sorting only (customer_portal:subscriptions:list); the recorder checks each request.
describe("subs list on today's API", () => {
  const TODAY = { BILLING_API_VERSION: '2026-10', BILLING_CUSTOMER_TOKEN: 'polar_cst_x' };

  it('--mine: the filters it has, Polar-Version sent', async () => {
    const sent = await rec.request(
      ['subs', 'list', '--mine', '--active', '--query', 'pro', '--sort', '-started_at'],
      TODAY,
    );
    expect(sent).toMatchObject({
      path: '/v1/customer-portal/subscriptions/',
      query: [
        ['active', 'true'],
        ['query', 'pro'],
        ['sorting', '-started_at'],
        ['page', '1'],
        ['limit', '30'],
      ],
      version: '2026-10',
    });
  });

  it('--mine --org: refused, nothing sent (the portal is one organization)', async () => {
    const r = await rec.run(['subs', 'list', '--mine', '--org', ID], TODAY);
    expect({ ...r, sent: rec.sent }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the customer portal of API version 2026-10 has no organization filter: a ' +
        "customer session is one organization's\n",
      sent: [],
    });
  });

  it("the seller list: --status paused (today's status) is filtered by billing, page by page", async () => {
    const sent = await rec.request(['subs', 'list', '--status', 'paused'], TODAY);
    expect(sent).toMatchObject({
      path: '/v1/subscriptions/',
      query: [
        ['page', '1'],
        ['limit', '100'],
      ],
      version: '2026-10',
    });
  });
});
