// billing subs change-price: argv -> usage error or the exact PATCH (seller or customer portal).
import { describe, expect, it } from 'vitest';
import { ID, ID2, useRecorder } from '../harness.js';

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
