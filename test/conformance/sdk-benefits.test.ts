// The official SDK against the seller's benefits (benefits.list/get): both token kinds, every
// benefit type of the demo, the type and organization filters, the fixed order, and the errors it
// maps (ResourceNotFound, HTTPValidationError).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_SORTING, BENEFIT_TYPES } from '../../src/shared/api-facts.js';
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

type Benefit = Awaited<ReturnType<Polar['benefits']['get']>>;

let box: Sandbox;
let org: Polar;
let writer: Polar;
let acme: Benefit[];
let globex: Benefit[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  box = await startSandbox();
  const token = await login(
    { svc: box.svc, base: box.svc.url, demo: box.demo },
    { sub_type: 'organization', scope: 'benefits:read' },
    { organization: box.demo.organization_id },
  );
  org = box.as(token.access_token);
  const write = await login(
    { svc: box.svc, base: box.svc.url, demo: box.demo },
    { sub_type: 'organization', scope: 'benefits:read benefits:write' },
    { organization: box.demo.organization_id },
  );
  writer = box.as(write.access_token);
  acme = (await allPages('Acme benefits', () => box.pat.benefits.list({ limit: 100 }))).items;
  globex = (await allPages('Globex benefits', () => box.otherPat.benefits.list({ limit: 100 })))
    .items;
});
afterAll(async () => {
  expectCalls('benefits');
  await box.stop();
});

describe('benefits through the SDK', () => {
  it('reads every type of benefit, listed by type then age, and one by one', async () => {
    const types = new Kinds('benefit types', BENEFIT_TYPES);
    for (const b of acme) types.add(b.type);
    types.expectAll();
    const keys: Record<string, Key<Benefit>> = {
      type: (b) => b.type ?? null,
      created_at: (b) => b.createdAt.toISOString(),
    };
    expectOrdered(acme, byCriteria(keys, BENEFIT_SORTING), 'type, created_at');
    const paged = await allPages('3 a page, the organization', () =>
      org.benefits.list({ limit: 3 }),
    );
    expect(paged.pages).toBe(Math.ceil(acme.length / 3));
    expect(ids(paged.items)).toEqual(ids(acme));
    expect(ids(globex).filter((id) => ids(acme).includes(id))).toEqual([]);
    const seen = new Set<string>();
    for (const b of acme) {
      const type = b.type ?? 'none';
      if (seen.has(type)) continue;
      seen.add(type);
      expect(await call(`get a ${b.type} benefit`, () => org.benefits.get({ id: b.id }))).toEqual(
        b,
      );
    }
  });

  it('filters by type and by organization', async () => {
    const keys = await allPages('license keys', () =>
      box.pat.benefits.list({ typeFilter: 'license_keys' }),
    );
    expect(ids(keys.items)).toEqual(ids(acme.filter((b) => b.type === 'license_keys')));
    const two = await allPages('custom and ads', () =>
      org.benefits.list({ typeFilter: ['custom', 'ads'], limit: 100 }),
    );
    expect(ids(two.items)).toEqual(
      ids(acme.filter((b) => b.type === 'custom' || b.type === 'ads')),
    );
    const both = await allPages('both organizations', () =>
      box.pat.benefits.list({
        organizationId: [box.demo.organization_id, box.demo.other.organization_id],
        limit: 100,
      }),
    );
    expect(ids(both.items)).toEqual(ids(acme));
  });

  it('maps the errors: another organization’s and unknown ids are not found', async () => {
    await expectError('another organization’s', errors.ResourceNotFound, () =>
      box.pat.benefits.get({ id: globex[0]!.id }),
    );
    await expectError('unknown', errors.ResourceNotFound, () => org.benefits.get({ id: UNKNOWN }));
    await expectError('malformed', errors.HTTPValidationError, () => org.benefits.get({ id: 'x' }));
    await expectStatus('no token', 401, () => box.anonymous.benefits.list({}));
  });
});

describe('benefit writes through the SDK', () => {
  it('creates, updates and deletes custom and license_keys benefits', async () => {
    const note = await call(
      'create a custom benefit (organization token with benefits:write)',
      () =>
        writer.benefits.create({
          type: 'custom',
          description: 'SDK support line',
          properties: { note: 'Call us' },
        }),
    );
    expect(note).toMatchObject({
      type: 'custom',
      description: 'SDK support line',
      organizationId: box.demo.organization_id,
      properties: { note: 'Call us' },
      deletable: true,
    });
    expect(await call('get it', () => writer.benefits.get({ id: note.id }))).toEqual(note);
    const limits = {
      prefix: 'SDK',
      expires: { ttl: 1, timeframe: 'year' as const },
      activations: { limit: 2, enableCustomerAdmin: true },
      limitUsage: 5,
    };
    const keys = await call('create a license_keys benefit (personal token)', () =>
      box.pat.benefits.create({
        type: 'license_keys',
        description: 'SDK keys',
        organizationId: box.demo.organization_id,
        properties: limits,
      }),
    );
    expect([keys.type, keys.properties]).toEqual(['license_keys', limits]);
    const wider = { ...limits, activations: { limit: 5, enableCustomerAdmin: false } };
    const updated = await call('update the keys', () =>
      writer.benefits.update({
        id: keys.id,
        requestBody: { type: 'license_keys', description: 'SDK keys v2', properties: wider },
      }),
    );
    expect([updated.description, updated.properties]).toEqual(['SDK keys v2', wider]);
    const quiet = await call('update the note', () =>
      box.pat.benefits.update({
        id: note.id,
        requestBody: { type: 'custom', properties: { note: null } },
      }),
    );
    expect(quiet.properties).toEqual({ note: null });
    await call('delete the note', () => writer.benefits.delete({ id: note.id }));
    await expectError('deleted', errors.ResourceNotFound, () =>
      writer.benefits.get({ id: note.id }),
    );
    await call('delete the keys', () => box.pat.benefits.delete({ id: keys.id }));
  });

  it('maps the write errors: validation, type changes, not deletable, others’ benefits', async () => {
    await expectError('a short description', errors.HTTPValidationError, () =>
      writer.benefits.create({ type: 'custom', description: 'ab', properties: {} }),
    );
    await expectError('a type the sandbox does not grant', errors.HTTPValidationError, () =>
      writer.benefits.create({
        type: 'ads',
        description: 'Newsletter logo',
        properties: { imageHeight: 100, imageWidth: 200 },
      }),
    );
    const b = await call('create one to change', () =>
      writer.benefits.create({ type: 'custom', description: 'Fixed type', properties: {} }),
    );
    await expectStatus('a change of type', 400, () =>
      writer.benefits.update({ id: b.id, requestBody: { type: 'license_keys' } }),
    );
    // A state the API cannot make (the real service's built-in benefits), so no event.
    const { store } = box.svc;
    store.tx((tx) => {
      tx.unannounced('benefits');
      store.update('benefits', b.id, { deletable: 0 }, new Date().toISOString());
    });
    await expectError('not deletable', errors.NotPermitted, () =>
      writer.benefits.delete({ id: b.id }),
    );
    await expectError('another organization’s', errors.ResourceNotFound, () =>
      box.pat.benefits.update({
        id: globex[0]!.id,
        requestBody: { type: 'custom', description: 'Mine now' },
      }),
    );
    await expectError('another organization’s', errors.ResourceNotFound, () =>
      box.pat.benefits.delete({ id: globex[0]!.id }),
    );
  });
});
