// billing checkout get: argv -> options (or the exact usage error); options + answers -> output.
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/checkout/get.js';
import { execute, ID, ID2, json, parse } from '../verb.js';

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
    id: ID,
    status: 'open',
    product: { name: 'Pro' },
    product_price: { price_amount: 1200, price_currency: 'usd', amount_type: 'fixed' },
    subtotal_amount: 1200,
    total_amount: 1200,
    currency: 'usd',
    is_payment_required: true,
    customer_email: 'jane@example.com',
    customer_name: null,
    customer_id: ID2,
    expires_at: '2026-11-23T13:00:00Z',
    url: `https://billing.example/checkout/${ID}`,
    metadata: { ref: 'spring' },
    custom_field_data: {},
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
      stdout:
        `id\t${ID}\n` +
        'status\topen\n' +
        'product.name\tPro\n' +
        'product_price.price_amount\t1200\n' +
        'discount.name\t\n' +
        'subtotal_amount\t1200\n' +
        'total_amount\t1200\n' +
        'is_payment_required\ttrue\n' +
        'customer_email\tjane@example.com\n' +
        'customer_name\t\n' +
        `customer_id\t${ID2}\n` +
        'expires_at\t2026-11-23T13:00:00Z\n' +
        `url\thttps://billing.example/checkout/${ID}\n` +
        'metadata\t{"ref":"spring"}\n' +
        'custom_field_data\t{}\n',
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
    [
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
      6,
      `billing: checkout ${ID} not found\n`,
    ],
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    expect(await get({}, status, body)).toEqual({ code, stdout: '', stderr });
  });
});
