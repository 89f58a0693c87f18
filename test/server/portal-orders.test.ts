// The customer portal's orders (issue 15): GET /v1/customer-portal/orders/ and /{id} in the
// CustomerOrder form, for a customer session and for a user, every filter, every sort, pages,
// scopes and someone else's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ORDER_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import { byCriteria, expectOrdered, ids, type Key } from '../conformance/sorting.js';
import {
  allPages,
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  nullable,
  PRICE,
  PRODUCT_PORTAL,
  page,
  type Service,
  type Shape,
  SUBSCRIPTION_BASE,
  startService,
  UNAUTHORIZED,
  uuidParsing,
  without,
} from './helpers.js';

/** The SDK's CustomerOrder: the buyer's view (no customer, discount, metadata or billing). */
const CUSTOMER_ORDER: Shape = {
  created_at: 'datetime',
  modified_at: 'datetime?',
  id: 'uuid',
  amount: 'integer',
  tax_amount: 'integer',
  currency: 'string',
  customer_id: 'uuid',
  product_id: 'uuid',
  product_price_id: 'uuid',
  subscription_id: 'uuid?',
  user_id: 'uuid',
  product: PRODUCT_PORTAL,
  product_price: PRICE,
  subscription: nullable(without(SUBSCRIPTION_BASE, 'user_id')),
};

let svc: Service;
/**
 * The Acme customer with the most orders of both price types, a session of theirs, and their
 * orders as the seller sees them.
 */
let buyer: { id: string; token: string; seller: Json[] };
let mine: Json[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PATH = '/v1/customer-portal/orders/';

const list = (query: Record<string, string | number | string[]> = {}, token = buyer.token) =>
  svc.api('GET', PATH, { token, query });
const pages = (query: Record<string, string | number | string[]> = {}, token = buyer.token) =>
  allPages(svc.api, PATH, { token, query });

beforeAll(async () => {
  svc = await startService();
  const top = svc.running.store.get<{ customer_id: string }>(
    `SELECT customer_id FROM orders WHERE organization_id = ? GROUP BY customer_id
     HAVING count(DISTINCT price_type) = 2 ORDER BY count(*) DESC, customer_id LIMIT 1`,
    svc.demo.organization_id,
  )!;
  buyer = {
    id: top.customer_id,
    token: await svc.customerSession(top.customer_id),
    seller: await allPages(svc.api, '/v1/orders/', {
      token: svc.alice,
      query: { customer_id: top.customer_id },
    }),
  };
  mine = await pages();
});
afterAll(() => svc.stop());

describe('the buyer’s orders', () => {
  it('lists the customer’s orders in the CustomerOrder form, the seller’s orders seen by the buyer', async () => {
    const r = await list({ limit: 100 });
    expect(r.status).toBe(200);
    expectShape(r.body, page(CUSTOMER_ORDER));
    expect(buyer.seller.length).toBeGreaterThanOrEqual(3);
    expect(ids(mine)).toEqual(ids(buyer.seller));
    for (const [o, s] of mine.map((o, i) => [o, buyer.seller[i]] as const)) {
      expect(o).toMatchObject({
        id: s.id,
        amount: s.amount,
        customer_id: buyer.id,
        product_price_id: s.product_price_id,
        subscription_id: s.subscription_id,
        user_id: s.user_id,
        product_price: s.product_price,
      });
      expect(o.product.organization.id).toBe(svc.demo.organization_id);
      const { user_id: _u, metadata: _m, ...base } = s.subscription ?? {};
      expect(o.subscription).toEqual(s.subscription ? base : null);
    }
    expect(mine.some((o) => o.subscription) && mine.some((o) => !o.subscription)).toBe(true);
  });

  it('a user sees what they bought as any customer; the redirect without the slash', async () => {
    const alice = await pages({}, svc.alice);
    expect(alice.length).toBeGreaterThan(0);
    expect(alice.every((o) => o.product.organization.id === svc.demo.other.organization_id)).toBe(
      true,
    );
    const r = await svc.api('GET', '/v1/customer-portal/orders', { token: buyer.token });
    expect([r.status, r.headers.get('location')]).toEqual([307, PATH]);
  });

  it('gets one order in the same form; anyone else’s is a 404', async () => {
    for (const o of [mine[0], mine.at(-1)]) {
      const r = await svc.api('GET', `${PATH}${o.id}`, { token: buyer.token });
      expect([r.status, r.body]).toEqual([200, o]);
    }
    const alices = (await pages({}, svc.alice))[0];
    for (const [id, token] of [
      [alices.id, buyer.token],
      [mine[0].id, svc.alice],
      [UNKNOWN, buyer.token],
    ] as const) {
      const r = await svc.api('GET', `${PATH}${id}`, { token });
      expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
    }
    const bad = await svc.api('GET', `${PATH}nope`, { token: buyer.token });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['path', 'id'], 'nope')]);
  });

  it('pages', async () => {
    const first = await list({ limit: 2 });
    expect(first.body.pagination).toEqual({
      total_count: mine.length,
      max_page: Math.ceil(mine.length / 2),
    });
    expect(ids(await pages({ limit: 2 }))).toEqual(ids(mine));
    expect((await list({ page: 40 })).body.items).toEqual([]);
  });
});

describe('filters', () => {
  const expectFilter = async (
    query: Record<string, string | string[]>,
    keep: (o: Json) => boolean,
    token = buyer.token,
    from = mine,
  ) => {
    const want = from.filter(keep);
    expect(want.length, JSON.stringify(query)).toBeGreaterThan(0);
    expect(ids(await pages(query, token))).toEqual(ids(want));
  };

  it('organization_id, product_id and subscription_id, one or many', async () => {
    await expectFilter({ organization_id: svc.demo.organization_id }, () => true);
    expect(await pages({ organization_id: svc.demo.other.organization_id })).toEqual([]);
    const products = [...new Set(mine.map((o) => o.product_id))];
    await expectFilter({ product_id: products[0] }, (o) => o.product_id === products[0]);
    await expectFilter({ product_id: products }, () => true);
    const subs = [...new Set(mine.map((o) => o.subscription_id).filter(Boolean))];
    await expectFilter({ subscription_id: subs }, (o) => o.subscription_id !== null);
    await expectFilter(
      { subscription_id: subs[0], product_id: products },
      (o) => o.subscription_id === subs[0],
    );
    const bad = await list({ subscription_id: 'x' });
    expect([bad.status, bad.body]).toEqual([
      422,
      uuidParsing(['query', 'subscription_id', 0], 'x'),
    ]);
  });

  it('product_price_type, one or both', async () => {
    for (const type of ['one_time', 'recurring'])
      await expectFilter({ product_price_type: type }, (o) => o.product_price.type === type);
    await expectFilter({ product_price_type: ['one_time', 'recurring'] }, () => true);
    const bad = await list({ product_price_type: 'monthly' });
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

  it('query: a part of the product’s name or of the organization’s slug, without case', async () => {
    const name = mine[0].product.name as string;
    const part = name.split(' ').at(-1)!.toUpperCase();
    await expectFilter({ query: part }, (o) => o.product.name.toUpperCase().includes(part));
    const slug = mine[0].product.organization.slug as string;
    await expectFilter({ query: slug.toUpperCase() }, () => true);
    const alice = await pages({}, svc.alice);
    // Alice bought from Globex only: Acme's slug matches none of her orders' organizations.
    expect(await pages({ query: slug }, svc.alice)).toEqual(
      alice.filter((o) => o.product.name.toLowerCase().includes(slug.toLowerCase())),
    );
    expect(await pages({ query: 'no such product' })).toEqual([]);
  });
});

describe('sorting', () => {
  const keys: Record<string, Key<Json>> = {
    created_at: (o) => o.created_at,
    amount: (o) => o.amount,
    organization: (o) => o.product.organization.slug,
    product: (o) => o.product.name,
    subscription: (o) => o.subscription_id,
  };

  it('defaults to -created_at and sorts by every criterion both ways', async () => {
    expectOrdered(mine, byCriteria(keys, ['-created_at']), 'default');
    for (const field of CUSTOMER_ORDER_SORT_CRITERIA) {
      for (const criterion of [field, `-${field}`]) {
        const items = await pages({ sorting: criterion });
        expect(items.length).toBe(mine.length);
        expectOrdered(items, byCriteria(keys, [criterion]), criterion);
      }
    }
    // A one-time order has no subscription: last ascending, first descending (PostgreSQL).
    expect((await pages({ sorting: 'subscription' })).at(-1).subscription_id).toBeNull();
    expect((await pages({ sorting: '-subscription' }))[0].subscription_id).toBeNull();
    const two = await pages({ sorting: ['product', '-amount'] });
    expectOrdered(two, byCriteria(keys, ['product', '-amount']), 'product, -amount');
  });

  it('refuses the seller’s criterion customer with 422 enum', async () => {
    const r = await list({ sorting: 'customer' });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ type: 'enum', loc: ['query', 'sorting', 0] });
  });
});

describe('authentication and scopes', () => {
  it('customer sessions, and user tokens with customer_portal:read or :write; no token 401', async () => {
    const none = await svc.pat(['orders:read']);
    for (const path of [PATH, `${PATH}${mine[0].id}`]) {
      const r = await svc.api('GET', path, { token: none });
      expect([r.status, r.body]).toEqual([
        403,
        insufficientScope(['customer_portal:read', 'customer_portal:write']),
      ]);
      for (const scope of ['customer_portal:read', 'customer_portal:write']) {
        const token = await svc.pat([scope], 'alice@acme.test');
        // Alice bought nothing from Acme: her token reads the list, and finds no such order.
        expect((await svc.api('GET', path, { token })).status).toBe(path === PATH ? 200 : 404);
      }
      const anonymous = await svc.api('GET', path);
      expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED]);
    }
  });
});
