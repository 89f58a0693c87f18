// Custom fields in the seed's generation (no Polar-Version), which served them too
// (custom_field/endpoints.py at f179ede58c), where the SDK's 2026-10 harness cannot go: the
// seed's list ordered by the sort property's name, a constant (service.py list at f179ede58c:
// `clause_function(CustomFieldSortProperty.slug)`), so rows come as written whatever the sorting;
// its properties took no null or "" (StripUnsetProperties came later: c6c3645e drops them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, startService } from './helpers.js';

let svc: Service;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.stop());

const TODAY = { 'polar-version': '2026-10' };

describe("custom fields in the seed's generation (f179ede58c)", () => {
  it('lists the rows as written, whatever the sorting; today sorts by slug', async () => {
    const query = { sorting: '-slug', limit: 100 };
    const seed = await svc.api('GET', '/v1/custom-fields/', { token: svc.alice, query });
    expect(seed.status).toBe(200);
    const written = svc.running.store
      .all<{ slug: string }>(
        'SELECT slug FROM custom_fields WHERE organization_id = ? ORDER BY rowid',
        svc.demo.organization_id,
      )
      .map((r) => r.slug);
    expect(seed.body.items.map((f: { slug: string }) => f.slug)).toEqual(written);
    const today = await svc.api('GET', '/v1/custom-fields/', {
      token: svc.alice,
      query,
      headers: TODAY,
    });
    expect(today.body.items.map((f: { slug: string }) => f.slug)).toEqual(
      [...written].sort().reverse(),
    );
  });

  it('refuses a property sent as null, which today drops', async () => {
    const body = (slug: string) => ({
      type: 'text',
      slug,
      name: 'Nickname',
      organization_id: svc.demo.organization_id,
      properties: { form_label: 'Nickname', form_placeholder: null },
    });
    const seed = await svc.api('POST', '/v1/custom-fields/', {
      token: svc.alice,
      body: body('nick'),
    });
    expect(seed.status).toBe(422);
    expect(seed.body.detail[0].loc).toEqual(['body', 'text', 'properties', 'form_placeholder']);
    const today = await svc.api('POST', '/v1/custom-fields/', {
      token: svc.alice,
      body: body('nick'),
      headers: TODAY,
    });
    expect(today.status).toBe(201);
    expect(today.body.properties).toEqual({ form_label: 'Nickname' });
  });

  it('creates, updates and deletes in the same form', async () => {
    const created = await svc.api('POST', '/v1/custom-fields/', {
      token: svc.alice,
      body: {
        type: 'checkbox',
        slug: 'gift',
        name: 'Gift',
        organization_id: svc.demo.organization_id,
        properties: {},
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const today = await svc.api('GET', `/v1/custom-fields/${id}`, {
      token: svc.alice,
      headers: TODAY,
    });
    expect(today.body).toEqual(created.body);
    const renamed = await svc.api('PATCH', `/v1/custom-fields/${id}`, {
      token: svc.alice,
      body: { type: 'checkbox', name: 'A gift' },
    });
    expect(renamed.body).toMatchObject({ id, name: 'A gift', slug: 'gift' });
    expect((await svc.api('DELETE', `/v1/custom-fields/${id}`, { token: svc.alice })).status).toBe(
      204,
    );
    expect((await svc.api('GET', `/v1/custom-fields/${id}`, { token: svc.alice })).status).toBe(
      404,
    );
  });
});
