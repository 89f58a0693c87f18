// billing subs change-price: argv -> usage error or the exact PATCH (seller or customer portal).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildChangePrice,
  type ChangePriceOptions,
  runChangePrice,
} from '../../../../src/cli/commands/subs/change-price.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { ID, ID2, useRecorder } from '../harness.js';
import {
  answered,
  execute,
  json,
  NOT_FOUND,
  ORG,
  page,
  parse,
  TOKEN,
  TOKEN_REJECTED,
} from '../verb.js';

const OLD = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const YEARLY = '8d2f3e4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a';
const FREE = '9e3a4f5b-6c7d-4e8f-8a9b-1c2d3e4f5a6b';

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
    [
      [ID],
      'billing: --price or --product is required (there is no terminal to pick one on)\n' +
        'List them: billing products list --recurring\n',
    ],
    [[ID, '--as-customer'], 'billing: --price or --product is required with --mine\n'],
    [['sub_1', '--price', ID2], 'billing: subscription id: "sub_1" is not a UUID\n'],
    [[ID, '--price', 'price_1'], 'billing: --price: "price_1" is not a UUID\n'],
    [
      [ID, '--price', ID2, '--proration', 'never'],
      "billing: option '--proration <behavior>' argument 'never' is invalid. Allowed choices are invoice, prorate, next_period, reset.\n",
    ],
    [
      [ID, '--price', ID2, '--proration', 'invoice', '--as-customer'],
      'billing: --proration is for the seller; drop it with --mine\n',
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

// Today's generation moves a subscription to a product (the real description's
// SubscriptionUpdateBase and CustomerSubscriptionUpdateProduct, 2026-10): every request below
// is also checked against it by the recorder.
describe("subs change-price on today's API", () => {
  const TODAY = { BILLING_API_VERSION: '2026-10' };
  const PRODUCT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

  it('--product: PATCH {product_id, proration_behavior}', async () => {
    const sent = await rec.request(
      ['subs', 'change-price', ID, '--product', PRODUCT, '--proration', 'next_period'],
      TODAY,
    );
    expect(sent).toEqual({
      method: 'PATCH',
      path: `/v1/subscriptions/${ID}`,
      query: [],
      body: { product_id: PRODUCT, proration_behavior: 'next_period' },
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
      version: '2026-10',
    });
  });

  it('--price: the product that sells it is found, and the PATCH names the product', async () => {
    rec.answers['GET /v1/products/'] = {
      body: {
        items: [
          { id: ID2, name: 'Basic', recurring_interval: 'month', prices: [{ id: OLD }] },
          { id: PRODUCT, name: 'Pro', recurring_interval: 'month', prices: [{ id: YEARLY }] },
        ],
        pagination: { total_count: 2, max_page: 1 },
      },
    };
    const r = await rec.run(['subs', 'change-price', ID, '--price', YEARLY], TODAY);
    expect(r).toMatchObject({ code: 2, stderr: 'billing: recorded\n' });
    expect(rec.sent.map((x) => [x.method, x.path, x.query, x.body, x.version])).toEqual([
      [
        'GET',
        '/v1/products/',
        [
          ['is_archived', 'false'],
          ['is_recurring', 'true'],
          ['page', '1'],
          ['limit', '100'],
        ],
        undefined,
        '2026-10',
      ],
      ['PATCH', `/v1/subscriptions/${ID}`, [], { product_id: PRODUCT }, '2026-10'],
    ]);
  });

  it('--price of no recurring product on sale: not found, nothing changed', async () => {
    rec.answers['GET /v1/products/'] = {
      body: { items: [], pagination: { total_count: 0, max_page: 0 } },
    };
    rec.answers[`GET /v1/products/${YEARLY}`] = {
      status: 404,
      body: { error: 'ResourceNotFound', detail: 'Not found' },
    };
    const r = await rec.run(['subs', 'change-price', ID, '--price', YEARLY], TODAY);
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        `billing: price ${YEARLY} is not a price of a recurring product on sale\n` +
        'List them: billing products list --recurring\n',
    });
    // Not a price on sale; not a product either (issue 24): nothing is changed.
    expect(rec.sent.map((x) => [x.method, x.path])).toEqual([
      ['GET', '/v1/products/'],
      ['GET', `/v1/products/${YEARLY}`],
    ]);
  });

  it("--price given a recurring product's id: said on stderr, the PATCH names that product", async () => {
    rec.answers['GET /v1/products/'] = {
      body: { items: [], pagination: { total_count: 0, max_page: 0 } },
    };
    rec.answers[`GET /v1/products/${PRODUCT}`] = {
      body: {
        id: PRODUCT,
        name: 'Pro \u001b[31mplan',
        is_recurring: true,
        is_archived: false,
        recurring_interval: 'month',
        prices: [{ id: YEARLY, amount_type: 'fixed', price_amount: 900, price_currency: 'usd' }],
      },
    };
    const r = await rec.run(['subs', 'change-price', ID, '--price', PRODUCT], TODAY);
    expect(r).toMatchObject({
      code: 2,
      stderr: `${PRODUCT} is the product Pro \\x1b[31mplan: moving to it\nbilling: recorded\n`,
    });
    expect(rec.sent.map((x) => [x.method, x.path, x.body])).toEqual([
      ['GET', '/v1/products/', undefined],
      ['GET', `/v1/products/${PRODUCT}`, undefined],
      ['PATCH', `/v1/subscriptions/${ID}`, { product_id: PRODUCT }],
    ]);
  });

  it('--as-customer --product: the portal PATCH {product_id}', async () => {
    const sent = await rec.request(
      ['subs', 'change-price', ID, '--product', PRODUCT, '--as-customer'],
      { ...TODAY, BILLING_CUSTOMER_TOKEN: CUSTOMER },
    );
    expect(sent).toMatchObject({
      method: 'PATCH',
      path: `/v1/customer-portal/subscriptions/${ID}`,
      body: { product_id: PRODUCT },
      version: '2026-10',
    });
  });

  it('--product on the seed generation: a usage error, nothing sent', async () => {
    const r = await rec.run(['subs', 'change-price', ID, '--product', PRODUCT], {
      BILLING_API_VERSION: 'none',
    });
    expect({ ...r, sent: rec.sent }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: --product needs today's API (2026-04 or later): on this service a " +
        'subscription moves to a price\n' +
        `Its prices: billing products get ${PRODUCT}\n`,
      sent: [],
    });
  });

  it('--price and --product together: a usage error', async () => {
    await rec.usage(
      ['subs', 'change-price', ID, '--price', YEARLY, '--product', PRODUCT],
      'billing: --price and --product cannot be used together\n',
    );
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
    [
      [ID],
      'billing: --price or --product is required (there is no terminal to pick one on)\n' +
        'List them: billing products list --recurring\n',
    ],
    [[ID, '--as-customer'], 'billing: --price or --product is required with --mine\n'],
    [[ID, '--price', 'price_1'], 'billing: --price: "price_1" is not a UUID\n'],
    [
      [ID, '--price', ID2, '--proration', 'prorate', '--as-customer'],
      'billing: --proration is for the seller; drop it with --mine\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildChangePrice, 'change-price', argv, { noun: 'subs' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('subs change-price: the price picker on a terminal', () => {
  const PRODUCTS = [
    {
      id: ID,
      name: 'Pro',
      organization_id: ORG,
      prices: [
        {
          id: ID2,
          type: 'recurring',
          amount_type: 'fixed',
          price_amount: 1000,
          price_currency: 'usd',
          recurring_interval: 'month',
          is_archived: false,
        },
        {
          id: OLD,
          type: 'recurring',
          amount_type: 'fixed',
          price_amount: 900,
          price_currency: 'usd',
          recurring_interval: 'month',
          is_archived: true,
        },
        {
          id: YEARLY,
          type: 'recurring',
          amount_type: 'fixed',
          price_amount: 10000,
          price_currency: 'usd',
          recurring_interval: 'year',
          is_archived: false,
        },
      ],
    },
    {
      id: ID2,
      name: 'Team \u001b[2J',
      organization_id: ORG,
      prices: [
        {
          id: FREE,
          type: 'recurring',
          amount_type: 'free',
          recurring_interval: 'month',
          is_archived: false,
        },
      ],
    },
  ];
  const LIST = '/v1/products/?is_recurring=true&is_archived=false&page=1&limit=100';
  const base: ChangePriceOptions = { id: ID, asCustomer: false, output: { json: true } };

  it('without --price on a terminal, the options carry no price (it is picked when run)', async () => {
    expect(
      await parse(buildChangePrice, 'change-price', [ID], { noun: 'subs', tty: true }),
    ).toEqual({
      options: { id: ID, priceId: undefined, proration: undefined, asCustomer: false, output: {} },
      code: 0,
      stderr: '',
    });
  });

  // The subscription is read first (the seed's service: from the seller's list) to name it and
  // mark its price.
  const SUBS = '/v1/subscriptions/?page=1&limit=100';
  const sub = { ...MONTHLY, product: { name: 'Pro', organization_id: ORG } };
  const listed = (pool: ScriptedHost) => {
    pool.intercept({ path: SUBS }).reply(200, page([sub]), json);
    pool.intercept({ path: LIST }).reply(200, page(PRODUCTS), json);
  };
  const MENU =
    `Move subscription ${ID} (jane@example.com, Pro) to which recurring price?\n` +
    `  1) Pro: $10.00 USD/month  ${ID2}  (current)\n` +
    `  2) Pro: $100.00 USD/year  ${YEARLY}\n` +
    `  3) Team \\x1b[2J: free/month  ${FREE}\n`;

  it('names the subscription, marks its price, PATCHes the one picked', async () => {
    let sent: unknown;
    const r = await execute(runChangePrice, base, {
      tty: true,
      stdin: ['2'],
      http: (pool) => {
        listed(pool);
        pool
          .intercept({
            ...SELLER,
            body: (b) => {
              sent = JSON.parse(b);
              return true;
            },
          })
          .reply(200, { ...MONTHLY, price_id: YEARLY }, json);
      },
    });
    expect(r.code).toBe(0);
    expect(sent).toEqual({ product_price_id: YEARLY });
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `${MENU}? Which one? [1-3] ✓ Subscription ${ID} is now on price ${YEARLY}.\n`,
    );
  });

  it('asks again after a number out of range, a word, or the current price', async () => {
    let sent: unknown;
    const r = await execute(runChangePrice, base, {
      tty: true,
      stdin: ['7', 'yearly', '1', '3'],
      http: (pool) => {
        listed(pool);
        pool
          .intercept({
            ...SELLER,
            body: (b) => {
              sent = JSON.parse(b);
              return true;
            },
          })
          .reply(200, { ...MONTHLY, price_id: FREE }, json);
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(sent).toEqual({ product_price_id: FREE });
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `${MENU}? Which one? [1-3] ` +
        '  "7" is not one of them: type a number from 1 to 3, or an empty line to stop\n' +
        '? Which one? [1-3] ' +
        '  "yearly" is not one of them: type a number from 1 to 3, or an empty line to stop\n' +
        '? Which one? [1-3] ' +
        '  1 is the current one: pick another, or an empty line to stop\n' +
        '? Which one? [1-3] ' +
        `✓ Subscription ${ID} is now on price ${FREE}.\n`,
    );
  });

  it.each([
    [[''], 'nothing picked'],
    [['7', ''], 'nothing picked'],
    [['7'], '"7" is not one of them'],
    [[], 'nothing picked'],
  ])('answers %j, then the end: exit 2, nothing changed', async (stdin, said) => {
    const r = await execute(runChangePrice, base, { tty: true, stdin, http: listed });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').at(-2)).toMatch(
      new RegExp(`billing: subs change-price: ${said}; nothing was changed$`),
    );
  });

  it('an unknown subscription: exit 6 before anything is asked', async () => {
    const r = await execute(runChangePrice, base, {
      tty: true,
      http: (pool) => pool.intercept({ path: SUBS }).reply(200, page([]), json),
    });
    expect(r.code).toBe(6);
    expect(r.stderr).not.toContain('Which one');
  });

  it('no other recurring price on sale: exit 2 and how to make one', async () => {
    const r = await execute(runChangePrice, base, {
      tty: true,
      http: (pool) => {
        pool.intercept({ path: SUBS }).reply(200, page([sub]), json);
        pool
          .intercept({ path: LIST })
          .reply(200, page([PRODUCTS[0]!].map((p) => ({ ...p, prices: [p.prices[0]] }))), json);
      },
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: subs change-price: there is no other recurring price on sale to move to\n' +
        'Create one: billing products create --help\n',
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
      `billing: subscription ${ID} has ended, or ends with its period: cannot change its price\n` +
        `See which: billing subs get ${ID}\n`,
    ],
    [404, NOT_FOUND, 6, `billing: subscription ${ID} not found\n`],
    [401, { error: 'invalid_token' }, 4, TOKEN_REJECTED],
  ])('a %i: exit code and message', refused(runChangePrice, seller, SEEN));
});

// --preview (today's API): the subscription read, then the private change-preview route the
// real service keeps out of its description (its body checked against the description's
// SubscriptionChangePreview by the recorder); nothing is PATCHed.
describe('subs change-price --preview', () => {
  const TODAY = { BILLING_API_VERSION: '2026-10' };
  const PRODUCT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
  const SUBSCRIPTION = {
    id: ID,
    currency: 'usd',
    current_period_end: '2026-12-05T16:17:25.208Z',
    product: { id: ID2, name: 'Basic', organization_id: ORG },
  };
  const PREVIEW = {
    base_amount: 0,
    metered_amount: 0,
    proration_amount: 1441,
    prorations: [
      { label: 'Remaining time on Basic — From Nov 26, 2026 to Dec 5, 2026', amount: -1411 },
      { label: 'Pro \u001b[31m— From Nov 26, 2026 to Dec 5, 2026', amount: 2852 },
    ],
    subtotal_amount: 1441,
    discount_amount: 0,
    net_amount: 1441,
    tax_amount: 0,
    total_amount: 1441,
    applied_balance_amount: 0,
    due_amount: 1441,
  };
  const script = () => {
    rec.answers[`GET /v1/subscriptions/${ID}`] = { body: SUBSCRIPTION };
    rec.answers[`POST /v1/subscriptions/${ID}/change-preview`] = { body: PREVIEW };
  };

  it('prints each line and the totals (TSV when piped), and changes nothing', async () => {
    script();
    const r = await rec.run(
      ['subs', 'change-price', ID, '--product', PRODUCT, '--proration', 'invoice', '--preview'],
      TODAY,
    );
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'LINE\tAMOUNT\n' +
        'Remaining time on Basic — From Nov 26, 2026 to Dec 5, 2026\t-1411\n' +
        'Pro \\x1b[31m— From Nov 26, 2026 to Dec 5, 2026\t2852\n' +
        'Subtotal\t1441\nDiscount\t0\nTax\t0\nTotal\t1441\n',
    });
    expect(rec.sent.map((x) => [x.method, x.path, x.body, x.version])).toEqual([
      ['GET', `/v1/subscriptions/${ID}`, undefined, '2026-10'],
      [
        'POST',
        `/v1/subscriptions/${ID}/change-preview`,
        { product_id: PRODUCT, proration_behavior: 'invoice' },
        '2026-10',
      ],
    ]);
  });

  it('--json: the preview as the service answers it', async () => {
    script();
    const r = await rec.run(
      ['subs', 'change-price', ID, '--product', PRODUCT, '--preview', '--json'],
      TODAY,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(PREVIEW);
    expect(rec.sent.at(-1)).toMatchObject({ body: { product_id: PRODUCT } });
  });

  it('--mine: the portal preview, with the customer token', async () => {
    rec.answers[`GET /v1/customer-portal/subscriptions/${ID}`] = { body: SUBSCRIPTION };
    rec.answers[`POST /v1/customer-portal/subscriptions/${ID}/change-preview`] = { body: PREVIEW };
    const r = await rec.run(
      ['subs', 'change-price', ID, '--product', PRODUCT, '--mine', '--preview', '--json'],
      { ...TODAY, BILLING_CUSTOMER_TOKEN: CUSTOMER },
    );
    expect(r.code).toBe(0);
    expect(rec.sent.map((x) => [x.method, x.path, x.body, x.authorization])).toEqual([
      ['GET', `/v1/customer-portal/subscriptions/${ID}`, undefined, `Bearer ${CUSTOMER}`],
      [
        'POST',
        `/v1/customer-portal/subscriptions/${ID}/change-preview`,
        { product_id: PRODUCT },
        `Bearer ${CUSTOMER}`,
      ],
    ]);
  });

  it("a refusal of the move is the PATCH's: said in the service's words", async () => {
    rec.answers[`GET /v1/subscriptions/${ID}`] = { body: SUBSCRIPTION };
    rec.answers[`POST /v1/subscriptions/${ID}/change-preview`] = {
      status: 422,
      body: {
        error: 'RequestValidationError',
        detail: [
          {
            type: 'value_error',
            loc: ['body', 'product_id'],
            msg: 'Product has legacy recurring prices.',
            input: PRODUCT,
          },
        ],
      },
    };
    const r = await rec.run(['subs', 'change-price', ID, '--product', PRODUCT, '--preview'], TODAY);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  product_id: Product has legacy recurring prices.\n',
    });
    expect(rec.sent.map((x) => x.method)).toEqual(['GET', 'POST']);
  });

  it('on the seed generation: a usage error, nothing sent', async () => {
    const r = await rec.run(['subs', 'change-price', ID, '--product', PRODUCT, '--preview'], {
      BILLING_API_VERSION: 'none',
    });
    expect({ ...r, sent: rec.sent }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: --preview needs today's API (2026-04 or later): this service's generation has " +
        'no preview\n' +
        `billing --api-version 2026-10 subs change-price ${ID} --product <id> --preview\n`,
      sent: [],
    });
  });

  it('argv -> options: --preview', async () => {
    expect(
      await parse(buildChangePrice, 'change-price', [ID, '--product', PRODUCT, '--preview'], {
        noun: 'subs',
      }),
    ).toEqual({
      options: {
        id: ID,
        productId: PRODUCT,
        proration: undefined,
        asCustomer: false,
        preview: true,
        output: {},
      },
      code: 0,
      stderr: '',
    });
  });

  it("on a terminal: a table, then when it would be charged (the organization's behavior)", async () => {
    const r = await execute(
      runChangePrice,
      { id: ID, productId: PRODUCT, asCustomer: false, preview: true, output: {} },
      {
        tty: true,
        env: TODAY,
        http: (pool) => {
          pool.intercept({ path: `/v1/subscriptions/${ID}` }).reply(200, SUBSCRIPTION, json);
          pool
            .intercept({ path: `/v1/subscriptions/${ID}/change-preview`, method: 'POST' })
            .reply(200, PREVIEW, json);
          pool
            .intercept({ path: `/v1/organizations/${ORG}` })
            .reply(200, { id: ORG, proration_behavior: 'prorate' }, json);
        },
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const out = stripVTControlCharacters(r.stdout);
    expect(out).toContain('Pro \\x1b[31m— From Nov 26, 2026 to Dec 5, 2026');
    expect(out).toMatch(/Total\s+\$14\.41 USD/);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Moving subscription ${ID} would add $14.41 USD to the next invoice (2026-12-05). ` +
        'Nothing was changed.\n',
    );
  });
});
