// Payments and disputes through SDK 1.0.1 in today's generation (API version 2026-10), each
// answer checked against the document (harness.ts). The real service at c6c3645e:
// payment/endpoints.py and payment/service.py `list` (filters by organization, checkout, order,
// customer, status, method and customer email; sorting by created_at, status, amount, method;
// scope payments:read), dispute/endpoints.py (list, get, accept; disputes:read|write). The sandbox
// has no processor: each paid order had one succeeded card payment, derived from the order
// (today/payments.ts), a free order none; and no buyer disputes anything, so the list of disputes
// is empty and a dispute is the 404 of one the token cannot see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  PolarClientError,
  startToday,
  type TodayBox,
} from './harness.js';
import { buy } from './purchases.js';

let box: TodayBox;
let seller: Polar;
let desktop: { orderId: string; customerId: string };
let starter: { orderId: string; customerId: string };
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  desktop = await buy(box, 'desktop', 'payments-buyer@example.com');
  starter = await buy(box, 'starter', 'free-buyer@example.com');
});
afterAll(async () => {
  expectCalls(box, 'payments');
  await box.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('payments (2026-10)', () => {
  it("lists one succeeded card payment per paid order of the seller's organizations", async () => {
    const paid = box.svc.store.get<{ n: number }>(
      'SELECT count(*) AS n FROM orders WHERE organization_id = ? AND amount + tax_amount > 0',
      box.demo.organization_id,
    )!.n;
    const page = await seller.payments.list({ limit: 100 });
    expect(page.pagination.total_count).toBe(paid);
    expect(new Set(page.items.map((p) => p.status))).toEqual(new Set(['succeeded']));
    expect(new Set(page.items.map((p) => p.method))).toEqual(new Set(['card']));
    // Newest first by default (payment/sorting.py: -created_at).
    const created = page.items.map((p) => String(p.created_at));
    expect(created).toEqual([...created].sort().reverse());
  });

  it("derives a purchase's payment from its order: the total, its checkout, the trigger", async () => {
    const order = await seller.orders.get(desktop.orderId);
    const [payment, ...more] = (await seller.payments.list({ order_id: desktop.orderId })).items;
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      processor: 'stripe',
      status: 'succeeded',
      amount: order.total_amount,
      currency: order.currency,
      method: 'card',
      trigger: 'purchase',
      decline_reason: null,
      organization_id: box.demo.organization_id,
      checkout_id: order.checkout_id,
      order_id: desktop.orderId,
      method_metadata: { brand: 'visa', last4: '4242' },
    });
    expect(payment!.id).not.toBe(desktop.orderId);
    expect(await seller.payments.get(payment!.id)).toEqual(payment);
  });

  it('has no payment for a free order', async () => {
    const order = await seller.orders.get(starter.orderId);
    expect(order.total_amount).toBe(0);
    expect((await seller.payments.list({ order_id: starter.orderId })).items).toEqual([]);
  });

  it('filters by customer, customer email, checkout, status and method', async () => {
    const byCustomer = await seller.payments.list({ customer_id: desktop.customerId });
    expect(byCustomer.items.map((p) => p.order_id)).toEqual([desktop.orderId]);
    const byEmail = await seller.payments.list({ customer_email: 'payments-buyer@example.com' });
    expect(byEmail.items.map((p) => p.order_id)).toEqual([desktop.orderId]);
    const checkoutId = byCustomer.items[0]!.checkout_id!;
    const byCheckout = await seller.payments.list({ checkout_id: [checkoutId, UNKNOWN] });
    expect(byCheckout.items.map((p) => p.order_id)).toEqual([desktop.orderId]);
    const failed = await seller.payments.list({ status: 'failed' });
    expect(failed.pagination.total_count).toBe(0);
    const both = await seller.payments.list({ status: ['failed', 'succeeded'], limit: 1 });
    expect(both.pagination.total_count).toBeGreaterThan(1);
    expect((await seller.payments.list({ method: 'paypal' })).items).toEqual([]);
    expect((await seller.payments.list({ method: 'card', limit: 1 })).items).toHaveLength(1);
  });

  it('sorts by amount', async () => {
    const page = await seller.payments.list({ sorting: ['amount'], limit: 100 });
    const amounts = page.items.map((p) => p.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBeGreaterThan(0);
  });

  it('refuses an unknown status or sort (422), and is a 404 for an order id, a free order, another seller', async () => {
    const status = await expect422('status', () =>
      seller.payments.list({ status: 'paid' as 'failed' }),
    );
    expect(status).toMatchObject([{ loc: ['query', 'status', 0], type: 'enum' }]);
    const sorting = await expect422('sorting', () =>
      seller.payments.list({ sorting: ['customer' as 'amount'] }),
    );
    expect(sorting).toMatchObject([{ loc: ['query', 'sorting', 0], type: 'enum' }]);
    const mine = (await seller.payments.list({ order_id: desktop.orderId })).items[0]!;
    for (const [what, id] of [
      ["an order's id", desktop.orderId],
      ['an unknown id', UNKNOWN],
    ] as const)
      await expectError(what, errors.ResourceNotFound, () => seller.payments.get(id));
    await expectError("another seller's payment", errors.ResourceNotFound, () =>
      box.otherSeller.payments.get(mine.id),
    );
    expect((await box.otherSeller.payments.list({ order_id: desktop.orderId })).items).toEqual([]);
  });

  it('takes payments:read: a token without it is refused (403)', async () => {
    // The organization token of the harness has no payments:read.
    const refused = await expectError('no payments:read', PolarClientError, () =>
      box.org.payments.list(),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('disputes (2026-10)', () => {
  it('lists none: nobody disputes a sandbox charge', async () => {
    const page = await seller.disputes.list();
    expect(page).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const filtered = await seller.disputes.list({
      order_id: desktop.orderId,
      status: ['needs_response', 'lost'],
      sorting: ['-amount'],
    });
    expect(filtered.items).toEqual([]);
  });

  it('is a 404 to get or accept, and a 422 for a bad status', async () => {
    await expectError('get', errors.ResourceNotFound, () => seller.disputes.get(UNKNOWN));
    await expectError('accept', errors.ResourceNotFound, () => seller.disputes.accept(UNKNOWN));
    const bad = await expect422('status', () => seller.disputes.list({ status: 'open' as 'lost' }));
    expect(bad).toMatchObject([{ loc: ['query', 'status', 0], type: 'enum' }]);
  });
});
