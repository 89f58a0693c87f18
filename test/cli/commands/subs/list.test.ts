// billing subs list: argv -> usage error or the exact customer-portal query.
import { describe, expect, it } from 'vitest';
import { ID, ID2, useRecorder } from '../harness.js';

const rec = useRecorder();
const CUSTOMER = 'polar_cst_unitTestCustomerSessionToken000000000000000000';

describe('subs list: argv -> usage error, nothing sent', () => {
  it.each([
    [['--active', '--inactive'], 'billing: --active and --inactive cannot be used together\n'],
    [
      ['--sort', 'created_at'],
      'billing: --sort: "created_at" is not a sort criterion here; valid: started_at, amount, ' +
        'status, organization, product (prefix - for descending)\n',
    ],
    [['--product', 'pro'], 'billing: --product: "pro" is not a UUID\n'],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [['--limit', '-1'], 'billing: --limit: must be an integer at least 1, got -1\n'],
    [['--page-size', '0'], 'billing: --page-size: must be an integer from 1 to 100, got 0\n'],
  ])('%j', async (args, stderr) => {
    await rec.usage(['subs', 'list', ...args], stderr);
  });
});

describe('subs list: argv -> query', () => {
  it.each([
    [['--active'], [['active', 'true']]],
    [['--inactive'], [['active', 'false']]],
    [
      [
        '--product',
        ID,
        '--product',
        ID2,
        '--org',
        ID,
        '--query',
        'Pro Plan',
        '--sort',
        'amount,-status',
      ],
      [
        ['product_id', ID],
        ['product_id', ID2],
        ['organization_id', ID],
        ['query', 'Pro Plan'],
        ['sorting', 'amount'],
        ['sorting', '-status'],
      ],
    ],
  ])('%j', async (args, filters) => {
    const sent = await rec.request(['subs', 'list', '--limit', '5', ...args], {
      BILLING_CUSTOMER_TOKEN: CUSTOMER,
    });
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/customer-portal/subscriptions/',
      query: [...filters, ['page', '1'], ['limit', '5']],
      authorization: `Bearer ${CUSTOMER}`,
    });
  });
});
