// Checkout links through SDK 1.0.1 in today's generation (API version 2026-10): every
// checkoutLinks.* call of the 2026-10 document (list, create, get, update, delete), reads, writes
// and refusals, each answer checked against the document (harness.ts); and the link's address,
// GET /v1/checkout-links/{client_secret}/redirect, which no SDK calls: a browser follows it to a
// fresh session's page. The rules are the real service's at c6c3645e (checkout_link/service.py,
// checkout_link/endpoints.py `redirect`, checkout/service.py `checkout_link_create`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
let ids: Record<string, string>;
let launch: string;
let half: string;
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  const page = await seller.products.list({
    organization_id: box.demo.organization_id,
    limit: 100,
  });
  ids = Object.fromEntries(page.items.map((p) => [p.name, p.id]));
  launch = box.svc.store.discounts.byCode(box.demo.organization_id, 'LAUNCH10')!.id;
  half = box.svc.store.discounts.byCode(box.demo.organization_id, 'HALFOFF')!.id;
});
afterAll(async () => {
  expectCalls(box, 'checkout-links');
  await box.stop();
});

/** Follows a link's address as a browser would, up to the first redirect. */
async function follow(url: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

describe('checkout links (2026-10)', () => {
  it('are created for products, with a label, a discount and urls, and read back', async () => {
    const link = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Desktop']!, ids['Acme Starter Kit']!],
      label: 'Homepage button',
      discount_id: launch,
      success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      metadata: { campaign: 'spring' },
    });
    expect(link).toMatchObject({
      label: 'Homepage button',
      payment_processor: 'stripe',
      allow_discount_codes: true,
      require_billing_address: false,
      discount_id: launch,
      discount: { id: launch, code: 'LAUNCH10', amount: 1000, redemptions_count: 0 },
      success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      return_url: null,
      seats: null,
      metadata: { campaign: 'spring' },
      organization_id: box.demo.organization_id,
      url: `${box.svc.url}/v1/checkout-links/${link.client_secret}/redirect`,
    });
    expect(link.client_secret).toMatch(/^polar_cl_/);
    expect(link.products.map((p) => p.name)).toEqual(['Acme Desktop', 'Acme Starter Kit']);
    expect(await seller.checkoutLinks.get(link.id)).toEqual(link);
  });

  it('take the deprecated single product and single price forms', async () => {
    const byProduct = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      product_id: ids['Acme Team']!,
    });
    expect(byProduct.products.map((p) => p.id)).toEqual([ids['Acme Team']]);
    const price = byProduct.products[0]!.prices[0]!.id;
    const byPrice = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      product_price_id: price,
      label: 'by price',
    });
    expect(byPrice.products.map((p) => p.id)).toEqual([ids['Acme Team']]);
  });

  it('refuse what they cannot sell, every product problem in one answer', async () => {
    const detail = await expect422('an archived and an unknown product', () =>
      seller.checkoutLinks.create({
        payment_processor: 'stripe',
        products: [ids['Acme Legacy']!, '6f2b0c4e-0000-4000-8000-000000000000'],
      }),
    );
    expect(detail.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'products', 0], 'Product is archived.'],
      [['body', 'products', 1], 'Product does not exist.'],
    ]);
    const discount = await expect422('a discount limited to other products', () =>
      seller.checkoutLinks.create({
        payment_processor: 'stripe',
        products: [ids['Acme Desktop']!],
        discount_id: half,
      }),
    );
    expect(discount.map((d) => d.msg)).toEqual([
      'Discount does not exist or is not applicable to this product.',
    ]);
    const processor = await expect422('no payment processor', () =>
      seller.checkoutLinks.create({ products: [ids['Acme Desktop']!] } as never),
    );
    expect(processor.map((d) => d.loc.at(-1))).toContain('payment_processor');
  });

  it('are listed by product, sorted by label', async () => {
    const a = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Pro']!],
      label: 'b pro',
    });
    const b = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Pro']!, ids['Acme Desktop']!],
      label: 'a pro and desktop',
    });
    const page = await seller.checkoutLinks.list({
      product_id: ids['Acme Pro'],
      sorting: ['label'],
    });
    expect(page.items.map((l) => l.id)).toEqual([b.id, a.id]);
    expect(page.pagination).toEqual({ total_count: 2, max_page: 1 });
    const other = await box.otherSeller.checkoutLinks.list({});
    expect(other.items).toEqual([]);
  });

  it('update only what is sent; products without a subscription drop the trial', async () => {
    const link = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Pro']!],
      trial_interval: 'day',
      trial_interval_count: 7,
      discount_id: launch,
    });
    const u = await seller.checkoutLinks.update(link.id, {
      products: [ids['Acme Desktop']!],
      label: 'Desktop only',
      allow_discount_codes: false,
    });
    expect(u).toMatchObject({
      label: 'Desktop only',
      allow_discount_codes: false,
      trial_interval: null,
      trial_interval_count: null,
      discount_id: launch,
    });
    expect(u.products.map((p) => p.id)).toEqual([ids['Acme Desktop']]);
    const cleared = await seller.checkoutLinks.update(link.id, { discount_id: null });
    expect(cleared).toMatchObject({ discount_id: null, discount: null, label: 'Desktop only' });
    await expectError("another organization's link", errors.ResourceNotFound, () =>
      box.otherSeller.checkoutLinks.update(link.id, { label: 'x' }),
    );
  });

  it('are deleted: gone from the API and their address', async () => {
    const link = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Desktop']!],
    });
    expect(await seller.checkoutLinks.delete(link.id)).toBeUndefined();
    await expectError('a deleted link', errors.ResourceNotFound, () =>
      seller.checkoutLinks.get(link.id),
    );
    await expectError('a deleted link', errors.ResourceNotFound, () =>
      seller.checkoutLinks.delete(link.id),
    );
    expect((await follow(link.url)).status).toBe(404);
  });
});

describe("a link's address", () => {
  it('opens a fresh session each time on its page, with the prefill the query brings', async () => {
    const link = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Desktop']!, ids['Acme Starter Kit']!],
      discount_id: launch,
      metadata: { campaign: 'spring' },
    });
    const first = await follow(
      `${link.url}?product_id=${ids['Acme Starter Kit']}&customer_email=jane%40buyer.example&utm_source=news&ref=top`,
    );
    expect(first.status).toBe(307);
    const target = new URL(first.location!);
    expect(target.origin + target.pathname).toMatch(
      new RegExp(`^${box.svc.url}/checkout/polar_c_`),
    );
    // What the redirect read stays behind; the rest goes on to the page.
    expect([...target.searchParams]).toEqual([
      ['utm_source', 'news'],
      ['ref', 'top'],
    ]);
    const secret = target.pathname.split('/').at(-1)!;
    const session = await seller.checkouts.clientGet(secret);
    expect(session).toMatchObject({
      product_id: ids['Acme Starter Kit'],
      customer_email: 'jane@buyer.example',
      // The link's discount does not apply to a free product: left out.
      discount_id: null,
      amount: 0,
    });
    expect(session.products.map((p) => p.id)).toEqual([
      ids['Acme Desktop'],
      ids['Acme Starter Kit'],
    ]);
    const id = box.svc.store.checkouts.bySecret(secret)!.id;
    const full = await seller.checkouts.get(id);
    expect(full.metadata).toEqual({ campaign: 'spring', utm_source: 'news' });
    const second = await follow(link.url);
    expect(second.location).not.toBe(first.location);
    const other = await seller.checkouts.clientGet(
      new URL(second.location!).pathname.split('/').at(-1)!,
    );
    expect(other).toMatchObject({
      product_id: ids['Acme Desktop'],
      discount_id: launch,
      net_amount: 6900,
    });
    // The page is there for the buyer.
    const page = await fetch(second.location!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Acme Desktop');
  });

  it('refuses an embedding origin the organization does not list (403), an unknown link 404', async () => {
    const link = await seller.checkoutLinks.create({
      payment_processor: 'stripe',
      products: [ids['Acme Desktop']!],
    });
    const refused = await fetch(`${link.url}?embed_origin=https://evil.example`, {
      redirect: 'manual',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'EmbedHostNotAllowed',
      detail: 'https://evil.example is not allowed to embed this checkout.',
    });
    const unknown = await follow(`${box.svc.url}/v1/checkout-links/polar_cl_nothing/redirect`);
    expect(unknown.status).toBe(404);
  });
});
