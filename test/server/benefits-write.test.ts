// POST /v1/benefits/, PATCH and DELETE /v1/benefits/{id} (the real service's benefit writes at the
// spec's generation): custom and license_keys benefits, the real validation, scopes, other
// organizations, and each write's events in order as the outbox stored them — benefit.created;
// benefit.updated, then benefit_grant.updated per live grant when a license key's limits change;
// benefit.updated, then benefit_grant.revoked per live grant on delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENEFIT_FULL,
  BUYER,
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  notPermitted,
  type Service,
  startService,
  UNAUTHORIZED,
} from './helpers.js';
import { login } from './oauth/helpers.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let svc: Service;
let orgToken: string;
let seq = 0;
const acmeOrg = () => svc.demo.organization_id;

const create = (body: Record<string, unknown>, token = svc.alice) =>
  svc.api('POST', '/v1/benefits/', {
    token,
    body: token === svc.alice ? { organization_id: acmeOrg(), ...body } : body,
  });
const patch = (id: string, body: unknown, token = svc.alice) =>
  svc.api('PATCH', `/v1/benefits/${id}`, { token, body });
const remove = (id: string, token = svc.alice) =>
  svc.api('DELETE', `/v1/benefits/${id}`, { token });
const get = (id: string, token = svc.alice) => svc.api('GET', `/v1/benefits/${id}`, { token });
const custom = (description: string, note: string | null = 'A note') => ({
  type: 'custom',
  description,
  properties: { note },
});

/** The events stored since the last call: [type, data.id] and the data. */
function newEvents(): { kinds: [string, string][]; data: Json[] } {
  const rows = svc.running.store.all<{ seq: number; type: string; payload: string }>(
    'SELECT seq, type, payload FROM events WHERE seq > ? ORDER BY seq',
    seq,
  );
  if (rows.length) seq = rows.at(-1)!.seq;
  const data = rows.map((r) => JSON.parse(r.payload).data);
  return { kinds: rows.map((r, i) => [r.type, data[i].id]), data };
}

async function ok(r: Promise<{ status: number; body: Json; text: string }>, status = 200) {
  const res = await r;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

/** Buys the product of a demo open checkout; the grants its benefits gave. */
async function buy(checkoutId: string, email: string) {
  const c = await ok(svc.api('GET', `/v1/checkouts/custom/${checkoutId}`, { token: svc.alice }));
  await ok(
    svc.api('POST', `/v1/checkouts/custom/client/${c.client_secret}/confirm`, {
      body: { ...BUYER, confirmation_token_id: 'tok_visa', customer_email: email },
    }),
  );
  return newEvents().data.filter((d) => d.benefit_id !== undefined && d.is_granted !== undefined);
}

const key = (id: string) => ok(svc.api('GET', `/v1/license-keys/${id}`, { token: svc.alice }));
const listed = async () =>
  (await ok(svc.api('GET', '/v1/benefits/', { token: svc.alice, query: { limit: 100 } }))).items;

beforeAll(async () => {
  svc = await startService();
  const ctx = { svc: svc.running, base: svc.url, demo: svc.demo };
  orgToken = (
    await login(
      ctx,
      { sub_type: 'organization', scope: 'benefits:read benefits:write' },
      { organization: acmeOrg() },
    )
  ).access_token;
  newEvents();
});
afterAll(() => svc.stop());

describe('POST /v1/benefits/', () => {
  it('creates a custom benefit: 201, the Benefit form, listed and read, benefit.created', async () => {
    const b = await ok(create(custom('Onboarding call')), 201);
    expectShape(b, BENEFIT_FULL);
    expect(b).toMatchObject({
      type: 'custom',
      description: 'Onboarding call',
      selectable: true,
      deletable: true,
      organization_id: acmeOrg(),
      properties: { note: 'A note' },
      is_tax_applicable: true,
      modified_at: null,
    });
    expect(await ok(get(b.id))).toEqual(b);
    expect((await listed()).map((x: Json) => x.id)).toContain(b.id);
    const events = newEvents();
    expect(events.kinds).toEqual([['benefit.created', b.id]]);
    expect(events.data[0]).toEqual(b);
    // Without a note: stored as null, as the real service's model_dump does.
    const bare = await ok(create({ type: 'custom', description: 'Bare', properties: {} }), 201);
    expect(bare.properties).toEqual({ note: null });
    newEvents();
  });

  it('creates a license_keys benefit with every property, unsent ones null', async () => {
    const props = {
      prefix: 'NEW',
      expires: { ttl: 2, timeframe: 'month' },
      activations: { limit: 50, enable_customer_admin: true },
      limit_usage: 10,
    };
    const full = await ok(
      create({ type: 'license_keys', description: 'Keys', properties: props }, orgToken),
      201,
    );
    expect([full.organization_id, full.properties]).toEqual([acmeOrg(), props]);
    expect('is_tax_applicable' in full).toBe(false);
    const some = await ok(
      create({ type: 'license_keys', description: 'Few keys', properties: { prefix: 'X' } }),
      201,
    );
    expect(some.properties).toEqual({
      prefix: 'X',
      expires: null,
      activations: null,
      limit_usage: null,
    });
    expect(newEvents().kinds).toEqual([
      ['benefit.created', full.id],
      ['benefit.created', some.id],
    ]);
  });

  it('refuses the description out of 3..42 characters, under the tag', async () => {
    const short = await create(custom('ab'));
    expect([short.status, short.body]).toEqual([
      422,
      invalid({
        type: 'string_too_short',
        loc: ['body', 'custom', 'description'],
        msg: 'String should have at least 3 characters',
        input: 'ab',
        ctx: { min_length: 3 },
      }),
    ]);
    const long = await create({
      type: 'license_keys',
      description: 'x'.repeat(43),
      properties: {},
    });
    expect([long.status, long.body]).toEqual([
      422,
      invalid({
        type: 'string_too_long',
        loc: ['body', 'license_keys', 'description'],
        msg: 'String should have at most 42 characters',
        input: 'x'.repeat(43),
        ctx: { max_length: 42 },
      }),
    ]);
    const missing = await create({ type: 'custom', description: 'No properties' });
    expect(missing.body.detail).toEqual([
      {
        type: 'missing',
        loc: ['body', 'custom', 'properties'],
        msg: 'Field required',
        input: { type: 'custom', description: 'No properties', organization_id: acmeOrg() },
      },
    ]);
    expect(newEvents().kinds).toEqual([]);
  });

  it('refuses license-key properties as the real schema does', async () => {
    const lk = (properties: unknown) =>
      create({ type: 'license_keys', description: 'Keys', properties });
    const over = await lk({ activations: { limit: 51, enable_customer_admin: false } });
    expect(over.body).toEqual(
      invalid({
        type: 'less_than_equal',
        loc: ['body', 'license_keys', 'properties', 'activations', 'limit'],
        msg: 'Input should be less than or equal to 50',
        input: 51,
        ctx: { le: 50 },
      }),
    );
    const zero = await lk({ expires: { ttl: 0, timeframe: 'week' }, limit_usage: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.detail).toEqual([
      {
        type: 'greater_than',
        loc: ['body', 'license_keys', 'properties', 'expires', 'ttl'],
        msg: 'Input should be greater than 0',
        input: 0,
        ctx: { gt: 0 },
      },
      {
        type: 'literal_error',
        loc: ['body', 'license_keys', 'properties', 'expires', 'timeframe'],
        msg: "Input should be 'year', 'month' or 'day'",
        input: 'week',
        ctx: { expected: "'year', 'month' or 'day'" },
      },
      {
        type: 'greater_than',
        loc: ['body', 'license_keys', 'properties', 'limit_usage'],
        msg: 'Input should be greater than 0',
        input: 0,
        ctx: { gt: 0 },
      },
    ]);
    const notObject = await lk('keys');
    expect(notObject.body.detail[0]).toMatchObject({
      type: 'model_attributes_type',
      loc: ['body', 'license_keys', 'properties'],
    });
  });

  it('refuses a missing or unknown type, and the types the sandbox cannot grant', async () => {
    const none = await create({ description: 'Typeless', properties: {} });
    expect(none.body).toEqual(
      invalid({
        type: 'union_tag_not_found',
        loc: ['body'],
        msg: "Unable to extract tag using discriminator 'type'",
        input: { description: 'Typeless', properties: {}, organization_id: acmeOrg() },
        ctx: { discriminator: "'type'" },
      }),
    );
    const odd = await create({ type: 'webhook', description: 'Odd', properties: {} });
    expect(odd.body.detail[0]).toMatchObject({
      type: 'union_tag_invalid',
      loc: ['body'],
      ctx: { discriminator: "'type'", tag: 'webhook' },
    });
    expect(odd.body.detail[0].ctx.expected_tags).toBe(
      "<BenefitType.custom: 'custom'>, <BenefitType.ads: 'ads'>, <BenefitType.discord: 'discord'>, <BenefitType.github_repository: 'github_repository'>, <BenefitType.downloadables: 'downloadables'>, <BenefitType.license_keys: 'license_keys'>",
    );
    for (const type of ['ads', 'discord', 'github_repository', 'downloadables']) {
      const r = await create({ type, description: 'Elsewhere', properties: {} });
      expect([r.status, r.body.detail], type).toEqual([
        422,
        [
          {
            type: 'value_error',
            loc: ['body', 'type'],
            msg: `Value error, benefits of type ${type} are not available in the local sandbox (custom and license_keys are).`,
            input: type,
            ctx: { error: {} },
          },
        ],
      ]);
    }
    expect(newEvents().kinds).toEqual([]);
  });

  it('takes organization_id as products do', async () => {
    const body = custom('Orgless');
    const missing = await svc.api('POST', '/v1/benefits/', { token: svc.alice, body });
    expect(missing.body).toEqual(
      invalid({
        type: 'missing',
        loc: ['body', 'organization_id'],
        msg: 'organization_id is required.',
        input: null,
      }),
    );
    const named = await create({ ...body, organization_id: acmeOrg() }, orgToken);
    expect(named.body).toEqual(
      invalid({
        type: 'organization_token',
        loc: ['body', 'organization_id'],
        msg: 'Setting organization_id is disallowed when using an organization token.',
        input: acmeOrg(),
      }),
    );
    const other = svc.demo.other.organization_id;
    const foreign = await create({ ...body, organization_id: other });
    expect(foreign.body).toEqual(
      invalid({
        type: 'value_error',
        loc: ['body', 'organization_id'],
        msg: 'Organization not found.',
        input: other,
      }),
    );
    const malformed = await create({ ...body, organization_id: 'acme' });
    expect(malformed.body.detail[0]).toMatchObject({
      type: 'uuid_parsing',
      loc: ['body', 'custom', 'organization_id'],
    });
    expect(newEvents().kinds).toEqual([]);
  });

  it('needs benefits:write', async () => {
    const read = await create(custom('Scoped'), await svc.pat(['benefits:read']));
    expect([read.status, read.body]).toEqual([403, insufficientScope(['benefits:write'])]);
    const none = await svc.api('POST', '/v1/benefits/', { body: custom('Anonymous') });
    expect([none.status, none.body]).toEqual([401, UNAUTHORIZED]);
  });
});

describe('PATCH /v1/benefits/{id}', () => {
  it('changes the description and the note: benefit.updated, no grant updated', async () => {
    const b = await ok(create(custom('Before')), 201);
    newEvents();
    const r = await ok(patch(b.id, { type: 'custom', description: 'After' }));
    expect(r).toMatchObject({ id: b.id, description: 'After', properties: { note: 'A note' } });
    expect(r.modified_at).not.toBeNull();
    const note = await ok(patch(b.id, { type: 'custom', properties: { note: null } }, orgToken));
    expect(note).toMatchObject({ description: 'After', properties: { note: null } });
    expect(await ok(get(b.id))).toEqual(note);
    const events = newEvents();
    expect(events.kinds).toEqual([
      ['benefit.updated', b.id],
      ['benefit.updated', b.id],
    ]);
    expect(events.data[1]).toEqual(note);
  });

  it('refuses a change of type (400), and the types the sandbox cannot update (422)', async () => {
    const b = await ok(create(custom('Typed')), 201);
    const r = await patch(b.id, { type: 'license_keys', description: 'Now keys' });
    expect([r.status, r.body]).toEqual([
      400,
      { error: 'BadRequest', detail: "The type of a benefit can't be changed." },
    ]);
    const ads = (await listed()).find((x: Json) => x.type === 'ads');
    const a = await patch(ads.id, { type: 'ads', description: 'New logo slot' });
    expect([a.status, a.body.detail[0].loc]).toEqual([422, ['body', 'type']]);
    expect((await ok(get(ads.id))).description).toBe(ads.description);
    newEvents();
  });

  it('reports every member of the update union when none fits', async () => {
    const b = await ok(create(custom('Union')), 201);
    newEvents();
    const r = await patch(b.id, { type: 'custom', description: 'ab' });
    expect(r.status).toBe(422);
    const members = [
      'BenefitAdsUpdate',
      'BenefitCustomUpdate',
      'BenefitDiscordUpdate',
      'BenefitGitHubRepositoryUpdate',
      'BenefitDownloadablesUpdate',
      'BenefitLicenseKeysUpdate',
    ];
    expect(r.body.detail.map((d: Json) => d.loc)).toEqual(
      members.flatMap((m) =>
        m === 'BenefitCustomUpdate'
          ? [['body', m, 'description']]
          : [
              ['body', m, 'description'],
              ['body', m, 'type'],
            ],
      ),
    );
    expect(r.body.detail[1]).toEqual({
      type: 'literal_error',
      loc: ['body', 'BenefitAdsUpdate', 'type'],
      msg: "Input should be <BenefitType.ads: 'ads'>",
      input: 'custom',
      ctx: { expected: "<BenefitType.ads: 'ads'>" },
    });
    // A custom benefit's update properties need `note` (BenefitCustomProperties).
    const noNote = await patch(b.id, { type: 'custom', properties: {} });
    expect(noNote.body.detail).toContainEqual({
      type: 'missing',
      loc: ['body', 'BenefitCustomUpdate', 'properties', 'note'],
      msg: 'Field required',
      input: {},
    });
    expect(newEvents().kinds).toEqual([]);
  });

  it('updates the license keys of every live grant when the limits change', async () => {
    const grants = await buy(svc.demo.open_checkout_ids[0]!, 'limits@example.com');
    const grant = grants.find((g) => g.benefit.type === 'license_keys');
    const benefitId: string = grant.benefit_id;
    const before = await key(grant.properties.license_key_id);
    expect([before.limit_activations, before.expires_at]).toEqual([3, null]);

    // The prefix alone is not a limit: no grant is touched.
    const prefix = { prefix: 'ACME2', activations: { limit: 3, enable_customer_admin: true } };
    await ok(patch(benefitId, { type: 'license_keys', properties: prefix }));
    expect(newEvents().kinds).toEqual([['benefit.updated', benefitId]]);

    const props = {
      prefix: 'ACME2',
      expires: { ttl: 2, timeframe: 'day' },
      activations: { limit: 7, enable_customer_admin: true },
      limit_usage: 100,
    };
    const t0 = Date.now();
    const b = await ok(patch(benefitId, { type: 'license_keys', properties: props }));
    expect(b.properties).toEqual(props);
    const events = newEvents();
    expect(events.kinds).toEqual([
      ['benefit.updated', benefitId],
      ['benefit_grant.updated', grant.id],
    ]);
    expect(events.data[1]).toMatchObject({
      benefit: b,
      is_granted: true,
      is_revoked: false,
      properties: grant.properties,
    });
    const after = await key(grant.properties.license_key_id);
    expect([after.limit_activations, after.limit_usage, after.status, after.key]).toEqual([
      7,
      100,
      'granted',
      before.key,
    ]);
    const expires = Date.parse(after.expires_at) - t0;
    expect(Math.abs(expires - 2 * 86_400_000)).toBeLessThan(60_000);
  });

  it('answers 404 for another organization’s or an unknown benefit, 403 without the scope', async () => {
    const globex = (
      await ok(svc.api('GET', '/v1/benefits/', { token: svc.bob, query: { limit: 1 } }))
    ).items[0];
    const body = { type: globex.type, description: 'Taken over' };
    for (const id of [globex.id, UNKNOWN]) {
      const r = await patch(id, body);
      expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
    }
    const read = await patch(globex.id, body, await svc.pat(['benefits:read'], 'bob@globex.test'));
    expect([read.status, read.body]).toEqual([403, insufficientScope(['benefits:write'])]);
    expect(newEvents().kinds).toEqual([]);
  });
});

describe('DELETE /v1/benefits/{id}', () => {
  it('hides the benefit, takes it off its products and revokes its live grants', async () => {
    const grants = await buy(svc.demo.open_checkout_ids[1]!, 'gone@example.com');
    const [grant] = grants;
    const benefitId: string = grant.benefit_id;
    const products = (
      await ok(svc.api('GET', '/v1/products/', { token: svc.alice, query: { limit: 100 } }))
    ).items;
    const desktop = products.find((p: Json) => p.benefits.some((x: Json) => x.id === benefitId));
    const r = await remove(benefitId);
    expect([r.status, r.text]).toEqual([204, '']);
    const events = newEvents();
    expect(events.kinds).toEqual([
      ['benefit.updated', benefitId],
      ['benefit_grant.revoked', grant.id],
    ]);
    expect(events.data[1]).toMatchObject({ is_revoked: true, benefit_id: benefitId });
    expect((await get(benefitId)).status).toBe(404);
    expect((await listed()).map((x: Json) => x.id)).not.toContain(benefitId);
    const product = await ok(svc.api('GET', `/v1/products/${desktop.id}`, { token: svc.alice }));
    expect(product.benefits).toEqual([]);
    expect((await key(grant.properties.license_key_id)).status).toBe('revoked');
    expect((await remove(benefitId)).status).toBe(404);
    expect((await patch(benefitId, { type: 'license_keys' })).status).toBe(404);
    expect(newEvents().kinds).toEqual([]);
  });

  it('deletes a benefit nobody holds: benefit.updated only', async () => {
    const b = await ok(create(custom('Short-lived'), orgToken), 201);
    newEvents();
    expect((await remove(b.id, orgToken)).status).toBe(204);
    expect(newEvents().kinds).toEqual([['benefit.updated', b.id]]);
  });

  it('refuses a benefit that is not deletable (403), others’ and unknown ones (404)', async () => {
    const b = await ok(create(custom('Permanent')), 201);
    // A state the API cannot make (the real service's built-in benefits), so no event.
    const { store } = svc.running;
    store.tx((tx) => {
      tx.unannounced('benefits');
      store.update('benefits', b.id, { deletable: 0 }, new Date().toISOString());
    });
    newEvents();
    const r = await remove(b.id);
    expect([r.status, r.body]).toEqual([403, notPermitted('Not permitted')]);
    expect((await get(b.id)).status).toBe(200);
    const globex = (await ok(svc.api('GET', '/v1/benefits/', { token: svc.bob }))).items[0];
    for (const id of [globex.id, UNKNOWN]) {
      const other = await remove(id);
      expect([other.status, other.body]).toEqual([404, NOT_FOUND]);
    }
    const read = await remove(b.id, await svc.pat(['benefits:read']));
    expect([read.status, read.body]).toEqual([403, insufficientScope(['benefits:write'])]);
    expect(newEvents().kinds).toEqual([]);
  });
});
