// GET /v1/benefits/ and GET /v1/benefits/{id} (issue 15; the real service's benefit endpoints at
// the spec's generation): the benefit form, the fixed order (type, then oldest first), filters,
// pages, scopes and other organizations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_SORTING, BENEFIT_TYPES } from '../../src/shared/api-facts.js';
import { byCriteria, expectOrdered, ids } from '../conformance/sorting.js';
import {
  allPages,
  BENEFIT_FULL,
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  page,
  type Service,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';
import { login } from './oauth/helpers.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let svc: Service;
let acme: Json[];
let globex: Json[];

const list = (query: Record<string, string | number | string[]> = {}, token = svc.alice) =>
  svc.api('GET', '/v1/benefits/', { token, query });
const KEYS = { type: (b: Json) => b.type, created_at: (b: Json) => b.created_at };

beforeAll(async () => {
  svc = await startService();
  acme = await allPages(svc.api, '/v1/benefits/', { token: svc.alice });
  globex = await allPages(svc.api, '/v1/benefits/', { token: svc.bob });
});
afterAll(() => svc.stop());

describe('GET /v1/benefits/', () => {
  it('lists the seller’s benefits in the paginated shape, each in the Benefit form', async () => {
    const r = await list({ limit: 100 });
    expect(r.status).toBe(200);
    expectShape(r.body, page(BENEFIT_FULL));
    expect(acme.every((b) => b.organization_id === svc.demo.organization_id)).toBe(true);
    expect(globex.every((b) => b.organization_id === svc.demo.other.organization_id)).toBe(true);
    expect(new Set(acme.map((b) => b.type))).toEqual(
      new Set(['ads', 'custom', 'discord', 'downloadables', 'github_repository', 'license_keys']),
    );
    const ads = acme.find((b) => b.type === 'ads');
    expect(ads.properties).toEqual({ image_height: 100, image_width: 240 });
    // The real service still sends the deprecated is_tax_applicable of custom benefits.
    for (const b of acme) expect('is_tax_applicable' in b).toBe(b.type === 'custom');
  });

  it('orders by type, then oldest first, whatever sorting is asked for', async () => {
    expect([...BENEFIT_SORTING]).toEqual(['type', 'created_at']);
    expectOrdered(acme, byCriteria(KEYS, BENEFIT_SORTING), 'type, created_at');
    expect(acme[0].type).toBe('ads');
    expect(acme.at(-1).type).toBe('license_keys');
    // No sorting parameter: like any unknown parameter, it is ignored.
    const r = await list({ sorting: '-created_at', limit: 100 });
    expect(ids(r.body.items)).toEqual(ids(acme));
  });

  it('filters by type, one or several, and refuses other types', async () => {
    for (const type of BENEFIT_TYPES) {
      const got = await allPages(svc.api, '/v1/benefits/', { token: svc.alice, query: { type } });
      expect(ids(got), type).toEqual(ids(acme.filter((b) => b.type === type)));
    }
    const two = await list({ type: ['license_keys', 'custom'], limit: 100 });
    expect(ids(two.body.items)).toEqual(
      ids(acme.filter((b) => b.type === 'custom' || b.type === 'license_keys')),
    );
    const bad = await list({ type: ['custom', 'webhook'] });
    const expected =
      "'custom', 'ads', 'discord', 'github_repository', 'downloadables' or 'license_keys'";
    expect([bad.status, bad.body]).toEqual([
      422,
      invalid({
        type: 'enum',
        loc: ['query', 'type', 1],
        msg: `Input should be ${expected}`,
        input: 'webhook',
        ctx: { expected },
      }),
    ]);
  });

  it('filters by organization_id, one or several', async () => {
    const own = await list({ organization_id: svc.demo.organization_id, limit: 100 });
    expect(ids(own.body.items)).toEqual(ids(acme));
    const both = await list({
      organization_id: [svc.demo.organization_id, svc.demo.other.organization_id],
      limit: 100,
    });
    expect(ids(both.body.items)).toEqual(ids(acme));
    const other = await list({ organization_id: svc.demo.other.organization_id });
    expect(other.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const bad = await list({ organization_id: 'acme' });
    expect([bad.status, bad.body]).toEqual([
      422,
      uuidParsing(['query', 'organization_id', 0], 'acme'),
    ]);
  });

  it('pages with page and limit; past the end is an empty page', async () => {
    const first = await list({ limit: 4 });
    expect(first.body.pagination).toEqual({
      total_count: acme.length,
      max_page: Math.ceil(acme.length / 4),
    });
    const paged: Json[] = [];
    for (let p = 1; p <= first.body.pagination.max_page; p++)
      paged.push(...(await list({ limit: 4, page: p })).body.items);
    expect(ids(paged)).toEqual(ids(acme));
    expect((await list({ page: 50 })).body.items).toEqual([]);
    const r = await svc.api('GET', '/v1/benefits', { token: svc.alice });
    expect([r.status, r.headers.get('location')]).toEqual([307, '/v1/benefits/']);
  });
});

describe('GET /v1/benefits/{id}', () => {
  it('gets each benefit in the list form', async () => {
    for (const b of acme) {
      const r = await svc.api('GET', `/v1/benefits/${b.id}`, { token: svc.alice });
      expect([r.status, r.body]).toEqual([200, b]);
    }
  });

  it('answers 404 for another organization’s or an unknown benefit, 422 for a malformed id', async () => {
    const other = await svc.api('GET', `/v1/benefits/${globex[0].id}`, { token: svc.alice });
    expect([other.status, other.body]).toEqual([404, NOT_FOUND]);
    const unknown = await svc.api('GET', `/v1/benefits/${UNKNOWN}`, { token: svc.alice });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    const bad = await svc.api('GET', '/v1/benefits/1', { token: svc.alice });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['path', 'id'], '1')]);
  });
});

describe('scopes', () => {
  it('reads with benefits:read or benefits:write, from a user or an organization token', async () => {
    const one = acme[0].id;
    for (const scope of ['benefits:read', 'benefits:write']) {
      const token = await svc.pat([scope]);
      expect((await list({}, token)).status).toBe(200);
      expect((await svc.api('GET', `/v1/benefits/${one}`, { token })).status).toBe(200);
    }
    const ctx = { svc: svc.running, base: svc.url, demo: svc.demo };
    const org = await login(
      ctx,
      { sub_type: 'organization', scope: 'benefits:read' },
      { organization: svc.demo.organization_id },
    );
    const viaOrg = await list({ limit: 100 }, org.access_token);
    expect(ids(viaOrg.body.items)).toEqual(ids(acme));
  });

  it('refuses other scopes with 403 and no token with 401', async () => {
    const other = await svc.pat(['products:read']);
    for (const path of ['/v1/benefits/', `/v1/benefits/${acme[0].id}`]) {
      const r = await svc.api('GET', path, { token: other });
      expect([r.status, r.body]).toEqual([
        403,
        insufficientScope(['benefits:read', 'benefits:write']),
      ]);
      const none = await svc.api('GET', path);
      expect([none.status, none.body]).toEqual([401, UNAUTHORIZED]);
    }
  });
});
