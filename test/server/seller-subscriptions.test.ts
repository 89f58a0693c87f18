// The seller's subscriptions (issue 15): GET /v1/subscriptions/ (every filter, every sort, pages),
// DELETE /v1/subscriptions/{id} (revoke now, and what it refuses) and GET
// /v1/subscriptions/export (the real service's CSV), with scopes and other organizations' rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/server/domain/events.js';
import { SELLER_SUBSCRIPTION_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import { byCriteria, expectOrdered, ids, type Key } from '../conformance/sorting.js';
import {
  allPages,
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  page,
  type Service,
  SUBSCRIPTION_ADMIN,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';

let svc: Service;
let acme: Json[];
let globex: Json[];
/** Every Acme subscription row, started or not (the store's own view). */
let everyAcme: { id: string; started_at: string | null }[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const list = (
  query: Record<string, string | number | boolean | string[]> = {},
  token = svc.alice,
) => svc.api('GET', '/v1/subscriptions/', { token, query });
const pages = (query: Record<string, string | number | boolean | string[]>, token = svc.alice) =>
  allPages(svc.api, '/v1/subscriptions/', { token, query });

async function load() {
  acme = await pages({});
  globex = await pages({}, svc.bob);
  everyAcme = svc.running.store.all(
    'SELECT id, started_at FROM subscriptions WHERE organization_id = ?',
    svc.demo.organization_id,
  );
}

beforeAll(async () => {
  svc = await startService();
  await load();
});
afterAll(() => svc.stop());

describe('the seller’s list', () => {
  it('lists the organization’s started subscriptions in the admin form', async () => {
    const r = await list({ limit: 100 });
    expect(r.status).toBe(200);
    expectShape(r.body, page(SUBSCRIPTION_ADMIN));
    // The real service lists no subscription that has not started (an incomplete one).
    const started = everyAcme.filter((s) => s.started_at !== null);
    expect(started.length).toBeLessThan(everyAcme.length);
    expect(ids(acme).sort()).toEqual(ids(started).sort());
    for (const s of acme) {
      expect(s.customer.id).toBe(s.customer_id);
      expect(s.product.id).toBe(s.product_id);
      expect(s.product.organization_id).toBe(svc.demo.organization_id);
      expect(s.price.id).toBe(s.price_id);
      expect(s.discount?.id ?? null).toBe(s.discount_id);
    }
    expect(globex.length).toBeGreaterThan(0);
    expect(globex.every((s) => s.product.organization_id === svc.demo.other.organization_id)).toBe(
      true,
    );
  });

  it('answers the path without its slash with a redirect', async () => {
    const r = await svc.api('GET', '/v1/subscriptions', { token: svc.alice });
    expect([r.status, r.headers.get('location')]).toEqual([307, '/v1/subscriptions/']);
  });

  it('pages: every subscription once, max_page from the limit', async () => {
    const first = await list({ limit: 7 });
    expect(first.body.pagination).toEqual({
      total_count: acme.length,
      max_page: Math.ceil(acme.length / 7),
    });
    const seen: string[] = [];
    for (let p = 1; p <= first.body.pagination.max_page; p++)
      seen.push(...ids((await list({ limit: 7, page: p })).body.items));
    expect(seen).toEqual(ids(acme));
    expect((await list({ page: 50 })).body.items).toEqual([]);
    const bad = await list({ page: 0 });
    expect(bad.body.detail[0]).toMatchObject({ type: 'greater_than', loc: ['query', 'page'] });
  });
});

describe('filters', () => {
  const expectFilter = async (
    query: Record<string, string | boolean | string[]>,
    keep: (s: Json) => boolean,
  ) => {
    const want = acme.filter(keep);
    expect(want.length, JSON.stringify(query)).toBeGreaterThan(0);
    expect(ids(await pages(query))).toEqual(ids(want));
  };

  it('filters by product, customer and discount, one or many, and ANDs them', async () => {
    const products = [...new Set(acme.map((s) => s.product_id))];
    expect(products.length).toBeGreaterThanOrEqual(2);
    await expectFilter({ product_id: products[0] }, (s) => s.product_id === products[0]);
    await expectFilter({ product_id: products.slice(0, 2) }, (s) =>
      products.slice(0, 2).includes(s.product_id),
    );
    const customers = [...new Set(acme.map((s) => s.customer_id))];
    await expectFilter({ customer_id: customers[0] }, (s) => s.customer_id === customers[0]);
    await expectFilter({ customer_id: customers.slice(0, 3) }, (s) =>
      customers.slice(0, 3).includes(s.customer_id),
    );
    const discounts = [...new Set(acme.map((s) => s.discount_id).filter(Boolean))];
    expect(discounts.length).toBeGreaterThanOrEqual(1);
    await expectFilter({ discount_id: discounts }, (s) => discounts.includes(s.discount_id));
    const one = acme.find((s) => s.discount_id)!;
    await expectFilter(
      { discount_id: one.discount_id, product_id: one.product_id, customer_id: one.customer_id },
      (s) =>
        s.discount_id === one.discount_id &&
        s.product_id === one.product_id &&
        s.customer_id === one.customer_id,
    );
    const bad = await list({ customer_id: [customers[0], 'x'] });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['query', 'customer_id', 1], 'x')]);
  });

  it('filters by organization: its own, several, or another’s (none)', async () => {
    expect(ids(await pages({ organization_id: svc.demo.organization_id }))).toEqual(ids(acme));
    expect(
      ids(
        await pages({
          organization_id: [svc.demo.organization_id, svc.demo.other.organization_id],
        }),
      ),
    ).toEqual(ids(acme));
    expect(await pages({ organization_id: svc.demo.other.organization_id })).toEqual([]);
  });

  it('active=true is trialing or active; active=false past_due, canceled or unpaid', async () => {
    await expectFilter({ active: true }, (s) => ['trialing', 'active'].includes(s.status));
    await expectFilter({ active: false }, (s) =>
      ['past_due', 'canceled', 'unpaid'].includes(s.status),
    );
    for (const status of ['trialing', 'active', 'past_due', 'canceled', 'unpaid'])
      expect(
        acme.some((s) => s.status === status),
        status,
      ).toBe(true);
    const bad = await list({ active: 'maybe' });
    expect([bad.status, bad.body]).toEqual([
      422,
      invalid({
        type: 'bool_parsing',
        loc: ['query', 'active'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'maybe',
      }),
    ]);
  });
});

describe('sorting', () => {
  const RANK = [
    'incomplete',
    'incomplete_expired',
    'trialing',
    'active',
    'past_due',
    'canceled',
    'unpaid',
  ];
  const keys: Record<string, Key<Json>> = {
    customer: (s) => s.customer.email,
    // The real service's rank: an active subscription ending at the period's end after the others.
    status: (s) => {
      const i = RANK.indexOf(s.status);
      return i + (i > 3 ? 2 : 1) + (s.status === 'active' && s.cancel_at_period_end ? 1 : 0);
    },
    started_at: (s) => s.started_at,
    current_period_end: (s) => s.current_period_end,
    amount: (s) =>
      s.amount === null
        ? null
        : s.recurring_interval === 'year'
          ? Math.floor(s.amount / 12)
          : s.amount,
    product: (s) => s.product.name,
    discount: (s) => s.discount?.name ?? null,
  };
  const sorted = async (sorting: string | string[]) => {
    const items = await pages({ sorting });
    expect(items.length).toBe(acme.length);
    return items;
  };

  it('defaults to -started_at', () => {
    expectOrdered(acme, byCriteria(keys, ['-started_at']), 'default');
  });

  it('sorts by every criterion, ascending and descending', async () => {
    for (const field of SELLER_SUBSCRIPTION_SORT_CRITERIA) {
      for (const criterion of [field, `-${field}`]) {
        const items = await sorted(criterion);
        if (field === 'amount') {
          // The real service puts a missing amount last both ways (its explicit nulls_last).
          const amounts = items.map(keys.amount!);
          const known = amounts.filter((a) => a !== null) as number[];
          expect(amounts.slice(known.length).every((a) => a === null)).toBe(true);
          expectOrdered(known, (a, b) => (criterion.startsWith('-') ? b - a : a - b), criterion);
        } else expectOrdered(items, byCriteria(keys, [criterion]), criterion);
      }
    }
    // The yearly price counts a twelfth of its amount: it sorts among the monthly ones.
    const yearly = acme.filter((s) => s.recurring_interval === 'year');
    expect(yearly.length).toBeGreaterThan(0);
    const discount = await sorted('discount');
    expect(discount.at(-1).discount).toBeNull();
    expect(discount[0].discount).not.toBeNull();
  });

  it('applies several criteria in order', async () => {
    const items = await sorted(['product', '-status', 'customer']);
    expectOrdered(items, byCriteria(keys, ['product', '-status', 'customer']), 'three criteria');
  });

  it('refuses the portal’s criterion organization with 422 enum', async () => {
    const r = await list({ sorting: 'organization' });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ type: 'enum', loc: ['query', 'sorting', 0] });
    const all = [
      ...SELLER_SUBSCRIPTION_SORT_CRITERIA,
      ...SELLER_SUBSCRIPTION_SORT_CRITERIA.map((s) => `-${s}`),
    ];
    expect(r.body.detail[0].ctx.expected).toBe(
      `${all
        .slice(0, -1)
        .map((s) => `'${s}'`)
        .join(', ')} or '${all.at(-1)}'`,
    );
  });
});

describe('revoke: DELETE /v1/subscriptions/{id}', () => {
  const revoke = (id: string, token = svc.alice) =>
    svc.api('DELETE', `/v1/subscriptions/${id}`, { token });
  const one = (status: string, extra: (s: Json) => boolean = () => true) => {
    const s = acme.find((x) => x.status === status && !x.cancel_at_period_end && extra(x));
    expect(s, status).toBeDefined();
    return s;
  };

  it('ends an active subscription now: canceled, ended and ending now; then refuses it again', async () => {
    const events: DomainEvent[] = [];
    const stop = svc.running.events.observe((batch) => events.push(...batch));
    try {
      // Not the demo's Acme API subscription: revoking it also revokes its meter credits.
      const s = one(
        'active',
        (x) => x.customer_cancellation_reason === null && x.product.name !== 'Acme API',
      );
      const before = Date.now();
      const r = await revoke(s.id);
      expect(r.status).toBe(200);
      expectShape(r.body, SUBSCRIPTION_ADMIN);
      const now = r.body.ended_at;
      expect(Date.parse(now)).toBeGreaterThanOrEqual(before - 1000);
      expect(r.body).toEqual({
        ...s,
        status: 'canceled',
        cancel_at_period_end: false,
        canceled_at: now,
        ends_at: now,
        ended_at: now,
        modified_at: now,
      });
      expect(events).toEqual([
        { type: 'subscription.updated', id: s.id },
        { type: 'subscription.canceled', id: s.id },
        { type: 'subscription.revoked', id: s.id },
      ]);
      const again = await revoke(s.id);
      expect([again.status, again.body]).toEqual([
        403,
        {
          error: 'AlreadyCanceledSubscription',
          detail: 'This subscription is already canceled or will be at the end of the period.',
        },
      ]);
      const listed = await pages({ customer_id: s.customer_id });
      expect(listed.find((x) => x.id === s.id)).toEqual(r.body);
    } finally {
      stop();
      await svc.reset();
      await load();
    }
  });

  it('revokes a trialing one, and one already set to end at the period’s end', async () => {
    try {
      const trialing = await revoke(one('trialing').id);
      expect([trialing.status, trialing.body.status]).toEqual([200, 'canceled']);
      const s = one('active');
      const cancel = await svc.api('PATCH', `/v1/subscriptions/${s.id}`, {
        token: svc.alice,
        body: { cancel_at_period_end: true, customer_cancellation_reason: 'unused' },
      });
      expect(cancel.body.ends_at).toBe(s.current_period_end);
      const r = await revoke(s.id);
      expect(r.status).toBe(200);
      // The reason given before stays: the revoke sends none.
      expect(r.body).toMatchObject({
        status: 'canceled',
        cancel_at_period_end: false,
        customer_cancellation_reason: 'unused',
        ends_at: r.body.ended_at,
      });
    } finally {
      await svc.reset();
      await load();
    }
  });

  it('refuses what is not trialing or active (403), and finds no unstarted or foreign one (404)', async () => {
    for (const status of ['past_due', 'canceled', 'unpaid']) {
      const r = await revoke(one(status).id);
      expect([status, r.status, r.body.error]).toEqual([
        status,
        403,
        'AlreadyCanceledSubscription',
      ]);
    }
    const unstarted = everyAcme.find((s) => s.started_at === null)!;
    for (const id of [unstarted.id, globex[0].id, UNKNOWN]) {
      const r = await revoke(id);
      expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
    }
    const bad = await revoke('nope');
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['path', 'id'], 'nope')]);
    expect(ids(await pages({}))).toEqual(ids(acme));
  });
});

describe('export: GET /v1/subscriptions/export', () => {
  const exported = async (query: Record<string, string> = {}, token = svc.alice) => {
    const r = await svc.api('GET', '/v1/subscriptions/export', { token, query });
    expect(r.status).toBe(200);
    return r;
  };
  const pyIso = (iso: string) => {
    const d = new Date(iso);
    const ms = d.getUTCMilliseconds();
    return `${d.toISOString().slice(0, 19)}${ms ? `.${String(ms).padStart(3, '0')}000` : ''}+00:00`;
  };

  it('is the real service’s CSV: its header, one row per listed subscription, CRLF', async () => {
    const r = await exported();
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename=polar-subscribers.csv');
    expect(r.text.endsWith('\r\n')).toBe(true);
    const lines = r.text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe('Email,Created At,Active,Product,Price,Currency,Interval');
    // In the list's default order, -started_at.
    expect(lines.slice(1)).toEqual(
      acme.map((s) =>
        [
          s.customer.email,
          pyIso(s.created_at),
          ['trialing', 'active'].includes(s.status) ? 'true' : 'false',
          s.product.name.includes(',') ? `"${s.product.name}"` : s.product.name,
          s.amount === null
            ? ''
            : Number.isInteger(s.amount / 100)
              ? `${s.amount / 100}.0`
              : String(s.amount / 100),
          s.currency ?? '',
          s.recurring_interval,
        ].join(','),
      ),
    );
    expect(lines.some((l) => /,19\.0,usd,month$/.test(l))).toBe(true);
  });

  it('filters by organization_id; another organization’s export has its own rows', async () => {
    const own = await exported({ organization_id: svc.demo.organization_id });
    expect(own.text).toBe((await exported()).text);
    const none = await exported({ organization_id: svc.demo.other.organization_id });
    expect(none.text).toBe('Email,Created At,Active,Product,Price,Currency,Interval\r\n');
    const bob = await exported({}, svc.bob);
    expect(bob.text.split('\r\n').length - 2).toBe(globex.length);
    const bad = await svc.api('GET', '/v1/subscriptions/export', {
      token: svc.alice,
      query: { organization_id: 'acme' },
    });
    expect([bad.status, bad.body]).toEqual([
      422,
      uuidParsing(['query', 'organization_id', 0], 'acme'),
    ]);
  });
});

describe('authentication and scopes', () => {
  it('reads take subscriptions:read or :write, the revoke :write; customers get 401', async () => {
    const none = await svc.pat(['orders:read']);
    const read = await svc.pat(['subscriptions:read']);
    const write = await svc.pat(['subscriptions:write']);
    for (const path of ['/v1/subscriptions/', '/v1/subscriptions/export']) {
      const refused = await svc.api('GET', path, { token: none });
      expect([path, refused.status, refused.body]).toEqual([
        path,
        403,
        insufficientScope(['subscriptions:read', 'subscriptions:write']),
      ]);
      for (const token of [read, write])
        expect((await svc.api('GET', path, { token })).status).toBe(200);
    }
    for (const token of [none, read]) {
      const r = await svc.api('DELETE', `/v1/subscriptions/${UNKNOWN}`, { token });
      expect([r.status, r.body]).toEqual([403, insufficientScope(['subscriptions:write'])]);
    }
    expect((await svc.api('DELETE', `/v1/subscriptions/${UNKNOWN}`, { token: write })).status).toBe(
      404,
    );
    const session = await svc.customerSession(acme[0].customer_id);
    for (const token of [undefined, session]) {
      const r = await svc.api('GET', '/v1/subscriptions/', { token });
      expect([r.status, r.body]).toEqual([401, UNAUTHORIZED]);
    }
  });
});
