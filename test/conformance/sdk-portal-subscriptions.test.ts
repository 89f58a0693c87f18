// The official SDK against GET /v1/customer-portal/subscriptions/ (spec endpoint 6): every
// customer's subscriptions in the portal form, with customer sessions and a personal access
// token, page by page, each filter and each sort criterion; and each one's get and cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '../../src/shared/api-facts.js';
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
import { type Portal, Subscriptions } from './subscriptions.js';

let box: Sandbox;
let data: Subscriptions;
beforeAll(async () => {
  box = await startSandbox();
  data = await Subscriptions.load(box);
});
afterAll(async () => {
  expectCalls('portal-subscriptions');
  await box.stop();
});

describe('the customer portal subscriptions list through the SDK', () => {
  it("lists every customer's subscriptions in the portal form, page by page", async () => {
    const statuses = new Kinds('portal statuses', SUBSCRIPTION_STATUSES);
    for (const s of data.all()) {
      statuses.add(s.status);
      expect(s.product.organization.id).toBe(box.demo.organization_id);
      const account = box.demo.users.find((u) => u.id === s.userId);
      expect(s.userId === s.customerId || account?.email === 'alice@acme.test').toBe(true);
    }
    statuses.expectAll();
    const { sub, as } = data.find(
      (s) => data.all().filter((x) => x.customerId === s.customerId).length >= 3,
    );
    const own = data.all().filter((s) => s.customerId === sub.customerId);
    const paged = await allPages('two a page', () =>
      as.customerPortal.subscriptions.list({ limit: 2 }),
    );
    expect(paged.pages).toBe(Math.ceil(own.length / 2));
    expect(ids(paged.items).sort()).toEqual(ids(own).sort());

    // A user token sees the subscriptions of every customer that is this user, in both organizations.
    const alice = await allPages("alice's portal", () =>
      box.pat.customerPortal.subscriptions.list({}),
    );
    const orgs = new Set(alice.items.map((s) => s.product.organization.slug));
    expect(orgs).toEqual(new Set(['acme', 'globex']));
    const aliceId = box.demo.users.find((u) => u.email === 'alice@acme.test')!.id;
    for (const s of alice.items) expect(s.userId).toBe(aliceId);
  });

  it('filters the portal list by active, product, organization and query', async () => {
    const { sub, as } = data.most();
    const own = data.all().filter((s) => s.customerId === sub.customerId);
    const expectFilter = async (
      what: string,
      request: Parameters<Polar['customerPortal']['subscriptions']['list']>[0],
      keep: (s: Portal) => boolean,
    ) => {
      const got = await allPages(what, () => as.customerPortal.subscriptions.list(request));
      expect(ids(got.items).sort(), what).toEqual(ids(own.filter(keep)).sort());
      return got.items.length;
    };
    expect(
      await expectFilter('active', { active: true }, (s) =>
        ['trialing', 'active'].includes(s.status),
      ),
    ).toBeGreaterThan(0);
    expect(
      await expectFilter('inactive', { active: false }, (s) =>
        ['canceled', 'unpaid'].includes(s.status),
      ),
    ).toBeGreaterThan(0);
    await expectFilter(
      'a product',
      { productId: sub.productId },
      (s) => s.productId === sub.productId,
    );
    await expectFilter(
      'two products',
      { productId: [...new Set(own.map((s) => s.productId))] },
      () => true,
    );
    await expectFilter(
      'the organization',
      { organizationId: box.demo.organization_id },
      () => true,
    );
    await expectFilter(
      'the other organization',
      { organizationId: box.demo.other.organization_id },
      () => false,
    );
    const word = sub.product.name.split(' ').at(-1)!.toLowerCase();
    await expectFilter(`query ${word}`, { query: word }, (s) =>
      s.product.name.toLowerCase().includes(word),
    );
  });

  it('sorts the portal list by each criterion, both ways, and by several', async () => {
    const keys: Record<string, Key<Portal>> = {
      started_at: (s) => s.startedAt?.toISOString() ?? null,
      amount: (s) => s.amount,
      status: (s) => s.status,
      organization: (s) => s.product.organization.slug,
      product: (s) => s.product.name,
    };
    // The real service puts a missing amount first both ways.
    const amountFirst = (s: Portal) => (s.amount === null ? 0 : 1);
    const { as } = data.most();
    for (const polar of [as, box.pat]) {
      const list = (
        sorting?: Parameters<Polar['customerPortal']['subscriptions']['list']>[0]['sorting'],
      ) =>
        allPages(`sorted by ${sorting}`, () =>
          polar.customerPortal.subscriptions.list({ sorting }),
        );
      expectOrdered((await list()).items, byCriteria(keys, ['-started_at']), 'the default');
      for (const field of Object.keys(keys)) {
        for (const criterion of [field, `-${field}`]) {
          const { items } = await list([criterion as never]);
          expect(items.length).toBeGreaterThan(1);
          const compare = byCriteria(keys, [criterion]);
          expectOrdered(
            items,
            field === 'amount'
              ? (a, b) => amountFirst(a) - amountFirst(b) || compare(a, b)
              : compare,
            criterion,
          );
        }
      }
      const several = await list(['organization', '-amount']);
      expectOrdered(
        several.items,
        byCriteria(keys, ['organization', '-amount']),
        'organization, -amount',
      );
    }
  });

  it('gets every subscription by id, and cancels one at the period’s end (then a typed 403)', async () => {
    for (const { sub, as } of data.acme) {
      const got = await call(`get a ${sub.status} one`, () =>
        as.customerPortal.subscriptions.get({ id: sub.id }),
      );
      expect(got).toEqual(sub);
    }
    const { sub, as } = data.find((s) => s.status === 'active' && !s.cancelAtPeriodEnd);
    const canceled = await call('cancel', () =>
      as.customerPortal.subscriptions.cancel({ id: sub.id }),
    );
    expect(canceled).toMatchObject({
      id: sub.id,
      status: 'active',
      cancelAtPeriodEnd: true,
      endsAt: sub.currentPeriodEnd,
    });
    expect(canceled.canceledAt).toBeInstanceOf(Date);
    await expectError('cancel again', errors.AlreadyCanceledSubscription, () =>
      as.customerPortal.subscriptions.cancel({ id: sub.id }),
    );
    const other = data.find((s) => s.customerId !== sub.customerId);
    await expectError('someone else’s', errors.ResourceNotFound, () =>
      as.customerPortal.subscriptions.get({ id: other.sub.id }),
    );
    await expectError('cancel someone else’s', errors.ResourceNotFound, () =>
      as.customerPortal.subscriptions.cancel({ id: other.sub.id }),
    );
  });

  it('answers 401 to an organization token and to no token (a plain SDKError)', async () => {
    await expectStatus('an organization token', 401, () =>
      box.org.customerPortal.subscriptions.list({}),
    );
    await expectStatus('no token', 401, () => box.anonymous.customerPortal.subscriptions.list({}));
  });
});
