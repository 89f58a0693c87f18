// The official SDK against the seller's products (products.list/get/create/update): every call
// with a personal and an organization token, each filter and sort criterion, every kind of price
// it can create, and the errors it maps (ResourceNotFound, HTTPValidationError, SDKError).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import { login } from '../server/oauth/helpers.js';
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

type Product = Awaited<ReturnType<Polar['products']['get']>>;
type Price = Product['prices'][number];
type ProductCreate = Parameters<Polar['products']['create']>[0];

let box: Sandbox;
let org: Polar;
let acme: Product[];
let globex: Product[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const everything = (polar: Polar, what: string) =>
  allPages(what, () => polar.products.list({ limit: 100 })).then((r) => r.items);

beforeAll(async () => {
  box = await startSandbox();
  const token = await login(
    { svc: box.svc, base: box.svc.url, demo: box.demo },
    { sub_type: 'organization', scope: 'products:read products:write' },
    { organization: box.demo.organization_id },
  );
  org = box.as(token.access_token);
  // The demo sells no pay-what-you-want price: one, so the SDK reads that kind too.
  await call('create a custom price', () =>
    org.products.create({
      name: 'Tip jar',
      prices: [{ type: 'one_time', amountType: 'custom', minimumAmount: 100, presetAmount: 500 }],
    }),
  );
  acme = await everything(box.pat, 'Acme products');
  globex = await everything(box.otherPat, 'Globex products');
});
afterAll(async () => {
  expectCalls('products');
  await box.stop();
});

const amountOf = (p: Price) => ('priceAmount' in p ? p.priceAmount : null);

describe('products through the SDK', () => {
  it('pages through the products with both token kinds; each is read back by id', async () => {
    const paged = await allPages('3 a page', () => org.products.list({ limit: 3 }));
    expect(paged.pages).toBe(Math.ceil(acme.length / 3));
    expect(ids(paged.items)).toEqual(ids(acme));
    expect(acme.every((p) => p.organizationId === box.demo.organization_id)).toBe(true);
    expect(ids(globex).filter((id) => ids(acme).includes(id))).toEqual([]);
    const prices = new Kinds('prices', [
      'one_time/fixed',
      'one_time/free',
      'one_time/custom',
      'recurring/fixed',
    ]);
    const benefits = new Kinds('benefits', [
      'none',
      'custom',
      'ads',
      'discord',
      'downloadables',
      'github_repository',
      'license_keys',
    ]);
    for (const p of acme) {
      for (const price of p.prices) prices.add(`${price.type}/${price.amountType}`);
      for (const b of p.benefits.length ? p.benefits : [{ type: 'none' }]) benefits.add(b.type);
    }
    prices.expectAll();
    benefits.expectAll();
    for (const p of [acme[0]!, acme.find((x) => x.attachedCustomFields.length)!, acme.at(-1)!]) {
      expect(await call(`get ${p.name}`, () => org.products.get({ id: p.id }))).toEqual(p);
    }
    await expectError('another organization’s', errors.ResourceNotFound, () =>
      box.pat.products.get({ id: globex[0]!.id }),
    );
    await expectError('unknown', errors.ResourceNotFound, () => org.products.get({ id: UNKNOWN }));
    await expectError('malformed', errors.HTTPValidationError, () =>
      org.products.get({ id: 'not-a-uuid' }),
    );
  });

  it('filters by id, organization, query, archived, recurring and benefit', async () => {
    const expectFilter = async (
      what: string,
      list: () => ReturnType<Polar['products']['list']>,
      keep: (p: Product) => boolean,
    ) => {
      const got = await allPages(what, list);
      const want = acme.filter(keep);
      expect(want.length, `${what}: the demo has such products`).toBeGreaterThan(0);
      expect(ids(got.items).sort(), what).toEqual(ids(want).sort());
    };
    const two = [acme[0]!.id, acme[2]!.id];
    await expectFilter(
      'id',
      () => box.pat.products.list({ id: two }),
      (p) => two.includes(p.id),
    );
    await expectFilter(
      'both organizations',
      () =>
        box.pat.products.list({
          organizationId: [box.demo.organization_id, box.demo.other.organization_id],
          limit: 100,
        }),
      () => true,
    );
    await expectFilter(
      'query',
      () => org.products.list({ query: 'ACME T' }),
      (p) => p.name.toLowerCase().includes('acme t'),
    );
    for (const flag of [true, false]) {
      await expectFilter(
        `archived ${flag}`,
        () => org.products.list({ isArchived: flag, limit: 100 }),
        (p) => p.isArchived === flag,
      );
      await expectFilter(
        `recurring ${flag}`,
        () => org.products.list({ isRecurring: flag, limit: 100 }),
        (p) => p.isRecurring === flag,
      );
    }
    const licence = acme.flatMap((p) => p.benefits).find((b) => b.type === 'license_keys')!;
    await expectFilter(
      'benefit',
      () => org.products.list({ benefitId: licence.id }),
      (p) => p.benefits.some((b) => b.id === licence.id),
    );
  });

  it('sorts by every ProductSortProperty, ascending and descending', async () => {
    const first = (p: Product) =>
      p.prices
        .filter((x) => !x.isArchived)
        .sort(
          (a, b) =>
            a.createdAt.getTime() - b.createdAt.getTime() ||
            (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )[0];
    const keys: Record<string, Key<Product>> = {
      created_at: (p) => p.createdAt.toISOString(),
      name: (p) => p.name.toLowerCase(),
      price_type: (p) => {
        const f = first(p);
        return f?.type ? { one_time: 1, recurring: 2 }[f.type] : null;
      },
      price_amount_type: (p) => {
        const f = first(p);
        const kind = f?.amountType;
        return kind ? { free: 1, custom: 2, fixed: 3 }[kind] : null;
      },
      price_amount: (p) => {
        const f = first(p);
        if (!f) return null;
        if (f.amountType === 'free') return -2;
        if (f.amountType === 'custom') return 'minimumAmount' in f ? (f.minimumAmount ?? -1) : -1;
        return amountOf(f);
      },
    };
    expectOrdered(acme, byCriteria(keys, ['-created_at']), 'default');
    for (const field of PRODUCT_SORT_CRITERIA) {
      for (const criterion of [field, `-${field}`] as const) {
        const got = await allPages(criterion, () =>
          box.pat.products.list({ sorting: [criterion], limit: 100 }),
        );
        expect(got.items.length).toBe(acme.length);
        expectOrdered(got.items, byCriteria(keys, [criterion]), criterion);
      }
    }
  });

  it('creates every kind of product the SDK can send', async () => {
    const recurring = await call('recurring, monthly and yearly', () =>
      box.pat.products.create({
        name: 'SDK Pro',
        description: 'Made by the SDK',
        metadata: { source: 'sdk', seats: 3 },
        organizationId: box.demo.organization_id,
        prices: [
          { type: 'recurring', amountType: 'fixed', priceAmount: 990, recurringInterval: 'month' },
          { type: 'recurring', amountType: 'fixed', priceAmount: 9900, recurringInterval: 'year' },
        ],
      }),
    );
    expect(recurring).toMatchObject({
      name: 'SDK Pro',
      description: 'Made by the SDK',
      isRecurring: true,
      isArchived: false,
      organizationId: box.demo.organization_id,
    });
    // Dropped by the seed generation (product/service/product.py at f179ede58c; polar 626cc3b).
    expect(recurring.metadata).toEqual({});
    expect(
      recurring.prices.map((p) => [
        p.type,
        amountOf(p),
        p.type === 'recurring' && p.recurringInterval,
      ]),
    ).toEqual([
      ['recurring', 990, 'month'],
      ['recurring', 9900, 'year'],
    ]);
    const kinds: { label: string; prices: ProductCreate['prices'] }[] = [
      {
        label: 'recurring free',
        prices: [{ type: 'recurring', amountType: 'free', recurringInterval: 'month' }],
      },
      {
        label: 'one-time fixed',
        prices: [{ type: 'one_time', amountType: 'fixed', priceAmount: 2500 }],
      },
      { label: 'one-time free', prices: [{ type: 'one_time', amountType: 'free' }] },
      {
        label: 'one-time custom',
        prices: [
          { type: 'one_time', amountType: 'custom', minimumAmount: 500, maximumAmount: 5000 },
        ],
      },
    ];
    for (const { label, prices } of kinds) {
      const made = await call(label, () =>
        org.products.create({ name: `SDK ${label}`, prices } as ProductCreate),
      );
      expect(made.prices).toHaveLength(1);
      expect(made.prices[0]).toMatchObject(prices[0]!);
      expect(made.isRecurring).toBe(label.startsWith('recurring'));
    }
  });

  it('maps the create errors: 422 with the real service’s loc, 403 and 401 as SDKError', async () => {
    const short = await expectError('a name too short', errors.HTTPValidationError, () =>
      org.products.create({ name: 'ab', prices: [{ type: 'one_time', amountType: 'free' }] }),
    );
    expect(short.detail?.map((d) => d.loc)).toEqual([
      ['body', 'ProductRecurringCreate', 'name'],
      ...short.detail!.slice(1, -1).map((d) => d.loc),
      ['body', 'ProductOneTimeCreate', 'name'],
    ]);
    const named = await expectError(
      'an organization token naming one',
      errors.HTTPValidationError,
      () =>
        org.products.create({
          name: 'Named',
          organizationId: box.demo.organization_id,
          prices: [{ type: 'one_time', amountType: 'free' }],
        }),
    );
    expect(named.detail?.[0]).toMatchObject({
      type: 'organization_token',
      loc: ['body', 'organization_id'],
    });
    await expectStatus('another organization', 403, () =>
      box.otherPat.products.create({
        name: 'Not mine',
        organizationId: box.demo.organization_id,
        prices: [{ type: 'one_time', amountType: 'free' }],
      }),
    );
    await expectStatus('no token', 401, () =>
      box.anonymous.products.create({
        name: 'Nobody',
        prices: [{ type: 'one_time', amountType: 'free' }],
      }),
    );
  });

  it('updates and archives: prices kept by id stay, the others are archived', async () => {
    const made = await call('a product to change', () =>
      org.products.create({
        name: 'SDK Changing',
        prices: [
          { type: 'recurring', amountType: 'fixed', priceAmount: 1000, recurringInterval: 'month' },
          { type: 'recurring', amountType: 'fixed', priceAmount: 10000, recurringInterval: 'year' },
        ],
      }),
    );
    const [month, year] = made.prices;
    const updated = await call('keep the year, a new month', () =>
      box.pat.products.update({
        id: made.id,
        productUpdate: {
          name: 'SDK Changed',
          metadata: { changed: true },
          prices: [
            { id: year!.id },
            {
              type: 'recurring',
              amountType: 'fixed',
              priceAmount: 1200,
              recurringInterval: 'month',
            },
          ],
        },
      }),
    );
    expect(updated.name).toBe('SDK Changed');
    expect(updated.metadata).toEqual({});
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    // Product.prices is the live prices (as the real service): the month one left it, archived.
    expect(updated.prices.find((p) => p.id === month!.id)).toBeUndefined();
    expect(
      box.svc.store.get<{ is_archived: number }>(
        'SELECT is_archived FROM prices WHERE id = ?',
        month!.id,
      ),
    ).toEqual({ is_archived: 1 });
    expect(updated.prices.find((p) => p.id === year!.id)?.isArchived).toBe(false);
    expect(
      updated.prices
        .filter((p) => !p.isArchived)
        .map(amountOf)
        .sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual([1200, 10000]);
    const archived = await call('archive', () =>
      org.products.update({ id: made.id, productUpdate: { isArchived: true } }),
    );
    expect(archived.isArchived).toBe(true);
    expect(await call('get it', () => org.products.get({ id: made.id }))).toEqual(archived);

    const empty = await expectError('no prices', errors.HTTPValidationError, () =>
      org.products.update({ id: made.id, productUpdate: { prices: [] } }),
    );
    expect(empty.detail).toMatchObject([{ type: 'too_short', loc: ['body', 'prices'] }]);
    await expectError('another organization’s', errors.ResourceNotFound, () =>
      box.pat.products.update({ id: globex[0]!.id, productUpdate: { name: 'Mine now' } }),
    );
  });

  // POST /v1/products/{id}/benefits (the real update_benefits, product/service/product.py at
  // f179ede58c, the seed generation): the product with its new benefits, in the list's order.
  it('updateBenefits: the product with the benefits listed; the errors it maps', async () => {
    const made = await call('create a product for benefits', () =>
      org.products.create({
        name: 'Benefit carrier',
        prices: [{ type: 'one_time', amountType: 'fixed', priceAmount: 700 }],
      }),
    );
    expect(made.benefits).toEqual([]);
    const { items } = await allPages('benefits', () => box.pat.benefits.list({ limit: 100 }));
    const two = items.filter((b) => b.type === 'custom' || b.type === 'license_keys').slice(0, 2);
    expect(two).toHaveLength(2);
    const updated = await call('updateBenefits', () =>
      org.products.updateBenefits({
        id: made.id,
        productBenefitsUpdate: { benefits: two.map((b) => b.id).reverse() },
      }),
    );
    expect(updated.benefits.map((b) => b.id)).toEqual(two.map((b) => b.id).reverse());
    expect(await call('get it', () => org.products.get({ id: made.id }))).toEqual(updated);
    const cleared = await call('updateBenefits to none', () =>
      box.pat.products.updateBenefits({ id: made.id, productBenefitsUpdate: { benefits: [] } }),
    );
    expect(cleared.benefits).toEqual([]);
    const unknown = await expectError('an unknown benefit', errors.HTTPValidationError, () =>
      org.products.updateBenefits({ id: made.id, productBenefitsUpdate: { benefits: [UNKNOWN] } }),
    );
    expect(unknown.detail).toMatchObject([
      { type: 'value_error', loc: ['body', 'benefits', 0], msg: 'Benefit does not exist.' },
    ]);
    await expectError('another organization’s product', errors.ResourceNotFound, () =>
      box.pat.products.updateBenefits({
        id: globex[0]!.id,
        productBenefitsUpdate: { benefits: [] },
      }),
    );
  });
});
