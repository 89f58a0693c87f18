// billing products create: argv -> the body (or the exact usage error, nothing sent);
// options + answers -> the created product and the ✓ line.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildCreate, runCreate } from '../../../../src/cli/commands/products/create.js';
import { ORGS_LOOKUP, orgRequired, TWO_ORGS, twoOrganizations } from '../fixtures.js';
import { answered, execute, ID, json, ORG, page, parse } from '../verb.js';
import { PRO, PRO_CARD } from './fixtures.js';

const monthly = (cents: number) =>
  ({
    type: 'recurring',
    recurring_interval: 'month',
    amount_type: 'fixed',
    price_amount: cents,
    price_currency: 'usd',
  }) as const;

describe('products create: argv -> options', () => {
  it.each([
    [
      ['--name', 'Acme Pro', '--price', '19/month', '--price', '190.5/YEAR'],
      {
        name: 'Acme Pro',
        prices: [monthly(1900), { ...monthly(19050), recurring_interval: 'year' }],
      },
    ],
    [
      ['--name', 'Kit', '--price', 'free', '--description', 'Templates', '--org', ORG],
      {
        name: 'Kit',
        description: 'Templates',
        organization_id: ORG,
        prices: [{ type: 'one_time', amount_type: 'free' }],
      },
    ],
    [
      ['--name', 'Desk', '--price', '0.50'],
      {
        name: 'Desk',
        prices: [
          { type: 'one_time', amount_type: 'fixed', price_amount: 50, price_currency: 'usd' },
        ],
      },
    ],
    [
      ['--name', 'Tip jar', '--price', 'custom'],
      {
        name: 'Tip jar',
        prices: [{ type: 'one_time', amount_type: 'custom', price_currency: 'usd' }],
      },
    ],
    [
      ['--name', 'Club', '--price', 'free/year'],
      {
        name: 'Club',
        prices: [{ type: 'recurring', recurring_interval: 'year', amount_type: 'free' }],
      },
    ],
    [
      // Flags over --data: the name is the flag's, the prices --data's.
      [
        '--data',
        '{"name": "Old", "prices": [{"type": "one_time", "amount_type": "free"}], "metadata": {"a": 1}}',
        '--name',
        'New name',
      ],
      {
        name: 'New name',
        prices: [{ type: 'one_time', amount_type: 'free' }],
        metadata: { a: 1 },
      },
    ],
  ])('%j', async (argv, body) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'products' })).toEqual({
      options: { body, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--price', '19/month'], '--name is required'],
    [['--name', 'Pr', '--price', '19/month'], '--name: must be at least 3 characters'],
    [
      ['--name', 'Acme Pro'],
      '--price is required: a price: 19.00/month, 190/year (recurring), 79 (one-time), free, ' +
        'free/month, or custom (pay what you want)',
    ],
    [
      ['--name', 'Acme Pro', '--price', '19.999/month'],
      '--price: "19.999" is not an amount with at most 2 decimals (e.g. 12.50)',
    ],
    [
      ['--name', 'Acme Pro', '--price', '$19'],
      '--price: "$19" is not an amount with at most 2 decimals (e.g. 12.50)',
    ],
    [
      ['--name', 'Acme Pro', '--price', '0.49'],
      '--price: must be from 0.50 to 999999.99, got 0.49',
    ],
    [
      ['--name', 'Acme Pro', '--price', '1000000'],
      '--price: must be from 0.50 to 999999.99, got 1000000',
    ],
    [
      ['--name', 'Acme Pro', '--price', '19/week'],
      '--price: "19/week" has no interval month or year after /',
    ],
    [
      ['--name', 'Acme Pro', '--price', 'custom/month'],
      '--price: a pay-what-you-want price is one-time only',
    ],
    [
      ['--name', 'Acme Pro', '--price', '19/month', '--price', '79'],
      "--price: a product's prices are all one-time or all recurring (with /month or /year)",
    ],
    [
      ['--name', 'Acme Pro', '--price', '79', '--price', '89'],
      '--price: a one-time product has one price',
    ],
    [
      ['--name', 'Acme Pro', '--price', '19/month', '--price', '29/month'],
      '--price: one price per interval at most (a monthly and a yearly one)',
    ],
    [
      ['--name', 'Acme Pro', '--price', 'free/month', '--price', '190/year'],
      "--price: a free recurring price must be the product's only price",
    ],
    [
      ['--name', 'Acme Pro', '--data', '{"prices": [{"type": "one_time"}, {"type": "one_time"}]}'],
      '--data prices: a one-time product has one price',
    ],
    [['--name', 'Acme Pro', '--price', '79', '--org', 'acme'], '--org: "acme" is not a UUID'],
  ])('%j -> usage error, nothing sent', async (argv, message) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'products' })).toEqual({
      code: 2,
      stderr: `billing: ${message}\n`,
    });
  });
});

describe('products create: options + answers -> output', () => {
  const call = { method: 'POST', path: '/v1/products/' };
  const body = { name: 'Acme Pro', prices: [monthly(1900)] };

  /** As with --org: no organization to find. */
  const withOrg = { ...body, organization_id: ID };

  it('sends the body; a pipe gets the card and no ✓ line', async () => {
    const r = await answered(runCreate, { body: withOrg, output: {} }, call, 201, PRO);
    expect(r).toEqual({
      code: 0,
      stdout: PRO_CARD,
      stderr: '',
      seen: { authorization: expect.stringMatching(/^Bearer /), body: withOrg },
    });
  });

  it("without --org: the profile's organization (BILLING_ORG) is sent", async () => {
    const r = await answered(runCreate, { body, output: {} }, call, 201, PRO, {
      env: { BILLING_ORG: ORG },
    });
    expect(r.seen.body).toEqual({ ...body, organization_id: ORG });
  });

  it('--org (or organization_id in --data) wins over the profile', async () => {
    const own = { ...body, organization_id: ID };
    const r = await answered(runCreate, { body: own, output: {} }, call, 201, PRO, {
      env: { BILLING_ORG: ORG },
    });
    expect(r.seen.body).toEqual(own);
  });

  it('a terminal ends with the ✓ line naming the new product', async () => {
    const r = await answered(runCreate, { body: withOrg, output: {} }, call, 201, PRO, {
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(`✓ Product ${ID} created.\n`);
  });

  it("422: the service's reasons, exit 2", async () => {
    const r = await answered(runCreate, { body: withOrg, output: {} }, call, 422, {
      detail: [
        {
          type: 'greater_than_equal',
          loc: ['body', 'prices', 0, 'price_amount'],
          msg: 'Input should be greater than or equal to 50',
          input: 1,
        },
      ],
    });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  prices.0.price_amount: Input should be greater than or equal to 50\n',
    });
  });
});

// Today's generation: the real description's ProductCreateRecurring / ProductCreateOneTime
// (2026-10) — the interval is the product's, a price has an amount type and no type, a free
// price is a fixed one of 0. answered() checks each request against the description.
describe("products create on today's API", () => {
  const call = { method: 'POST', path: '/v1/products/' };
  const today = { env: { BILLING_API_VERSION: '2026-10', BILLING_ORG: ORG } };
  const fixed = (cents: number) => ({
    amount_type: 'fixed',
    price_amount: cents,
    price_currency: 'usd',
  });

  it.each<[string, object, object]>([
    [
      'a monthly price: the interval moves to the product',
      { name: 'Acme Pro', prices: [monthly(1900)] },
      { name: 'Acme Pro', recurring_interval: 'month', prices: [fixed(1900)] },
    ],
    [
      'a one-time price: no interval',
      { name: 'Desk', prices: [{ type: 'one_time', ...fixed(7900) }] },
      { name: 'Desk', recurring_interval: null, prices: [fixed(7900)] },
    ],
    [
      'free/month: a fixed price of 0',
      {
        name: 'Starter',
        prices: [{ type: 'recurring', recurring_interval: 'month', amount_type: 'free' }],
      },
      { name: 'Starter', recurring_interval: 'month', prices: [fixed(0)] },
    ],
    [
      'pay what you want',
      {
        name: 'Tip jar',
        prices: [{ type: 'one_time', amount_type: 'custom', price_currency: 'usd' }],
      },
      {
        name: 'Tip jar',
        recurring_interval: null,
        prices: [{ amount_type: 'custom', price_currency: 'usd' }],
      },
    ],
    [
      "--data in today's form is sent as it is",
      {
        name: 'Weekly',
        recurring_interval: 'week',
        recurring_interval_count: 2,
        prices: [fixed(500)],
      },
      {
        name: 'Weekly',
        recurring_interval: 'week',
        recurring_interval_count: 2,
        prices: [fixed(500)],
      },
    ],
  ])('%s', async (_name, given, sent) => {
    const r = await answered(
      runCreate,
      { body: given as never, output: {} },
      call,
      201,
      PRO,
      today,
    );
    expect(r.code).toBe(0);
    expect(r.seen.body).toEqual({ ...sent, organization_id: ORG });
  });

  it('a monthly and a yearly price: one interval per product, nothing sent', async () => {
    const r = await execute(
      runCreate,
      {
        body: {
          name: 'Acme Pro',
          prices: [monthly(1900), { ...monthly(19000), recurring_interval: 'year' }],
        },
        output: {},
      },
      today,
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: a product of API version 2026-10 has one billing interval, not month and year: ' +
        'make one product per interval\n' +
        'e.g. billing products create --name "Acme Pro (yearly)" --price 190/year\n',
    });
  });
});

// Without --org or a default organization (issue 24): the organization the token acts for.
describe('products create: which organization', () => {
  const call = { method: 'POST', path: '/v1/products/' };
  const body = { name: 'Acme Pro', prices: [monthly(1900)] };

  it('the one organization a personal access token acts for', async () => {
    let sent: unknown;
    const r = await execute(
      runCreate,
      { body, output: {} },
      {
        http: (pool) => {
          pool.intercept(ORGS_LOOKUP).reply(200, page(TWO_ORGS.slice(0, 1)), json);
          pool.intercept(call).reply((req) => {
            sent = JSON.parse(String(req.body));
            return { statusCode: 201, data: PRO, responseOptions: json };
          });
        },
      },
    );
    expect(r.code).toBe(0);
    expect(sent).toEqual({ ...body, organization_id: TWO_ORGS[0]!.id });
  });

  it('several: exit 2 naming them and --org, nothing created', async () => {
    const r = await execute(runCreate, { body, output: {} }, { http: twoOrganizations });
    expect(r).toEqual({ code: 2, stdout: '', stderr: orgRequired('products create') });
  });

  it("an organization's own token: no organization_id (the service refuses one), no lookup", async () => {
    // organization/resolver.py get_payload_organization at f179ede58c (the seed generation):
    // "Setting organization_id is disallowed when using an organization token."
    const r = await answered(runCreate, { body, output: {} }, call, 201, PRO, {
      env: { BILLING_TOKEN: 'polar_oat_verbTestOrganizationToken000000000000000000000' },
    });
    expect(r.code).toBe(0);
    expect(r.seen.body).toEqual(body);
  });
});
