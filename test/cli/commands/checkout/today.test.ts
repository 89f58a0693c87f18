// Checkout sessions on today's API (Polar-Version 2026-10): the routes are /v1/checkouts/…
// (the real description has no /custom/; it is only a hidden alias), and a session is created
// for products (CheckoutProductsCreate). Each request below is checked by the recorder against
// the real description; the path is chosen from the version, never by retrying on a 404.
import { describe, expect, it } from 'vitest';
import { ID, ID2, useRecorder } from '../harness.js';

const rec = useRecorder();
const TODAY = { BILLING_API_VERSION: '2026-10' };
const PRODUCT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const PRICE = '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e';
const SECRET = 'polar_c_todaysClientSecret0000000000000000000000';

describe('checkout on today’s API', () => {
  it('get: GET /v1/checkouts/{id}', async () => {
    const sent = await rec.request(['checkout', 'get', ID], TODAY);
    expect(sent).toMatchObject({ method: 'GET', path: `/v1/checkouts/${ID}`, version: '2026-10' });
  });

  it('list: GET /v1/checkouts/ with its filters', async () => {
    const sent = await rec.request(
      ['checkout', 'list', '--product', PRODUCT, '--sort', '-status'],
      TODAY,
    );
    expect(sent).toMatchObject({
      path: '/v1/checkouts/',
      query: [
        ['product_id', PRODUCT],
        ['sorting', '-status'],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
  });

  it('list --status: the service filters (status, repeated), --page allowed', async () => {
    const sent = await rec.request(
      ['checkout', 'list', '--status', 'open,confirmed', '--page', '2'],
      TODAY,
    );
    expect(sent).toMatchObject({
      path: '/v1/checkouts/',
      query: [
        ['status', 'open'],
        ['status', 'confirmed'],
        ['page', '2'],
        ['limit', '30'],
      ],
    });
  });

  it('update: PATCH /v1/checkouts/{id}', async () => {
    const sent = await rec.request(['checkout', 'update', ID, '--customer-name', 'Jane'], TODAY);
    expect(sent).toMatchObject({
      method: 'PATCH',
      path: `/v1/checkouts/${ID}`,
      body: { customer_name: 'Jane' },
    });
  });

  it('confirm by client secret: POST /v1/checkouts/client/{secret}/confirm, no token', async () => {
    const sent = await rec.request(
      ['checkout', 'confirm', SECRET, '--customer-email', 'jane@example.com'],
      TODAY,
    );
    expect(sent).toEqual({
      method: 'POST',
      path: `/v1/checkouts/client/${SECRET}/confirm`,
      query: [],
      body: { customer_email: 'jane@example.com' },
      version: '2026-10',
    });
  });

  it('create --product: POST /v1/checkouts/ {products}', async () => {
    const sent = await rec.request(
      ['checkout', 'create', '--product', PRODUCT, '--email', 'jane@example.com'],
      TODAY,
    );
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/checkouts/',
      body: { products: [PRODUCT], customer_email: 'jane@example.com' },
    });
  });

  it('create --price: its product is found among those on sale, then sold', async () => {
    rec.answers['GET /v1/products/'] = {
      body: {
        items: [
          { id: ID2, prices: [{ id: ID }] },
          { id: PRODUCT, prices: [{ id: PRICE }] },
        ],
        pagination: { total_count: 2, max_page: 1 },
      },
    };
    const r = await rec.run(['checkout', 'create', '--price', PRICE, '--metadata', 'a=1'], TODAY);
    expect(r).toMatchObject({ code: 2, stderr: 'billing: recorded\n' });
    expect(rec.sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['GET', '/v1/products/', undefined],
      ['POST', '/v1/checkouts/', { products: [PRODUCT], metadata: { a: '1' } }],
    ]);
  });

  it("create --price of a product's other price: that price is selected after (CheckoutUpdate)", async () => {
    // Today's body names products: the session starts on the default price, ID here.
    const session = { id: ID, client_secret: SECRET, product_id: PRODUCT, product_price_id: ID };
    rec.answers['GET /v1/products/'] = {
      body: {
        items: [{ id: PRODUCT, prices: [{ id: ID }, { id: PRICE }] }],
        pagination: { total_count: 1, max_page: 1 },
      },
    };
    rec.answers['POST /v1/checkouts/'] = { status: 201, body: session };
    rec.answers[`PATCH /v1/checkouts/${ID}`] = { body: { ...session, product_price_id: PRICE } };
    const r = await rec.run(
      ['checkout', 'create', '--price', PRICE, '--fields', 'id,product_price_id'],
      TODAY,
    );
    expect(r).toEqual({ code: 0, stdout: `id\t${ID}\nproduct_price_id\t${PRICE}\n`, stderr: '' });
    expect(rec.sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['GET', '/v1/products/', undefined],
      ['POST', '/v1/checkouts/', { products: [PRODUCT] }],
      ['PATCH', `/v1/checkouts/${ID}`, { product_id: PRODUCT, product_price_id: PRICE }],
    ]);
  });

  it('create --price of the default price: nothing more is sent', async () => {
    const session = { id: ID, client_secret: SECRET, product_id: PRODUCT, product_price_id: PRICE };
    rec.answers['GET /v1/products/'] = {
      body: {
        items: [{ id: PRODUCT, prices: [{ id: PRICE }, { id: ID2 }] }],
        pagination: { total_count: 1, max_page: 1 },
      },
    };
    rec.answers['POST /v1/checkouts/'] = { status: 201, body: session };
    const r = await rec.run(['checkout', 'create', '--price', PRICE, '--fields', 'id'], TODAY);
    expect(r).toEqual({ code: 0, stdout: `id\t${ID}\n`, stderr: '' });
    expect(rec.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/products/',
      'POST /v1/checkouts/',
    ]);
  });

  it('create --price of no product on sale: exit 6, no session made', async () => {
    rec.answers['GET /v1/products/'] = {
      body: { items: [], pagination: { total_count: 0, max_page: 0 } },
    };
    const r = await rec.run(['checkout', 'create', '--price', PRICE], TODAY);
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        `billing: price ${PRICE} is not a price of a product on sale\n` +
        'List them: billing products list\n',
    });
    // Not a product's id either (asked after): nothing is created.
    expect(rec.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/products/',
      `GET /v1/products/${PRICE}`,
    ]);
  });

  it('the seed generation still uses /v1/checkouts/custom/ and a price', async () => {
    const sent = await rec.request(['checkout', 'create', '--price', PRICE], {
      BILLING_API_VERSION: 'none',
    });
    expect(sent).toMatchObject({
      path: '/v1/checkouts/custom/',
      body: { product_price_id: PRICE },
    });
    expect(sent.version).toBeUndefined();
  });
});
