// The official SDK against the customer portal's orders (customerPortal.orders.list/get): every
// buyer of both organizations through a customer session, a user through a personal access
// token, each filter and sort criterion, and the errors the SDK maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ORDER_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import {
  allPages,
  call,
  errors,
  expectCalls,
  expectError,
  expectStatus,
  Kinds,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';
import { byCriteria, expectOrdered, ids, type Key } from './sorting.js';

type SellerOrder = Awaited<ReturnType<Polar['orders']['get']>>;
type Order = Awaited<ReturnType<Polar['customerPortal']['orders']['get']>>;

let box: Sandbox;
/** Each buyer of Acme or Globex: a session of theirs and their orders as the seller lists them. */
let buyers: { customerId: string; as: Polar; seller: SellerOrder[] }[];
/** The buyer with the most orders, and those orders through the portal. */
let top: { as: Polar; orders: Order[] };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  box = await startSandbox();
  buyers = [];
  for (const seller of [box.pat, box.otherPat]) {
    const orders = (await allPages('seller orders', () => seller.orders.list({ limit: 100 })))
      .items;
    for (const customerId of new Set(orders.map((o) => o.customerId)))
      buyers.push({
        customerId,
        as: await box.customer(customerId),
        seller: orders.filter((o) => o.customerId === customerId),
      });
  }
  const most = buyers.reduce((a, b) => (b.seller.length > a.seller.length ? b : a));
  const orders = (await allPages('top buyer', () => most.as.customerPortal.orders.list({}))).items;
  top = { as: most.as, orders };
});
afterAll(async () => {
  expectCalls('portal-orders');
  await box.stop();
});

describe('the customer portal’s orders through the SDK', () => {
  it('lists every buyer’s orders, the seller’s orders as the buyer sees them, and gets each kind', async () => {
    const kinds = new Kinds('orders', ['one_time', 'recurring']);
    const organizations = new Kinds('organizations', ['Acme', 'Globex']);
    for (const b of buyers) {
      const mine = await allPages('a buyer, 3 a page', () =>
        b.as.customerPortal.orders.list({ limit: 3 }),
      );
      expect(ids(mine.items)).toEqual(ids(b.seller));
      for (const [o, s] of mine.items.map((o, i) => [o, b.seller[i]!] as const)) {
        expect(o).toMatchObject({
          amount: s.amount,
          productPriceId: s.productPriceId,
          subscriptionId: s.subscriptionId,
          userId: s.userId,
        });
        kinds.add(o.productPrice.type);
        organizations.add(o.product.organization.name.split(' ')[0]);
      }
      const first = mine.items[0]!;
      expect(await call('get', () => b.as.customerPortal.orders.get({ id: first.id }))).toEqual(
        first,
      );
    }
    kinds.expectAll();
    organizations.expectAll();
    const alice = await allPages('alice’s orders', () =>
      box.pat.customerPortal.orders.list({ limit: 100 }),
    );
    expect(alice.items.length).toBeGreaterThan(0);
    expect(
      alice.items.every((o) => o.product.organizationId === box.demo.other.organization_id),
    ).toBe(true);
  });

  it('filters by organization, product, price type, subscription and query', async () => {
    const expectFilter = async (
      what: string,
      list: () => ReturnType<Polar['customerPortal']['orders']['list']>,
      keep: (o: Order) => boolean,
    ) => {
      const want = top.orders.filter(keep);
      expect(want.length, what).toBeGreaterThan(0);
      expect(ids((await allPages(what, list)).items), what).toEqual(ids(want));
    };
    const { as, orders } = top;
    const org = orders[0]!.product.organizationId;
    await expectFilter(
      'organization',
      () => as.customerPortal.orders.list({ organizationId: org }),
      () => true,
    );
    const product = orders[0]!.productId;
    await expectFilter(
      'product',
      () => as.customerPortal.orders.list({ productId: [product] }),
      (o) => o.productId === product,
    );
    for (const type of ['one_time', 'recurring'] as const) {
      if (!orders.some((o) => o.productPrice.type === type)) continue;
      await expectFilter(
        type,
        () => as.customerPortal.orders.list({ productPriceType: type }),
        (o) => o.productPrice.type === type,
      );
    }
    const sub = orders.find((o) => o.subscriptionId)!.subscriptionId!;
    await expectFilter(
      'subscription',
      () => as.customerPortal.orders.list({ subscriptionId: sub }),
      (o) => o.subscriptionId === sub,
    );
    const word = orders[0]!.product.name.split(' ').at(-1)!.toLowerCase();
    await expectFilter(
      'query',
      () => as.customerPortal.orders.list({ query: word }),
      (o) =>
        o.product.name.toLowerCase().includes(word) || o.product.organization.slug.includes(word),
    );
  });

  it('sorts by every criterion, ascending and descending', async () => {
    const keys: Record<string, Key<Order>> = {
      created_at: (o) => o.createdAt.toISOString(),
      amount: (o) => o.amount,
      organization: (o) => o.product.organization.slug,
      product: (o) => o.product.name,
      subscription: (o) => o.subscriptionId,
    };
    expectOrdered(top.orders, byCriteria(keys, ['-created_at']), 'default');
    for (const field of CUSTOMER_ORDER_SORT_CRITERIA) {
      for (const criterion of [field, `-${field}`] as const) {
        const got = await allPages(criterion, () =>
          top.as.customerPortal.orders.list({ sorting: [criterion], limit: 100 }),
        );
        expect(got.items.length).toBe(top.orders.length);
        expectOrdered(got.items, byCriteria(keys, [criterion]), criterion);
      }
    }
  });

  it('maps the errors: someone else’s or an unknown order, a bad id, an organization token', async () => {
    const other = buyers.find(
      (b) => b.seller[0]!.id !== top.orders[0]!.id && !ids(top.orders).includes(b.seller[0]!.id),
    )!;
    for (const id of [other.seller[0]!.id, UNKNOWN])
      await expectError('not theirs', errors.ResourceNotFound, () =>
        top.as.customerPortal.orders.get({ id }),
      );
    await expectError('a bad id', errors.HTTPValidationError, () =>
      top.as.customerPortal.orders.get({ id: 'order-1' }),
    );
    // The SDK maps no 401 here: a plain SDKError, as against the real service.
    await expectStatus('an organization token', 401, () => box.org.customerPortal.orders.list({}));
    await expectStatus('no token', 401, () =>
      box.anonymous.customerPortal.orders.get({ id: UNKNOWN }),
    );
  });
});
