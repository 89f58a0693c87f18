// Products through SDK 1.0.1 in today's generation (API version 2026-10): list with today's
// filters, get, create and update with today's bodies, the product's benefits, each answer checked
// against the 2026-10 document (harness.ts). The rules are the real service's at c6c3645e
// (product/service.py `create`, `update`, `get_validated_prices`, `update_benefits`;
// product/schemas.py; kit/currency.py) and what its migrations made of the seed's rows: a
// product with one recurring price has its interval (c67833ccf3), one with a price per interval
// keeps legacy prices, a free price is a fixed price of 0 (free_price_to_fixed backfill,
// 4bdeea7746), a custom price without a minimum has 50 (7589c27494).
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
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
});
afterAll(async () => {
  expectCalls(box, 'products');
  await box.stop();
});

/** Every product of Acme, by name. */
async function byName() {
  const page = await seller.products.list({
    organization_id: box.demo.organization_id,
    limit: 100,
  });
  return Object.fromEntries(page.items.map((p) => [p.name, p]));
}

describe('products the seed made, as today reads them (2026-10)', () => {
  it('a price per interval stays legacy; one recurring price gives the product its interval', async () => {
    const products = await byName();
    const pro = products['Acme Pro']!;
    expect(pro).toMatchObject({
      recurring_interval: null,
      recurring_interval_count: null,
      is_recurring: true,
      visibility: 'public',
      trial_interval: null,
      meter_interval: null,
      metadata: { sku: 'acme-pro' },
    });
    const legacy = pro.prices.map((p) => [
      p.amount_type,
      'legacy' in p,
      (p as { recurring_interval?: string }).recurring_interval,
    ]);
    expect(legacy.sort()).toEqual([
      ['fixed', true, 'month'],
      ['fixed', true, 'year'],
    ]);
    // Made by the seed's generation (a price with its interval): the product takes it.
    const res = await fetch(`${box.svc.url}/v1/products/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${box.demo.personal_access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        organization_id: box.demo.organization_id,
        name: 'Seed monthly',
        prices: [
          {
            type: 'recurring',
            amount_type: 'fixed',
            price_amount: 900,
            price_currency: 'usd',
            recurring_interval: 'month',
          },
        ],
      }),
    });
    expect(res.status).toBe(201);
    const recurringOnce = await seller.products.get(((await res.json()) as { id: string }).id);
    expect(recurringOnce).toMatchObject({
      recurring_interval: 'month',
      recurring_interval_count: 1,
    });
    expect(recurringOnce.prices[0]).not.toHaveProperty('legacy');
    expect(recurringOnce.prices[0]).toMatchObject({
      source: 'catalog',
      tax_behavior: null,
      type: 'recurring',
      recurring_interval: 'month',
    });
  });

  it('a free price is a fixed price of 0; an ads benefit is not there', async () => {
    const products = await byName();
    const starter = Object.values(products).find((p) =>
      p.prices.some((x) => x.amount_type === 'fixed' && x.price_amount === 0),
    );
    expect(starter, 'the demo has a free product').toBeDefined();
    expect(starter!.recurring_interval).toBeNull();
    for (const p of Object.values(products))
      for (const b of p.benefits) expect(b.type).not.toBe('ads' as never);
  });
});

describe('creating products (2026-10)', () => {
  it('creates a recurring product with the interval on the product, its count, a trial, metadata', async () => {
    const p = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: '  Quarterly Plan ',
      description: '',
      recurring_interval: 'month',
      recurring_interval_count: 3,
      trial_interval: 'day',
      trial_interval_count: 14,
      visibility: 'private',
      metadata: { tier: 'gold', seats: 5, ratio: 0.5 },
      prices: [{ amount_type: 'fixed', price_amount: 4500, tax_behavior: 'exclusive' }],
    });
    expect(p).toMatchObject({
      name: 'Quarterly Plan',
      description: null,
      recurring_interval: 'month',
      recurring_interval_count: 3,
      trial_interval: 'day',
      trial_interval_count: 14,
      visibility: 'private',
      is_recurring: true,
      metadata: { tier: 'gold', seats: 5, ratio: 0.5 },
      benefits: [],
      medias: [],
      attached_custom_fields: [],
    });
    expect(p.prices).toHaveLength(1);
    expect(p.prices[0]).toMatchObject({
      amount_type: 'fixed',
      price_amount: 4500,
      price_currency: 'usd',
      tax_behavior: 'exclusive',
      source: 'catalog',
      is_archived: false,
      product_id: p.id,
    });
    expect(await seller.products.get(p.id)).toEqual(p);
  });

  it('creates a one-time product; a free price sent as `free` is a fixed price of 0', async () => {
    const p = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: 'Sticker pack',
      prices: [{ amount_type: 'free' } as never],
    });
    expect(p).toMatchObject({
      recurring_interval: null,
      recurring_interval_count: null,
      is_recurring: false,
    });
    expect(p.prices[0]).toMatchObject({ amount_type: 'fixed', price_amount: 0, type: 'one_time' });
    const pwyw = await box.org.products.create({
      name: 'Tip jar',
      prices: [{ amount_type: 'custom', preset_amount: 500 }],
    });
    expect(pwyw.prices[0]).toMatchObject({
      amount_type: 'custom',
      minimum_amount: 50,
      maximum_amount: null,
      preset_amount: 500,
    });
  });

  it('refuses prices the real rules refuse, all problems in one answer', async () => {
    const detail = await expect422('two fixed prices and a custom one', () =>
      seller.products.create({
        organization_id: box.demo.organization_id,
        name: 'Too many',
        recurring_interval: 'year',
        prices: [
          { amount_type: 'fixed', price_amount: 1000 },
          { amount_type: 'fixed', price_amount: 2000 },
          { amount_type: 'custom' },
        ],
      }),
    );
    expect(detail.map((d) => d.msg)).toEqual([
      'Only one fixed price is allowed.',
      'A custom price cannot be combined with a fixed, seat-based or unit-based price.',
    ]);
    const small = await expect422('an amount under the minimum', () =>
      seller.products.create({
        organization_id: box.demo.organization_id,
        name: 'Cheap',
        prices: [{ amount_type: 'fixed', price_amount: 10 }],
      }),
    );
    expect(small).toMatchObject([
      {
        loc: ['body', 'one_time', 'prices', 0, 'fixed', 'price_amount'],
        type: 'minimum_price',
        msg: 'Amount must be at least $0.50 or 0 for free pricing',
      },
    ]);
    const euro = await expect422('no price in the default currency', () =>
      seller.products.create({
        organization_id: box.demo.organization_id,
        name: 'Euro only',
        prices: [{ amount_type: 'fixed', price_amount: 1000, price_currency: 'eur' }],
      }),
    );
    expect(euro.map((d) => d.msg)).toEqual([
      "The organization's default presentment currency must be present in the prices.",
    ]);
    const metered = await expect422('a metered price: no meter in the sandbox', () =>
      seller.products.create({
        organization_id: box.demo.organization_id,
        name: 'Metered',
        recurring_interval: 'month',
        prices: [
          {
            amount_type: 'metered_unit',
            meter_id: '5b2ea8e6-3e6a-4c53-9c36-7e43f6e0b0b1',
            unit_amount: 1,
          },
        ],
      }),
    );
    // The price is left out, so the list is empty too (get_validated_prices `continue`s).
    expect(metered.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'prices', 0, 'meter_id'], 'Meter does not exist.'],
      [['body', 'prices'], 'At least one price is required.'],
      [
        ['body', 'prices'],
        "The organization's default presentment currency must be present in the prices.",
      ],
    ]);
    const trial = await expect422('a trial without its count', () =>
      seller.products.create({
        organization_id: box.demo.organization_id,
        name: 'Half a trial',
        recurring_interval: 'month',
        trial_interval: 'week',
        prices: [{ amount_type: 'fixed', price_amount: 1000 }],
      }),
    );
    expect(trial).toMatchObject([
      {
        type: 'missing',
        msg: 'Both trial_interval and trial_interval_count must be set together.',
      },
    ]);
  });
});

describe('updating products (2026-10)', () => {
  it('keeps prices by id, archives the others, changes visibility and metadata', async () => {
    const p = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: 'Monthly Box',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 1500 }],
    });
    const old = p.prices[0]!;
    const changed = await seller.products.update(p.id, {
      visibility: 'draft',
      metadata: { batch: 2 },
      description: 'A box a month',
      prices: [{ amount_type: 'fixed', price_amount: 1800 }],
    });
    expect(changed).toMatchObject({
      visibility: 'draft',
      metadata: { batch: 2 },
      description: 'A box a month',
    });
    expect(
      changed.prices.map((x) => [x.amount_type, (x as { price_amount: number }).price_amount]),
    ).toEqual([['fixed', 1800]]);
    expect(changed.prices[0]!.id).not.toBe(old.id);
    const kept = await seller.products.update(p.id, { prices: [{ id: changed.prices[0]!.id }] });
    expect(kept.prices.map((x) => x.id)).toEqual([changed.prices[0]!.id]);
    const cleared = await seller.products.update(p.id, { description: null });
    expect(cleared.description).toBeNull();
  });

  it('refuses a new interval on a product that has one, and a trial on a one-time product', async () => {
    const p = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: 'Fixed interval',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 1500 }],
    });
    const interval = await expect422('a new interval', () =>
      seller.products.update(p.id, { recurring_interval: 'year' }),
    );
    expect(interval).toMatchObject([
      { loc: ['body', 'recurring_interval'], msg: 'Recurring interval cannot be changed.' },
    ]);
    const once = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: 'Once only',
      prices: [{ amount_type: 'fixed', price_amount: 1500 }],
    });
    const trial = await expect422('a trial on a one-time product', () =>
      seller.products.update(once.id, { trial_interval: 'day', trial_interval_count: 7 }),
    );
    expect(trial.map((d) => d.loc)).toEqual([
      ['body', 'trial_interval'],
      ['body', 'trial_interval_count'],
    ]);
    const unknown = await expect422("a price that is not the product's", () =>
      seller.products.update(once.id, { prices: [{ id: p.prices[0]!.id }] }),
    );
    expect(unknown).toMatchObject([
      { loc: ['body', 'prices', 0], msg: 'Price does not exist.' },
      { loc: ['body', 'prices'], msg: 'At least one price is required.' },
      {
        loc: ['body', 'prices'],
        msg: "The organization's default presentment currency must be present in the prices.",
      },
    ]);
  });

  it('gives a legacy product an interval once', async () => {
    const pro = (await byName())['Acme Pro']!;
    const updated = await seller.products.update(pro.id, {
      recurring_interval: 'month',
      recurring_interval_count: 1,
    });
    expect(updated).toMatchObject({ recurring_interval: 'month', recurring_interval_count: 1 });
  });

  it('sets its benefits, only of its organization; an archived filter and 404s', async () => {
    const p = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: 'With benefits',
      prices: [{ amount_type: 'fixed', price_amount: 900 }],
    });
    const benefit = await seller.benefits.create({
      organization_id: box.demo.organization_id,
      type: 'custom',
      description: 'A thank-you note',
      properties: { note: 'Thanks!' },
    });
    const withBenefit = await seller.products.updateBenefits(p.id, { benefits: [benefit.id] });
    expect(withBenefit.benefits.map((b) => b.id)).toEqual([benefit.id]);
    expect(withBenefit.benefits[0]).toMatchObject({ visibility: 'public', is_deleted: false });
    const filtered = await seller.products.list({ benefit_id: benefit.id });
    expect(filtered.items.map((x) => x.id)).toEqual([p.id]);
    const archived = await seller.products.update(p.id, { is_archived: true });
    expect(archived.is_archived).toBe(true);
    const live = await seller.products.list({ is_archived: false, limit: 100 });
    expect(live.items.map((x) => x.id)).not.toContain(p.id);
    await expectError('another seller reads it', errors.ResourceNotFound, () =>
      box.otherSeller.products.get(p.id),
    );
    const gone = await expect422('a benefit that does not exist', () =>
      seller.products.updateBenefits(p.id, {
        benefits: ['5b2ea8e6-3e6a-4c53-9c36-7e43f6e0b0b1'],
      }),
    );
    expect(gone).toMatchObject([{ loc: ['body', 'benefits', 0], msg: 'Benefit does not exist.' }]);
  });

  it("lists by visibility and metadata, sorted by today's criteria", async () => {
    const hidden = await seller.products.list({ visibility: ['draft', 'private'], limit: 100 });
    expect(hidden.items.length).toBeGreaterThan(0);
    expect(hidden.items.every((p) => p.visibility !== 'public')).toBe(true);
    const gold = await seller.products.list({ metadata: { tier: 'gold' } });
    expect(gold.items.map((p) => p.name)).toEqual(['Quarterly Plan']);
    const cheap = await seller.products.list({
      organization_id: box.demo.organization_id,
      sorting: ['price_amount'],
      limit: 3,
    });
    expect(cheap.items.length).toBe(3);
    const bad = await expect422("the seed's price_type criterion", () =>
      seller.products.list({ sorting: ['price_type' as never] }),
    );
    expect(bad[0]!.loc).toEqual(['query', 'sorting', 0]);
  });
});
