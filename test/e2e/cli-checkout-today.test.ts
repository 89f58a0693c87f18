// Every `billing checkout …` verb end to end in today's generation (BILLING_API_VERSION=2026-10):
// create, get, list --status, update, confirm and open, the built bin against the local
// service, each answer compared with what the service itself says at 2026-10. Today's rules
// the CLI has to follow (polarsource/polar at c6c3645e): a session is created for products
// (CheckoutProductsCreate) and a price is selected after (CheckoutUpdate product_id +
// product_price_id, checkout/service.py _update_checkout); it stays open 24 hours
// (CHECKOUT_TTL_SECONDS, config.py); a US billing address is a full one
// (customer_billing_address_fields, models/checkout.py).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let products: Json[];
let session: Json;
beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  products = (await today('GET', '/v1/products/?is_archived=false&limit=100')).items;
});
afterAll(() => s.svc.stop());

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });
const named = (name: string) => products.find((p: Json) => p.name === name);
const priceOf = (name: string, interval: string) =>
  named(name).prices.find((p: Json) => p.recurring_interval === interval);
const HOUR = 3_600_000;
const card = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')),
  );

/** The service's own answer at 2026-10. */
const today = (method: string, path: string): Promise<Json> => s.call(method, path);

describe('checkout create at 2026-10', () => {
  it('--price of a product’s yearly price: that price is sold, discounted; open 24 hours', async () => {
    const yearly = priceOf('Acme Pro', 'year');
    const r = await run([
      'checkout',
      'create',
      '--price',
      yearly.id,
      '--email',
      'pat@example.com',
      '--discount',
      'launch10',
      '--no-discount-codes',
      '--success-url',
      'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      '--metadata',
      'order=A-17',
      '--customer-metadata',
      'tier:=2',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    session = JSON.parse(r.stdout);
    expect(session).toMatchObject({
      status: 'open',
      product_id: named('Acme Pro').id,
      product_price_id: yearly.id,
      amount: yearly.price_amount,
      discount: { code: 'LAUNCH10' },
      allow_discount_codes: false,
      customer_email: 'pat@example.com',
      success_url: `https://shop.example/thanks?checkout_id=${session.id}`,
      metadata: { order: 'A-17' },
      customer_metadata: { tier: 2 },
    });
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(24 * HOUR);
    expect(session.client_secret).toMatch(/^polar_c_/);
    const { client_secret: _, ...served } = await today('GET', `/v1/checkouts/${session.id}`);
    const { client_secret: __, ...printed } = session;
    expect(printed).toEqual(served);
  });

  it('--product by name, or several: the products on offer, the first one selected', async () => {
    const [one, two] = await Promise.all([
      run([
        'checkout',
        'create',
        '--product',
        'acme desktop',
        '--fields',
        'product.name,product_price.price_amount,products.0.name',
      ]),
      run(['checkout', 'create', '--product', 'Acme Pro', '--product', 'Acme Desktop', '--json']),
    ]);
    expect(one).toEqual({
      code: 0,
      stdout:
        'product.name\tAcme Desktop\nproduct_price.price_amount\t7900\nproducts.0.name\tAcme Desktop\n',
      stderr: '',
    });
    expect(two.code).toBe(0);
    const both = JSON.parse(two.stdout);
    expect(both.products.map((p: Json) => p.name)).toEqual(['Acme Pro', 'Acme Desktop']);
    expect(both.product_id).toBe(named('Acme Pro').id);
  });

  it('--open: the card, and without a display the address on stderr', async () => {
    const r = await run([
      'checkout',
      'create',
      '--product',
      'Acme Desktop',
      '--open',
      '--fields',
      'id,url',
    ]);
    expect(r.code).toBe(0);
    const { url } = card(r.stdout);
    expect(url).toMatch(new RegExp(`^${s.url}/checkout/polar_c_\\w+$`));
    expect(r.stderr).toBe(`No browser to open here: open ${url} in one.\n`);
  });
});

describe('checkout get, list and open at 2026-10', () => {
  it('get: the card of today’s session, the price with its interval', async () => {
    const r = await run([
      'checkout',
      'get',
      session.id,
      '--fields',
      'status,product.name,product_price.recurring_interval,discount_amount,net_amount,total_amount',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout:
        'status\topen\nproduct.name\tAcme Pro\nproduct_price.recurring_interval\tyear\n' +
        `discount_amount\t${session.discount_amount}\nnet_amount\t${session.net_amount}\n` +
        `total_amount\t${session.total_amount}\n`,
      stderr: '',
    });
  });

  it('list --status: the service filters; --sort -expires_at', async () => {
    const [open, sorted, served] = await Promise.all([
      run(['checkout', 'list', '--status', 'open', '--all', '-o', 'ndjson']),
      run([
        'checkout',
        'list',
        '--status',
        'open,expired',
        '--sort',
        '-expires_at',
        '--all',
        '--json',
      ]),
      today('GET', '/v1/checkouts/?status=open&limit=100'),
    ]);
    expect(open.code).toBe(0);
    const items = ndjson(open.stdout);
    expect(items.map((c) => c.id)).toEqual(served.items.map((c: Json) => c.id));
    expect(items.map((c) => c.id)).toContain(session.id);
    expect(items.every((c) => c.status === 'open')).toBe(true);
    const times = JSON.parse(sorted.stdout).map((c: Json) => c.expires_at);
    expect(times).toEqual([...times].sort().reverse());
    const table = await run(['checkout', 'list', '--status', 'open', '--limit', '1']);
    expect(tsv(table.stdout).header).toEqual([
      'ID',
      'STATUS',
      'PRODUCT',
      'TOTAL',
      'CUSTOMER',
      'CREATED',
      'EXPIRES',
    ]);
  });

  it('open: the address on stdout without a display; it is the hosted page of the session', async () => {
    const r = await run(['checkout', 'open', session.id]);
    expect(r).toEqual({
      code: 0,
      stdout: `${session.url}\n`,
      stderr: 'No browser to open here: open the address above in one.\n',
    });
    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Acme Pro');
  });
});

describe('checkout update and confirm at 2026-10', () => {
  it('update: the buyer’s details, metadata merged into what the session has', async () => {
    const r = await run([
      'checkout',
      'update',
      session.id,
      '--customer-name',
      'Pat Buyer',
      '--metadata',
      'ref=spring',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({
      customer_name: 'Pat Buyer',
      metadata: { order: 'A-17', ref: 'spring' },
      product_price_id: session.product_price_id,
    });
  });

  it('confirm with a partial US address: exit 2 naming the parts and the flag', async () => {
    const r = await run([
      'checkout',
      'confirm',
      session.id,
      '--billing-address',
      'country=US,state=US-IL,postal_code=60601',
      '--confirmation-token',
      'tok_test',
    ]);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  customer_billing_address.line1: Field is required.\n' +
        '  customer_billing_address.city: Field is required.\n' +
        "To confirm: give the billing address's line1, city: --billing-address " +
        'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL.\n',
    });
  });

  it('confirm by id: the order of the yearly price, the customer session kept', async () => {
    const r = await run([
      'checkout',
      'confirm',
      session.id,
      '--billing-address',
      'country=US,line1=1 Main St,city=Chicago,state=US-IL,postal_code=60601',
      '--confirmation-token',
      'tok_test',
      '--fields',
      'status,customer_email,total_amount,customer_session_token',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(card(r.stdout)).toEqual({
      status: 'confirmed',
      customer_email: 'pat@example.com',
      total_amount: String(session.total_amount),
      customer_session_token: '[stored]',
    });
    const served = await today('GET', `/v1/checkouts/${session.id}`);
    expect(['confirmed', 'succeeded']).toContain(served.status);
    const orders = (await today('GET', '/v1/orders/?limit=100&sorting=-created_at')).items;
    const order = orders.find((o: Json) => o.checkout_id === session.id);
    expect(order).toMatchObject({
      product: { name: 'Acme Pro' },
      net_amount: session.net_amount,
      metadata: { order: 'A-17', ref: 'spring' },
    });
    expect(order.items.map((i: Json) => i.product_price_id)).toEqual([session.product_price_id]);
    // The stored customer session reads the buyer's subscription through the portal.
    const mine = await run(['subs', 'list', '--mine', '--fields', 'product.name,status']);
    expect(mine).toMatchObject({ code: 0, stdout: 'product.name\tstatus\nAcme Pro\tactive\n' });
  });

  it('a confirmed session: confirm and update refused with the way forward (exit 7)', async () => {
    const again = await run(['checkout', 'confirm', session.id, '--confirmation-token', 'tok']);
    expect(again.code).toBe(7);
    expect(again.stderr).toMatch(
      /^billing: Checkout \S+ is not open: (confirmed|succeeded)\nA confirmed checkout is done: its order is in `billing orders list`\.\n$/,
    );
    const update = await run(['checkout', 'update', session.id, '--customer-name', 'x']);
    expect(update.code).toBe(7);
    expect(update.stderr).toMatch(/\nOnly an open checkout can change\.\n$/);
    const listed = await run([
      'checkout',
      'list',
      '--status',
      'confirmed,succeeded',
      '--all',
      '--fields',
      'id',
    ]);
    expect(listed.stdout.split('\n')).toContain(session.id);
  });
});
