// billing subs change-price: argv -> usage error or the exact PATCH (seller or customer portal).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildChangePrice,
  type ChangePriceOptions,
  runChangePrice,
} from '../../../../src/cli/commands/subs/change-price.js';
import { ID, ID2, useRecorder } from '../harness.js';
import { CUSTOMER_TOKEN, execute, json, parse, TOKEN } from '../verb.js';

const rec = useRecorder();
const CUSTOMER = 'polar_cst_unitTestCustomerSessionToken000000000000000000';

describe('subs change-price', () => {
  it.each([
    [[ID], 'billing: --price is required\n'],
    [['sub_1', '--price', ID2], 'billing: subscription id: "sub_1" is not a UUID\n'],
    [[ID, '--price', 'price_1'], 'billing: --price: "price_1" is not a UUID\n'],
    [
      [ID, '--price', ID2, '--proration', 'never'],
      "billing: option '--proration <behavior>' argument 'never' is invalid. Allowed choices are invoice, prorate.\n",
    ],
    [
      [ID, '--price', ID2, '--proration', 'invoice', '--as-customer'],
      'billing: --proration is for the seller; drop it with --as-customer\n',
    ],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['subs', 'change-price', ...args], stderr);
  });

  it('as the seller: PATCH /v1/subscriptions/{id} with the price and proration', async () => {
    const sent = await rec.request([
      'subs',
      'change-price',
      ID,
      '--price',
      ID2.toUpperCase(),
      '--proration',
      'prorate',
    ]);
    expect(sent).toEqual({
      method: 'PATCH',
      path: `/v1/subscriptions/${ID}`,
      query: [],
      body: { product_price_id: ID2, proration_behavior: 'prorate' },
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
    });
  });

  it('--as-customer: the customer-portal PATCH with the customer token', async () => {
    const sent = await rec.request(['subs', 'change-price', ID, '--price', ID2, '--as-customer'], {
      BILLING_CUSTOMER_TOKEN: CUSTOMER,
    });
    expect(sent).toEqual({
      method: 'PATCH',
      path: `/v1/customer-portal/subscriptions/${ID}`,
      query: [],
      body: { product_price_id: ID2 },
      authorization: `Bearer ${CUSTOMER}`,
    });
  });
});

describe('subs change-price: argv -> options', () => {
  it.each([
    [
      [ID.toUpperCase(), '--price', ID2.toUpperCase()],
      { id: ID, priceId: ID2, asCustomer: false, output: {} },
    ],
    [
      [ID, '--price', ID2, '--proration', 'invoice'],
      { id: ID, priceId: ID2, proration: 'invoice', asCustomer: false, output: {} },
    ],
    [
      [ID, '--price', ID2, '--as-customer', '--json'],
      { id: ID, priceId: ID2, asCustomer: true, output: { json: true } },
    ],
    [
      [ID, '--price', ID2, '--fields', 'id,price_id'],
      { id: ID, priceId: ID2, asCustomer: false, output: { fields: 'id,price_id' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildChangePrice, 'change-price', argv, { noun: 'subs' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[ID], 'billing: --price is required\n'],
    [[ID, '--price', 'price_1'], 'billing: --price: "price_1" is not a UUID\n'],
    [
      [ID, '--price', ID2, '--proration', 'prorate', '--as-customer'],
      'billing: --proration is for the seller; drop it with --as-customer\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildChangePrice, 'change-price', argv, { noun: 'subs' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('subs change-price: options + answers -> output', () => {
  const SUB = {
    id: ID,
    status: 'active',
    product: { name: 'Pro' },
    price_id: ID2,
    amount: 2000,
    currency: 'usd',
    recurring_interval: 'month',
    current_period_start: '2026-11-01T00:00:00Z',
    current_period_end: '2026-12-01T00:00:00Z',
    cancel_at_period_end: false,
    customer: { email: 'jane@example.com' },
  };
  const CARD =
    `id\t${ID}\n` +
    'status\tactive\n' +
    'product.name\tPro\n' +
    `price_id\t${ID2}\n` +
    'amount\t2000\n' +
    'recurring_interval\tmonth\n' +
    'current_period_start\t2026-11-01T00:00:00Z\n' +
    'current_period_end\t2026-12-01T00:00:00Z\n' +
    'cancel_at_period_end\tfalse\n' +
    'customer.email\tjane@example.com\n';
  const seller: ChangePriceOptions = {
    id: ID,
    priceId: ID2,
    proration: 'invoice',
    asCustomer: false,
    output: {},
  };

  /** Answers one PATCH of `path`; returns the result and what the server saw. */
  async function patch(
    opts: ChangePriceOptions,
    path: string,
    status: number,
    body: object,
    env: Record<string, string> = {},
  ) {
    const seen: { authorization?: string; body?: unknown } = {};
    const r = await execute(runChangePrice, opts, {
      env,
      http: (pool) =>
        pool.intercept({ path, method: 'PATCH' }).reply((req) => {
          seen.authorization = (req.headers as Record<string, string>).authorization;
          seen.body = JSON.parse(String(req.body));
          return { statusCode: status, data: body, responseOptions: json };
        }),
    });
    return { ...r, seen };
  }

  it('as the seller: the price and proration, then the card', async () => {
    expect(await patch(seller, `/v1/subscriptions/${ID}`, 200, SUB)).toEqual({
      code: 0,
      stdout: CARD,
      stderr: '',
      seen: {
        authorization: `Bearer ${TOKEN}`,
        body: { product_price_id: ID2, proration_behavior: 'invoice' },
      },
    });
  });

  it('--as-customer: the customer-portal PATCH, the price only, the customer token', async () => {
    const r = await patch(
      { ...seller, proration: undefined, asCustomer: true, output: { json: true } },
      `/v1/customer-portal/subscriptions/${ID}`,
      200,
      SUB,
      { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(SUB, null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}`, body: { product_price_id: ID2 } },
    });
  });

  it('on a terminal, a ✓ line follows on stderr', async () => {
    const seen: { body?: unknown } = {};
    const r = await execute(
      runChangePrice,
      { ...seller, proration: undefined, output: { json: true } },
      {
        tty: true,
        http: (pool) =>
          pool.intercept({ path: `/v1/subscriptions/${ID}`, method: 'PATCH' }).reply((req) => {
            seen.body = JSON.parse(String(req.body));
            return { statusCode: 200, data: SUB, responseOptions: json };
          }),
      },
    );
    expect(seen.body).toEqual({ product_price_id: ID2 });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Subscription ${ID} is now on price ${ID2}.\n`,
    );
  });

  it.each([
    [
      403,
      {
        error: 'AlreadyCanceledSubscription',
        detail: 'This subscription is already canceled or will be at the end of the period.',
      },
      7,
      `billing: subscription ${ID} is canceled or ends with its period: its price can no longer change\n` +
        `If it has not ended yet, resume it first: billing subs resume ${ID}\n`,
    ],
    [
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
      6,
      `billing: subscription ${ID} not found\n`,
    ],
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    const r = await patch(seller, `/v1/subscriptions/${ID}`, status, body);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code,
      stdout: '',
      stderr,
    });
  });
});
