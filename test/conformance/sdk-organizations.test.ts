// The official SDK against GET/PATCH /v1/organizations/{id} (spec endpoints 14–15), with a
// personal access token and an organization token, and the errors it maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  errors,
  expectCalls,
  expectError,
  expectStatus,
  type Sandbox,
  startSandbox,
} from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await startSandbox();
});
afterAll(async () => {
  expectCalls('organizations');
  await box.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('organizations through the SDK', () => {
  it('lists the organizations each token can act for, page by page, by slug and by name', async () => {
    const { demo } = box;
    for (const [who, polar, id] of [
      ['alice', box.pat, demo.organization_id],
      ['bob', box.otherPat, demo.other.organization_id],
      ['organization token', box.org, demo.organization_id],
    ] as const) {
      const page = await call(`list as ${who}`, () => polar.organizations.list({}));
      expect(page.result.items.map((o) => o.id)).toEqual([id]);
      expect(page.result.pagination).toEqual({ totalCount: 1, maxPage: 1 });
    }
    const bySlug = await call('list by slug', () => box.pat.organizations.list({ slug: 'acme' }));
    expect(bySlug.result.items.map((o) => o.slug)).toEqual(['acme']);
    const none = await call('list by a slug of another', () =>
      box.pat.organizations.list({ slug: 'globex' }),
    );
    expect(none.result.items).toEqual([]);
    const sorted = await call('list sorted', () =>
      box.pat.organizations.list({ sorting: ['-name', 'created_at'], limit: 1 }),
    );
    expect(sorted.result.items).toHaveLength(1);
  });

  it('gets each organization with its owner token and Acme with its organization token', async () => {
    const { demo } = box;
    for (const [who, polar, id, slug] of [
      ['alice', box.pat, demo.organization_id, 'acme'],
      ['bob', box.otherPat, demo.other.organization_id, 'globex'],
      ['organization token', box.org, demo.organization_id, 'acme'],
    ] as const) {
      const org = await call(`get ${slug} as ${who}`, () => polar.organizations.get({ id }));
      expect(org).toMatchObject({ id, slug, twitterUsername: slug });
      expect(org.createdAt).toBeInstanceOf(Date);
      expect(org.profileSettings?.subscribe).toEqual({
        promote: true,
        showCount: true,
        countFree: false,
      });
      expect(org.featureSettings).toEqual({ issueFundingEnabled: false });
    }
  });

  it('updates with a personal access token and with the organization token', async () => {
    const id = box.demo.organization_id;
    const renamed = await call('update as alice', () =>
      box.pat.organizations.update({
        id,
        organizationUpdate: {
          name: 'Acme Software Ltd',
          profileSettings: { description: 'Tools for teams', subscribe: { countFree: true } },
          featureSettings: { issueFundingEnabled: true },
        },
      }),
    );
    expect(renamed).toMatchObject({ name: 'Acme Software Ltd', modifiedAt: expect.any(Date) });
    expect(renamed.profileSettings).toMatchObject({
      description: 'Tools for teams',
      subscribe: { promote: true, showCount: true, countFree: true },
    });
    expect(renamed.featureSettings).toEqual({ issueFundingEnabled: true });
    const byOrg = await call('update as the organization', () =>
      box.org.organizations.update({
        id,
        organizationUpdate: { pledgeMinimumAmount: 3000, pledgeBadgeShowAmount: false },
      }),
    );
    expect(byOrg).toMatchObject({
      name: 'Acme Software Ltd',
      pledgeMinimumAmount: 3000,
      pledgeBadgeShowAmount: false,
    });
    const again = await call('get after the updates', () => box.org.organizations.get({ id }));
    expect(again).toEqual(byOrg);
  });

  it('maps the errors: 404, 422, and 401 as a plain SDKError', async () => {
    const { demo } = box;
    const other = demo.other.organization_id;
    await expectError('another organization (404, never 403)', errors.ResourceNotFound, () =>
      box.pat.organizations.get({ id: other }),
    );
    await expectError('Globex with the Acme organization token', errors.ResourceNotFound, () =>
      box.org.organizations.update({ id: other, organizationUpdate: { name: 'Taken over' } }),
    );
    await expectError('an unknown id', errors.ResourceNotFound, () =>
      box.org.organizations.get({ id: UNKNOWN }),
    );
    const bad = await expectError('a malformed id', errors.HTTPValidationError, () =>
      box.pat.organizations.get({ id: 'acme' }),
    );
    expect(bad.detail?.[0]).toMatchObject({ loc: ['path', 'id'], type: 'uuid_parsing' });
    const short = await expectError('a two-letter name', errors.HTTPValidationError, () =>
      box.pat.organizations.update({
        id: demo.organization_id,
        organizationUpdate: { name: 'Ac' },
      }),
    );
    expect(short.detail?.[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_short' });
    // The SDK maps no 401 for organizations: an SDKError carries the status.
    await expectStatus('no token', 401, () =>
      box.anonymous.organizations.get({ id: demo.organization_id }),
    );
    const jane = await box.customer(await janeId());
    await expectStatus('a customer session', 401, () =>
      jane.organizations.get({ id: demo.organization_id }),
    );
    await expectStatus('a made-up token', 401, () =>
      box.as('polar_pat_not-a-real-token').organizations.get({ id: demo.organization_id }),
    );
  });
});

/** Jane, the demo's first Acme customer, found through the SDK (orders carry the customer). */
async function janeId(): Promise<string> {
  const orders = await call('find jane', () => box.pat.orders.list({ limit: 100 }));
  const jane = orders.result.items.find((o) => o.customer.email === box.demo.customer_email);
  expect(jane).toBeDefined();
  return jane!.customerId;
}
