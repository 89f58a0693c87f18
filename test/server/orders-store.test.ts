// What today's orders store once (issue 26): a --db file from before gets the order's columns
// and the refunds table, and its orders their creation facts — invoice numbers per customer
// oldest first (organization/service.py get_next_invoice_number, `customer` numbering, at
// c6c3645e), receipt numbers for those paid for (receipt/service.py allocate), the billing name
// and the discount the seed's `amount` was net of; an order the sandbox makes gets them at once,
// and its today's events (order.created, order.updated, order.paid) reach an endpoint of today's
// only — the seed's endpoints keep order.created alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { customerShortId } from '../../src/server/store/order-numbers.js';
import { startService } from './helpers.js';

interface Numbers {
  id: string;
  customer_id: string;
  invoice_number: string | null;
  receipt_number: string | null;
  billing_name: string | null;
  discount_amount: number;
  amount: number;
}

describe('order numbers', () => {
  it("are the customer's short id in 8 capital letters", () => {
    expect(customerShortId('00000000-0000-4000-8000-000000000000')).toBe('AAAAAAAA');
    expect(customerShortId('00000000-0001-4000-8000-000000000000')).toBe('AAAAAAAB');
    // Base 26 of the id's first 48 bits: 0x1a is 26.
    expect(customerShortId('00000000-001a-4000-8000-000000000000')).toBe('AAAAAABA');
    expect(customerShortId('ffffffff-ffff-4000-8000-000000000000')).toMatch(/^[A-Z]{8}$/);
  });
});

describe('a --db file from before today’s orders', () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-orders-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is upgraded in place: columns added, refunds possible, every order numbered', async () => {
    const file = join(dir, 'old.db');
    const svc = await startService({ db: file });
    const before = svc.running.store.all<Numbers>('SELECT * FROM orders ORDER BY created_at, id');
    await svc.stop();
    const db = new DatabaseSync(file);
    db.exec('DROP TABLE refunds');
    db.exec('DROP INDEX orders_unsettled');
    db.exec('DROP INDEX orders_invoice');
    const added = [
      'status',
      'discount_amount',
      'refunded_amount',
      'refunded_tax_amount',
      'billing_name',
      'invoice_number',
      'invoice_generated_at',
      'receipt_number',
    ];
    for (const column of added) db.exec(`ALTER TABLE orders DROP COLUMN ${column}`);
    db.close();

    const again = await startService({ db: file });
    try {
      const after = again.running.store.all<Numbers>(
        'SELECT * FROM orders ORDER BY created_at, id',
      );
      // The same numbers as the file had before: made the same way, oldest first.
      expect(after.map((o) => [o.id, o.invoice_number, o.receipt_number, o.billing_name])).toEqual(
        before.map((o) => [o.id, o.invoice_number, o.receipt_number, o.billing_name]),
      );
      expect(after.map((o) => o.discount_amount)).toEqual(before.map((o) => o.discount_amount));
      expect(after.some((o) => o.discount_amount > 0)).toBe(true);
      for (const o of after) {
        expect(o.invoice_number).toMatch(
          new RegExp(`^[A-Z]+-${customerShortId(o.customer_id)}-\\d{4}$`),
        );
      }
      const order = again.running.store.get<{ id: string }>(
        'SELECT id FROM orders WHERE organization_id = ? AND amount > 0 LIMIT 1',
        again.demo.organization_id,
      )!;
      const refund = await again.api('POST', '/v1/refunds/', {
        token: again.alice,
        headers: { 'polar-version': '2026-10' },
        body: { order_id: order.id, amount: 1, reason: 'other' },
      });
      expect(refund.status).toBe(201);
    } finally {
      await again.stop();
    }
  });
});

describe("a new order's events", () => {
  it("are order.created alone for the seed's endpoints; today's also get order.updated and order.paid", async () => {
    const svc = await startService();
    try {
      const endpoint = async (version: string | undefined, events: string[]) => {
        const r = await svc.api('POST', '/v1/webhooks/endpoints', {
          token: svc.alice,
          headers: version ? { 'polar-version': version } : {},
          body: {
            url: `http://127.0.0.1:9/${version ?? 'seed'}`,
            format: 'raw',
            events,
            organization_id: svc.demo.organization_id,
          },
        });
        expect(r.status).toBe(201);
        return r.body.id as string;
      };
      const seed = await endpoint(undefined, ['order.created']);
      const today = await endpoint('2026-10', ['order.created', 'order.updated', 'order.paid']);
      const checkoutId = svc.demo.open_checkout_ids[3]!;
      const secret = svc.running.store.row('checkouts', checkoutId)!.client_secret;
      const confirmed = await svc.api('POST', `/v1/checkouts/custom/client/${secret}/confirm`, {
        body: { customer_email: 'evented@example.com', customer_name: 'Eve Vented' },
      });
      expect(confirmed.status).toBe(200);
      const orderId = svc.running.store.get<{ id: string }>(
        'SELECT id FROM orders WHERE checkout_id = ?',
        checkoutId,
      )!.id;
      const copies = (endpointId: string) =>
        svc.running.store
          .all<{ type: string; payload: string; payload_today: string | null }>(
            `SELECT e.type, e.payload, e.payload_today FROM webhook_events w JOIN events e ON e.id = w.event_id
             WHERE w.endpoint_id = ? ORDER BY e.seq`,
            endpointId,
          )
          .filter((e) => (e.payload_today ?? e.payload).includes(orderId));
      expect(copies(seed).map((e) => e.type)).toEqual(['order.created']);
      const todays = copies(today);
      expect(todays.map((e) => e.type)).toEqual(['order.created', 'order.updated', 'order.paid']);
      // Today's body is today's form; the seed's keeps `amount`.
      expect(JSON.parse(todays[2]!.payload_today!).data).toMatchObject({
        id: orderId,
        status: 'paid',
        net_amount: 0,
      });
      expect(JSON.parse(copies(seed)[0]!.payload).data).not.toHaveProperty('status');
    } finally {
      await svc.stop();
    }
  });
});
