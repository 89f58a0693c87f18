// The official SDK against the seller's customers (customers.list/get/create/update/delete):
// every call with a personal and an organization token, each filter and sort criterion, and the
// errors the SDK maps (ResourceNotFound, HTTPValidationError).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import { login } from '../server/oauth/helpers.js';
import {
  allPages,
  call,
  errors,
  expectCalls,
  expectError,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';
import { byCriteria, expectOrdered, ids, type Key } from './sorting.js';

type Customer = Awaited<ReturnType<Polar['customers']['get']>>;

let box: Sandbox;
let org: Polar;
let acme: Customer[];
let globex: Customer[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  box = await startSandbox();
  const token = await login(
    { svc: box.svc, base: box.svc.url, demo: box.demo },
    { sub_type: 'organization', scope: 'customers:read customers:write' },
    { organization: box.demo.organization_id },
  );
  org = box.as(token.access_token);
  acme = (await allPages('Acme customers', () => box.pat.customers.list({ limit: 100 }))).items;
  globex = (await allPages('Globex customers', () => box.otherPat.customers.list({ limit: 100 })))
    .items;
});
afterAll(async () => {
  expectCalls('customers');
  await box.stop();
});

describe('customers through the SDK', () => {
  it('pages through the customers with both token kinds; each is read back by id', async () => {
    const paged = await allPages('4 a page', () => org.customers.list({ limit: 4 }));
    expect(paged.pages).toBe(Math.ceil(acme.length / 4));
    expect(ids(paged.items)).toEqual(ids(acme));
    expect(acme.every((c) => c.organizationId === box.demo.organization_id)).toBe(true);
    expect(ids(globex).filter((id) => ids(acme).includes(id))).toEqual([]);
    for (const c of [acme[0]!, acme.at(-1)!]) {
      expect(await call('get', () => org.customers.get({ id: c.id }))).toEqual(c);
      expect(c.avatarUrl).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=blank$/);
      if (c.billingAddress) expect(c.billingAddress.country).toMatch(/^[A-Z]{2}$/);
    }
    await expectError('another organization’s', errors.ResourceNotFound, () =>
      box.pat.customers.get({ id: globex[0]!.id }),
    );
    await expectError('unknown', errors.ResourceNotFound, () => org.customers.get({ id: UNKNOWN }));
  });

  it('filters by organization and query', async () => {
    const both = await allPages('both organizations', () =>
      box.pat.customers.list({
        organizationId: [box.demo.organization_id, box.demo.other.organization_id],
        limit: 100,
      }),
    );
    expect(ids(both.items)).toEqual(ids(acme));
    const jane = acme.find((c) => c.email === box.demo.customer_email)!;
    const found = await allPages('query', () =>
      box.pat.customers.list({ query: jane.email.toUpperCase() }),
    );
    expect(ids(found.items)).toEqual([jane.id]);
    const byName = await allPages('query by name', () =>
      org.customers.list({ query: jane.name!.split(' ')[0]!.toLowerCase() }),
    );
    expect(ids(byName.items)).toContain(jane.id);
  });

  it('sorts by every criterion, ascending and descending', async () => {
    const keys: Record<string, Key<Customer>> = {
      created_at: (c) => c.createdAt.toISOString(),
      email: (c) => c.email,
      name: (c) => c.name,
    };
    expectOrdered(acme, byCriteria(keys, ['-created_at']), 'default');
    for (const field of CUSTOMER_SORT_CRITERIA) {
      for (const criterion of [field, `-${field}`] as const) {
        const got = await allPages(criterion, () =>
          box.pat.customers.list({ sorting: [criterion], limit: 100 }),
        );
        expect(got.items.length).toBe(acme.length);
        expectOrdered(got.items, byCriteria(keys, [criterion]), criterion);
      }
    }
  });

  it('creates, updates and deletes a customer; the errors are typed', async () => {
    const created = await call('create', () =>
      box.pat.customers.create({
        email: 'sdk.buyer@example.com',
        name: 'SDK Buyer',
        billingAddress: { country: 'FR', city: 'Paris' },
        taxId: ['FR40303265045', 'eu_vat'],
        organizationId: box.demo.organization_id,
      }),
    );
    expect(created).toMatchObject({
      email: 'sdk.buyer@example.com',
      emailVerified: false,
      name: 'SDK Buyer',
      billingAddress: { country: 'FR', city: 'Paris', line1: null },
      taxId: ['FR40303265045', 'eu_vat'],
      metadata: {},
      modifiedAt: null,
    });
    const viaOrg = await call('create with the organization token', () =>
      org.customers.create({ email: 'sdk.org@example.com' }),
    );
    expect(viaOrg.organizationId).toBe(box.demo.organization_id);
    const duplicate = await expectError('duplicate email', errors.HTTPValidationError, () =>
      org.customers.create({ email: 'SDK.buyer@example.com' }),
    );
    expect(duplicate.detail?.[0]).toMatchObject({
      loc: ['body', 'email'],
      msg: 'A customer with this email address already exists.',
    });
    await expectError('no organization with a user token', errors.HTTPValidationError, () =>
      box.pat.customers.create({ email: 'sdk.none@example.com' }),
    );

    const updated = await call('update', () =>
      org.customers.update({
        id: created.id,
        customerUpdate: { email: 'sdk.renamed@example.com', name: null, taxId: null },
      }),
    );
    expect(updated).toMatchObject({
      email: 'sdk.renamed@example.com',
      name: null,
      taxId: null,
      billingAddress: created.billingAddress,
    });
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    await expectError('update another organization’s', errors.ResourceNotFound, () =>
      box.pat.customers.update({ id: globex[0]!.id, customerUpdate: { name: 'x' } }),
    );

    expect(await call('delete', () => org.customers.delete({ id: created.id }))).toBeUndefined();
    await expectError('get the deleted', errors.ResourceNotFound, () =>
      box.pat.customers.get({ id: created.id }),
    );
    await expectError('delete it again', errors.ResourceNotFound, () =>
      box.pat.customers.delete({ id: created.id }),
    );
    const after = await allPages('after', () => org.customers.list({ limit: 100 }));
    expect(ids(after.items)).toEqual([viaOrg.id, ...ids(acme)]);
  });
});
