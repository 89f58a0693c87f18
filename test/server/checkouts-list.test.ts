// GET /v1/checkouts/custom/ (issue 15; the real service's checkout list at the spec's generation):
// the seller's checkout sessions in the checkout form, the organization and product filters,
// both sort criteria, pages, scopes and other organizations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import { byCriteria, expectOrdered, ids } from '../conformance/sorting.js';
import {
  allPages,
  CHECKOUT,
  expectShape,
  insufficientScope,
  type Json,
  page,
  type Service,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';
import { addCheckouts } from './more-checkouts.js';

let svc: Service;
let acme: Json[];

const list = (query: Record<string, string | number | string[]> = {}, token = svc.alice) =>
  svc.api('GET', '/v1/checkouts/custom/', { token, query });
const KEYS = { created_at: (c: Json) => c.created_at, expires_at: (c: Json) => c.expires_at };

beforeAll(async () => {
  svc = await startService();
  addCheckouts(svc.running.store, svc.running.clock.now());
  acme = await allPages(svc.api, '/v1/checkouts/custom/', { token: svc.alice });
});
afterAll(() => svc.stop());

describe('GET /v1/checkouts/custom/', () => {
  it('lists the seller’s checkout sessions in the checkout form, as each one reads', async () => {
    const r = await list({ limit: 100 });
    expect(r.status).toBe(200);
    expectShape(r.body, page(CHECKOUT));
    expect(acme.every((c) => c.product.organization_id === svc.demo.organization_id)).toBe(true);
    expect(ids(acme)).toEqual(expect.arrayContaining(svc.demo.open_checkout_ids));
    expect(new Set(acme.map((c) => c.status))).toEqual(new Set(['open', 'expired', 'confirmed']));
    for (const c of acme) {
      const one = await svc.api('GET', `/v1/checkouts/custom/${c.id}`, { token: svc.alice });
      expect(one.body).toEqual(c);
    }
    const globex = await allPages(svc.api, '/v1/checkouts/custom/', { token: svc.bob });
    expect(globex.length).toBeGreaterThan(0);
    expect(ids(globex).filter((id) => ids(acme).includes(id))).toEqual([]);
  });

  it('filters by organization_id and product_id, one or several of each', async () => {
    const all = (query: Record<string, string | string[]>) =>
      allPages(svc.api, '/v1/checkouts/custom/', { token: svc.alice, query });
    expect(ids(await all({ organization_id: svc.demo.organization_id }))).toEqual(ids(acme));
    expect(await all({ organization_id: svc.demo.other.organization_id })).toEqual([]);
    const products = [...new Set(acme.map((c) => c.product_id))];
    expect(products.length).toBeGreaterThan(2);
    for (const p of products)
      expect(ids(await all({ product_id: p }))).toEqual(
        ids(acme.filter((c) => c.product_id === p)),
      );
    const two = products.slice(0, 2);
    expect(ids(await all({ product_id: two }))).toEqual(
      ids(acme.filter((c) => two.includes(c.product_id))),
    );
    const bad = await list({ product_id: 'pro' });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['query', 'product_id', 0], 'pro')]);
  });

  it('sorts by created_at and expires_at, both ways, newest first by default', async () => {
    expectOrdered(acme, byCriteria(KEYS, ['-created_at']), 'default');
    for (const c of CHECKOUT_SORT_CRITERIA) {
      expect(new Set(acme.map(KEYS[c])).size, `${c} varies`).toBeGreaterThan(2);
      for (const criterion of [c, `-${c}`]) {
        const got = await allPages(svc.api, '/v1/checkouts/custom/', {
          token: svc.alice,
          query: { sorting: criterion },
          limit: 3,
        });
        expect(ids(got).sort()).toEqual(ids(acme).sort());
        expectOrdered(got, byCriteria(KEYS, [criterion]), criterion);
      }
    }
    const two = await list({ sorting: ['expires_at', '-created_at'], limit: 100 });
    expectOrdered(two.body.items, byCriteria(KEYS, ['expires_at', '-created_at']), 'two criteria');
    const bad = await list({ sorting: 'status' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: 'enum', loc: ['query', 'sorting', 0] });
  });

  it('pages with page and limit; past the end is an empty page; the bare path redirects', async () => {
    const first = await list({ limit: 4 });
    expect(first.body.pagination).toEqual({
      total_count: acme.length,
      max_page: Math.ceil(acme.length / 4),
    });
    expect((await list({ limit: 4, page: 99 })).body.items).toEqual([]);
    const r = await svc.api('GET', '/v1/checkouts/custom?limit=2', { token: svc.alice });
    expect([r.status, r.headers.get('location')]).toEqual([307, '/v1/checkouts/custom/?limit=2']);
  });

  it('needs checkouts:read or checkouts:write, from a user or an organization token', async () => {
    for (const scope of ['checkouts:read', 'checkouts:write']) {
      const r = await list({ limit: 100 }, await svc.pat([scope]));
      expect(ids(r.body.items)).toEqual(ids(acme));
    }
    const other = await list({}, await svc.pat(['orders:read']));
    expect([other.status, other.body]).toEqual([
      403,
      insufficientScope(['checkouts:read', 'checkouts:write']),
    ]);
    const none = await svc.api('GET', '/v1/checkouts/custom/');
    expect([none.status, none.body]).toEqual([401, UNAUTHORIZED]);
  });
});
