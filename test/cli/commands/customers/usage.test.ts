// billing customers usage: argv -> options or the exact usage error; options + answers ->
// output. Today's API only (GET /v1/customer-meters/, checked against the 2026-10 description).
import { describe, expect, it } from 'vitest';
import {
  buildUsage,
  runUsage,
  type UsageOptions,
} from '../../../../src/cli/commands/customers/usage.js';
import { CUSTOMER_ID, CUSTOMER_METER } from '../events/fixtures.js';
import { answered, execute, ID2, json, page, parse } from '../verb.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };
const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };

describe('customers usage: argv -> options', () => {
  it.each([
    [['Jane@Example.com'], { filters: { customer: 'jane@example.com' }, page: first, output: {} }],
    [
      [CUSTOMER_ID, '--json'],
      { filters: { customer: CUSTOMER_ID }, page: first, output: { json: true } },
    ],
    [
      ['--external-id', 'user_4711'],
      { filters: { customer: 'user_4711', external: true }, page: first, output: {} },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUsage, 'usage', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], 'billing: give a customer (id or email) or --external-id, one of them\n'],
    [
      [CUSTOMER_ID, '--external-id', 'u'],
      'billing: give a customer (id or email) or --external-id, one of them\n',
    ],
    [['jane'], 'billing: customer: "jane" is neither a customer id (UUID) nor an email\n'],
    [
      ['--external-id', ' '],
      'billing: --external-id: an external id is one line of 1 to 256 characters\n',
    ],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildUsage, 'usage', argv, { noun: 'customers' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('customers usage: options + answers -> output', () => {
  const options: UsageOptions = { filters: { customer: CUSTOMER_ID }, page: first, output: {} };

  it('a pipe gets TSV: meter, consumed, credited, balance', async () => {
    const r = await answered(
      runUsage,
      options,
      { method: 'GET', path: `/v1/customer-meters/?customer_id=${CUSTOMER_ID}&page=1&limit=30` },
      200,
      page([CUSTOMER_METER]),
      TODAY,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout: `METER\tCONSUMED\tCREDITED\tBALANCE\tMETER ID\nAPI requests\t12500\t10000\t-2500\t${ID2}\n`,
      stderr: '',
    });
  });

  it('--external-id asks by your id; an email is looked up first', async () => {
    const ext = await answered(
      runUsage,
      { ...options, filters: { customer: 'user_4711', external: true }, output: { json: true } },
      {
        method: 'GET',
        path: '/v1/customer-meters/?external_customer_id=user_4711&page=1&limit=30',
      },
      200,
      page([CUSTOMER_METER]),
      TODAY,
    );
    expect(JSON.parse(ext.stdout)).toEqual([CUSTOMER_METER]);
    const byEmail = await execute(
      runUsage,
      { ...options, filters: { customer: 'jane@example.com' } },
      {
        ...TODAY,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/customers/?query=jane%40example.com&page=1&limit=100' })
            .reply(200, page([{ id: CUSTOMER_ID, email: 'jane@example.com' }]), json);
          pool
            .intercept({ path: `/v1/customer-meters/?customer_id=${CUSTOMER_ID}&page=1&limit=30` })
            .reply(200, page([]), json);
        },
      },
    );
    expect(byEmail).toEqual({
      code: 0,
      stdout: 'METER\tCONSUMED\tCREDITED\tBALANCE\tMETER ID\n',
      stderr: '',
    });
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runUsage, options)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: customer meters need today's API (2026-04 or later): set api_version, or pass --api-version 2026-10\n",
    });
  });
});
