// billing/sandbox (issue 29): startSandbox() in a test process, driven by both official SDKs as
// a seller's tests would — today's (1.0.1, Polar-Version 2026-10) and the seed's (0.20.2, no
// header) — isolated from each other, with its clock, reset, events and webhook receivers.

import { fileURLToPath } from 'node:url';
import { Polar } from '@polar-sh/sdk';
import { createPolar } from 'polar-sdk-1/2026-10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox, type WebhookEvent } from '../../src/sandbox/index.js';

const PRO = {
  name: 'Pro',
  recurring_interval: 'month' as const,
  prices: [{ amount_type: 'fixed' as const, price_amount: 1500, price_currency: 'usd' as const }],
};

/** The first event of `type` the iterator gives (it waits for it). */
/** How far the sandbox's clock stands from wall time: 0 when it was never moved (or was reset). */
async function offsetOf(sb: Sandbox): Promise<number> {
  const res = await fetch(`${sb.url}/__local/clock`);
  return ((await res.json()) as { offset_seconds: number }).offset_seconds;
}

async function next(events: AsyncGenerator<WebhookEvent>, type: string): Promise<WebhookEvent> {
  for await (const e of events) if (e.type === type) return e;
  throw new Error(`the events ended before ${type}`);
}

describe('startSandbox({ data: "empty" })', () => {
  let a: Sandbox;
  let b: Sandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([startSandbox(), startSandbox()]);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('is an organization with nothing in it, its token, and a URL of its own', async () => {
    expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.url).not.toBe(b.url);
    const polar = createPolar({ accessToken: a.token, baseUrl: a.url });
    const org = await polar.organizations.get(a.organizationId);
    expect(org.name).toBe('Sandbox');
    const products = await polar.products.list({ organization_id: a.organizationId });
    expect(products.items).toEqual([]);
    const customers = await polar.customers.list({ organization_id: a.organizationId });
    expect(customers.items).toEqual([]);
  });

  it("works with today's SDK (1.0.1, 2026-10) and the seed's (0.20.2), each sandbox alone", async () => {
    const today = createPolar({ accessToken: a.token, baseUrl: a.url });
    const made = await today.products.create({ organization_id: a.organizationId, ...PRO });
    expect(made.recurring_interval).toBe('month');
    // The seed's generation reads the same product in its own shape (prices carry the interval).
    const seed = new Polar({ accessToken: a.token, serverURL: a.url });
    const got = await seed.products.get({ id: made.id });
    expect(got.name).toBe('Pro');
    expect(got.prices[0]).toMatchObject({ priceAmount: 1500, recurringInterval: 'month' });
    // b never saw it.
    const other = createPolar({ accessToken: b.token, baseUrl: b.url });
    const listed = await other.products.list({ organization_id: b.organizationId });
    expect(listed.items).toEqual([]);
    await expect(other.products.get(made.id)).rejects.toThrow();
  });

  it('gives a customer token for an email, making the customer', async () => {
    const token = await a.customerToken('jane@example.test');
    expect(token).toMatch(/^polar_cst_/);
    const again = await a.customerToken('jane@example.test');
    expect(again).not.toBe(token);
    const polar = createPolar({ accessToken: a.token, baseUrl: a.url });
    const customers = await polar.customers.list({ organization_id: a.organizationId });
    expect(customers.items.map((c) => c.email)).toEqual(['jane@example.test']);
    // The token is the customer's: the portal answers with their own record.
    const res = await fetch(`${a.url}/v1/customer-portal/customers/me`, {
      headers: { authorization: `Bearer ${token}`, 'polar-version': '2026-10' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe('jane@example.test');
  });

  it('tells the events, from its start, as delivered webhooks', async () => {
    const events = a.events();
    const created = await next(events, 'product.created');
    expect(created.data).toMatchObject({ name: 'Pro', organization_id: a.organizationId });
    expect(created.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    await events.return(undefined);
  });

  it('delivers signed webhooks to a handler of the test', async () => {
    const seen: WebhookEvent[] = [];
    let signature = '';
    const endpoint = await a.webhooks.receive((event, delivery) => {
      seen.push(event);
      signature = String(delivery.headers['webhook-signature']);
    });
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    const polar = createPolar({ accessToken: a.token, baseUrl: a.url });
    await polar.products.create({ organization_id: a.organizationId, ...PRO, name: 'Team' });
    const events = a.events();
    for await (const e of events) if (e.type === 'product.created' && e.data.name === 'Team') break;
    // Both endpoints got it; the handler's delivery was signed with its endpoint's secret.
    await expect.poll(() => seen.map((e) => e.type)).toContain('product.created');
    expect(signature).toMatch(/^v1,/);
  });

  it('moves its clock: advance and setClock process what falls due', async () => {
    const before = await a.now();
    await a.advance('1mo');
    const later = await a.now();
    expect(later.getUTCMonth()).toBe((before.getUTCMonth() + 1) % 12);
    await a.setClock('2030-01-01T00:00:00Z');
    expect((await a.now()).getUTCFullYear()).toBe(2030);
    await a.advance(3600);
    expect((await a.now()).toISOString().slice(0, 13)).toBe('2030-01-01T01');
    await expect(a.advance('soon')).rejects.toThrow(/not a duration/);
    // b's clock did not move.
    expect(await offsetOf(b)).toBe(0);
  });

  it('resets to its start: data, clock and the events', async () => {
    await a.reset();
    const polar = createPolar({ accessToken: a.token, baseUrl: a.url });
    expect((await polar.products.list({ organization_id: a.organizationId })).items).toEqual([]);
    expect(await offsetOf(a)).toBe(0);
    // The same token and organization after the reset; receivers are registered again.
    const events = a.events();
    await polar.products.create({ organization_id: a.organizationId, ...PRO, name: 'After' });
    const created = await next(events, 'product.created');
    expect(created.data.name).toBe('After');
  });

  it('stops: its port is closed, and stop() again is harmless', async () => {
    const c = await startSandbox();
    await c.stop();
    await c.stop();
    await expect(fetch(`${c.url}/v1/products/`)).rejects.toThrow();
  });
});

describe('startSandbox({ data: "demo", clock })', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ data: 'demo', clock: '2031-06-01T12:00:00Z' });
  });
  afterAll(() => sb?.stop());

  it("is the demo's Acme, with the clock where it was asked to start", async () => {
    const polar = createPolar({ accessToken: sb.token, baseUrl: sb.url });
    expect((await polar.organizations.get(sb.organizationId)).name).toBe('Acme Software');
    const products = await polar.products.list({ organization_id: sb.organizationId });
    expect(products.items.length).toBeGreaterThan(3);
    expect((await sb.now()).toISOString().slice(0, 10)).toBe('2031-06-01');
    await sb.advance('2d');
    await sb.reset();
    expect((await sb.now()).toISOString().slice(0, 10)).toBe('2031-06-01');
  });
});

describe('startSandbox({ data: fixture })', () => {
  it('applies a fixture file, and again after a reset; the clock back where it started', async () => {
    const sb = await startSandbox({
      data: fileURLToPath(new URL('../fixtures/shop.json', import.meta.url)),
    });
    try {
      const polar = createPolar({ accessToken: sb.token, baseUrl: sb.url });
      const names = async () =>
        (await polar.products.list({ organization_id: sb.organizationId })).items
          .map((p) => p.name)
          .sort();
      expect(await names()).toEqual(['Hobby', 'Pro']);
      // Set back to wall time after the fixture's dates: within the set's millisecond.
      expect(Math.abs(await offsetOf(sb))).toBeLessThan(1);
      await polar.products.create({ organization_id: sb.organizationId, ...PRO, name: 'Extra' });
      await sb.reset();
      expect(await names()).toEqual(['Hobby', 'Pro']);
    } finally {
      await sb.stop();
    }
  });

  it('takes the fixture as an object, with its own organization', async () => {
    const sb = await startSandbox({
      data: {
        organizations: { shop: { name: 'My Shop', slug: 'my-shop' } },
        customers: {
          jane: { email: 'jane@example.com', organization_id: '${organizations.shop.id}' },
        },
      },
    });
    try {
      const polar = createPolar({ accessToken: sb.token, baseUrl: sb.url });
      expect((await polar.organizations.get(sb.organizationId)).slug).toBe('my-shop');
      const customers = await polar.customers.list({ organization_id: sb.organizationId });
      expect(customers.items.map((c) => c.email)).toEqual(['jane@example.com']);
    } finally {
      await sb.stop();
    }
  });

  it('refuses a clock that is not a date, before starting', async () => {
    await expect(startSandbox({ clock: 'tomorrow' })).rejects.toThrow(
      'startSandbox: clock is not a date: tomorrow',
    );
  });

  it('refuses a broken fixture before starting, naming the entry', async () => {
    await expect(startSandbox({ data: { products: { pro: {} } } })).rejects.toThrow(
      'fixture: products.pro: name is required',
    );
  });
});
