// License keys (spec endpoints 7–11 and the validate/deactivate companions): the admin and
// customer-portal forms, PATCH, and the activation rules, in order, under concurrency too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIVATION,
  ACTIVATION_WITH_KEY,
  allPages,
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  LICENSE_KEY,
  LICENSE_KEY_WITH_ACTIVATIONS,
  NOT_FOUND,
  notPermitted,
  page,
  type Service,
  startService,
  VALIDATED_LICENSE_KEY,
} from './helpers.js';

let svc: Service;
let org: string;
/** The demo key: granted, limit_activations 3, no activations. */
let demoKey: Json;

const KEY_NOT_FOUND = { error: 'ResourceNotFound', detail: 'License key not found.' };
const LIMIT_REACHED = notPermitted('License key activation limit already reached');

beforeAll(async () => {
  svc = await startService();
  org = svc.demo.organization_id;
});
beforeEach(async () => {
  await svc.reset();
  demoKey = (await adminKeys()).find((k) => k.key === svc.demo.license_key);
});
afterAll(() => svc.stop());

const adminKeys = (query: Record<string, string | string[]> = {}) =>
  allPages(svc.api, '/v1/license-keys', { token: svc.alice, query });
const patchKey = (id: string, body: unknown, token = svc.alice) =>
  svc.api('PATCH', `/v1/license-keys/${id}`, { token, body });
const activate = (key: string, label: string, extra: Record<string, unknown> = {}) =>
  svc.api('POST', '/v1/customer-portal/license-keys/activate', {
    body: { key, organization_id: org, label, ...extra },
  });
const validate = (body: Record<string, unknown>) =>
  svc.api('POST', '/v1/customer-portal/license-keys/validate', {
    body: { key: svc.demo.license_key, organization_id: org, ...body },
  });
const deactivate = (activationId: string, key = svc.demo.license_key) =>
  svc.api('POST', '/v1/customer-portal/license-keys/deactivate', {
    body: { key, organization_id: org, activation_id: activationId },
  });
const portalKey = async (id: string, customerId: string) =>
  svc.api('GET', `/v1/customer-portal/license-keys/${id}`, {
    token: await svc.customerSession(customerId),
  });

describe('GET /v1/license-keys', () => {
  it("lists the organization's keys, oldest first, every field present", async () => {
    const r = await svc.api('GET', '/v1/license-keys', { token: svc.alice, query: { limit: 100 } });
    expect(r.status).toBe(200);
    expectShape(r.body, page(LICENSE_KEY));
    const items: Json[] = r.body.items;
    expect(items.length).toBe(r.body.pagination.total_count);
    expect(items.every((k) => k.organization_id === org)).toBe(true);
    // The form has no created_at; the seed's insertion order is the creation order.
    const order = svc.running.store.all<{ id: string }>(
      'SELECT id FROM license_keys WHERE organization_id = ? ORDER BY created_at, seq',
      org,
    );
    expect(items.map((k) => k.id)).toEqual(order.map((k) => k.id));
    for (const k of items) {
      expect(k.display_key).toBe(`****-${k.key.slice(-6)}`);
      expect(k.customer_id).toBe(k.customer.id);
      expect(k.key).toMatch(
        /^(ACME|DESK)-[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/,
      );
    }
    expect(demoKey).toMatchObject({
      status: 'granted',
      limit_activations: 3,
      usage: 0,
      validations: 0,
      last_validated_at: null,
      expires_at: null,
    });
    // No sorting parameter here: an unknown query parameter is ignored.
    const sorted = await svc.api('GET', '/v1/license-keys', {
      token: svc.alice,
      query: { limit: 100, sorting: '-created_at' },
    });
    expect(sorted.body.items.map((k: Json) => k.id)).toEqual(items.map((k) => k.id));
  });

  it('filters by benefit_id and organization_id, and pages', async () => {
    const all = await adminKeys();
    const benefits = [...new Set(all.map((k) => k.benefit_id))];
    expect(benefits.length).toBe(2);
    const one = await adminKeys({ benefit_id: benefits[0]! });
    expect(one.map((k) => k.id)).toEqual(
      all.filter((k) => k.benefit_id === benefits[0]).map((k) => k.id),
    );
    const both = await adminKeys({ benefit_id: benefits as string[] });
    expect(both.length).toBe(all.length);
    expect((await adminKeys({ organization_id: org })).length).toBe(all.length);
    expect(await adminKeys({ organization_id: svc.demo.other.organization_id })).toEqual([]);
    const paged = await allPages(svc.api, '/v1/license-keys', { token: svc.alice, limit: 3 });
    expect(paged.map((k) => k.id)).toEqual(all.map((k) => k.id));
    const bad = await svc.api('GET', '/v1/license-keys', {
      token: svc.alice,
      query: { page: '0' },
    });
    expect(bad.status).toBe(422);
  });
});

describe('PATCH /v1/license-keys/{id}', () => {
  it('changes only the sent fields; null clears a limit or the expiry', async () => {
    const expires = '2031-01-02T03:04:05.000Z';
    const r = await patchKey(demoKey.id, {
      status: 'disabled',
      usage: 7,
      limit_usage: 100,
      limit_activations: 10,
      expires_at: '2031-01-02T05:04:05+02:00',
    });
    expect(r.status).toBe(200);
    expectShape(r.body, LICENSE_KEY);
    expect(r.body).toEqual({
      ...demoKey,
      status: 'disabled',
      usage: 7,
      limit_usage: 100,
      limit_activations: 10,
      expires_at: expires,
    });
    const cleared = await patchKey(demoKey.id, { limit_activations: null, expires_at: null });
    expect(cleared.body).toEqual({
      ...r.body,
      limit_activations: null,
      expires_at: null,
    });
    const untouched = await patchKey(demoKey.id, {});
    expect(untouched.body).toEqual(cleared.body);
    const again = (await adminKeys()).find((k) => k.id === demoKey.id);
    expect(again).toEqual(cleared.body);
  });

  it('refuses out-of-range and mistyped values with 422', async () => {
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [{ status: 'paused' }, ['body', 'status'], 'enum'],
      [{ usage: -1 }, ['body', 'usage'], 'greater_than_equal'],
      [{ usage: 1.5 }, ['body', 'usage'], 'int_type'],
      [{ limit_activations: 0 }, ['body', 'limit_activations'], 'greater_than_equal'],
      [{ limit_activations: 51 }, ['body', 'limit_activations'], 'less_than_equal'],
      [{ limit_usage: 0 }, ['body', 'limit_usage'], 'greater_than'],
      [{ expires_at: 'tomorrow' }, ['body', 'expires_at'], 'datetime_from_date_parsing'],
    ];
    for (const [body, loc, type] of cases) {
      const r = await patchKey(demoKey.id, body);
      expect([body, r.status, r.body.detail?.[0]?.loc, r.body.detail?.[0]?.type]).toEqual([
        body,
        422,
        loc,
        type,
      ]);
    }
    const exact = await patchKey(demoKey.id, { limit_activations: 51 });
    expect(exact.body).toEqual(
      invalid({
        type: 'less_than_equal',
        loc: ['body', 'limit_activations'],
        msg: 'Input should be less than or equal to 50',
        input: 51,
        ctx: { le: 50 },
      }),
    );
  });

  it('needs license_keys:write and hides other organizations', async () => {
    const read = await svc.pat(['license_keys:read']);
    const r = await patchKey(demoKey.id, { usage: 1 }, read);
    expect([r.status, r.body]).toEqual([403, insufficientScope(['license_keys:write'])]);
    const bob = await patchKey(demoKey.id, { usage: 1 }, svc.bob);
    expect([bob.status, bob.body]).toEqual([404, NOT_FOUND]);
  });
});

describe('GET /v1/license-keys/{id} and /activations/{activation_id}', () => {
  const get = (path: string, token = svc.alice) =>
    svc.api('GET', `/v1/license-keys/${path}`, { token });

  it('gets a key of the seller with its live activations, as in the list plus activations', async () => {
    const keys = await adminKeys();
    const janes = keys.filter((k) => k.customer_id === demoKey.customer_id && k.id !== demoKey.id);
    const first = await activate(svc.demo.license_key, 'laptop');
    await activate(svc.demo.license_key, 'desktop');
    await deactivate(first.body.id);
    const r = await get(demoKey.id);
    expect(r.status).toBe(200);
    expectShape(r.body, LICENSE_KEY_WITH_ACTIVATIONS);
    const { activations, ...key } = r.body;
    expect(key).toEqual(demoKey);
    expect(activations.map((a: Json) => a.label)).toEqual(['desktop']);
    // The demo key with two activations among jane's others, read with a license_keys:read token.
    const read = await svc.pat(['license_keys:read']);
    const withTwo: Json[] = [];
    for (const k of janes) {
      const got = await get(k.id, read);
      expect(got.status).toBe(200);
      if (got.body.activations.length) withTwo.push(got.body);
    }
    // Both made at the same instant: oldest first, the tie in any order.
    expect(withTwo.map((k) => k.activations.map((a: Json) => a.label).sort())).toEqual([
      ['jane-macbook', 'jane-workstation'],
    ]);
    for (const a of withTwo[0].activations) expectShape(a, ACTIVATION);
  });

  it('gets one live activation with its key (without activations)', async () => {
    const made = await activate(svc.demo.license_key, 'laptop', { meta: { os: 'linux' } });
    const r = await get(
      `${demoKey.id}/activations/${made.body.id}`,
      await svc.pat(['license_keys:write']),
    );
    expect(r.status).toBe(200);
    expectShape(r.body, ACTIVATION_WITH_KEY);
    expect(r.body).toEqual(made.body);
    expect(r.body.license_key).toEqual(demoKey);
    await deactivate(made.body.id);
    const gone = await get(`${demoKey.id}/activations/${made.body.id}`);
    expect([gone.status, gone.body]).toEqual([404, NOT_FOUND]);
  });

  it('404 for another organization’s key, another key’s activation or unknown ids; 422 for bad ones', async () => {
    const made = await activate(svc.demo.license_key, 'laptop');
    const other = (await adminKeys()).find((k) => k.id !== demoKey.id)!;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [path, token] of [
      [demoKey.id, svc.bob],
      [`${demoKey.id}/activations/${made.body.id}`, svc.bob],
      [`${other.id}/activations/${made.body.id}`, svc.alice],
      [unknown, svc.alice],
      [`${demoKey.id}/activations/${unknown}`, svc.alice],
    ] as const) {
      const r = await get(path, token);
      expect([path, r.status, r.body]).toEqual([path, 404, NOT_FOUND]);
    }
    const bad = await get(`${demoKey.id}/activations/nope`);
    expect([bad.status, bad.body]).toEqual([
      422,
      invalid({
        type: 'uuid_parsing',
        loc: ['path', 'activation_id'],
        msg: 'Input should be a valid UUID',
        input: 'nope',
      }),
    ]);
    const badKey = await get('nope');
    expect(badKey.body.detail[0].loc).toEqual(['path', 'id']);
  });

  it('needs license_keys:read or :write; customer sessions get 401', async () => {
    const none = await svc.pat(['orders:read']);
    for (const path of [demoKey.id, `${demoKey.id}/activations/${demoKey.id}`]) {
      const r = await get(path, none);
      expect([r.status, r.body]).toEqual([
        403,
        insufficientScope(['license_keys:read', 'license_keys:write']),
      ]);
      const session = await get(path, await svc.customerSession(demoKey.customer_id));
      expect(session.status).toBe(401);
    }
  });
});

describe('customer portal', () => {
  it("lists and gets the customer's keys; activations only on get-by-id", async () => {
    const token = await svc.customerSession(demoKey.customer_id);
    const list = await svc.api('GET', '/v1/customer-portal/license-keys/', { token });
    expect(list.status).toBe(200);
    expectShape(list.body, page(LICENSE_KEY));
    expect(list.body.items.length).toBeGreaterThanOrEqual(3);
    expect(list.body.items.every((k: Json) => k.customer_id === demoKey.customer_id)).toBe(true);
    const withActs = list.body.items.find(
      (k: Json) =>
        k.id ===
        svc.running.store.get<{ id: string }>(
          "SELECT license_key_id AS id FROM license_key_activations WHERE label = 'jane-macbook'",
        )!.id,
    );

    const one = await svc.api('GET', `/v1/customer-portal/license-keys/${demoKey.id}`, { token });
    expect(one.status).toBe(200);
    expectShape(one.body, LICENSE_KEY_WITH_ACTIVATIONS);
    expect(one.body).toEqual({ ...demoKey, activations: [] });

    const two = await svc.api('GET', `/v1/customer-portal/license-keys/${withActs.id}`, { token });
    expectShape(two.body, LICENSE_KEY_WITH_ACTIVATIONS);
    expect(two.body.activations.map((a: Json) => a.label).sort()).toEqual([
      'jane-macbook',
      'jane-workstation',
    ]);
    expect(two.body.activations[0].license_key_id).toBe(withActs.id);
  });

  it('filters by benefit_id and organization_id', async () => {
    const token = await svc.customerSession(demoKey.customer_id);
    const all = await allPages(svc.api, '/v1/customer-portal/license-keys/', { token });
    const r = await allPages(svc.api, '/v1/customer-portal/license-keys/', {
      token,
      query: { benefit_id: demoKey.benefit_id },
    });
    expect(r.map((k) => k.id)).toEqual(
      all.filter((k) => k.benefit_id === demoKey.benefit_id).map((k) => k.id),
    );
    const other = await allPages(svc.api, '/v1/customer-portal/license-keys/', {
      token,
      query: { organization_id: svc.demo.other.organization_id },
    });
    expect(other).toEqual([]);
  });

  it("answers 404 for another customer's key", async () => {
    const other = (await adminKeys()).find((k) => k.customer_id !== demoKey.customer_id);
    const r = await portalKey(other.id, demoKey.customer_id);
    expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
  });

  it("shows a user's keys across organizations with a personal access token", async () => {
    const r = await svc.api('GET', '/v1/customer-portal/license-keys/', { token: svc.alice });
    expect(r.status).toBe(200);
    expectShape(r.body, page(LICENSE_KEY));
    expect(r.body.items.length).toBeGreaterThan(0);
    for (const k of r.body.items) {
      expect(k.organization_id).toBe(svc.demo.other.organization_id);
      expect(k.user).toMatchObject({ email: 'alice@acme.test' });
      expect(k.user).not.toHaveProperty('code_host_username');
    }
  });
});

describe('activate, validate, deactivate', () => {
  it('activates up to the limit, then 403; deactivate frees a slot', async () => {
    const first = await activate(svc.demo.license_key, 'laptop', { meta: { os: 'linux' } });
    expect(first.status).toBe(200);
    expectShape(first.body, ACTIVATION_WITH_KEY);
    expect(first.body).toMatchObject({
      label: 'laptop',
      meta: { os: 'linux' },
      license_key_id: demoKey.id,
      license_key: { id: demoKey.id, key: svc.demo.license_key, validations: 0, usage: 0 },
    });
    expect(first.body.license_key).not.toHaveProperty('activations');
    for (const label of ['desktop', 'server']) {
      expect((await activate(svc.demo.license_key, label)).status).toBe(200);
    }
    const fourth = await activate(svc.demo.license_key, 'tablet');
    expect([fourth.status, fourth.body]).toEqual([403, LIMIT_REACHED]);

    const gone = await deactivate(first.body.id);
    expect([gone.status, gone.text]).toEqual([204, '']);
    const again = await deactivate(first.body.id);
    expect([again.status, again.body]).toEqual([
      404,
      { error: 'ResourceNotFound', detail: 'License key activation does not exist.' },
    ]);
    const fifth = await activate(svc.demo.license_key, 'tablet');
    expect(fifth.status).toBe(200);

    const shown = await portalKey(demoKey.id, demoKey.customer_id);
    expect(shown.body.activations.map((a: Json) => a.label).sort()).toEqual([
      'desktop',
      'server',
      'tablet',
    ]);
    for (const a of shown.body.activations) expectShape(a, ACTIVATION);
    // Activation changes neither validations nor usage.
    expect(shown.body).toMatchObject({ validations: 0, usage: 0 });
  });

  it('checks, in order: unknown key, status, expiry, no limit', async () => {
    const keys = await adminKeys();
    const revoked = keys.find((k) => k.status === 'revoked');
    expect(revoked).toBeDefined();

    const unknown = await activate('ACME-NOPE', 'x');
    expect([unknown.status, unknown.body]).toEqual([404, KEY_NOT_FOUND]);
    const wrongOrg = await svc.api('POST', '/v1/customer-portal/license-keys/activate', {
      body: {
        key: svc.demo.license_key,
        organization_id: svc.demo.other.organization_id,
        label: 'x',
      },
    });
    expect([wrongOrg.status, wrongOrg.body]).toEqual([404, KEY_NOT_FOUND]);

    // Revoked and expired and without a limit: the status is reported first.
    await patchKey(revoked.id, { expires_at: '2020-01-01T00:00:00Z', limit_activations: null });
    const r1 = await activate(revoked.key, 'x');
    expect([r1.status, r1.body]).toEqual([403, notPermitted('License key is no longer active.')]);

    // Expired and without a limit: the expiry is reported first.
    await patchKey(demoKey.id, { expires_at: '2020-01-01T00:00:00Z', limit_activations: null });
    const r2 = await activate(svc.demo.license_key, 'x');
    expect([r2.status, r2.body]).toEqual([403, notPermitted('License key has expired.')]);

    await patchKey(demoKey.id, { expires_at: null });
    const r3 = await activate(svc.demo.license_key, 'x');
    expect([r3.status, r3.body]).toEqual([
      403,
      notPermitted('License key does not require activation'),
    ]);

    await patchKey(demoKey.id, { status: 'disabled', limit_activations: 3 });
    const r4 = await activate(svc.demo.license_key, 'x');
    expect([r4.status, r4.body]).toEqual([403, notPermitted('License key is no longer active.')]);
  });

  it('stops activating and validating a key once the clock passes expires_at', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await patchKey(demoKey.id, { expires_at: soon });
    expect((await activate(svc.demo.license_key, 'before')).status).toBe(200);
    expect((await validate({})).status).toBe(200);
    await svc.advanceClock(3601);
    const r = await activate(svc.demo.license_key, 'after');
    expect([r.status, r.body]).toEqual([403, notPermitted('License key has expired.')]);
    const v = await validate({});
    expect([v.status, v.body]).toEqual([403, notPermitted('License key has expired.')]);
  });

  it('requires a label and the other fields', async () => {
    const r = await svc.api('POST', '/v1/customer-portal/license-keys/activate', {
      body: { key: svc.demo.license_key, organization_id: org },
    });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'missing',
        loc: ['body', 'label'],
        msg: 'Field required',
        input: { key: svc.demo.license_key, organization_id: org },
      }),
    ]);
    const empty = await svc.api('POST', '/v1/customer-portal/license-keys/activate', {
      body: {},
    });
    expect(empty.body.detail.map((d: Json) => d.loc)).toEqual([
      ['body', 'key'],
      ['body', 'organization_id'],
      ['body', 'label'],
    ]);
  });

  it('validates: counts validations, stamps last_validated_at, enforces limit_usage', async () => {
    const before = Date.now();
    const r = await validate({});
    expect(r.status).toBe(200);
    expectShape(r.body, VALIDATED_LICENSE_KEY);
    expect(r.body).toMatchObject({ id: demoKey.id, validations: 1, usage: 0, activation: null });
    const stamped = Date.parse(r.body.last_validated_at);
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);

    const second = await validate({ increment_usage: 2 });
    expect(second.body).toMatchObject({ validations: 2, usage: 2 });

    await patchKey(demoKey.id, { limit_usage: 5 });
    const third = await validate({ increment_usage: 3 });
    expect(third.body).toMatchObject({ validations: 3, usage: 5 });
    const over = await validate({ increment_usage: 1 });
    // A 400 BadRequest, as the real service answers it.
    expect([over.status, over.body]).toEqual([
      400,
      { error: 'BadRequest', detail: 'License key only has 0 more usages.' },
    ]);
    await patchKey(demoKey.id, { usage: 3 });
    const partial = await validate({ increment_usage: 3 });
    expect([partial.status, partial.body]).toEqual([
      400,
      { error: 'BadRequest', detail: 'License key only has 2 more usages.' },
    ]);
    const shown = (await adminKeys()).find((k) => k.id === demoKey.id);
    expect(shown).toMatchObject({ validations: 3, usage: 3, limit_usage: 5 });

    const act = await activate(svc.demo.license_key, 'laptop');
    const withAct = await validate({ activation_id: act.body.id });
    expect(withAct.status).toBe(200);
    expectShape(withAct.body.activation, ACTIVATION);
    expect(withAct.body.activation.id).toBe(act.body.id);
    const wrongBenefit = await validate({ benefit_id: '00000000-0000-4000-8000-000000000000' });
    expect(wrongBenefit.status).toBe(404);
  });

  it('never exceeds limit_activations under 50 concurrent activations', async () => {
    await patchKey(demoKey.id, { limit_activations: 5 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => activate(svc.demo.license_key, `device-${i}`)),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect([r.status, r.body]).toEqual([403, LIMIT_REACHED]);
    }
    const shown = await portalKey(demoKey.id, demoKey.customer_id);
    expect(shown.body.activations).toHaveLength(5);
    expect(new Set(shown.body.activations.map((a: Json) => a.id)).size).toBe(5);
  });
});
