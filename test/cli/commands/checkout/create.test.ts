// billing checkout create: argv -> options (or the exact usage error, nothing sent), and
// options + answers -> output, the page opened in the browser or its address printed.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildCreate,
  type CreateOptions,
  runCreate,
} from '../../../../src/cli/commands/checkout/create.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { ID2, useRecorder } from '../harness.js';
import { execute, ID, json, page, parse } from '../verb.js';
import { CHECKOUT, checkoutCard } from './fixtures.js';

const rec = useRecorder();
const K41 = 'k'.repeat(41);

describe('checkout create: argv -> options', () => {
  it.each([
    [['--price', ID.toUpperCase()], { body: { product_price_id: ID }, open: false, output: {} }],
    [
      [
        '--price',
        ID,
        '--email',
        'jane@example.com',
        '--name',
        'Jane',
        '--discount',
        ID2,
        '--no-discount-codes',
        '--success-url',
        'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
        '--metadata',
        'order=A-17',
        '--metadata',
        'seats:=3',
        '--customer-metadata',
        'crm=c-1',
        '--open',
        '--json',
      ],
      {
        body: {
          product_price_id: ID,
          customer_email: 'jane@example.com',
          customer_name: 'Jane',
          discount_id: ID2,
          allow_discount_codes: false,
          success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
          metadata: { order: 'A-17', seats: 3 },
          customer_metadata: { crm: 'c-1' },
        },
        open: true,
        output: { json: true },
      },
    ],
    [
      [
        '--data',
        '{"product_id": "p", "embed_origin": "https://shop.example", "metadata": {"a": 1}}',
        '--metadata',
        'b=2',
      ],
      {
        body: {
          product_id: 'p',
          embed_origin: 'https://shop.example',
          metadata: { a: 1, b: '2' },
        },
        open: false,
        output: {},
      },
    ],
    [
      ['--data', '{"product_price_id": "x", "customer_email": "data@example.com"}', '--price', ID],
      {
        body: { product_price_id: ID, customer_email: 'data@example.com' },
        open: false,
        output: {},
      },
    ],
    [['--product', ID.toUpperCase()], { body: { product_id: ID }, open: false, output: {} }],
    [
      ['--product', 'Acme Pro', '--email', 'jane@example.com'],
      {
        body: { customer_email: 'jane@example.com' },
        products: ['Acme Pro'],
        open: false,
        output: {},
      },
    ],
    [
      ['--product', ID, '--product', ID2],
      { body: {}, products: [ID, ID2], open: false, output: {} },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'checkout' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], 'billing: --price or --product is required: what the buyer is sold\n'],
    [['--price', 'abc'], 'billing: --price: "abc" is not a UUID\n'],
    [['--product', ' '], 'billing: --product: " " is neither a product id (UUID) nor a name\n'],
    [['--price', ID, '--product', ID2], 'billing: --price and --product cannot be used together\n'],
    [
      ['--price', ID, '--discount', 'LAUNCH 10'],
      'billing: --discount: "LAUNCH 10" is neither a discount id (UUID) nor a code\n',
    ],
    [
      ['--price', ID, '--success-url', 'shop.example/thanks'],
      'billing: --success-url: "shop.example/thanks" is not a URL\n',
    ],
    [
      ['--price', ID, '--success-url', 'ftp://shop.example/'],
      'billing: --success-url: "ftp://shop.example/" is not an http or https URL\n',
    ],
    [
      ['--price', ID, '--metadata', `${K41}=v`],
      `billing: --metadata: key "${K41}" is longer than 40 characters\n`,
    ],
    [
      ['--price', ID, '--customer-metadata', 'k:=1.5'],
      'billing: --customer-metadata: value of key "k" after := must be an integer, true or false\n',
    ],
    [
      ['--price', ID, '--data', '{"metadata": {"n": 1.5}}'],
      'billing: --data metadata: value of key "n" must be a string, an integer or a boolean\n',
    ],
    [
      [
        '--price',
        ID,
        '--data',
        `{"metadata": {${Array.from({ length: 50 }, (_, i) => `"d${i}": 1`).join(',')}}}`,
        '--metadata',
        'one=more',
      ],
      'billing: --metadata: at most 50 pairs, got 51\n',
    ],
    [['--price', ID, '--data', '[1]'], 'billing: --data: must be a JSON object\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'checkout' })).toEqual({
      code: 2,
      stderr,
    });
  });

  it('sends exactly the body, with the token', async () => {
    const sent = await rec.request([
      'checkout',
      'create',
      '--price',
      ID,
      '--email',
      'jane@example.com',
      '--metadata',
      'big:=12345678901234567891',
    ]);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkouts/custom/', query: [] });
    expect(sent.authorization).toMatch(/^Bearer polar_pat_/);
    expect(sent.body).toMatchObject({ product_price_id: ID, customer_email: 'jane@example.com' });
    expect(rec.texts[0]).toContain('"big":12345678901234567891');
  });
});

describe('checkout create: options + answers -> output', () => {
  const CREATED = {
    ...CHECKOUT,
    customer_id: null,
    url: `https://billing.example/checkout/polar_c_${'a'.repeat(43)}`,
    client_secret: `polar_c_${'a'.repeat(43)}`,
  };
  const base: CreateOptions = { body: { product_price_id: ID }, open: false, output: {} };
  const create = (
    opts: CreateOptions,
    setup: {
      status?: number;
      body?: object;
      env?: Record<string, string>;
      opened?: string[];
      tty?: boolean;
    } = {},
  ) =>
    execute(runCreate, opts, {
      env: setup.env,
      tty: setup.tty,
      openBrowser: async (url) => {
        if (!setup.opened) throw new Error('no browser in this test');
        setup.opened.push(url);
      },
      http: (pool) =>
        pool
          .intercept({
            path: '/v1/checkouts/custom/',
            method: 'POST',
            body: (b) => JSON.parse(b).product_price_id === ID,
          })
          .reply(setup.status ?? 201, setup.body ?? CREATED, json),
    });

  it('prints the new session as a card to a pipe, or as JSON', async () => {
    expect(await create(base)).toEqual({ code: 0, stdout: checkoutCard(CREATED), stderr: '' });
    expect(await create({ ...base, output: { json: true } })).toEqual({
      code: 0,
      stdout: `${JSON.stringify(CREATED, null, 2)}\n`,
      stderr: '',
    });
  });

  it('on a terminal it says how long the session is open, from its own dates', async () => {
    // The seed's sessions last an hour; today's 24 hours (CHECKOUT_TTL_SECONDS, config.py at
    // c6c3645e): the answer's created_at and expires_at say which.
    const at = { created_at: '2026-11-23T12:00:00Z' };
    for (const [expires, said] of [
      ['2026-11-23T13:00:00Z', 'it is open for an hour'],
      ['2026-11-24T12:00:00Z', 'it is open for 24 hours'],
    ]) {
      const r = await create(base, {
        tty: true,
        body: { ...CREATED, ...at, expires_at: expires },
      });
      expect(r.code).toBe(0);
      expect(stripVTControlCharacters(r.stderr)).toBe(`✓ Checkout ${ID} created; ${said}.\n`);
    }
  });

  it('--open opens the url with a display, and only prints it without one', async () => {
    const opened: string[] = [];
    const shown = await create({ ...base, open: true }, { env: { DISPLAY: ':0' }, opened });
    expect(opened).toEqual([CREATED.url]);
    expect(shown).toEqual({
      code: 0,
      stdout: checkoutCard(CREATED),
      stderr: `Opened ${CREATED.url} in your browser.\n`,
    });
    const headless = await create({ ...base, open: true }, { env: { DISPLAY: '' }, opened: [] });
    expect(headless.stderr).toBe(`No browser to open here: open ${CREATED.url} in one.\n`);
    const ssh = await create(
      { ...base, open: true },
      { env: { DISPLAY: ':0', SSH_CONNECTION: '1 2 3 4' }, opened },
    );
    expect(ssh.stderr).toBe(`No browser to open here: open ${CREATED.url} in one.\n`);
    expect(opened).toHaveLength(1);
    const failing = await create({ ...base, open: true }, { env: { DISPLAY: ':0' } });
    expect(failing).toEqual({
      code: 0,
      stdout: checkoutCard(CREATED),
      stderr:
        '! Could not open a browser (no browser in this test).\n' +
        `No browser to open here: open ${CREATED.url} in one.\n`,
    });
  });

  it('a 422 names the field; a 403 says the scope is missing', async () => {
    const invalid = {
      error: 'RequestValidationError',
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'product_price_id'],
          msg: 'Price does not exist.',
          input: ID,
        },
      ],
    };
    expect(await create(base, { status: 422, body: invalid })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n  product_price_id: Price does not exist.\n',
    });
    const scope = await create(base, {
      status: 403,
      body: {
        error: 'insufficient_scope',
        error_description: 'The access token does not have the required scope: checkouts:write.',
      },
    });
    expect(scope).toEqual({
      code: 5,
      stdout: '',
      stderr:
        'billing: the token lacks the scope for POST /v1/checkouts/custom/\n' +
        'Log in again granting that scope, or use a token that has it.\n',
    });
  });
});

// Codes where people type codes (issue 24): --discount LAUNCH10 is the discount with that code.
describe('checkout create --discount <code>', () => {
  const DISCOUNT = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('is looked up among the discounts, without case, and sent as its id', async () => {
    rec.answers['GET /v1/discounts/'] = {
      body: {
        items: [
          { id: ID2, code: 'SPRING' },
          { id: DISCOUNT, code: 'LAUNCH10' },
        ],
        pagination: { total_count: 2, max_page: 1 },
      },
    };
    const r = await rec.run(['checkout', 'create', '--price', ID, '--discount', 'launch10']);
    expect(r).toMatchObject({ code: 2, stderr: 'billing: recorded\n' });
    expect(rec.sent.map((x) => [x.method, x.path, x.body])).toEqual([
      ['GET', '/v1/discounts/', undefined],
      ['POST', '/v1/checkouts/custom/', { product_price_id: ID, discount_id: DISCOUNT }],
    ]);
  });

  it('a code no discount has: exit 6, no session', async () => {
    rec.answers['GET /v1/discounts/'] = {
      body: { items: [], pagination: { total_count: 0, max_page: 0 } },
    };
    const r = await rec.run(['checkout', 'create', '--price', ID, '--discount', 'NOPE10']);
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        'billing: --discount: no discount has the code NOPE10\n' +
        'Your discounts and their codes: billing discounts list\n',
    });
    expect(rec.sent.map((x) => x.method)).toEqual(['GET']);
  });
});

// --price given a product's id (issue 24): said, and its one price sold, or its prices listed.
describe('checkout create --price <product-id>', () => {
  const PRODUCT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
  const PRICE = '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e';
  const refusal = {
    status: 422,
    body: {
      error: 'RequestValidationError',
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'product_price_id'],
          msg: 'Price does not exist.',
          input: PRODUCT,
        },
      ],
    },
  };

  it('a product with one price on sale: that price, said on stderr', async () => {
    const r = await execute(
      runCreate,
      { body: { product_price_id: PRODUCT }, open: false, output: { json: true } },
      {
        http: (pool) => {
          pool
            .intercept({ path: '/v1/checkouts/custom/', method: 'POST' })
            .reply(refusal.status, refusal.body, json);
          pool.intercept({ path: `/v1/products/${PRODUCT}` }).reply(
            200,
            {
              id: PRODUCT,
              name: 'Acme Pro',
              prices: [
                { id: PRICE, is_archived: false },
                { id: ID2, is_archived: true },
              ],
            },
            json,
          );
          pool
            .intercept({
              path: '/v1/checkouts/custom/',
              method: 'POST',
              body: JSON.stringify({ product_price_id: PRICE }),
            })
            .reply(201, { ...CHECKOUT, client_secret: 'polar_c_secret' }, json);
        },
      },
    );
    expect(r).toMatchObject({
      code: 0,
      stderr: `${PRODUCT} is the product Acme Pro: selling its one price, ${PRICE}\n`,
    });
  });

  it('a product with several prices: exit 2 listing them, nothing created', async () => {
    const r = await execute(
      runCreate,
      { body: { product_price_id: PRODUCT }, open: false, output: {} },
      {
        http: (pool) => {
          pool
            .intercept({ path: '/v1/checkouts/custom/', method: 'POST' })
            .reply(refusal.status, refusal.body, json);
          pool
            .intercept({ path: `/v1/products/${PRODUCT}` })
            .reply(
              200,
              { id: PRODUCT, name: 'Acme Pro', prices: [{ id: PRICE }, { id: ID2 }] },
              json,
            );
        },
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `billing: --price: ${PRODUCT} is the product Acme Pro, not one of its prices\n` +
        `Its prices: ${PRICE}, ${ID2}\n`,
    });
  });
});

describe('checkout create: --product by name, or several (today’s API)', () => {
  const TODAY = { BILLING_API_VERSION: '2026-10' };
  const lookup = (pool: ScriptedHost) =>
    pool
      .intercept({ path: '/v1/products/?query=Acme+Pro&page=1&limit=100' })
      .reply(200, page([{ id: ID2, name: 'Acme Pro' }]), json);

  it('a name is looked up, exactly and without case, and its product sold', async () => {
    const sent: unknown[] = [];
    const r = await execute(
      runCreate,
      { body: {}, products: ['Acme Pro', ID], open: false, output: { fields: 'id' } },
      {
        env: TODAY,
        http: (pool) => {
          lookup(pool);
          pool.intercept({ path: '/v1/checkouts/', method: 'POST' }).reply((req) => {
            const body = JSON.parse(String(req.body));
            sent.push(body, requestErrors(req.method, req.path, body));
            return {
              statusCode: 201,
              data: { ...CHECKOUT, client_secret: 'polar_c_secret' },
              responseOptions: json,
            };
          });
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `id\t${ID}\n`, stderr: '' });
    expect(sent).toEqual([{ products: [ID2, ID] }, []]);
  });

  it("several on the seed's generation: one line, no session", async () => {
    const r = await execute(
      runCreate,
      { body: {}, products: ['Acme Pro', ID], open: false, output: {} },
      {
        http: lookup,
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: several --product need today's API (2026-04 or later): pass --api-version " +
        '2026-10, or set api_version\n',
    });
  });
});
