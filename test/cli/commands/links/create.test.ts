// billing links create: argv -> options or the exact usage error; options + answers -> output.
// Today's API only: the body is today's CheckoutLinkCreateProducts (with the payment_processor
// it requires), checked against the real 2026-10 description; products named are looked up
// first, as a discount given by its code.
import { describe, expect, it } from 'vitest';
import {
  buildCreate,
  type CreateOptions,
  runCreate,
} from '../../../../src/cli/commands/links/create.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { execute, ID, ID2, json, page, parse } from '../verb.js';
import { DISCOUNT, LINK, LINK_CARD, PRODUCT, seedRefusal, TODAY, URL_ } from './fixtures.js';

describe('links create: argv -> options', () => {
  const base = { products: [PRODUCT], body: {}, open: false, output: {} };
  it.each([
    [['--product', PRODUCT.toUpperCase()], base],
    [
      [
        '--product',
        'Acme Pro',
        '--product',
        ID,
        '--label',
        'Pricing page',
        '--discount',
        'LAUNCH10',
        '--no-allow-discount-codes',
        '--require-billing-address',
        '--success-url',
        'https://shop.example/thanks?c={CHECKOUT_ID}',
        '--return-url',
        'https://shop.example/',
        '--trial',
        '14d',
        '--metadata',
        'src=site',
        '--metadata',
        'seats:=5',
        '--open',
        '--json',
      ],
      {
        products: ['Acme Pro', ID],
        body: {
          label: 'Pricing page',
          discount_id: 'LAUNCH10',
          allow_discount_codes: false,
          require_billing_address: true,
          success_url: 'https://shop.example/thanks?c={CHECKOUT_ID}',
          return_url: 'https://shop.example/',
          trial_interval: 'day',
          trial_interval_count: 14,
          metadata: { src: 'site', seats: 5 },
        },
        open: true,
        output: { json: true },
      },
    ],
    [
      ['--product', PRODUCT, '--trial', '1mo', '--allow-discount-codes'],
      {
        ...base,
        body: { allow_discount_codes: true, trial_interval: 'month', trial_interval_count: 1 },
      },
    ],
    [
      ['--data', `{"products": ["${ID2}"], "label": "x", "metadata": {"a": "1"}}`, '--label', 'y'],
      { ...base, products: [], body: { products: [ID2], label: 'y', metadata: { a: '1' } } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'links' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], 'billing: --product is required: what the link sells (repeatable)\n'],
    [
      ['--product', PRODUCT, '--trial', '2 fortnights'],
      'billing: --trial: "2 fortnights" is not a trial of 1 to 1000 days, weeks, months or ' +
        'years (e.g. 14d, 2w, 1mo, 1y)\n',
    ],
    [
      ['--product', PRODUCT, '--trial', '0d'],
      'billing: --trial: "0d" is not a trial of 1 to 1000 days, weeks, months or years ' +
        '(e.g. 14d, 2w, 1mo, 1y)\n',
    ],
    [
      ['--product', PRODUCT, '--success-url', 'shop.example/thanks'],
      'billing: --success-url: "shop.example/thanks" is not a URL\n',
    ],
    [
      ['--product', PRODUCT, '--return-url', 'ftp://shop.example/'],
      'billing: --return-url: "ftp://shop.example/" is not an http or https URL\n',
    ],
    [
      ['--product', PRODUCT, '--discount', 'ten off'],
      'billing: --discount: "ten off" is neither a discount id (UUID) nor a code\n',
    ],
    [
      ['--product', PRODUCT, '--metadata', 'novalue'],
      'billing: --metadata: "novalue" is not key=value or key:=json\n',
    ],
    [
      ['--product', PRODUCT, '--trial', 'none'],
      'billing: --trial: "none" is not a trial of 1 to 1000 days, weeks, months or years ' +
        '(e.g. 14d, 2w, 1mo, 1y)\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'links' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('links create: options + answers -> output', () => {
  const base: CreateOptions = { products: [PRODUCT], body: {}, open: false, output: {} };

  /** The link posted (its body and version in `sent`), after `lookups`. */
  const create = (
    opts: CreateOptions,
    setup: { lookups?: (pool: ScriptedHost) => void; env?: Record<string, string> } = {},
  ) => {
    const sent: { body?: unknown; version?: string; refused?: string[] } = {};
    const http = (pool: ScriptedHost) => {
      setup.lookups?.(pool);
      pool.intercept({ method: 'POST', path: '/v1/checkout-links/' }).reply((req) => {
        sent.body = JSON.parse(String(req.body));
        sent.version = (req.headers as Record<string, string>)['polar-version'];
        sent.refused = requestErrors(req.method, req.path, sent.body);
        return { statusCode: 201, data: LINK, responseOptions: json };
      });
    };
    return execute(runCreate, opts, {
      env: { ...TODAY.env, ...setup.env },
      http,
      openBrowser: async (url) => {
        opened.push(url);
      },
    }).then((r) => ({ ...r, sent }));
  };
  let opened: string[] = [];

  it("posts today's body for the products, payment_processor stripe; prints the card", async () => {
    const r = await create({ ...base, body: { label: 'Pricing page', metadata: { src: 'site' } } });
    expect(r).toEqual({
      code: 0,
      stdout: LINK_CARD,
      stderr: '',
      sent: {
        body: {
          payment_processor: 'stripe',
          label: 'Pricing page',
          metadata: { src: 'site' },
          products: [PRODUCT],
        },
        version: '2026-10',
        refused: [],
      },
    });
  });

  it('a product by name and a discount by code are looked up first', async () => {
    const r = await create(
      {
        ...base,
        products: ['Acme Pro', ID2],
        body: { discount_id: 'launch10' },
        output: { fields: 'url' },
      },
      {
        lookups: (pool) => {
          pool
            .intercept({ path: '/v1/products/?query=Acme+Pro&page=1&limit=100' })
            .reply(200, page([{ id: PRODUCT, name: 'acme pro' }]), json);
          pool
            .intercept({ path: '/v1/discounts/?page=1&limit=100' })
            .reply(200, page([{ id: DISCOUNT, code: 'LAUNCH10' }]), json);
        },
      },
    );
    expect(r).toMatchObject({ code: 0, stdout: `url\t${URL_}\n`, stderr: '' });
    expect(r.sent.body).toEqual({
      payment_processor: 'stripe',
      products: [PRODUCT, ID2],
      discount_id: DISCOUNT,
    });
  });

  it('no product of that name: exit 6 before anything is posted', async () => {
    const r = await execute(
      runCreate,
      { ...base, products: ['Acme Ultra'] },
      {
        ...TODAY,
        http: (pool) =>
          pool
            .intercept({ path: '/v1/products/?query=Acme+Ultra&page=1&limit=100' })
            .reply(200, page([{ id: PRODUCT, name: 'Acme Ultra Max' }]), json),
      },
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        'billing: --product: no product is named "Acme Ultra"\n' +
        'Find it with: billing products list --query <part of the name> (--archived too)\n',
    });
  });

  it('--open: the card, then the link’s page in the browser', async () => {
    opened = [];
    const r = await create(
      { ...base, open: true, output: { fields: 'id' } },
      { env: { DISPLAY: ':0' } },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout: `id\t${ID}\n`,
      stderr: `Opened ${URL_} in your browser.\n`,
    });
    expect(opened).toEqual([URL_]);
  });

  it('--open over SSH: the address on stderr, nothing opened', async () => {
    opened = [];
    const r = await create(
      { ...base, open: true, output: { fields: 'id' } },
      { env: { DISPLAY: ':0', SSH_TTY: '/dev/pts/1' } },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout: `id\t${ID}\n`,
      stderr: `No browser to open here: open ${URL_} in one.\n`,
    });
    expect(opened).toEqual([]);
  });

  it("the service's refusal of a product: exit 2, the field named", async () => {
    const r = await execute(runCreate, base, {
      ...TODAY,
      http: (pool) =>
        pool.intercept({ method: 'POST', path: '/v1/checkout-links/' }).reply(
          422,
          {
            error: 'RequestValidationError',
            detail: [
              {
                type: 'value_error',
                loc: ['body', 'products', 0],
                msg: 'Product is archived.',
                input: PRODUCT,
              },
            ],
          },
          json,
        ),
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n  products.0: Product is archived.\n',
    });
  });

  it("on the seed's generation: one line, nothing looked up or sent", async () => {
    expect(await execute(runCreate, { ...base, products: ['Acme Pro'] })).toEqual({
      code: 2,
      stdout: '',
      stderr: seedRefusal('create'),
    });
  });
});
