// Discounts through SDK 1.0.1 in today's generation (API version 2026-10): list with today's
// sorting, get, create and update with today's bodies, delete, each answer checked against the
// 2026-10 document (harness.ts), and the discount.* events an endpoint of 2026-10 receives. The
// rules are the real service's at c6c3645e (discount/service.py `create`, `update`, `delete`,
// `_send_webhook`; discount/schemas.py DiscountCreate/DiscountUpdate and their validators;
// models/discount.py: `amount`/`currency` are the amount in the organization's currency; the
// unique index on lower(code) of live discounts); where the seed's generation (f179ede58c)
// differs, the test says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Delivery,
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  Receiver,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
const receiver = new Receiver();
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
});
afterAll(async () => {
  expect(receiver.problems, 'deliveries refused by validateEvent or the document').toEqual([]);
  expectCalls(box, 'discounts');
  await receiver.stop();
  await box.stop();
});

const org = () => box.demo.organization_id;

/** The seed's generation, without a Polar-Version (not an SDK call: not recorded). */
async function seedCall(method: string, path: string, body?: unknown) {
  const res = await fetch(`${box.svc.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${box.demo.personal_access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('the demo discounts, as today reads them (2026-10)', () => {
  it("lists them with today's fields: amounts, the limit per customer, products without prices", async () => {
    const page = await seller.discounts.list({ organization_id: org(), limit: 100 });
    const byCode = Object.fromEntries(page.items.map((d) => [d.code ?? d.id, d] as const));
    expect(byCode.LAUNCH10).toMatchObject({
      type: 'fixed',
      duration: 'once',
      amount: 1000,
      currency: 'usd',
      amounts: { usd: 1000 },
      max_redemptions: 1000,
      max_redemptions_per_customer: null,
      products: [],
      metadata: { campaign: 'launch-10' },
    });
    const half = byCode.HALFOFF!;
    expect(half).toMatchObject({
      type: 'percentage',
      duration: 'repeating',
      duration_in_months: 3,
      basis_points: 5000,
    });
    expect(half.products.map((p) => p.name).sort()).toEqual(['Acme Pro', 'Acme Team']);
    for (const p of half.products) {
      expect(p).not.toHaveProperty('prices');
      expect(p).toHaveProperty('visibility', 'public');
    }
    expect(await seller.discounts.get(half.id)).toEqual(half);
    // Another seller's discounts are not there, and not found by id.
    const bobs = await box.otherSeller.discounts.list({});
    expect(bobs.items.map((d) => d.organization_id)).not.toContain(org());
    await expectError("another seller's discount", errors.ResourceNotFound, () =>
      box.otherSeller.discounts.get(half.id),
    );
  });

  it("filters by name or code and sorts by today's criteria, ends_at among them", async () => {
    const found = await seller.discounts.list({ query: 'half' });
    expect(found.items.map((d) => d.code)).toEqual(['HALFOFF']);
    const byName = await seller.discounts.list({ organization_id: org(), sorting: ['-name'] });
    const names = byName.items.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    const ending = await seller.discounts.create({
      organization_id: org(),
      name: 'Ends soon',
      type: 'percentage',
      basis_points: 500,
      duration: 'once',
      ends_at: '2099-01-01T00:00:00Z',
    });
    // Ascending, a discount without an end comes after those with one (PostgreSQL's nulls last).
    const byEnd = await seller.discounts.list({ organization_id: org(), sorting: ['ends_at'] });
    expect(byEnd.items[0]!.id).toBe(ending.id);
    const refused = await expect422('a criterion today does not have', () =>
      seller.discounts.list({ sorting: ['amount' as never] }),
    );
    expect(refused[0]).toMatchObject({ loc: ['query', 'sorting', 0], type: 'enum' });
  });
});

describe('creating discounts (2026-10)', () => {
  it('a fixed discount with an amount per currency, for some months, limited per customer', async () => {
    const product = (await seller.products.list({ organization_id: org(), limit: 1 })).items[0]!;
    const d = await seller.discounts.create({
      organization_id: org(),
      name: 'Welcome back',
      code: 'WELCOME25',
      type: 'fixed',
      amounts: { eur: 900, usd: 1000 },
      duration: 'repeating',
      duration_in_months: 6,
      max_redemptions: 50,
      max_redemptions_per_customer: 2,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2027-01-01T00:00:00+01:00',
      metadata: { campaign: 'winback', wave: 2, ratio: 0.5, live: true },
      products: [product.id],
    });
    expect(d).toMatchObject({
      type: 'fixed',
      duration: 'repeating',
      duration_in_months: 6,
      amounts: { eur: 900, usd: 1000 },
      // The deprecated pair: the amount in the organization's currency (usd).
      amount: 1000,
      currency: 'usd',
      max_redemptions: 50,
      max_redemptions_per_customer: 2,
      redemptions_count: 0,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2026-12-31T23:00:00.000Z',
      metadata: { campaign: 'winback', wave: 2, ratio: 0.5, live: true },
      organization_id: org(),
    });
    expect(d.products.map((p) => p.id)).toEqual([product.id]);
    expect(await seller.discounts.get(d.id)).toEqual(d);
    // The seed's generation reads the same discount, its amount and currency the same; the
    // metadata today's create kept is there too (the seed's create dropped it: f179ede58c).
    const seed = await seedCall('GET', `/v1/discounts/${d.id}`);
    expect(seed.body).toMatchObject({ amount: 1000, currency: 'usd', metadata: { wave: 2 } });
    expect(seed.body).not.toHaveProperty('amounts');
  });

  it("the deprecated amount and currency are amounts of one; without a currency it is usd's", async () => {
    const eur = await seller.discounts.create({
      name: 'Euro five',
      type: 'fixed',
      amount: 500,
      currency: 'eur',
      duration: 'forever',
      organization_id: org(),
    });
    expect(eur).toMatchObject({ amounts: { eur: 500 }, amount: 500, currency: 'eur' });
    const usd = await box.org.discounts.create({
      name: 'Dollar',
      type: 'fixed',
      amount: 100,
      duration: 'once',
    });
    expect(usd).toMatchObject({ amounts: { usd: 100 }, amount: 100, currency: 'usd', code: null });
  });

  it('a percentage discount; an organization token needs no organization_id', async () => {
    const d = await box.org.discounts.create({
      name: 'Quarter off',
      code: '  quarter ',
      type: 'percentage',
      basis_points: 2500,
      duration: 'forever',
    });
    expect(d).toMatchObject({
      type: 'percentage',
      basis_points: 2500,
      code: 'quarter',
      duration: 'forever',
      organization_id: org(),
      metadata: {},
      products: [],
    });
    expect(d).not.toHaveProperty('duration_in_months');
    expect(d).not.toHaveProperty('amounts');
  });

  it('refuses what the schemas refuse, each problem where pydantic puts it', async () => {
    const base = { organization_id: org(), name: 'X', duration: 'once' as const };
    // DiscountFixedCreate's `type` has a default, and SDK 1.0.1's type lets it out; but the
    // union is discriminated by it (Discriminator("type")): without it, no member is tried.
    const noTag = await expect422('no type', () => seller.discounts.create({ ...base, amount: 1 }));
    expect(noTag).toMatchObject([
      {
        loc: ['body'],
        type: 'union_tag_not_found',
        msg: "Unable to extract tag using discriminator 'type'",
      },
    ]);
    const both = await expect422('amount and amounts', () =>
      seller.discounts.create({ ...base, type: 'fixed', amount: 1, amounts: { usd: 1 } }),
    );
    expect(both).toMatchObject([
      {
        loc: ['body', 'fixed'],
        type: 'value_error',
        msg: 'Value error, Cannot specify both `amount` and `amounts`.',
      },
    ]);
    const neither = await expect422('neither amount nor amounts', () =>
      seller.discounts.create({ ...base, type: 'fixed' }),
    );
    expect(neither[0]!.msg).toBe('Value error, Must specify either `amount` or `amounts`.');
    const months = await expect422('repeating without months', () =>
      seller.discounts.create({
        ...base,
        type: 'percentage',
        basis_points: 1,
        duration: 'repeating',
      }),
    );
    expect(months).toMatchObject([
      {
        loc: ['body', 'percentage'],
        msg: 'Value error, `duration_in_months` is required when `duration` is `repeating`.',
      },
    ]);
    const once = await expect422('months on a discount applied once', () =>
      seller.discounts.create({
        ...base,
        type: 'percentage',
        basis_points: 1,
        duration_in_months: 2,
      }),
    );
    expect(once[0]!.msg).toBe(
      'Value error, `duration_in_months` must be omitted when `duration` is not `repeating`.',
    );
    const fields = await expect422('out of bounds', () =>
      seller.discounts.create({
        ...base,
        type: 'percentage',
        basis_points: 10_001,
        max_redemptions_per_customer: 0,
        code: 'no-dashes',
      }),
    );
    expect(fields.map((p) => [p.loc, p.type])).toEqual([
      [['body', 'percentage', 'code'], 'value_error'],
      [['body', 'percentage', 'max_redemptions_per_customer'], 'greater_than_equal'],
      [['body', 'percentage', 'basis_points'], 'less_than_equal'],
    ]);
    const currencies = await expect422('an amount in a currency not presented', () =>
      seller.discounts.create({ ...base, type: 'fixed', amounts: { xyz: 1 } as never }),
    );
    expect(currencies[0]).toMatchObject({ loc: ['body', 'fixed', 'amounts', 'xyz', '[key]'] });
    const empty = await expect422('no amount in amounts', () =>
      seller.discounts.create({ ...base, type: 'fixed', amounts: {} }),
    );
    expect(empty[0]).toMatchObject({ loc: ['body', 'fixed', 'amounts'], type: 'too_short' });
    const window = await expect422('ends before it starts', () =>
      seller.discounts.create({
        ...base,
        type: 'fixed',
        amount: 1,
        starts_at: '2027-01-01T00:00:00Z',
        ends_at: '2026-01-01T00:00:00Z',
      }),
    );
    expect(window[0]!.msg).toBe('Value error, starts_at must be before ends_at');
  });

  it("refuses a taken code (without case), another organization's product, an organization named by its token", async () => {
    const taken = await expect422('a taken code', () =>
      seller.discounts.create({
        organization_id: org(),
        name: 'Again',
        code: 'launch10',
        type: 'percentage',
        basis_points: 100,
        duration: 'once',
      }),
    );
    expect(taken).toMatchObject([
      { loc: ['body', 'code'], msg: 'Discount with this code already exists.', input: 'launch10' },
    ]);
    const theirs = (await box.otherSeller.products.list({ limit: 1 })).items[0]!;
    const product = await expect422("another organization's product", () =>
      seller.discounts.create({
        organization_id: org(),
        name: 'Theirs',
        type: 'percentage',
        basis_points: 100,
        duration: 'once',
        products: [theirs.id],
      }),
    );
    expect(product).toMatchObject([{ loc: ['body', 'products', 0], msg: 'Product not found.' }]);
    const named = await expect422('an organization token naming its organization', () =>
      box.org.discounts.create({
        organization_id: org(),
        name: 'Named',
        type: 'percentage',
        basis_points: 100,
        duration: 'once',
      }),
    );
    expect(named[0]).toMatchObject({
      loc: ['body', 'organization_id'],
      type: 'organization_token',
    });
  });
});

describe('updating and deleting discounts (2026-10)', () => {
  it('changes what is sent: the name, a cleared code, metadata, amounts, the limits', async () => {
    const d = await seller.discounts.create({
      organization_id: org(),
      name: 'Draft',
      code: 'DRAFT1',
      type: 'fixed',
      amounts: { usd: 300 },
      duration: 'once',
      metadata: { a: '1' },
    });
    const u = await seller.discounts.update(d.id, {
      name: 'Final',
      code: null,
      metadata: { b: 2 },
      amounts: { usd: 400, gbp: 350 },
      max_redemptions: 10,
      max_redemptions_per_customer: 1,
    });
    expect(u).toMatchObject({
      name: 'Final',
      code: null,
      metadata: { b: 2 },
      amounts: { usd: 400, gbp: 350 },
      amount: 400,
      currency: 'usd',
      max_redemptions: 10,
      max_redemptions_per_customer: 1,
    });
    expect(u.modified_at).not.toBeNull();
    // amount with currency: amounts of one.
    const one = await seller.discounts.update(d.id, { amount: 250, currency: 'eur' });
    expect(one).toMatchObject({ amounts: { eur: 250 }, amount: 250, currency: 'eur' });
    // Nothing sent, nothing changed.
    expect(await seller.discounts.update(d.id, {})).toEqual(one);
    const cleared = await seller.discounts.update(d.id, { max_redemptions_per_customer: null });
    expect(cleared.max_redemptions_per_customer).toBeNull();
  });

  it('refuses a change of duration (null too), of type, a taken code, amount with amounts', async () => {
    const d = await seller.discounts.create({
      organization_id: org(),
      name: 'Fixed once',
      type: 'fixed',
      amount: 100,
      duration: 'once',
    });
    const duration = await expect422('another duration', () =>
      seller.discounts.update(d.id, { duration: 'forever' }),
    );
    expect(duration).toMatchObject([
      { loc: ['body', 'duration'], msg: 'Duration cannot be changed.' },
    ]);
    // Today's checks whether `duration` was sent (model_fields_set), not whether it is null.
    const none = await expect422('a duration of null', () =>
      seller.discounts.update(d.id, { duration: null }),
    );
    expect(none[0]).toMatchObject({ loc: ['body', 'duration'], input: null });
    const type = await expect422('another type', () =>
      seller.discounts.update(d.id, { type: 'percentage' }),
    );
    expect(type[0]!.msg).toBe('Type cannot be changed.');
    const code = await expect422('a taken code', () =>
      seller.discounts.update(d.id, { code: 'HalfOff' }),
    );
    expect(code[0]).toMatchObject({ loc: ['body', 'code'] });
    const both = await expect422('amount and amounts', () =>
      seller.discounts.update(d.id, { amount: 1, amounts: { usd: 1 } }),
    );
    expect(both[0]).toMatchObject({ loc: ['body'], type: 'value_error' });
  });

  it('a redeemed discount keeps its basis points and its months; its name may change', async () => {
    // Globex's Loyalty 20 has been redeemed (a subscription of the demo's history).
    const page = await box.otherSeller.discounts.list({ query: 'LOYAL' });
    const loyalty = page.items[0]!;
    expect(loyalty.redemptions_count).toBe(1);
    const bp = await expect422('other basis points', () =>
      box.otherSeller.discounts.update(loyalty.id, { basis_points: 3000 }),
    );
    expect(bp).toMatchObject([
      {
        loc: ['body', 'basis_points'],
        msg: 'This field cannot be changed because the discount has already been redeemed.',
        input: 2000,
      },
    ]);
    // Today's also keeps duration_in_months of a redeemed discount (the seed's did not).
    const months = await expect422('months on a redeemed discount', () =>
      box.otherSeller.discounts.update(loyalty.id, { duration_in_months: 3 }),
    );
    expect(months[0]).toMatchObject({ loc: ['body', 'duration_in_months'], input: null });
    const same = await box.otherSeller.discounts.update(loyalty.id, {
      basis_points: 2000,
      name: 'Loyalty twenty',
    });
    expect(same).toMatchObject({ name: 'Loyalty twenty', basis_points: 2000 });
  });

  it('deletes: gone from reads, its code free again; another seller cannot', async () => {
    const d = await seller.discounts.create({
      organization_id: org(),
      name: 'Short lived',
      code: 'GONE2026',
      type: 'percentage',
      basis_points: 100,
      duration: 'once',
    });
    await expectError("another seller's delete", errors.ResourceNotFound, () =>
      box.otherSeller.discounts.delete(d.id),
    );
    await seller.discounts.delete(d.id);
    await expectError('a deleted discount', errors.ResourceNotFound, () =>
      seller.discounts.get(d.id),
    );
    await expectError('deleting it again', errors.ResourceNotFound, () =>
      seller.discounts.delete(d.id),
    );
    await expectError('updating it', errors.ResourceNotFound, () =>
      seller.discounts.update(d.id, { name: 'x' }),
    );
    const listed = await seller.discounts.list({ query: 'GONE2026' });
    expect(listed.items).toEqual([]);
    // Today's unique index is on live discounts: the code may be used again (the seed's
    // generation refused it: its unique constraint counted deleted discounts).
    const again = await seller.discounts.create({
      organization_id: org(),
      name: 'Back',
      code: 'gone2026',
      type: 'percentage',
      basis_points: 100,
      duration: 'once',
    });
    expect(again.code).toBe('gone2026');
  });
});

describe('discount events to an endpoint of 2026-10', () => {
  it('discount.created, .updated and .deleted, in the Discount form', async () => {
    const url = await receiver.start();
    const endpoint = await seller.webhooks.createWebhookEndpoint({
      url,
      format: 'raw',
      events: ['discount.created', 'discount.updated', 'discount.deleted'],
      organization_id: org(),
    });
    receiver.secret = endpoint.secret;
    const d = await seller.discounts.create({
      organization_id: org(),
      name: 'Hooked',
      type: 'fixed',
      amounts: { usd: 700 },
      duration: 'once',
    });
    await seller.discounts.update(d.id, { name: 'Hooked twice' });
    await seller.discounts.delete(d.id);
    const mine = (ds: Delivery[]) => ds.filter((x) => x.event.data.id === d.id);
    const got = mine(await receiver.until((ds) => mine(ds).length === 3));
    expect(got.map((x) => x.type)).toEqual([
      'discount.created',
      'discount.updated',
      'discount.deleted',
    ]);
    expect(got[0]!.event.data).toMatchObject({ name: 'Hooked', amounts: { usd: 700 } });
    expect(got[1]!.event.data).toMatchObject({ name: 'Hooked twice' });
    // An endpoint of the seed's generation cannot take them: they are today's types.
    const seed = await seedCall('POST', '/v1/webhooks/endpoints', {
      url: 'https://hooks.example/seed',
      format: 'raw',
      events: ['discount.created'],
      organization_id: org(),
    });
    expect(seed.status).toBe(422);
  });
});
