// `billing links create|list|get|update|delete` end to end in today's generation
// (BILLING_API_VERSION=2026-10): the built bin against the local service, each answer checked
// against what the service itself says at 2026-10, and the link's URL followed over HTTP as a
// buyer's browser would: GET …/{client_secret}/redirect answers a redirect to a fresh checkout
// session's hosted page (checkout_link/endpoints.py at c6c3645e), a new one each time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let products: Json[];
let link: Json;
beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  products = (await today('GET', '/v1/products/?is_archived=false&limit=100')).items;
});
afterAll(() => s.svc.stop());

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });
const named = (name: string) => products.find((p: Json) => p.name === name);

/** The service's own answer at 2026-10. */
const today = (method: string, path: string): Promise<Json> => s.call(method, path);

/** Follows the link's URL once, without following the redirect: the session it opened. */
async function follow(url: string): Promise<{ secret: string; checkout: Json }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(307);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toMatch(
    new RegExp(`^${s.url}/checkout/polar_c_[A-Za-z0-9]+$`),
  );
  const secret = decodeURIComponent(location.pathname.split('/').at(-1)!);
  // The session exists: the buyer's read of it (no token, its secret is the credential)…
  const checkout: Json = await fetch(`${s.url}/v1/checkouts/client/${secret}`, {
    headers: { 'polar-version': '2026-10' },
  }).then((r) => r.json());
  // …and the hosted page it sends the browser to.
  const page = await fetch(location);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(checkout.product.name);
  return { secret, checkout };
}

describe('links at 2026-10', () => {
  it('create: products by name, a discount by code, metadata; the JSON is the service’s link', async () => {
    const r = await run([
      'links',
      'create',
      '--product',
      'acme pro',
      '--product',
      'Acme Team',
      '--label',
      'Pricing page',
      '--discount',
      'launch10',
      '--no-allow-discount-codes',
      '--success-url',
      'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      '--metadata',
      'src=site',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    link = JSON.parse(r.stdout);
    expect(link).toMatchObject({
      label: 'Pricing page',
      allow_discount_codes: false,
      success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      metadata: { src: 'site' },
      discount: { code: 'LAUNCH10' },
    });
    expect(link.products.map((p: Json) => p.id)).toEqual([
      named('Acme Pro').id,
      named('Acme Team').id,
    ]);
    expect(await today('GET', `/v1/checkout-links/${link.id}`)).toEqual(link);
  });

  it('list: TSV of the links, the products by name, the URL whole; --product by name', async () => {
    const [all, byProduct, none] = await Promise.all([
      run(['links', 'list']),
      run(['links', 'list', '--product', 'Acme Team', '--fields', 'id,label']),
      run(['links', 'list', '--product', 'Acme Desktop', '--fields', 'id']),
    ]);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(all.stdout);
    expect(header).toEqual(['ID', 'LABEL', 'PRODUCTS', 'URL', 'CREATED']);
    expect(rows).toEqual([
      [link.id, 'Pricing page', 'Acme Pro, Acme Team', link.url, link.created_at],
    ]);
    expect(byProduct.stdout).toBe(`id\tlabel\n${link.id}\tPricing page\n`);
    expect(none.stdout).toBe('id\n');
  });

  it('get: the card; --fields by dot path', async () => {
    const r = await run(['links', 'get', link.id, '--fields', 'url,products.1.name,discount.code']);
    expect(r).toEqual({
      code: 0,
      stdout: `url\t${link.url}\nproducts.1.name\tAcme Team\ndiscount.code\tLAUNCH10\n`,
      stderr: '',
    });
  });

  it('its URL opens a fresh session on the hosted page each time, as the link says', async () => {
    const first = await follow(link.url);
    const second = await follow(link.url);
    expect(second.secret).not.toBe(first.secret);
    expect(first.checkout).toMatchObject({
      status: 'open',
      product_id: named('Acme Pro').id,
      allow_discount_codes: false,
      discount: { code: 'LAUNCH10' },
    });
    expect(first.checkout.products.map((p: Json) => p.id)).toEqual(
      link.products.map((p: Json) => p.id),
    );
    // The seller sees both sessions, open, with the link's metadata.
    const listed = await run(['checkout', 'list', '--status', 'open', '--all', '--json']);
    expect(listed.code).toBe(0);
    const opened = JSON.parse(listed.stdout).filter((c: Json) =>
      [first.checkout.id, second.checkout.id].includes(c.id),
    );
    expect(opened.map((c: Json) => c.metadata)).toEqual([{ src: 'site' }, { src: 'site' }]);
    // ?product_id= picks another of its products.
    const team = await follow(`${link.url}?product_id=${named('Acme Team').id}`);
    expect(team.checkout.product_id).toBe(named('Acme Team').id);
  });

  it('get --open: the card, and without a display the address on stderr', async () => {
    const r = await run(['links', 'get', link.id, '--open', '--fields', 'id']);
    expect(r).toEqual({
      code: 0,
      stdout: `id\t${link.id}\n`,
      stderr: `No browser to open here: open ${link.url} in one.\n`,
    });
  });

  it('update: other products, none clears, metadata merged; the URL stays', async () => {
    const r = await run([
      'links',
      'update',
      link.id,
      '--product',
      'Acme Desktop',
      '--label',
      'none',
      '--discount',
      'none',
      '--allow-discount-codes',
      '--metadata',
      'campaign=spring',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const updated = JSON.parse(r.stdout);
    expect(updated).toMatchObject({
      id: link.id,
      url: link.url,
      label: null,
      discount_id: null,
      allow_discount_codes: true,
      metadata: { src: 'site', campaign: 'spring' },
    });
    expect(updated.products.map((p: Json) => p.name)).toEqual(['Acme Desktop']);
    expect(await today('GET', `/v1/checkout-links/${link.id}`)).toEqual(updated);
    const { checkout } = await follow(link.url);
    expect(checkout).toMatchObject({ product_id: named('Acme Desktop').id, discount: null });
  });

  it('delete: refused without --yes in a script; with it the link and its URL are gone', async () => {
    const refused = await run(['links', 'delete', link.id]);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: links delete removes the checkout link: add --yes to confirm (there is no ' +
        'terminal to ask on)\n',
    });
    expect(await run(['links', 'delete', link.id, '--yes'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await run(['links', 'get', link.id])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: checkout link ${link.id} not found\n`,
    });
    expect((await fetch(link.url, { redirect: 'manual' })).status).toBe(404);
  });

  it("on the seed's generation: one line naming the command to run, nothing sent", async () => {
    for (const verb of ['list', 'create']) {
      const args = verb === 'create' ? ['--product', 'Acme Pro'] : [];
      const r = await run(['links', verb, ...args], { BILLING_API_VERSION: 'none' });
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr:
          "billing: checkout links need today's API (2026-04 or later): run billing " +
          `--api-version 2026-10 links ${verb} …, or set api_version\n`,
      });
    }
  });
});
