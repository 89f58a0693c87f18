// GET /v1/orders/ and /v1/orders/{id} (spec endpoints 12–13): the order form field for field,
// filters, sorting and pagination as api-facts describes them.
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPages,
  asc,
  BUYER,
  DISCOUNT_FULL,
  desc,
  expectShape,
  expectSorted,
  invalid,
  type Json,
  ORDER,
  PRODUCT_ORDER,
  page,
  type Service,
  startService,
} from './helpers.js';

let svc: Service;
let all: Json[];
const get = (query: Record<string, string | number | (string | number)[]> = {}) =>
  svc.api('GET', '/v1/orders/', { token: svc.alice, query });

beforeAll(async () => {
  svc = await startService();
  all = await allPages(svc.api, '/v1/orders/', { token: svc.alice });
});
afterAll(() => svc.stop());

const ORDER_SORTS = ['created_at', 'amount', 'customer', 'product', 'discount', 'subscription'];

describe('the order form (spec §2.11)', () => {
  it('lists orders in the paginated shape, every field present with its type', async () => {
    const r = await get({ limit: 100 });
    expect(r.status).toBe(200);
    expectShape(r.body, page(ORDER));
    expect(r.body.items.length).toBeGreaterThanOrEqual(30);
    for (const o of r.body.items) {
      expect(o.product.organization_id).toBe(svc.demo.organization_id);
      expect(o.customer_id).toBe(o.customer.id);
      expect(o.product_id).toBe(o.product.id);
      expect(o.product_price_id).toBe(o.product_price.id);
      expect(o.discount_id).toBe(o.discount?.id ?? null);
      expect(o.subscription_id).toBe(o.subscription?.id ?? null);
    }
  });

  // The real OrderUser at f179ede58c (the seed generation) is built from the customer: the id of
  // the user account it came from (legacy_user_id), its own email, name and avatar; a customer
  // has no code-host username.
  it('builds the user of a customer that came from a user account from the customer', async () => {
    const r = await svc.api('GET', '/v1/orders/', { token: svc.bob, query: { limit: 100 } });
    expectShape(r.body, page(ORDER));
    const alice = svc.demo.users.find((u) => u.email === 'alice@acme.test')!.id;
    const withUser = r.body.items.filter((o: Json) => o.user_id === alice);
    expect(withUser.length).toBeGreaterThan(0);
    for (const o of withUser) {
      const c = o.customer;
      expect(o.user).toEqual({
        id: alice,
        email: c.email,
        public_name: Array.from(c.name || c.email)[0],
        avatar_url: c.avatar_url,
        code_host_username: null,
        github_username: null,
      });
    }
  });

  it('stands the customer in for the user of a buyer without an account (api-facts)', () => {
    const accounts = svc.demo.users.map((u) => u.id);
    const without = all.filter((o) => !accounts.includes(o.user_id));
    expect(without.length).toBeGreaterThan(0);
    for (const o of without) {
      const c = o.customer;
      const hash = createHash('sha256').update(c.email.toLowerCase()).digest('hex');
      expect(c.avatar_url).toBe(`https://www.gravatar.com/avatar/${hash}?d=blank`);
      expect(o.user_id).toBe(c.id);
      expect(o.user).toEqual({
        id: c.id,
        email: c.email,
        public_name: Array.from(c.name ?? c.email)[0],
        avatar_url: c.avatar_url,
        code_host_username: null,
        github_username: null,
      });
    }
  });

  it('gets one order by id in the same form', async () => {
    for (const o of [all[0], all.at(-1)]) {
      const r = await svc.api('GET', `/v1/orders/${o.id}`, { token: svc.alice });
      expect(r.status).toBe(200);
      expectShape(r.body, ORDER);
      expect(r.body).toEqual(o);
    }
  });

  it('embeds the subscription (base fields + metadata) in recurring orders', () => {
    const recurring = all.filter((o) => o.product_price.type === 'recurring');
    expect(recurring.length).toBeGreaterThan(0);
    for (const o of recurring) {
      expect(o.subscription).not.toBeNull();
      expect(o.subscription.product_id).toBe(o.product_id);
      expect(['subscription_create', 'subscription_cycle']).toContain(o.billing_reason);
    }
    const oneTime = all.filter((o) => o.product_price.type === 'one_time');
    expect(oneTime.length).toBeGreaterThan(0);
    for (const o of oneTime) {
      expect(o.subscription).toBeNull();
      expect(o.billing_reason).toBe('purchase');
    }
  });

  it('embeds the full discount with its products in the order-embedded product form', async () => {
    const discounted = all.filter((o) => o.discount);
    expect(discounted.length).toBeGreaterThan(0);
    for (const o of discounted) expectShape(o.discount, DISCOUNT_FULL);
    const launch = discounted.find((o) => o.discount.code === 'LAUNCH10');
    expect(launch?.discount).toMatchObject({
      type: 'fixed',
      amount: 1000,
      currency: 'usd',
      duration: 'once',
      products: [],
    });
    expect(launch.discount).not.toHaveProperty('basis_points');

    // A percentage discount limited to two products, bought through a checkout.
    const [pro] = svc.demo.open_checkout_ids;
    try {
      const checkout = await svc.api('GET', `/v1/checkouts/custom/${pro}`, { token: svc.alice });
      const confirmed = await svc.api(
        'POST',
        `/v1/checkouts/custom/client/${checkout.body.client_secret}/confirm`,
        {
          body: {
            customer_email: 'half@example.com',
            discount_code: 'HALFOFF',
            ...BUYER,
            confirmation_token_id: 'tok',
          },
        },
      );
      expect(confirmed.status).toBe(200);
      const r = await get({ discount_id: confirmed.body.discount_id, limit: 100 });
      const half = r.body.items.find((o: Json) => o.checkout_id === pro);
      expectShape(half, ORDER);
      expect(half.amount).toBe(950);
      expect(half.discount).toMatchObject({
        type: 'percentage',
        basis_points: 5000,
        duration: 'repeating',
        duration_in_months: 3,
        redemptions_count: 1,
      });
      // A percentage discount has no amount or currency (the real schemas at f179ede58c).
      expect(['amount' in half.discount, 'currency' in half.discount]).toEqual([false, false]);
      expect(half.discount.products.map((p: Json) => p.name).sort()).toEqual([
        'Acme Pro',
        'Acme Team',
      ]);
      for (const p of half.discount.products) expectShape(p, PRODUCT_ORDER);
    } finally {
      // Back to the seed (its timestamps follow the reset time, so reload the list).
      await svc.reset();
      all = await allPages(svc.api, '/v1/orders/', { token: svc.alice });
    }
  });
});

describe('filters', () => {
  it('filters by product_price_type, the two kinds adding up to the whole', async () => {
    const oneTime = await allPages(svc.api, '/v1/orders/', {
      token: svc.alice,
      query: { product_price_type: 'one_time' },
    });
    const recurring = await allPages(svc.api, '/v1/orders/', {
      token: svc.alice,
      query: { product_price_type: 'recurring' },
    });
    expect(oneTime.every((o) => o.product_price.type === 'one_time')).toBe(true);
    expect(recurring.every((o) => o.product_price.type === 'recurring')).toBe(true);
    expect(oneTime.length).toBeGreaterThan(0);
    expect(recurring.length).toBeGreaterThan(0);
    expect(oneTime.length + recurring.length).toBe(all.length);
    const both = await get({ product_price_type: ['one_time', 'recurring'], limit: 1 });
    expect(both.body.pagination.total_count).toBe(all.length);
    const bad = await get({ product_price_type: 'monthly' });
    expect([bad.status, bad.body]).toEqual([
      422,
      invalid({
        type: 'enum',
        loc: ['query', 'product_price_type', 0],
        msg: "Input should be 'one_time' or 'recurring'",
        input: 'monthly',
        ctx: { expected: "'one_time' or 'recurring'" },
      }),
    ]);
  });

  it('ORs repeated product_id values and ANDs different filters', async () => {
    const products = [...new Set(all.map((o) => o.product_id))];
    expect(products.length).toBeGreaterThanOrEqual(3);
    const [a, b] = products as [string, string];
    const expected = all.filter((o) => o.product_id === a || o.product_id === b).map((o) => o.id);
    const r = await allPages(svc.api, '/v1/orders/', {
      token: svc.alice,
      query: { product_id: [a, b] },
    });
    expect(r.map((o) => o.id).sort()).toEqual(expected.sort());
    const single = await get({ product_id: a, limit: 100 });
    expect(single.body.items.map((o: Json) => o.id).sort()).toEqual(
      all
        .filter((o) => o.product_id === a)
        .map((o) => o.id)
        .sort(),
    );
    const customer = all.find((o) => o.product_id === a)!.customer_id;
    const and = await get({ product_id: a, customer_id: customer, limit: 100 });
    expect(and.body.items.map((o: Json) => o.id).sort()).toEqual(
      all
        .filter((o) => o.product_id === a && o.customer_id === customer)
        .map((o) => o.id)
        .sort(),
    );
    // Comma-joined values are not split: that is one (invalid) UUID.
    const comma = await get({ product_id: `${a},${b}` });
    expect(comma.status).toBe(422);
    expect(comma.body.detail[0]).toMatchObject({
      type: 'uuid_parsing',
      loc: ['query', 'product_id', 0],
    });
  });

  it('filters by customer_id, discount_id and organization_id', async () => {
    const customer = all[0].customer_id;
    const byCustomer = await get({ customer_id: customer, limit: 100 });
    expect(byCustomer.body.items.length).toBe(all.filter((o) => o.customer_id === customer).length);
    expect(byCustomer.body.items.every((o: Json) => o.customer_id === customer)).toBe(true);

    const discount = all.find((o) => o.discount_id)!.discount_id;
    const byDiscount = await get({ discount_id: discount, limit: 100 });
    expect(byDiscount.body.pagination.total_count).toBe(
      all.filter((o) => o.discount_id === discount).length,
    );
    expect(byDiscount.body.items.every((o: Json) => o.discount_id === discount)).toBe(true);

    const byOrg = await get({ organization_id: svc.demo.organization_id, limit: 1 });
    expect(byOrg.body.pagination.total_count).toBe(all.length);
    const other = await get({ organization_id: svc.demo.other.organization_id });
    expect(other.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
  });
});

describe('sorting', () => {
  const sorted = async (sorting: string | string[]) => {
    const items = await allPages(svc.api, '/v1/orders/', { token: svc.alice, query: { sorting } });
    expect(items.length).toBe(all.length);
    return items;
  };

  it('defaults to -created_at', async () => {
    expectSorted(
      all.map((o) => o.created_at as string),
      desc,
    );
  });

  it('sorts by -amount, amount, customer, product, created_at', async () => {
    expectSorted(
      (await sorted('-amount')).map((o) => o.amount as number),
      desc,
    );
    expectSorted(
      (await sorted('amount')).map((o) => o.amount as number),
      asc,
    );
    expectSorted(
      (await sorted('customer')).map((o) => o.customer.email as string),
      asc,
    );
    expectSorted(
      (await sorted('-customer')).map((o) => o.customer.email as string),
      desc,
    );
    expectSorted(
      (await sorted('product')).map((o) => o.product.name as string),
      asc,
    );
    expectSorted(
      (await sorted('created_at')).map((o) => o.created_at as string),
      asc,
    );
    const amounts = new Set(all.map((o) => o.amount));
    expect(amounts.size).toBeGreaterThan(2);
  });

  it('accepts every documented criterion, ascending and descending', async () => {
    for (const s of [...ORDER_SORTS, ...ORDER_SORTS.map((x) => `-${x}`)]) {
      const r = await get({ sorting: s, limit: 100 });
      expect([s, r.status, r.body.items.length]).toEqual([s, 200, all.length]);
    }
    expectSorted(
      // No discount (null) sorts first descending, as in the real service's PostgreSQL.
      (await sorted('-discount')).map((o) => (o.discount?.name ?? '\uffff') as string),
      desc,
    );
    const ascending = await sorted('discount');
    expectSorted(
      ascending.map((o) => (o.discount?.name ?? '\uffff') as string),
      asc,
    );
    expect(ascending.at(-1).discount).toBeNull();
    expect(ascending[0].discount).not.toBeNull();
  });

  it('applies several criteria in the order given', async () => {
    const items = await sorted(['product', '-amount']);
    expectSorted(
      items.map((o) => [o.product.name as string, o.amount as number] as const),
      (a, b) => asc(a[0], b[0]) || desc(a[1], b[1]),
    );
  });

  it('refuses an unknown criterion with 422 enum at its index', async () => {
    const allowed = [...ORDER_SORTS, ...ORDER_SORTS.map((s) => `-${s}`)].map((s) => `'${s}'`);
    const expected = `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
    const r = await get({ sorting: ['amount', 'price'] });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'enum',
        loc: ['query', 'sorting', 1],
        msg: `Input should be ${expected}`,
        input: 'price',
        ctx: { expected },
      }),
    ]);
  });

  it('does not split comma-joined criteria', async () => {
    const r = await get({ sorting: 'created_at,amount' });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('RequestValidationError');
    expect(r.body.detail).toHaveLength(1);
    expect(r.body.detail[0]).toMatchObject({
      type: 'enum',
      loc: ['query', 'sorting', 0],
      input: 'created_at,amount',
    });
  });
});

describe('pagination', () => {
  it('returns every order exactly once across pages', async () => {
    const seen: string[] = [];
    const first = await get({ limit: 7 });
    const { total_count, max_page } = first.body.pagination;
    expect(total_count).toBe(all.length);
    expect(max_page).toBe(Math.ceil(all.length / 7));
    for (let p = 1; p <= max_page; p++) {
      const r = await get({ limit: 7, page: p });
      expect(r.body.items.length).toBe(p < max_page ? 7 : total_count - 7 * (max_page - 1));
      seen.push(...r.body.items.map((o: Json) => o.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.map((o) => o.id));
  });

  it('answers pipelined pages each with its own orders, in both generations (the buffers pages are written from are reused)', async () => {
    for (const version of [undefined, '2026-10']) {
      const headers: Record<string, string> = version ? { 'polar-version': version } : {};
      const pages = Array.from({ length: Math.ceil(all.length / 3) }, (_, i) => i + 1);
      const alone: string[] = [];
      for (const p of pages) {
        const r = await svc.api('GET', '/v1/orders/', {
          token: svc.alice,
          query: { limit: 3, page: p },
          headers,
        });
        alone.push(r.text);
      }
      expect(new Set(alone).size).toBe(pages.length);
      // Every request in one write: the answers after the first wait in the service for the
      // socket, holding their bytes, while the next pages are made. A buffer taken back before
      // its answer was written would carry another page's orders.
      expect(await pipelined(svc.url, pages, svc.alice, version)).toEqual(alone);
    }
  });

  it('defaults to page 1 of 10', async () => {
    const r = await get();
    expect(r.body.items.map((o: Json) => o.id)).toEqual(all.slice(0, 10).map((o) => o.id));
    expect(r.body.pagination).toEqual({
      total_count: all.length,
      max_page: Math.ceil(all.length / 10),
    });
  });

  it('clamps limit above 100 to 100 and computes max_page from it', async () => {
    const big = await startService({ orders: 250 });
    try {
      const r = await big.api('GET', '/v1/orders/', { token: big.alice, query: { limit: 500 } });
      expect(r.status).toBe(200);
      expect(r.body.items).toHaveLength(100);
      expect(r.body.pagination).toEqual({ total_count: 250, max_page: 3 });
      const last = await big.api('GET', '/v1/orders/', {
        token: big.alice,
        query: { limit: 500, page: 3 },
      });
      expect(last.body.items).toHaveLength(50);
    } finally {
      await big.stop();
    }
  });

  it('answers a page past the end with 200 and no items', async () => {
    for (const p of ['1000', '99999999999999999999']) {
      const r = await get({ page: p, limit: 10 });
      expect([p, r.status, r.body]).toEqual([
        p,
        200,
        {
          items: [],
          pagination: { total_count: all.length, max_page: Math.ceil(all.length / 10) },
        },
      ]);
    }
    const hugeLimit = await get({ limit: '99999999999999999999' });
    expect(hugeLimit.body.items).toHaveLength(Math.min(all.length, 100));
  });

  it('refuses page=0, limit=0 and non-integers with 422', async () => {
    const gt = (name: string, input: string) =>
      invalid({
        type: 'greater_than',
        loc: ['query', name],
        msg: 'Input should be greater than 0',
        input,
        ctx: { gt: 0 },
      });
    const notInt = (name: string, input: string) =>
      invalid({
        type: 'int_parsing',
        loc: ['query', name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input,
      });
    const cases: [Record<string, string>, unknown][] = [
      [{ page: '0' }, gt('page', '0')],
      [{ limit: '0' }, gt('limit', '0')],
      [{ page: '-1' }, gt('page', '-1')],
      [{ limit: 'abc' }, notInt('limit', 'abc')],
      [{ page: '1.5' }, notInt('page', '1.5')],
      [{ limit: '' }, notInt('limit', '')],
    ];
    for (const [query, body] of cases) {
      const r = await get(query);
      expect([query, r.status, r.body]).toEqual([query, 422, body]);
    }
  });
});

/** GET /v1/orders/?limit=3&page=p for every page, pipelined on one connection; the bodies. */
function pipelined(
  url: string,
  pages: number[],
  token: string,
  version: string | undefined,
): Promise<string[]> {
  const { hostname, port, host } = new URL(url);
  const requests = pages
    .map(
      (p) =>
        `GET /v1/orders/?limit=3&page=${p} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n${version ? `Polar-Version: ${version}\r\n` : ''}\r\n`,
    )
    .join('');
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const bodies: string[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(requests));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = received.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
        if (received.length < end + 4 + length) return;
        bodies.push(received.subarray(end + 4, end + 4 + length).toString('utf8'));
        received = received.subarray(end + 4 + length);
        if (bodies.length === pages.length) {
          socket.end();
          resolve(bodies);
          return;
        }
      }
    });
  });
}
