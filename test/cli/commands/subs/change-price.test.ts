// billing subs change-price: argv -> usage error or the exact PATCH (seller or customer portal).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildChangePrice,
  type ChangePriceOptions,
  runChangePrice,
} from '../../../../src/cli/commands/subs/change-price.js';
import { ID, ID2, useRecorder } from '../harness.js';
import { answered, NOT_FOUND, parse, TOKEN, TOKEN_REJECTED } from '../verb.js';
import {
  ALREADY_CANCELED,
  expectPortalPatch,
  expectSellerPatch,
  SUB as MONTHLY,
  refused,
  SELLER,
} from './fixtures.js';

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
  const SUB = { ...MONTHLY, amount: 2000 };
  const seller: ChangePriceOptions = {
    id: ID,
    priceId: ID2,
    proration: 'invoice',
    asCustomer: false,
    output: {},
  };
  /** What the server sees of `seller`. */
  const SEEN = {
    authorization: `Bearer ${TOKEN}`,
    body: { product_price_id: ID2, proration_behavior: 'invoice' },
  };

  it('as the seller: the price and proration, then the card', async () => {
    await expectSellerPatch(runChangePrice, seller, SUB, SEEN);
  });

  it('--as-customer: the customer-portal PATCH, the price only, the customer token', async () => {
    await expectPortalPatch(
      runChangePrice,
      { ...seller, proration: undefined, asCustomer: true, output: { json: true } },
      { product_price_id: ID2 },
      SUB,
    );
  });

  it('on a terminal, a ✓ line follows on stderr', async () => {
    const r = await answered(
      runChangePrice,
      { ...seller, proration: undefined, output: { json: true } },
      SELLER,
      200,
      SUB,
      { tty: true },
    );
    expect(r.seen.body).toEqual({ product_price_id: ID2 });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Subscription ${ID} is now on price ${ID2}.\n`,
    );
  });

  it.each([
    [
      403,
      ALREADY_CANCELED,
      7,
      `billing: subscription ${ID} is canceled or ends with its period: its price can no longer change\n` +
        `If it has not ended yet, resume it first: billing subs resume ${ID}\n`,
    ],
    [404, NOT_FOUND, 6, `billing: subscription ${ID} not found\n`],
    [401, { error: 'invalid_token' }, 4, TOKEN_REJECTED],
  ])('a %i: exit code and message', refused(runChangePrice, seller, SEEN));
});
