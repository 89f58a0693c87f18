// The store under the routes: caches emptied per table, and the events a transaction emits
// (what the webhooks issue will write to an outbox in the same transaction).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/server/domain/events.js';
import { KeyedLock } from '../../src/server/lock.js';
import { Store } from '../../src/server/store/index.js';
import { BUYER, type Service, startService } from './helpers.js';

let svc: Service;
let store: Store;
let orderId: string;

beforeAll(async () => {
  svc = await startService();
  store = svc.running.store;
  orderId = (await svc.api('GET', '/v1/orders/', { token: svc.alice })).body.items[0].id;
});
afterAll(() => svc.stop());

/** Fills the auth cache, an order's JSON and the orders count. */
async function warm(): Promise<Record<string, number>> {
  expect((await svc.api('GET', `/v1/orders/${orderId}`, { token: svc.alice })).status).toBe(200);
  expect((await svc.api('GET', '/v1/orders/', { token: svc.alice })).status).toBe(200);
  const sizes = store.memos.sizes();
  expect(sizes.auth).toBeGreaterThan(0);
  expect(sizes['order-json']).toBeGreaterThan(0);
  expect(sizes['orders-count']).toBeGreaterThan(0);
  return sizes;
}

describe('caches, emptied per table', () => {
  it('keeps the auth and order caches through an insert into a table no cache reads', async () => {
    const before = await warm();
    // meta stands for the outbox to come: a table written on every change, read by no cache.
    expect(store.memos.reading('meta')).toEqual([]);
    store.run("INSERT INTO meta (key, value) VALUES ('outbox-stand-in', '1')");
    expect(store.memos.sizes()).toEqual(before);
  });

  it('empties the memos of the table written, and only those', async () => {
    const before = await warm();
    store.run('UPDATE orders SET modified_at = modified_at WHERE id = ?', orderId);
    expect(store.memos.sizes()).toEqual({
      ...before,
      'order-json': 0,
      'orders-count': 0,
    });
    store.run('UPDATE personal_access_tokens SET comment = comment WHERE 0');
    expect(store.memos.sizes().auth).toBe(0);
  });

  it('empties them again when the transaction that wrote rolls back', () => {
    const amounts = store.memo<number>('test-amounts', ['orders']);
    const amount = () =>
      store.get<{ amount: number }>('SELECT amount FROM orders WHERE id = ?', orderId)!.amount;
    const before = amount();
    expect(() =>
      store.tx(() => {
        store.run('UPDATE orders SET amount = amount + 1 WHERE id = ?', orderId);
        // Read between the write and the rollback: a value that will never have been true.
        expect(amounts.get(orderId, amount)).toBe(before + 1);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(amounts.get(orderId, amount)).toBe(before);
  });
});

describe('events of a transaction', () => {
  it('reach the sink inside the transaction that caused them, never after a rollback', () => {
    const db = new Store();
    const got: { events: DomainEvent[]; inTransaction: boolean }[] = [];
    db.sink = (events) => got.push({ events: [...events], inTransaction: db.db.isTransaction });
    db.tx((tx) => tx.emit({ type: 'organization.updated', id: 'a' }));
    expect(() =>
      db.tx((tx) => {
        tx.emit({ type: 'organization.updated', id: 'b' });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    db.tx(() => {});
    expect(got).toEqual([
      { events: [{ type: 'organization.updated', id: 'a' }], inTransaction: true },
    ]);
    db.close();
  });

  it('are emitted by the changes of the API, and a sink that fails undoes the change', async () => {
    const got: DomainEvent[] = [];
    store.sink = (events) => got.push(...events);
    try {
      const org = svc.demo.organization_id;
      const patch = (name: string) =>
        svc.api('PATCH', `/v1/organizations/${org}`, { token: svc.alice, body: { name } });
      expect((await patch('Acme Events')).status).toBe(200);
      expect((await patch('x')).status).toBe(422);
      expect(got).toEqual([{ type: 'organization.updated', id: org }]);
      // The outbox will be written by the sink: if it cannot be, the change is not made either.
      store.sink = () => {
        throw new Error('outbox unavailable');
      };
      expect((await patch('Acme Lost')).status).toBe(500);
      const now = await svc.api('GET', `/v1/organizations/${org}`, { token: svc.alice });
      expect(now.body.name).toBe('Acme Events');
    } finally {
      store.sink = () => {};
    }
  });
});

describe('events of a confirm', () => {
  // The confirm's transaction, then the payment processor's answer in one of its own, right after
  // (domain/jobs.ts), as the real service's confirm and its handle_stripe_success and the
  // processor's events at f179ede58c (the seed generation).
  it('are the checkout update, then the success, the subscription, the order and its grants', async () => {
    const batches: DomainEvent[][] = [];
    store.sink = (events) => batches.push([...events]);
    try {
      const id = svc.demo.open_checkout_ids[0]!;
      const { body } = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
      const r = await svc.api('POST', `/v1/checkouts/custom/client/${body.client_secret}/confirm`, {
        body: { customer_email: 'events@example.com', ...BUYER, confirmation_token_id: 'tok_visa' },
      });
      expect(r.status).toBe(200);
      const order = (await svc.api('GET', '/v1/orders/', { token: svc.alice })).body.items.find(
        (o: { checkout_id: string }) => o.checkout_id === id,
      );
      const grants = store.all<{ id: string }>(
        'SELECT id FROM benefit_grants WHERE subscription_id = ? ORDER BY rowid',
        order.subscription_id,
      );
      expect(grants).toHaveLength(body.product.benefits.length);
      const emitted = (e: DomainEvent) => ({ type: e.type, id: e.id });
      expect(batches.map((b) => b.map(emitted))).toEqual([
        [{ type: 'checkout.updated', id }],
        [
          { type: 'checkout.updated', id },
          { type: 'subscription.created', id: order.subscription_id },
          { type: 'subscription.active', id: order.subscription_id },
          { type: 'subscription.updated', id: order.subscription_id },
          { type: 'order.created', id: order.id },
          ...grants.map((g) => ({ type: 'benefit_grant.created', id: g.id })),
        ],
      ]);
      // The confirm answered before the processor did: confirmed, and now succeeded.
      expect(r.body.status).toBe('confirmed');
      expect(store.row('checkouts', id)!.status).toBe('succeeded');
    } finally {
      store.sink = () => {};
    }
  });
});

describe('KeyedLock', () => {
  it('refuses a held key until it is released, and leaves other keys alone', () => {
    const lock = new KeyedLock();
    expect(lock.tryAcquire('a')).toBe(true);
    expect(lock.tryAcquire('a')).toBe(false);
    expect(lock.tryAcquire('b')).toBe(true);
    lock.release('a');
    expect(lock.tryAcquire('a')).toBe(true);
  });
});
