// billing checkout get: argv -> options (or the exact usage error); options + answers -> output.
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/checkout/get.js';
import { execute, ID, json, NOT_FOUND, parse, TOKEN_REJECTED } from '../verb.js';
import { checkoutCard, CHECKOUT as OPEN } from './fixtures.js';

describe('checkout get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [[ID, '--json'], { id: ID, output: { json: true } }],
    [
      [ID, '--fields', 'status,total_amount,customer_email'],
      { id: ID, output: { fields: 'status,total_amount,customer_email' } },
    ],
    [[ID, '-o', 'ndjson'], { id: ID, output: { output: 'ndjson' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'checkout' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['polar_c_abc'], 'billing: checkout id: "polar_c_abc" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
    [
      [ID, '--fields', 'total_amount.value'],
      'billing: --fields: "total_amount.value" is not a field here\n' +
        '"total_amount" is a value, with no fields inside\n',
    ],
    [
      [ID, '-o', 'yaml'],
      "billing: option '-o, --output <format>' argument 'yaml' is invalid. Allowed choices are table, tsv, json, ndjson.\n",
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'checkout' })).toEqual({ code: 2, stderr });
  });
});

describe('checkout get: options + answers -> output', () => {
  const CHECKOUT = {
    ...OPEN,
    product_price: { price_amount: 1200, price_currency: 'usd', amount_type: 'fixed' },
    customer_name: null,
    metadata: { ref: 'spring' },
  };
  const get = (output: GetOptions['output'], status = 200, body: object = CHECKOUT) =>
    execute(
      runGet,
      { id: ID, output },
      {
        http: (pool) =>
          pool
            .intercept({ path: `/v1/checkouts/custom/${ID}`, method: 'GET' })
            .reply(status, body, json),
      },
    );

  it('prints a key\\tvalue card to a pipe', async () => {
    expect(await get({})).toEqual({
      code: 0,
      stdout: checkoutCard(CHECKOUT),
      stderr: '',
    });
  });

  it('--fields picks rows; --json prints the session as sent', async () => {
    expect(await get({ fields: 'status,total_amount,customer_email' })).toEqual({
      code: 0,
      stdout: 'status\topen\ntotal_amount\t1200\ncustomer_email\tjane@example.com\n',
      stderr: '',
    });
    expect(await get({ json: true })).toEqual({
      code: 0,
      stdout: `${JSON.stringify(CHECKOUT, null, 2)}\n`,
      stderr: '',
    });
  });

  it.each([
    [404, NOT_FOUND, 6, `billing: checkout ${ID} not found\n`],
    [401, { error: 'invalid_token' }, 4, TOKEN_REJECTED],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    expect(await get({}, status, body)).toEqual({ code, stdout: '', stderr });
  });
});
