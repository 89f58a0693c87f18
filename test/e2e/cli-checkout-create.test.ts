// `billing checkout create|open` end to end (issue 18): the built bin against the local
// service, the new session's page served at its url, and the address printed where no browser
// can be opened (these runs have no DISPLAY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite } from './cli.js';

let s: Suite;
let team: string;
let globex: string;

beforeAll(async () => {
  s = await startSuite();
  const products: Json = await s.call('GET', '/v1/products/?limit=100');
  const monthly = (name: string) =>
    products.items
      .find((p: Json) => p.name === name)
      .prices.find((p: Json) => p.recurring_interval === 'month').id;
  team = monthly('Acme Team');
  const other: Json = await s.call(
    'GET',
    '/v1/products/?limit=100',
    undefined,
    s.demo.other.personal_access_token,
  );
  globex = other.items[0].prices[0].id;
});
afterAll(() => s.svc.stop());

describe('checkout create', () => {
  it('creates an open session with the flags and prints it; its url is the page', async () => {
    const r = await s.run([
      'checkout',
      'create',
      '--price',
      team,
      '--email',
      'cli@example.com',
      '--name',
      'C. L. I.',
      '--no-discount-codes',
      '--success-url',
      'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      '--metadata',
      'order=A-17',
      '--metadata',
      'seats:=3',
      '--customer-metadata',
      'crm=c-9',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({
      status: 'open',
      product_price_id: team,
      customer_email: 'cli@example.com',
      customer_name: 'C. L. I.',
      allow_discount_codes: false,
      success_url: `https://shop.example/thanks?checkout_id=${c.id}`,
      metadata: { order: 'A-17', seats: 3 },
      customer_metadata: { crm: 'c-9' },
    });
    expect(await s.call('GET', `/v1/checkouts/custom/${c.id}`)).toEqual(c);
    const page = await fetch(c.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Subscribe to Acme Team');
  });

  it('--open without a display prints the card, and the address on stderr', async () => {
    const r = await s.run(['checkout', 'create', '--price', team, '--open']);
    expect(r.code).toBe(0);
    const url = /^url\t(.+)$/m.exec(r.stdout)![1]!;
    expect(url).toMatch(new RegExp(`^${s.url}/checkout/polar_c_`));
    expect(r.stderr).toBe(`No browser to open here: open ${url} in one.\n`);
  });

  it('another organization’s price: the service’s 422, exit 2', async () => {
    expect(await s.run(['checkout', 'create', '--price', globex])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n  product_price_id: Price does not exist.\n',
    });
  });
});

describe('checkout open', () => {
  it('prints the session’s page address where no browser can be opened', async () => {
    const id = s.demo.open_checkout_ids[0]!;
    const c: Json = await s.call('GET', `/v1/checkouts/custom/${id}`);
    expect(await s.run(['checkout', 'open', id])).toEqual({
      code: 0,
      stdout: `${c.url}\n`,
      stderr: 'No browser to open here: open the address above in one.\n',
    });
  });

  it('warns about an expired session, and an unknown one exits 6', async () => {
    const expired = await s.run(['checkout', 'open', s.demo.expired_checkout_id]);
    expect(expired.code).toBe(0);
    expect(expired.stderr).toContain('is expired: its page says so, and takes no payment.');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await s.run(['checkout', 'open', unknown])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: checkout ${unknown} not found\n`,
    });
  });
});
