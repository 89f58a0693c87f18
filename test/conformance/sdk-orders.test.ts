// The official SDK against GET /v1/orders/ and /v1/orders/{id} (spec endpoints 12–13): every
// kind of demo order, page by page, each filter and sort criterion, and the errors it maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Order = Awaited<ReturnType<Polar['orders']['get']>>;

let box: Sandbox;
let acme: Order[];
let globex: Order[];
beforeAll(async () => {
  box = await startSandbox();
  acme = (await allPages('all Acme orders', () => box.pat.orders.list({ limit: 100 }))).items;
  globex = (await allPages('all Globex orders', () => box.otherPat.orders.list({ limit: 100 })))
    .items;
});
afterAll(async () => {
  expectCalls('orders');
  await box.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('orders through the SDK', () => {
  it('pages through every order with the SDK pagination, as alice and as the organization', async () => {
    const byPat = await allPages('alice, 7 a page', () => box.pat.orders.list({ limit: 7 }));
    expect(byPat.total).toBe(acme.length);
    expect(byPat.pages).toBe(Math.ceil(acme.length / 7));
    expect(new Set(ids(byPat.items)).size).toBe(acme.length);
    const byOrg = await allPages('the organization, 25 a page', () =>
      box.org.orders.list({ limit: 25 }),
    );
    expect(ids(byOrg.items)).toEqual(ids(acme));
    expect(ids(globex).filter((id) => ids(acme).includes(id))).toEqual([]);
  });

  it('reads every kind of demo order, listed and one by one, with both token kinds', async () => {
    const reasons = new Kinds('billing reasons', [
      'purchase',
      'subscription_create',
      'subscription_cycle',
    ]);
    const discounts = new Kinds('discounts', ['none', 'fixed', 'percentage']);
    const subscriptions = new Kinds('embedded subscriptions', [
      'none',
      'incomplete',
      'trialing',
      'active',
      'past_due',
      'canceled',
      'unpaid',
    ]);
    const prices = new Kinds('prices', ['one_time/fixed', 'one_time/free', 'recurring/fixed']);
    const users = new Kinds('users', ['account', 'customer']);
    const firstOfKind = new Map<string, Order>();
    for (const o of [...acme, ...globex]) {
      const kind = [
        o.billingReason,
        o.discount?.type ?? 'none',
        o.subscription?.status ?? 'none',
        `${o.productPrice.type}/${o.productPrice.amountType}`,
        o.user.id === o.customerId ? 'customer' : 'account',
      ];
      reasons.add(kind[0]);
      discounts.add(kind[1]);
      subscriptions.add(kind[2]);
      prices.add(kind[3]);
      users.add(kind[4]);
      for (const k of kind) if (!firstOfKind.has(k)) firstOfKind.set(k, o);
      // api-facts: user_id and user are never null; without an account the customer stands in.
      expect(o.userId).toBe(o.user.id);
      if (o.user.id === o.customerId) {
        expect(o.user).toMatchObject({ email: o.customer.email, githubUsername: null });
        expect(o.user.avatarUrl).toBe(o.customer.avatarUrl);
      }
      expect(o.customer.avatarUrl).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}/);
    }
    for (const k of [reasons, discounts, subscriptions, prices, users]) k.expectAll();

    for (const [kind, o] of firstOfKind) {
      const polar = o.product.organizationId === box.demo.organization_id ? box.org : box.otherPat;
      expect(await call(`get a ${kind} order`, () => polar.orders.get({ id: o.id }))).toEqual(o);
    }
    const one = acme[0]!;
    expect(await call('get an order as alice', () => box.pat.orders.get({ id: one.id }))).toEqual(
      one,
    );
  });

  it('filters by product price type, product, customer, discount and organization', async () => {
    const expectFilter = async (
      what: string,
      list: () => ReturnType<Polar['orders']['list']>,
      keep: (o: Order) => boolean,
    ) => {
      const got = await allPages(what, list);
      const want = acme.filter(keep);
      expect(want.length, `${what}: the demo has such orders`).toBeGreaterThan(0);
      expect(ids(got.items).sort(), what).toEqual(ids(want).sort());
    };
    for (const type of ['one_time', 'recurring'] as const) {
      await expectFilter(
        type,
        () => box.pat.orders.list({ productPriceType: type, limit: 100 }),
        (o) => o.productPrice.type === type,
      );
    }
    const products = [...new Set(acme.map((o) => o.productId))];
    await expectFilter(
      'one product',
      () => box.org.orders.list({ productId: products[0], limit: 100 }),
      (o) => o.productId === products[0],
    );
    const two = products.slice(0, 2);
    await expectFilter(
      'two products',
      () => box.pat.orders.list({ productId: two, limit: 100 }),
      (o) => two.includes(o.productId),
    );
    const customer = acme[0]!.customerId;
    await expectFilter(
      'a customer',
      () => box.pat.orders.list({ customerId: customer, limit: 100 }),
      (o) => o.customerId === customer,
    );
    const discountIds = (orders: Order[]) => [
      ...new Set(orders.flatMap((o) => (o.discountId ? [o.discountId] : []))),
    ];
    // Acme's discounts and a Globex one: the values are OR'ed, another organization's match nothing.
    const discounts = [...discountIds(acme), ...discountIds(globex)];
    await expectFilter(
      'several discounts',
      () => box.org.orders.list({ discountId: discounts, limit: 100 }),
      (o) => o.discountId !== null,
    );
    await expectFilter(
      'a discount and a product',
      () => box.pat.orders.list({ discountId: discounts[0], productId: products, limit: 100 }),
      (o) => o.discountId === discounts[0],
    );
    await expectFilter(
      'the organization',
      () => box.pat.orders.list({ organizationId: box.demo.organization_id, limit: 100 }),
      () => true,
    );
    const foreign = await allPages('another organization', () =>
      box.pat.orders.list({ organizationId: box.demo.other.organization_id }),
    );
    expect(foreign.items).toEqual([]);
  });

  it('sorts by each criterion, both ways, and by several in the order given', async () => {
    const keys: Record<string, Key<Order>> = {
      created_at: (o) => o.createdAt.toISOString(),
      amount: (o) => o.amount,
      customer: (o) => o.customer.email,
      product: (o) => o.product.name,
      discount: (o) => o.discount?.name ?? null,
      subscription: (o) => o.subscriptionId,
    };
    const list = (sorting?: Parameters<Polar['orders']['list']>[0]['sorting']) =>
      allPages(`sorted by ${sorting}`, () => box.pat.orders.list({ sorting, limit: 100 }));
    expectOrdered((await list()).items, byCriteria(keys, ['-created_at']), 'the default');
    for (const field of Object.keys(keys)) {
      for (const criterion of [field, `-${field}`] as const) {
        const { items } = await list([criterion as never]);
        expect(items.length).toBe(acme.length);
        expectOrdered(items, byCriteria(keys, [criterion]), criterion);
      }
    }
    const several = (await list(['product', '-amount'])).items;
    expectOrdered(several, byCriteria(keys, ['product', '-amount']), 'product, -amount');
  });

  it('maps the errors: 404, 422, and 401 as a plain SDKError', async () => {
    await expectError('an unknown order', errors.ResourceNotFound, () =>
      box.pat.orders.get({ id: UNKNOWN }),
    );
    await expectError("another organization's order", errors.ResourceNotFound, () =>
      box.org.orders.get({ id: globex[0]!.id }),
    );
    await expectError('a malformed id', errors.HTTPValidationError, () =>
      box.pat.orders.get({ id: 'order-1' }),
    );
    const zero = await expectError('limit 0', errors.HTTPValidationError, () =>
      box.pat.orders.list({ limit: 0 }),
    );
    expect(zero.detail?.[0]).toMatchObject({ loc: ['query', 'limit'] });
    await expectError('a malformed customer id filter', errors.HTTPValidationError, () =>
      box.org.orders.list({ customerId: 'jane' }),
    );
    const jane = await box.customer(acme[0]!.customerId);
    await expectStatus('a customer session', 401, () => jane.orders.list({}));
    await expectStatus('no token', 401, () => box.anonymous.orders.get({ id: acme[0]!.id }));
  });
});
