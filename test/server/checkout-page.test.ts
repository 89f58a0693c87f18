// The hosted checkout page over plain HTTP (issue 18): what it shows and its headers (CSP with a
// nonce, frame-ancestors from embed_origin), Apply and Pay as form posts (the same rules as the
// API, one order for concurrent Pays, 303 to success_url), the pages for expired, complete and
// unknown sessions, the receipt, escaping, and posts from another site refused.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, type Json, type Service, startService } from './helpers.js';

let svc: Service;
const prices = new Map<string, string>();

beforeAll(async () => {
  svc = await startService({ processor: 40 });
  const p = await svc.api('GET', '/v1/products/', { token: svc.alice, query: { limit: 100 } });
  // Each product's monthly price when it has one, else its first live one.
  for (const item of p.body.items) {
    const price = item.prices.find((x: Json) => x.recurring_interval === 'month') ?? item.prices[0];
    if (price) prices.set(item.name, price.id);
  }
});
afterAll(() => svc.stop());

const create = async (body: Record<string, unknown>): Promise<Json> => {
  const r = await svc.api('POST', '/v1/checkouts/custom/', { token: svc.alice, body });
  expect(r.status, r.text).toBe(201);
  return r.body;
};
const page = (url: string) => fetch(url, { redirect: 'manual' });
/** A post of the page's form, as the page's own browser tab sends it. */
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(url).origin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
const ordersOf = async (checkoutId: string) =>
  (await allPages(svc.api, '/v1/orders/', { token: svc.alice })).filter(
    (o) => o.checkout_id === checkoutId,
  );
/** The buyer's name and billing address as the page's inputs take them. */
const ADDRESSED = {
  customer_name: 'Pat Buyer',
  billing_line1: '1 Main St',
  billing_city: 'Chicago',
  billing_postal_code: '60601',
  billing_state: 'IL',
  billing_country: 'us',
};
/** ADDRESSED's address as the service keeps it (the state with its country). */
const STORED = {
  line1: '1 Main St',
  line2: null,
  postal_code: '60601',
  city: 'Chicago',
  state: 'US-IL',
  country: 'US',
};
const seller = async (id: string) =>
  (await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice })).body;

describe('the page', () => {
  it('shows the product, the price with its interval, the fields with labels and help, and Pay', async () => {
    const c = await create({ product_price_id: prices.get('Acme Team')! });
    const res = await page(c.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      'Subscribe to Acme Team',
      '$49.00',
      'per month',
      'Company name',
      'Shown on your invoices.',
      'How many seats?',
      'Send me the newsletter',
      'Discount code',
      'Pay $49.00',
      'no card is charged',
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/<input type="text" id="cf-company" name="cf.company" required/);
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"' ]+\.(js|css)/);
  });

  it('sends a strict CSP under a fresh nonce, and frames only under embed_origin', async () => {
    const plain = await create({ product_price_id: prices.get('Acme Pro')! });
    const res = await page(plain.url);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Without a success_url the session ends on this service's own receipt page.
    expect(csp).toContain("form-action 'self';");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toContain(`<script nonce="${nonce}">`);
    const again = (await page(plain.url)).headers.get('content-security-policy')!;
    expect(/'nonce-([^']+)'/.exec(again)![1]).not.toBe(nonce);

    const embedded = await create({
      product_price_id: prices.get('Acme Pro')!,
      embed_origin: 'https://shop.example',
      success_url: 'http://localhost:3000/done',
    });
    const framed = await page(embedded.url);
    const policy = framed.headers.get('content-security-policy')!;
    expect(policy).toContain('frame-ancestors https://shop.example');
    expect(policy).toContain("form-action 'self' http://localhost:3000");
    expect(framed.headers.get('x-frame-options')).toBeNull();
    // Anything but an origin is no frame source at all.
    const odd = await create({
      product_price_id: prices.get('Acme Pro')!,
      embed_origin: "https://shop.example/x; script-src 'unsafe-inline'",
    });
    const oddPolicy = (await page(odd.url)).headers.get('content-security-policy')!;
    expect(oddPolicy).toContain("frame-ancestors 'none'");
    expect(oddPolicy).not.toContain('unsafe-inline');
  });

  it('escapes what it echoes: the buyer’s name, the product’s name and description', async () => {
    const product = await svc.api('POST', '/v1/products/', {
      token: svc.alice,
      body: {
        name: '<img src=x onerror=alert(1)>',
        description: '"><script>alert(2)</script>',
        prices: [{ type: 'one_time', amount_type: 'fixed', price_amount: 500 }],
        organization_id: svc.demo.organization_id,
      },
    });
    expect(product.status, product.text).toBe(201);
    const c = await create({
      product_price_id: product.body.prices[0].id,
      customer_name: '</textarea><script>alert(3)</script>',
      customer_email: 'x@example.com',
      metadata: { note: '<script>alert(4)</script>' },
    });
    const html = await (await page(c.url)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('value="&lt;/textarea&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
    // The seller's metadata is not the buyer's to see.
    expect(html).not.toContain('alert(4)');
  });

  it('shows clear pages for an expired, a complete and an unknown session', async () => {
    const expired = await seller(svc.demo.expired_checkout_id);
    const e = await page(expired.url);
    expect(e.status).toBe(410);
    const said = await e.text();
    expect(said).toContain('This checkout has expired');
    expect(said).toContain('Checkout sessions stay open for an hour.');
    const done = await seller(svc.demo.confirmed_checkout_id);
    const d = await page(done.url);
    expect(d.status).toBe(200);
    const text = await d.text();
    expect(text).toContain('This checkout is complete');
    expect(text).toContain(`href="https://acme.example/thanks?checkout_id=${done.id}"`);
    const unknown = await page(`${svc.url}/checkout/polar_c_nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Checkout not found');
  });
});

describe('Apply and Pay', () => {
  it('applies a code, saving the details (303 back to the page), and re-prices', async () => {
    const c = await create({ product_price_id: prices.get('Acme Team')! });
    const r = await post(c.url, {
      action: 'apply',
      customer_email: 'team@example.com',
      customer_name: 'Team Buyer',
      'cf.company': 'Initech',
      'cf.seats': '4',
      discount_code: 'LAUNCH10',
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(new URL(c.url).pathname);
    expect(await seller(c.id)).toMatchObject({
      customer_email: 'team@example.com',
      customer_name: 'Team Buyer',
      custom_field_data: { company: 'Initech', seats: 4, newsletter: false },
      total_amount: 3900,
    });
    const html = await (await page(c.url)).text();
    expect(html).toContain('−$10.00');
    expect(html).toContain('Pay $39.00');
    expect(html).toContain('value="Initech"');
    // Remove takes the buyer's code off again.
    expect((await post(c.url, { action: 'remove_code' })).status).toBe(303);
    expect((await seller(c.id)).total_amount).toBe(4900);
  });

  it('refuses a bad code and a bad email beside their inputs (422), keeping what was typed', async () => {
    const c = await create({ product_price_id: prices.get('Acme Team')! });
    const r = await post(c.url, {
      action: 'apply',
      customer_email: 'typed@example.com',
      discount_code: 'NOPE',
    });
    expect(r.status).toBe(422);
    const html = await r.text();
    expect(html).toContain('This discount code does not exist or is no longer available.');
    expect(html).toContain('value="typed@example.com"');
    expect(html).toContain('value="NOPE"');
    const bad = await post(c.url, { action: 'apply', customer_email: 'nope' });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Enter a valid email address.');
    expect((await seller(c.id)).discount_id).toBeNull();
  });

  // The real service's required confirm fields (checkout/service.py _get_required_confirm_fields
  // at f179ede58c, the seed generation): a name and a billing address when a payment or a payment
  // method is taken.
  it('asks for the name and the billing address where a payment is taken, and not for a free product', async () => {
    const c = await create({ product_price_id: prices.get('Acme Pro')! });
    const html = await (await page(c.url)).text();
    expect(html).toContain('aria-label="Billing address"');
    expect(html).toMatch(
      /<input type="text" id="customer_name" name="customer_name"[^>]* required/,
    );
    expect(html).toMatch(/id="billing_country" name="billing_country"[^>]* required/);
    for (const part of ['state', 'postal_code'])
      expect(html).toContain(`id="billing_${part}" name="billing_${part}"`);
    const r = await post(c.url, { action: 'pay', customer_email: 'a@example.com' });
    expect(r.status).toBe(422);
    const refused = await r.text();
    expect(refused).toMatch(/id="customer_name-error">This field is required\./);
    expect(refused).toMatch(/id="billing_country-error">This field is required\./);
    expect(await ordersOf(c.id)).toEqual([]);
    const bad = await post(c.url, {
      action: 'apply',
      ...ADDRESSED,
      billing_country: 'United States',
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toMatch(/id="billing_country-error">Enter a two-letter country code/);
    // Saved with Apply, the address shows again in the inputs.
    expect((await post(c.url, { action: 'apply', ...ADDRESSED })).status).toBe(303);
    expect((await seller(c.id)).customer_billing_address).toMatchObject({
      state: 'US-IL',
      country: 'US',
    });
    const again = await (await page(c.url)).text();
    expect(again).toContain('value="60601"');
    expect(again).toContain('value="US-IL"');
    // What the form does not ask for (set through the API) is kept.
    const api = await svc.api('PATCH', `/v1/checkouts/custom/${c.id}`, {
      token: svc.alice,
      body: { customer_billing_address: { country: 'US', line1: '1 Main St', city: 'Chicago' } },
    });
    expect(api.status).toBe(200);
    expect((await post(c.url, { action: 'apply', ...ADDRESSED })).status).toBe(303);
    expect((await seller(c.id)).customer_billing_address).toEqual(STORED);
    const free = await create({ product_price_id: prices.get('Acme Starter Kit')! });
    const freeHtml = await (await page(free.url)).text();
    expect(freeHtml).not.toContain('Billing address');
    expect(freeHtml).not.toContain('billing_country');
    expect(freeHtml).not.toMatch(/id="customer_name"[^>]* required/);
  });

  it('enforces required fields on Pay (422, no order)', async () => {
    const c = await create({ product_price_id: prices.get('Acme Team')! });
    const r = await post(c.url, {
      action: 'pay',
      customer_email: 'a@example.com',
      'cf.company': '',
    });
    expect(r.status).toBe(422);
    const html = await r.text();
    expect(html).toMatch(/id="cf-company-error">This field is required\./);
    expect(html).toContain('role="alert"');
    expect(await ordersOf(c.id)).toEqual([]);
    expect((await seller(c.id)).status).toBe('open');
  });

  it('pays: one order, 303 to success_url with the id; the same for concurrent clicks', async () => {
    const c = await create({
      product_price_id: prices.get('Acme Team')!,
      success_url: 'http://localhost:3000/thanks?checkout_id={CHECKOUT_ID}',
    });
    const fields = {
      action: 'pay',
      customer_email: 'pay@example.com',
      ...ADDRESSED,
      'cf.company': 'Initech',
      discount_code: 'LAUNCH10',
    };
    const answers = await Promise.all([
      post(c.url, fields),
      post(c.url, fields),
      post(c.url, fields),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(303);
      expect(a.headers.get('location')).toBe(`http://localhost:3000/thanks?checkout_id=${c.id}`);
    }
    const orders = await ordersOf(c.id);
    expect(orders.map((o) => [o.amount, o.customer.email])).toEqual([[3900, 'pay@example.com']]);
    // Confirmed, then paid for: the payment processor's answer follows the confirm.
    expect((await seller(c.id)).status).toBe('succeeded');
    expect(orders[0].billing_address).toEqual({
      line1: null,
      line2: null,
      postal_code: '60601',
      city: null,
      state: 'US-IL',
      country: 'US',
    });
    // Once paid, the page says so, and another Pay goes straight to success_url.
    expect(await (await page(c.url)).text()).toContain('This checkout is complete');
    const late = await post(c.url, fields);
    expect(late.headers.get('location')).toBe(`http://localhost:3000/thanks?checkout_id=${c.id}`);
    expect(await ordersOf(c.id)).toHaveLength(1);
  });

  it('ends on the receipt page without a success_url; a free product needs no payment', async () => {
    const c = await create({
      product_price_id: prices.get('Acme Starter Kit')!,
      customer_email: 'free@example.com',
    });
    const html = await (await page(c.url)).text();
    expect(html).toContain('Get it for free');
    expect(html).not.toContain('Sandbox payment');
    const r = await post(c.url, { action: 'pay', customer_email: 'free@example.com' });
    expect(r.status).toBe(303);
    const receiptUrl = r.headers.get('location')!;
    expect(receiptUrl).toBe(`${c.url}/confirmation`);
    const receipt = await page(receiptUrl);
    expect(receipt.status).toBe(200);
    const text = await receipt.text();
    const [order] = await ordersOf(c.id);
    expect(text).toContain('Payment successful');
    expect(text).toContain(order.id);
    expect(text).toContain('free@example.com');
    // Before it is paid, the receipt's address leads back to the form.
    const open = await create({ product_price_id: prices.get('Acme Pro')! });
    const back = await page(`${open.url}/confirmation`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(new URL(open.url).pathname);
  });

  it('refuses a post from another site or a foreign origin (403), and a body that is not the form (415)', async () => {
    const c = await create({ product_price_id: prices.get('Acme Pro')! });
    const fields = { action: 'pay', customer_email: 'x@example.com', ...ADDRESSED };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of foreign) {
      const r = await post(c.url, fields, headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(await r.text()).toContain('This form was sent from another site');
    }
    const json = await fetch(c.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: svc.url },
      body: JSON.stringify(fields),
    });
    expect(json.status).toBe(415);
    expect(await ordersOf(c.id)).toEqual([]);
    // A program (no Origin, no Sec-Fetch-Site) may post the form.
    const program = await fetch(c.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    expect(program.status).toBe(303);
  });

  it('answers only for this service’s host names (the guard still applies)', async () => {
    const c = await create({ product_price_id: prices.get('Acme Pro')! });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(c.url, { headers: { host: 'attacker.test' }, agent: false });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe("today's generation (Polar-Version 2026-10)", () => {
  // The seller's require_billing_address (models/checkout.py is_billing_address_required at
  // c6c3645e): the whole address, as today's confirm asks for it (checkout/service.py
  // _get_required_confirm_fields); the page's Pay must not get round it.
  it('asks for the whole billing address when the seller requires it, and pays only with it', async () => {
    const product = (
      await svc.api('GET', '/v1/products/', { token: svc.alice, query: { limit: 100 } })
    ).body.items.find((p: Json) => p.name === 'Acme Pro');
    const r = await svc.api('POST', '/v1/checkouts/', {
      token: svc.alice,
      headers: { 'polar-version': '2026-10' },
      body: { products: [product.id], require_billing_address: true },
    });
    expect(r.status, r.text).toBe(201);
    const html = await (await page(r.body.url)).text();
    for (const part of ['line1', 'city', 'postal_code', 'country'])
      expect(html).toMatch(new RegExp(`id="billing_${part}" name="billing_${part}"[^>]* required`));
    for (const part of ['line2', 'state']) {
      expect(html).toContain(`id="billing_${part}" name="billing_${part}"`);
      expect(html).not.toMatch(
        new RegExp(`id="billing_${part}" name="billing_${part}"[^>]* required`),
      );
    }
    // Country and postal code alone, as the short form would send them: refused, part by part.
    const short = await post(r.body.url, {
      action: 'pay',
      customer_email: 'pat@example.com',
      customer_name: 'Pat Buyer',
      billing_country: 'de',
      billing_postal_code: '10115',
    });
    expect(short.status).toBe(422);
    const refused = await short.text();
    for (const part of ['line1', 'city'])
      expect(refused).toMatch(new RegExp(`id="billing_${part}-error">This field is required\\.`));
    expect(refused).not.toContain('id="billing_state-error"');
    // A US address needs its state too.
    const { billing_state: _, ...stateless } = ADDRESSED;
    const noState = await post(r.body.url, {
      action: 'pay',
      customer_email: 'pat@example.com',
      ...stateless,
    });
    expect(noState.status).toBe(422);
    expect(await noState.text()).toMatch(/id="billing_state-error">This field is required\./);
    expect(await ordersOf(r.body.id)).toEqual([]);
    const paid = await post(r.body.url, {
      action: 'pay',
      customer_email: 'pat@example.com',
      ...ADDRESSED,
    });
    expect(paid.status).toBe(303);
    const [order] = await ordersOf(r.body.id);
    expect(order?.billing_address).toEqual(STORED);
  });
  // Last in the file: the clock moves a day on.
  it('an expired session says it was open 24 hours (CHECKOUT_TTL_SECONDS, config.py at c6c3645e)', async () => {
    const product = (await svc.api('GET', '/v1/products/', { token: svc.alice })).body.items[0];
    const r = await svc.api('POST', '/v1/checkouts/', {
      token: svc.alice,
      headers: { 'polar-version': '2026-10' },
      body: { products: [product.id] },
    });
    expect(r.status, r.text).toBe(201);
    await svc.advanceClock(25 * 3600);
    const e = await page(r.body.url);
    expect(e.status).toBe(410);
    expect(await e.text()).toContain('Checkout sessions stay open for 24 hours.');
  });
});
