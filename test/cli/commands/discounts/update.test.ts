// billing discounts update: argv -> options (or the exact usage error); options + answers ->
// the PATCH sent, `none` as null.
import { describe, expect, it } from 'vitest';
import { buildUpdate, runUpdate } from '../../../../src/cli/commands/discounts/update.js';
import { answered, execute, ID, ID2, NOT_FOUND, parse } from '../verb.js';
import { LAUNCH, LAUNCH_CARD } from './fixtures.js';

describe('discounts update: argv -> options', () => {
  it.each([
    [[ID, '--name', 'Launch'], { name: 'Launch' }],
    [
      [
        ID,
        '--code',
        'none',
        '--max-redemptions',
        'none',
        '--starts-at',
        'none',
        '--ends-at',
        'none',
      ],
      { code: null, max_redemptions: null, starts_at: null, ends_at: null },
    ],
    [[ID, '--amount', '12.5'], { type: 'fixed', amount: 1250, currency: 'usd' }],
    [
      [ID, '--percent', '33.33', '--months', '6'],
      { type: 'percentage', basis_points: 3333, duration_in_months: 6 },
    ],
    [[ID, '--product', ID2, '--product', ID], { products: [ID2, ID] }],
    [[ID, '--any-product'], { products: [] }],
    [[ID, '--max-per-customer', '2'], { max_redemptions_per_customer: 2 }],
    [[ID, '--max-per-customer', 'none'], { max_redemptions_per_customer: null }],
    [
      [ID, '--data', '{"metadata": {"a": "b"}, "code": "X"}', '--code', 'SPRING'],
      { metadata: { a: 'b' }, code: 'SPRING' },
    ],
  ])('%j', async (argv, body) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'discounts' })).toEqual({
      options: { id: ID, body, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [ID],
      'nothing to change: give --name, --amount, --percent, --months, --code, ' +
        '--max-redemptions, --max-per-customer, --starts-at, --ends-at, --product, ' +
        '--any-product or --data',
    ],
    [[ID, '--max-per-customer', '0'], '--max-per-customer: must be an integer at least 1, got 0'],
    [
      [ID, '--any-product', '--product', ID2],
      '--any-product and --product cannot be used together',
    ],
    [[ID, '--amount', '1', '--percent', '1'], '--amount and --percent cannot be used together'],
    [[ID, '--code', 'a b c'], '--code: "a b c" must be 3 to 256 letters or digits'],
    [[ID, '--percent', '101'], '--percent: must be more than 0 and at most 100, got 101'],
    [[ID, '--max-redemptions', 'many'], '--max-redemptions: "many" is not an integer'],
    [['LAUNCH10', '--name', 'x'], 'discount id: "LAUNCH10" is not a UUID'],
  ])('%j -> usage error, nothing sent', async (argv, message) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'discounts' })).toEqual({
      code: 2,
      stderr: `billing: ${message}\n`,
    });
  });
});

describe('discounts update: options + answers -> output', () => {
  const call = { method: 'PATCH', path: `/v1/discounts/${ID}` };

  it('sends exactly the body, nulls included; a pipe gets the card', async () => {
    const body = { code: null, max_redemptions: 100 };
    const r = await answered(runUpdate, { id: ID, body, output: {} }, call, 200, LAUNCH);
    expect(r).toMatchObject({ code: 0, stdout: LAUNCH_CARD, stderr: '', seen: { body } });
  });

  it('a redeemed discount whose amount cannot change: 422, exit 2', async () => {
    const r = await answered(runUpdate, { id: ID, body: { amount: 500 }, output: {} }, call, 422, {
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'amount'],
          msg: 'This field cannot be changed because the discount has already been redeemed.',
          input: 1000,
        },
      ],
    });
    expect(r).toMatchObject({
      code: 2,
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  amount: This field cannot be changed because the discount has already been redeemed.\n',
    });
  });

  it("today's API: a limit per customer is sent and shown (2026-10)", async () => {
    const body = { max_redemptions_per_customer: 1 };
    const answer = { ...LAUNCH, amounts: { usd: 1000 }, max_redemptions_per_customer: 1 };
    const r = await answered(runUpdate, { id: ID, body, output: {} }, call, 200, answer, {
      env: { BILLING_API_VERSION: '2026-10' },
    });
    expect(r).toMatchObject({ code: 0, stderr: '', seen: { body } });
    expect(r.stdout).toBe(
      LAUNCH_CARD.replace(
        'max_redemptions\t100\n',
        'max_redemptions\t100\nmax_redemptions_per_customer\t1\n',
      ),
    );
  });

  it("the seed's generation has no limit per customer: a usage error, nothing sent", async () => {
    const body = { max_redemptions_per_customer: 1 };
    // Nothing scripted: a request would be answered 501.
    const r = await execute(
      runUpdate,
      { id: ID, body, output: {} },
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

  it('404: exit 6', async () => {
    const r = await answered(
      runUpdate,
      { id: ID, body: { name: 'x' }, output: {} },
      call,
      404,
      NOT_FOUND,
    );
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `billing: discount ${ID} not found\n` });
  });
});
