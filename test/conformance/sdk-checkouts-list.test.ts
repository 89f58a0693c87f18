// The official SDK against the seller's checkout list (checkouts.custom.list): both token kinds,
// every status of the demo's sessions, the organization and product filters, both sort criteria.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_SORT_CRITERIA } from '../../src/shared/api-facts.js';
import { addCheckouts } from '../server/more-checkouts.js';
import {
  allPages,
  call,
  expectCalls,
  expectStatus,
  Kinds,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';
import { byCriteria, expectOrdered, ids, type Key } from './sorting.js';

type Checkout = Awaited<ReturnType<Polar['checkouts']['custom']['get']>>;

let box: Sandbox;
let acme: Checkout[];
let globex: Checkout[];

beforeAll(async () => {
  box = await startSandbox();
  addCheckouts(box.svc.store, box.svc.clock.now());
  acme = (await allPages('Acme checkouts', () => box.pat.checkouts.custom.list({ limit: 100 })))
    .items;
  globex = (
    await allPages('Globex checkouts', () => box.otherPat.checkouts.custom.list({ limit: 100 }))
  ).items;
});
afterAll(async () => {
  expectCalls('checkouts-list');
  await box.stop();
});

describe('the checkout list through the SDK', () => {
  it('pages through the sessions with both token kinds, each as it reads by id', async () => {
    const statuses = new Kinds('statuses', ['open', 'expired', 'confirmed']);
    for (const c of acme) statuses.add(c.status);
    statuses.expectAll();
    const paged = await allPages('3 a page, the organization', () =>
      box.org.checkouts.custom.list({ limit: 3 }),
    );
    expect(paged.pages).toBe(Math.ceil(acme.length / 3));
    expect(ids(paged.items)).toEqual(ids(acme));
    expect(ids(globex).filter((id) => ids(acme).includes(id))).toEqual([]);
    for (const c of [acme[0]!, acme.at(-1)!])
      expect(await call('get', () => box.org.checkouts.custom.get({ id: c.id }))).toEqual(c);
  });

  it('filters by organization and product', async () => {
    const both = await allPages('both organizations', () =>
      box.pat.checkouts.custom.list({
        organizationId: [box.demo.organization_id, box.demo.other.organization_id],
        limit: 100,
      }),
    );
    expect(ids(both.items)).toEqual(ids(acme));
    const product = acme[0]!.productId;
    const one = await allPages('one product', () =>
      box.org.checkouts.custom.list({ productId: product }),
    );
    expect(ids(one.items)).toEqual(ids(acme.filter((c) => c.productId === product)));
    const two = [...new Set(acme.map((c) => c.productId))].slice(0, 2);
    const some = await allPages('two products', () =>
      box.pat.checkouts.custom.list({ productId: two, limit: 100 }),
    );
    expect(ids(some.items)).toEqual(ids(acme.filter((c) => two.includes(c.productId))));
  });

  it('sorts by every CheckoutSortProperty, ascending and descending', async () => {
    const keys: Record<string, Key<Checkout>> = {
      created_at: (c) => c.createdAt.toISOString(),
      expires_at: (c) => c.expiresAt.toISOString(),
    };
    expectOrdered(acme, byCriteria(keys, ['-created_at']), 'default');
    for (const field of CHECKOUT_SORT_CRITERIA) {
      for (const criterion of [field, `-${field}`] as const) {
        const got = await allPages(criterion, () =>
          box.pat.checkouts.custom.list({ sorting: [criterion], limit: 100 }),
        );
        expect(got.items.length).toBe(acme.length);
        expectOrdered(got.items, byCriteria(keys, [criterion]), criterion);
      }
    }
  });

  it('maps the refusals: no token 401, a token without the scope 403', async () => {
    await expectStatus('no token', 401, () => box.anonymous.checkouts.custom.list({}));
    const narrow = box.as(
      (
        await fetch(`${box.svc.url}/__local/personal-access-tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'alice@acme.test', scopes: ['orders:read'] }),
        }).then((r) => r.json() as Promise<{ token: string }>)
      ).token,
    );
    await expectStatus('orders:read only', 403, () => narrow.checkouts.custom.list({}));
  });
});
