// Organizations (spec endpoints 14–15): the organization form, PATCH with merge of the settings
// objects, and its validation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  ORGANIZATION,
  type Service,
  startService,
} from './helpers.js';

let svc: Service;
let path: string;
let seeded: Json;

beforeAll(async () => {
  svc = await startService();
  path = `/v1/organizations/${svc.demo.organization_id}`;
});
beforeEach(async () => {
  // The seed's timestamps are relative to the time of the reset.
  await svc.reset();
  seeded = (await svc.api('GET', path, { token: svc.alice })).body;
});
afterAll(() => svc.stop());

const patch = (body: unknown, token = svc.alice) => svc.api('PATCH', path, { token, body });

describe('GET /v1/organizations/', () => {
  it('lists only the organizations the token can act for, in the organization form', async () => {
    for (const [token, id] of [
      [svc.alice, svc.demo.organization_id],
      [svc.bob, svc.demo.other.organization_id],
    ] as const) {
      const r = await svc.api('GET', '/v1/organizations/', { token });
      expect(r.status).toBe(200);
      expect(r.body.pagination).toEqual({ total_count: 1, max_page: 1 });
      expect(r.body.items.map((o: Json) => o.id)).toEqual([id]);
      expectShape(r.body.items[0], ORGANIZATION);
    }
  });

  it('filters by slug, sorts by name or created_at, and refuses other criteria', async () => {
    const bySlug = await svc.api('GET', '/v1/organizations/', {
      token: svc.alice,
      query: { slug: 'globex' },
    });
    expect(bySlug.body.items).toEqual([]);
    const sorted = await svc.api('GET', '/v1/organizations/', {
      token: svc.alice,
      query: { sorting: ['-name', 'created_at'] },
    });
    expect(sorted.status).toBe(200);
    const bad = await svc.api('GET', '/v1/organizations/', {
      token: svc.alice,
      query: { sorting: 'slug' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'sorting', 0]);
  });

  it('needs organizations:read or :write, and a user or organization token', async () => {
    const none = await svc.api('GET', '/v1/organizations/');
    expect(none.status).toBe(401);
    const narrow = await svc.pat(['orders:read']);
    expect((await svc.api('GET', '/v1/organizations/', { token: narrow })).status).toBe(403);
  });
});

describe('GET /v1/organizations/{id}', () => {
  it('returns every field of the organization with its type', async () => {
    for (const [token, id] of [
      [svc.alice, svc.demo.organization_id],
      [svc.bob, svc.demo.other.organization_id],
    ] as const) {
      const r = await svc.api('GET', `/v1/organizations/${id}`, { token });
      expect(r.status).toBe(200);
      expectShape(r.body, ORGANIZATION);
      expect(r.body.id).toBe(id);
    }
    expect(seeded).toMatchObject({
      name: 'Acme Software',
      slug: 'acme',
      modified_at: null,
      pledge_badge_show_amount: true,
      feature_settings: { issue_funding_enabled: false },
    });
  });

  it('answers 404 for an organization the token does not belong to', async () => {
    const r = await svc.api('GET', path, { token: svc.bob });
    expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
  });
});

describe('PATCH /v1/organizations/{id}', () => {
  it('changes the name and stamps modified_at', async () => {
    const r = await patch({ name: 'Acme Tools' });
    expect(r.status).toBe(200);
    expectShape(r.body, ORGANIZATION);
    expect(r.body).toEqual({ ...seeded, name: 'Acme Tools', modified_at: r.body.modified_at });
    expect(r.body.modified_at).not.toBeNull();
    const again = await svc.api('GET', path, { token: svc.alice });
    expect(again.body).toEqual(r.body);
  });

  it('merges profile_settings and feature_settings into the stored ones', async () => {
    const r = await patch({
      profile_settings: {
        description: 'Tools, now with more tools.',
        subscribe: { all: true },
        accent_color: '#ff0000',
      },
      feature_settings: { issue_funding_enabled: true },
      pledge_minimum_amount: 500,
      pledge_badge_show_amount: false,
      default_upfront_split_to_contributors: 20,
    });
    expect(r.status).toBe(200);
    expectShape(r.body, ORGANIZATION);
    expect(r.body.profile_settings).toEqual({
      ...seeded.profile_settings,
      description: 'Tools, now with more tools.',
      subscribe: { ...seeded.profile_settings.subscribe, all: true },
      accent_color: '#ff0000',
    });
    expect(r.body).toMatchObject({
      feature_settings: { issue_funding_enabled: true },
      pledge_minimum_amount: 500,
      pledge_badge_show_amount: false,
      default_upfront_split_to_contributors: 20,
      name: 'Acme Software',
    });
  });

  it('changes nothing for an empty body', async () => {
    const r = await patch({});
    expect(r.status).toBe(200);
    expect(r.body).toEqual(seeded);
  });

  it('refuses bad types and values with 422, changing nothing', async () => {
    const cases: [Record<string, unknown>, object][] = [
      [
        { name: 123 },
        {
          type: 'string_type',
          loc: ['body', 'name'],
          msg: 'Input should be a valid string',
          input: 123,
        },
      ],
      [
        { name: 'ab' },
        {
          type: 'string_too_short',
          loc: ['body', 'name'],
          msg: 'String should have at least 3 characters',
          input: 'ab',
          ctx: { min_length: 3 },
        },
      ],
      [
        { pledge_badge_show_amount: 'yes' },
        {
          type: 'bool_type',
          loc: ['body', 'pledge_badge_show_amount'],
          msg: 'Input should be a valid boolean',
          input: 'yes',
        },
      ],
      [
        { default_upfront_split_to_contributors: 101 },
        {
          type: 'less_than_equal',
          loc: ['body', 'default_upfront_split_to_contributors'],
          msg: 'Input should be less than or equal to 100',
          input: 101,
          ctx: { le: 100 },
        },
      ],
      [
        { profile_settings: 'public' },
        {
          type: 'dict_type',
          loc: ['body', 'profile_settings'],
          msg: 'Input should be a valid dictionary',
          input: 'public',
        },
      ],
      [
        { profile_settings: { enabled: 'on' } },
        {
          type: 'bool_type',
          loc: ['body', 'profile_settings', 'enabled'],
          msg: 'Input should be a valid boolean',
          input: 'on',
        },
      ],
      [
        { profile_settings: { featured_projects: ['nope'] } },
        {
          type: 'uuid_parsing',
          loc: ['body', 'profile_settings', 'featured_projects', 0],
          msg: 'Input should be a valid UUID',
          input: 'nope',
        },
      ],
      [
        { feature_settings: { issue_funding_enabled: 1 } },
        {
          type: 'bool_type',
          loc: ['body', 'feature_settings', 'issue_funding_enabled'],
          msg: 'Input should be a valid boolean',
          input: 1,
        },
      ],
    ];
    for (const [body, item] of cases) {
      const r = await patch(body);
      expect([body, r.status, r.body]).toEqual([body, 422, invalid(item as never)]);
    }
    const links = await patch({ profile_settings: { links: ['ftp://acme.example'] } });
    expect(links.status).toBe(422);
    expect(links.body.detail[0].loc).toEqual(['body', 'profile_settings', 'links', 0]);
    const after = await svc.api('GET', path, { token: svc.alice });
    expect(after.body).toEqual(seeded);
  });

  it('needs organizations:write, and hides other organizations', async () => {
    const read = await svc.pat(['organizations:read']);
    const r = await patch({ name: 'Nope' }, read);
    expect([r.status, r.body]).toEqual([403, insufficientScope(['organizations:write'])]);
    const bob = await patch({ name: 'Nope' }, svc.bob);
    expect([bob.status, bob.body]).toEqual([404, NOT_FOUND]);
    const after = await svc.api('GET', path, { token: svc.alice });
    expect(after.body.name).toBe('Acme Software');
  });
});
