// The buyer's whole loop in a real browser (issue 18): Debian's Chromium driven by
// playwright-core against the local service, a seller's site and a webhook receiver on loopback.
// The seller creates a session with the official SDK, the buyer fills the hosted page, applies
// LAUNCH10 and pays, lands on success_url with the session's id, the order is in the API and
// the receiver got checkout.created, checkout.updated and order.created. Then what goes wrong:
// a required field missing, a bad code, double clicks (with and without JavaScript), an expired
// session, markup in what the page echoes, and framing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import { sdk } from '../conformance/sdk.js';
import { launchChromium, requireChromium, skipWithoutChromium } from '../helpers/chromium.js';
import { type Receiver, startReceiver, type Verified, verify } from '../server/webhook-helpers.js';

const skip = skipWithoutChromium('checkout-browser');

type Polar = InstanceType<typeof sdk.Polar>;

/** The seller's site: a thank-you page, and a page that embeds a checkout in a frame. */
function sellerSite(): Promise<{ server: Server; origin: string; hits: URL[] }> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (url.pathname === '/embed') {
      const src = (url.searchParams.get('src') ?? '').replace(/"/g, '&quot;');
      res.end(
        `<!doctype html><title>Shop</title><iframe src="${src}" width="600" height="400"></iframe>`,
      );
    } else {
      res.end('<!doctype html><title>Thanks</title><h1>Thank you for your order</h1>');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.1:${port}`, hits });
    });
  });
}

describe.skipIf(skip)('the hosted checkout in headless Chromium', () => {
  let svc: RunningService;
  let site: Awaited<ReturnType<typeof sellerSite>>;
  let receiver: Receiver;
  let secret: string;
  let browser: Browser;
  let seller: Polar;
  let teamMonthly: string;

  beforeAll(async () => {
    requireChromium();
    // The payment processor holds each Pay a fifth of a second, so a second click lands while
    // the first is still being processed.
    svc = await start({ port: 0, processor: 200 });
    site = await sellerSite();
    receiver = await startReceiver();
    const demo = svc.demo!;
    seller = new sdk.Polar({ accessToken: demo.personal_access_token, serverURL: svc.url });
    // The SDK 0.20.2 has no webhook endpoints API: registered as the seller's site would be.
    const endpoint = await fetch(`${svc.url}/v1/webhooks/endpoints`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${demo.personal_access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        url: receiver.url,
        format: 'raw',
        events: WEBHOOK_EVENT_TYPES,
        organization_id: demo.organization_id,
      }),
    });
    expect(endpoint.status).toBe(201);
    secret = ((await endpoint.json()) as { secret: string }).secret;
    const products = await seller.products.list({ limit: 100 });
    const team = products.result.items.find((p) => p.name === 'Acme Team')!;
    teamMonthly = team.prices.find(
      (p) => 'recurringInterval' in p && p.recurringInterval === 'month',
    )!.id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    await svc?.stop();
  });

  const create = (extra: Partial<Parameters<Polar['checkouts']['custom']['create']>[0]> = {}) =>
    seller.checkouts.custom.create({
      productPriceId: teamMonthly,
      successUrl: `${site.origin}/thanks?checkout_id={CHECKOUT_ID}`,
      ...extra,
    } as Parameters<Polar['checkouts']['custom']['create']>[0]);

  async function withPage<T>(
    fn: (page: Page, context: BrowserContext) => Promise<T>,
    options: { javaScriptEnabled?: boolean } = {},
  ): Promise<T> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      ...options,
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      return await fn(page, context);
    } finally {
      await context.close();
      expect(dialogs, 'no script the page echoes may run').toEqual([]);
    }
  }

  /**
   * The billing address a paid checkout asks for (the real service's required confirm fields at
   * f179ede58c, the seed generation), and the name unless the session has one.
   */
  async function fillBuyer(page: Page): Promise<void> {
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    if (!(await name.inputValue())) await name.fill('Pat Buyer');
    await page.getByLabel('Country').fill('US');
    await page.getByLabel('State or region').fill('IL');
    await page.getByLabel('Postal code').fill('60601');
  }

  const ordersOf = async (checkoutId: string) => {
    const list = await seller.orders.list({ limit: 100 });
    return list.result.items.filter((o) => o.checkoutId === checkoutId);
  };

  /** The events about `id` once `count` have arrived, verified by the SDK's validateEvent. */
  async function eventsAbout(id: string, count: number): Promise<Verified[]> {
    for (let i = 0; i < 400; i++) {
      const mine = receiver.received
        .map((r) => verify(r, secret))
        .filter((e) => e.json.data.id === id || e.json.data.checkout_id === id);
      if (mine.length >= count) return mine;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} events about ${id} arrived`);
  }

  it('create → fill → LAUNCH10 → Pay → success_url with the id; the order and the webhooks', async () => {
    const checkout = await create({ metadata: { order_ref: 'browser-1' } });
    await withPage(async (page) => {
      await page.goto(checkout.url);
      await expect(page.title()).resolves.toBe('Acme Team · Acme Software');
      expect(await page.locator('#price').textContent()).toBe('$49.00per month');
      await page.getByLabel('Email').fill('buyer@example.com');
      await fillBuyer(page);
      await page.getByLabel('Company name').fill('Initech');
      await page.getByLabel('How many seats?').fill('4');
      await page.getByLabel('Discount code').fill('LAUNCH10');
      await page.getByRole('button', { name: 'Apply' }).click();
      // Re-priced in place: the discount's line, the total and the button.
      await expect.poll(() => page.locator('.line.discount').textContent()).toContain('−$10.00');
      expect(await page.locator('.totals').textContent()).toContain('$39.00');
      expect(await page.locator('.then').textContent()).toBe('Then $49.00 per month.');
      // What was typed is still there (Apply saved it).
      expect(await page.getByLabel('Company name').inputValue()).toBe('Initech');
      await Promise.all([
        page.waitForURL((u) => u.pathname === '/thanks'),
        page.getByRole('button', { name: 'Pay $39.00' }).click(),
      ]);
      const landed = new URL(page.url());
      expect(landed.origin).toBe(site.origin);
      expect(landed.searchParams.get('checkout_id')).toBe(checkout.id);
      expect(await page.textContent('h1')).toBe('Thank you for your order');
    });

    const orders = await ordersOf(checkout.id);
    expect(orders.map((o) => [o.amount, o.customer.email, o.discount?.code])).toEqual([
      [3900, 'buyer@example.com', 'LAUNCH10'],
    ]);
    // The SDK's model of custom_field_data has no keys: read the order as JSON.
    const raw = await fetch(`${svc.url}/v1/orders/${orders[0]!.id}`, {
      headers: { authorization: `Bearer ${svc.demo!.personal_access_token}` },
    });
    expect(((await raw.json()) as { custom_field_data: object }).custom_field_data).toMatchObject({
      company: 'Initech',
      seats: 4,
    });
    expect(orders[0]!.metadata).toEqual({ order_ref: 'browser-1' });
    // Confirmed by Pay, then paid for when the payment processor answered.
    const paid = await seller.checkouts.custom.get({ id: checkout.id });
    expect(paid.status).toBe('succeeded');

    const events = await eventsAbout(checkout.id, 5);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual([
      'checkout.created',
      'checkout.updated',
      'checkout.updated',
      'checkout.updated',
    ]);
    expect(types).toContain('order.created');
    const order = events.find((e) => e.type === 'order.created')!;
    expect(order.json.data).toMatchObject({ id: orders[0]!.id, amount: 3900 });
    // The Apply's update carries the code; then the confirmed session, then the paid one.
    expect(events[1]!.json.data).toMatchObject({ discount_id: orders[0]!.discountId });
    expect(events[2]!.json.data).toMatchObject({ status: 'confirmed' });
    expect(events[3]!.json.data).toMatchObject({ status: 'succeeded' });
  });

  it('a required field missing: the browser stops the form, and so does the service', async () => {
    const checkout = await create();
    await withPage(async (page) => {
      await page.goto(checkout.url);
      await page.getByLabel('Email').fill('buyer@example.com');
      await page.getByRole('button', { name: 'Pay $49.00' }).click();
      // The browser's own check: the form was not sent.
      expect(page.url()).toBe(checkout.url);
      const missing = await page
        .getByLabel('Company name')
        .evaluate(
          (el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing,
        );
      expect(missing).toBe(true);
      // Without it (an old browser, a script), the service refuses the same way.
      await page.locator('form.checkout').evaluate((form) => {
        (form as unknown as { noValidate: boolean }).noValidate = true;
      });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Pay $49.00' }).click(),
      ]);
      expect(response.status()).toBe(422);
      await page.waitForLoadState();
      expect(await page.locator('#cf-company-error').textContent()).toBe('This field is required.');
      expect(await page.getByRole('alert').textContent()).toContain('Please check the fields');
      expect(await page.getByLabel('Email').inputValue()).toBe('buyer@example.com');
    });
    expect(await ordersOf(checkout.id)).toEqual([]);
    expect((await seller.checkouts.custom.get({ id: checkout.id })).status).toBe('open');
  });

  // The seller's require_billing_address (today's API; models/checkout.py at c6c3645e): the
  // page asks for the whole address, and a person fills it in and pays.
  it('a session that requires the billing address: the whole address, filled in, paid', async () => {
    const products = await seller.products.list({ limit: 100 });
    const pro = products.result.items.find((p) => p.name === 'Acme Pro')!;
    const res = await fetch(`${svc.url}/v1/checkouts/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${svc.demo!.personal_access_token}`,
        'content-type': 'application/json',
        'polar-version': '2026-10',
      },
      body: JSON.stringify({
        products: [pro.id],
        require_billing_address: true,
        success_url: `${site.origin}/thanks?checkout_id={CHECKOUT_ID}`,
      }),
    });
    expect(res.status).toBe(201);
    const checkout = (await res.json()) as { id: string; url: string };
    await withPage(async (page) => {
      await page.goto(checkout.url);
      await page.getByLabel('Email').fill('buyer@example.com');
      await fillBuyer(page);
      // The short address is not enough: the browser stops the form at the street.
      await page.getByRole('button', { name: /^Pay/ }).click();
      expect(page.url()).toBe(checkout.url);
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main St');
      await page.getByLabel('Apartment, suite').fill('Suite 4');
      await page.getByLabel('City').fill('Chicago');
      await Promise.all([
        page.waitForURL(`${site.origin}/thanks?checkout_id=${checkout.id}`),
        page.getByRole('button', { name: /^Pay/ }).click(),
      ]);
    });
    const [order] = await ordersOf(checkout.id);
    expect(order?.billingAddress).toEqual({
      line1: '1 Main St',
      line2: 'Suite 4',
      postalCode: '60601',
      city: 'Chicago',
      state: 'US-IL',
      country: 'US',
    });
  });

  it('a bad discount code: said beside the box, nothing re-priced', async () => {
    const checkout = await create();
    await withPage(async (page) => {
      await page.goto(checkout.url);
      await page.getByLabel('Discount code').fill('NOTACODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => page.locator('#discount_code-error').textContent())
        .toBe('This discount code does not exist or is no longer available.');
      expect(await page.getByLabel('Discount code').inputValue()).toBe('NOTACODE');
      expect(await page.getByRole('button', { name: 'Pay $49.00' }).count()).toBe(1);
      expect(await page.locator('.line.discount').count()).toBe(0);
    });
    expect((await seller.checkouts.custom.get({ id: checkout.id })).discountId).toBeNull();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`a double click on Pay makes one order (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const checkout = await create({ customerEmail: `double-${javaScriptEnabled}@example.com` });
      await withPage(
        async (page) => {
          await page.goto(checkout.url);
          await fillBuyer(page);
          await page.getByLabel('Company name').fill('Initech');
          const posts: string[] = [];
          page.on('request', (r) => {
            if (r.method() === 'POST') posts.push(r.url());
          });
          const pay = page.getByRole('button', { name: 'Pay $49.00' });
          if (javaScriptEnabled) {
            await pay.dblclick();
          } else {
            // The second click while the first is with the payment processor: both reach the
            // service; the second waits for the first and follows it. The mouse, not the
            // locator: a locator would wait for the first navigation to end.
            await pay.scrollIntoViewIfNeeded();
            const box = (await pay.boundingBox())!;
            const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
            const sent = page.waitForRequest((r) => r.method() === 'POST');
            await page.mouse.click(x, y);
            await sent;
            await page.mouse.click(x, y);
          }
          // (The first navigation is aborted by the second: poll where the page ends up.)
          await expect
            .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
            .toBe('/thanks');
          expect(new URL(page.url()).searchParams.get('checkout_id')).toBe(checkout.id);
          // With the script the second click is swallowed; without it the browser sends both
          // (the first navigation aborted by the second), and the service makes one order.
          expect(posts).toEqual(javaScriptEnabled ? [checkout.url] : [checkout.url, checkout.url]);
        },
        { javaScriptEnabled },
      );
      expect(await ordersOf(checkout.id)).toHaveLength(1);
    });
  }

  it('markup in the buyer’s name and the metadata is shown as text, never run', async () => {
    const name = '<img src=x onerror="alert(1)">"><script>alert(2)</script>';
    const checkout = await create({
      customerName: name,
      customerEmail: 'xss@example.com',
      metadata: { note: '<script>alert(3)</script>' },
      successUrl: null,
    });
    await withPage(async (page) => {
      await page.goto(checkout.url);
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
        name,
      );
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await fillBuyer(page);
      await page.getByLabel('Company name').fill('<b>Bold</b> & Co');
      await Promise.all([
        page.waitForURL((u) => u.pathname.endsWith('/confirmation')),
        page.getByRole('button', { name: 'Pay $49.00' }).click(),
      ]);
      // The receipt greets the buyer by name, as text.
      expect(await page.locator('main p').first().textContent()).toContain(`Thank you, ${name}!`);
      expect(await page.locator('b').count()).toBe(0);
      expect(await page.locator('script').count()).toBe(0);
    });
  });

  it('an expired session shows a clear page; one that expires while open takes no payment', async () => {
    const demo = svc.demo!;
    const expired = await seller.checkouts.custom.get({ id: demo.expired_checkout_id });
    const checkout = await create({ customerEmail: 'late@example.com' });
    await withPage(async (page) => {
      const response = await page.goto(expired.url);
      expect(response!.status()).toBe(410);
      expect(await page.textContent('h1')).toBe('This checkout has expired');

      await page.goto(checkout.url);
      await fillBuyer(page);
      await page.getByLabel('Company name').fill('Initech');
      // An hour and a bit passes on the service's clock.
      const moved = await fetch(`${svc.url}/__local/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 3700 }),
      });
      expect(moved.status).toBe(200);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Pay $49.00' }).click(),
      ]);
      expect(answer.status()).toBe(410);
      await page.waitForLoadState();
      expect(await page.textContent('h1')).toBe('This checkout has expired');
    });
    expect(await ordersOf(checkout.id)).toEqual([]);
  });

  it('frames only under embed_origin', async () => {
    const [embedded, plain] = await Promise.all([create({ embedOrigin: site.origin }), create()]);
    await withPage(async (page) => {
      for (const [checkout, shown] of [
        [embedded, true],
        [plain, false],
      ] as const) {
        await page.goto(`${site.origin}/embed?src=${encodeURIComponent(checkout.url)}`);
        const frame = page.frameLocator('iframe');
        const heading = frame.locator('.product-name');
        // A refused frame shows the browser's own error page.
        const child = page.frames().find((f) => f !== page.mainFrame())!;
        expect(child.url()).toBe(shown ? checkout.url : 'chrome-error://chromewebdata/');
        if (shown) expect(await heading.textContent()).toBe('Subscribe to Acme Team');
        else expect(await heading.count()).toBe(0);
      }
    });
  });
});
