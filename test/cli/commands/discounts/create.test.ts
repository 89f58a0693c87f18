// billing discounts create: argv -> the body (or the exact usage error, nothing sent);
// options + answers -> the created discount and the ✓ line.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildCreate, runCreate } from '../../../../src/cli/commands/discounts/create.js';
import { answered, execute, ID, ID2, ORG, parse } from '../verb.js';
import { LAUNCH, LAUNCH_CARD } from './fixtures.js';

describe('discounts create: argv -> options', () => {
  it.each([
    [
      ['--name', 'Launch 10', '--code', 'LAUNCH10', '--amount', '10'],
      {
        name: 'Launch 10',
        code: 'LAUNCH10',
        type: 'fixed',
        amount: 1000,
        currency: 'usd',
        duration: 'once',
      },
    ],
    [
      ['--name', 'Cents', '--amount', '4.5', '--currency', 'USD', '--duration', 'forever'],
      { name: 'Cents', type: 'fixed', amount: 450, currency: 'usd', duration: 'forever' },
    ],
    [
      ['--name', 'Half', '--percent', '50', '--duration', 'repeating', '--months', '3'],
      {
        name: 'Half',
        type: 'percentage',
        basis_points: 5000,
        duration: 'repeating',
        duration_in_months: 3,
      },
    ],
    [
      [
        '--name',
        'Tiny',
        '--percent',
        '0.01',
        '--max-redemptions',
        '100',
        '--starts-at',
        '2027-01-01',
        '--ends-at',
        '2027-02-01T12:00:00+01:00',
        '--product',
        ID,
        '--product',
        ID2.toUpperCase(),
        '--org',
        ORG,
      ],
      {
        name: 'Tiny',
        type: 'percentage',
        basis_points: 1,
        max_redemptions: 100,
        starts_at: '2027-01-01T00:00:00.000Z',
        ends_at: '2027-02-01T11:00:00.000Z',
        products: [ID, ID2],
        organization_id: ORG,
        duration: 'once',
      },
    ],
    [
      [
        '--name',
        'All',
        '--percent',
        '100',
        '--data',
        '{"metadata": {"campaign": "x"}, "name": "y"}',
      ],
      {
        name: 'All',
        type: 'percentage',
        basis_points: 10000,
        metadata: { campaign: 'x' },
        duration: 'once',
      },
    ],
    [
      ['--name', 'Once each', '--amount', '5', '--max-per-customer', '1'],
      {
        name: 'Once each',
        type: 'fixed',
        amount: 500,
        currency: 'usd',
        max_redemptions_per_customer: 1,
        duration: 'once',
      },
    ],
  ])('%j', async (argv, body) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'discounts' })).toEqual({
      options: { body, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--amount', '10'], '--name is required'],
    [['--name', '  ', '--amount', '10'], '--name: must not be empty'],
    [['--name', 'X'], 'give --amount (a fixed discount) or --percent (a percentage)'],
    [
      ['--name', 'X', '--amount', '10', '--percent', '5'],
      '--amount and --percent cannot be used together',
    ],
    [
      ['--name', 'X', '--percent', '5', '--currency', 'usd'],
      '--currency goes with --amount (a fixed discount)',
    ],
    [
      ['--name', 'X', '--amount', '10', '--currency', 'eur'],
      '--currency: "eur" is not supported; the API takes usd',
    ],
    [['--name', 'X', '--amount', '0'], '--amount: must be at least 0.01, got 0'],
    [
      ['--name', 'X', '--amount', '10.001'],
      '--amount: "10.001" is not an amount with at most 2 decimals (e.g. 12.50)',
    ],
    [
      ['--name', 'X', '--amount', '-5'],
      '--amount: "-5" is not an amount with at most 2 decimals (e.g. 12.50)',
    ],
    [['--name', 'X', '--percent', '0'], '--percent: must be more than 0 and at most 100, got 0'],
    [
      ['--name', 'X', '--percent', '100.01'],
      '--percent: must be more than 0 and at most 100, got 100.01',
    ],
    [
      ['--name', 'X', '--percent', '12.345'],
      '--percent: "12.345" is not a percentage with at most 2 decimals (e.g. 12.5)',
    ],
    [
      ['--name', 'X', '--percent', '5', '--duration', 'repeating'],
      '--months is required with --duration repeating',
    ],
    [['--name', 'X', '--percent', '5', '--months', '3'], '--months goes with --duration repeating'],
    [
      ['--name', 'X', '--percent', '5', '--duration', 'forever', '--months', '3'],
      '--months goes with --duration repeating',
    ],
    [
      ['--name', 'X', '--percent', '5', '--duration', 'repeating', '--months', '0'],
      '--months: must be an integer at least 1, got 0',
    ],
    [
      ['--name', 'X', '--percent', '5', '--code', 'AB'],
      '--code: "AB" must be 3 to 256 letters or digits',
    ],
    [
      ['--name', 'X', '--percent', '5', '--code', 'SPRING-10'],
      '--code: "SPRING-10" must be 3 to 256 letters or digits',
    ],
    [
      ['--name', 'X', '--percent', '5', '--max-redemptions', '0'],
      '--max-redemptions: must be an integer at least 1, got 0',
    ],
    [
      ['--name', 'X', '--percent', '5', '--starts-at', '2027-02-01', '--ends-at', '2027-01-01'],
      '--starts-at must be before --ends-at',
    ],
    [
      ['--name', 'X', '--percent', '5', '--ends-at', 'tomorrow'],
      '--ends-at: "tomorrow" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or "none"',
    ],
    [['--name', 'X', '--percent', '5', '--product', 'pro'], '--product: "pro" is not a UUID'],
    [
      ['--name', 'X', '--percent', '5', '--max-per-customer', 'once'],
      '--max-per-customer: "once" is not an integer',
    ],
    [
      ['--name', 'X', '--percent', '5', '--duration', 'weekly'],
      "option '--duration <duration>' argument 'weekly' is invalid. Allowed choices are once, forever, repeating.",
    ],
  ])('%j -> usage error, nothing sent', async (argv, message) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'discounts' })).toEqual({
      code: 2,
      stderr: `billing: ${message}\n`,
    });
  });
});

describe('discounts create: options + answers -> output', () => {
  const call = { method: 'POST', path: '/v1/discounts/' };
  const body = {
    name: 'Launch 10',
    type: 'fixed',
    amount: 1000,
    currency: 'usd',
    duration: 'once',
  };

  /** As with --org: no organization to find. */
  const withOrg = { ...body, organization_id: ID };

  it('sends the body; a pipe gets the card', async () => {
    const r = await answered(runCreate, { body: withOrg, output: {} }, call, 201, LAUNCH);
    expect(r).toEqual({
      code: 0,
      stdout: LAUNCH_CARD,
      stderr: '',
      seen: { authorization: expect.any(String), body: withOrg },
    });
  });

  it("without --org: the profile's organization (BILLING_ORG) is sent", async () => {
    const r = await answered(runCreate, { body, output: {} }, call, 201, LAUNCH, {
      env: { BILLING_ORG: ORG },
    });
    expect(r.seen.body).toEqual({ ...body, organization_id: ORG });
  });

  it('a terminal ends with the ✓ line naming the code', async () => {
    const r = await answered(runCreate, { body: withOrg, output: {} }, call, 201, LAUNCH, {
      tty: true,
    });
    expect(stripVTControlCharacters(r.stderr)).toBe(`✓ Discount ${ID} created (code LAUNCH10).\n`);
  });

  it("today's API (2026-10): the limit per customer is sent, and the card shows it", async () => {
    const sent = { ...withOrg, max_redemptions_per_customer: 2 };
    const answer = { ...LAUNCH, amounts: { usd: 1000 }, max_redemptions_per_customer: 2 };
    const r = await answered(runCreate, { body: sent, output: {} }, call, 201, answer, {
      env: { BILLING_API_VERSION: '2026-10' },
    });
    expect(r.seen.body).toEqual(sent);
    expect(r.stdout).toContain('max_redemptions_per_customer\t2\n');
  });

  it("the seed's generation: --max-per-customer is a usage error, nothing sent", async () => {
    const sent = { ...withOrg, max_redemptions_per_customer: 2 };
    // Nothing scripted: a request would be answered 501.
    const r = await execute(
      runCreate,
      { body: sent, output: {} },
      {
        env: { BILLING_API_VERSION: 'none' },
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: --max-per-customer needs today's API (2026-04 or later): set api_version, or pass --api-version 2026-10\n",
    });
  });

  it("422: the service's reason, exit 2", async () => {
    const r = await answered(runCreate, { body: withOrg, output: {} }, call, 422, {
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'code'],
          msg: 'Discount with this code already exists.',
          input: 'LAUNCH10',
        },
      ],
    });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n  code: Discount with this code already exists.\n',
    });
  });
});
