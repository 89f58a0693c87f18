// billing subs get: argv -> options; options + answers -> output (the seller's search of the
// list, or the customer portal's read with --mine).
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/subs/get.js';
import { lookup } from '../customers/fixtures.js';
import {
  answered,
  CUSTOMER_TOKEN,
  execute,
  ID,
  ID2,
  json,
  NOT_FOUND,
  ORG,
  page,
  parse,
} from '../verb.js';
import { SUB, subCard } from './fixtures.js';

describe('subs get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, mine: false, output: {} }],
    [[ID, '--mine', '--json'], { id: ID, mine: true, output: { json: true } }],
    [
      [ID, '--org', ORG, '--customer', 'Jane@Example.com'],
      { id: ID, mine: false, organizations: [ORG], customer: 'jane@example.com', output: {} },
    ],
  ])('%j', async (argv, options) => {
    const r = await parse(buildGet, 'get', argv, { noun: 'subs' });
    expect({ ...r, options: JSON.parse(JSON.stringify(r.options)) }).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['sub_1'], 'billing: subscription id: "sub_1" is not a UUID\n'],
    [
      [ID, '--mine', '--org', ORG],
      'billing: --org and --customer narrow the seller search: not with --mine\n',
    ],
    [
      [ID, '--customer', 'jane'],
      'billing: --customer: "jane" is neither a customer id (UUID) nor an email\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'subs' })).toEqual({ code: 2, stderr });
  });
});

describe('subs get: options + answers -> output', () => {
  const base: GetOptions = { id: ID, mine: false, output: {} };
  const other = (n: number) => ({ ...SUB, id: `${ID2.slice(0, -3)}${String(n).padStart(3, '0')}` });

  it("finds the seller's subscription on the second page of the list; stops there", async () => {
    const full = Array.from({ length: 100 }, (_, n) => other(n));
    const r = await execute(runGet, base, {
      http: (pool) => {
        pool
          .intercept({ path: '/v1/subscriptions/?page=1&limit=100' })
          .reply(200, page(full, 250, 3), json);
        pool
          .intercept({ path: '/v1/subscriptions/?page=2&limit=100' })
          .reply(200, page([other(100), SUB], 250, 3), json);
      },
    });
    expect(r).toEqual({ code: 0, stdout: subCard(SUB), stderr: '' });
  });

  it("today's API reads the seller's subscription by id (GET /v1/subscriptions/{id})", async () => {
    // 2026-10 has the seller's read of one subscription (subscriptions:get), with prices.
    const today = { ...SUB, price_id: undefined, prices: [{ id: ID2, amount_type: 'fixed' }] };
    const r = await execute(
      runGet,
      { ...base, output: { json: true } },
      {
        env: { BILLING_API_VERSION: '2026-10' },
        http: (pool) =>
          pool
            .intercept({
              path: `/v1/subscriptions/${ID}`,
              headers: { 'polar-version': '2026-10' },
            })
            .reply(200, today, json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(today, null, 2)}\n`, stderr: '' });
  });

  it('--customer by email narrows the search to their subscriptions', async () => {
    const r = await execute(
      runGet,
      { ...base, customer: 'jane@example.com', output: { json: true } },
      {
        http: (pool) => {
          lookup(pool, 'jane@example.com', [
            { id: ID2, email: 'jane@example.com', organization_id: ORG },
          ]);
          pool
            .intercept({ path: `/v1/subscriptions/?customer_id=${ID2}&page=1&limit=100` })
            .reply(200, page([SUB]), json);
        },
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(SUB);
  });

  it('not in the list: exit 6, pointing to --mine', async () => {
    const r = await execute(
      runGet,
      { ...base, organizations: [ORG] },
      {
        http: (pool) =>
          pool
            .intercept({ path: `/v1/subscriptions/?organization_id=${ORG}&page=1&limit=100` })
            .reply(200, page([other(1)]), json),
      },
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        `billing: subscription ${ID} not found\n` +
        `It is not among the subscriptions searched. A customer's own? billing subs get ${ID} --mine\n`,
    });
  });

  it('--mine reads it through the customer portal with the customer token', async () => {
    const r = await answered(
      runGet,
      { ...base, mine: true },
      { method: 'GET', path: `/v1/customer-portal/subscriptions/${ID}` },
      200,
      SUB,
      { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: subCard(SUB),
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });

  it('--mine 404: exit 6', async () => {
    const r = await answered(
      runGet,
      { ...base, mine: true },
      { method: 'GET', path: `/v1/customer-portal/subscriptions/${ID}` },
      404,
      NOT_FOUND,
    );
    expect(r).toMatchObject({
      code: 6,
      stdout: '',
      stderr: `billing: subscription ${ID} not found\n`,
    });
  });
});
