// Orders through SDK 1.0.1 in today's generation (API version 2026-10): the seller's list (every
// filter and criterion of the 2026-10 document), get, update, invoice and receipt, and the
// customer portal's orders, each answer checked against the document (harness.ts). The rules are
// the real service's at c6c3645e: order/service.py (list, update: the country and the state
// stay; trigger_invoice_generation: a billing name and address needed), order/schemas.py and
// models/order.py (the amounts: subtotal − discount = net, net + tax = total), organization/
// service.py get_next_invoice_number and receipt/service.py allocate (the numbers), and
// customer_portal/endpoints/order.py (payment status, no retry of a paid order).
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
let bought: { orderId: string; customerId: string };
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  // A one-time purchase with the demo's fixed discount (Launch 10: $10 off $79).
  bought = await buy(box, 'desktop', 'orders-buyer@example.com');
});
afterAll(async () => {
  expectCalls(box, 'orders');
  await box.stop();
});

type Order = Awaited<ReturnType<Polar['orders']['get']>>;

/** Every page of a listing (limit 100). */
async function all(query: Parameters<Polar['orders']['list']>[0] = {}): Promise<Order[]> {
  const out: Order[] = [];
  for (let page = 1; ; page++) {
    const r = await seller.orders.list({ ...query, limit: 100, page });
    out.push(...r.items);
    if (page >= r.pagination.max_page) return out;
  }
}

describe('an order (2026-10)', () => {
  it('has the amounts split, its line, its numbers and its billing details', async () => {
    const o = await seller.orders.get(bought.orderId);
    expect(o).toMatchObject({
      status: 'paid',
      paid: true,
      subtotal_amount: 7900,
      discount_amount: 1000,
      net_amount: 6900,
      tax_amount: 0,
      total_amount: 6900,
      refunded_amount: 0,
      refundable_amount: 6900,
      billing_reason: 'purchase',
      billing_name: 'Bea Buyer',
      billing_address: { country: 'US', state: 'US-IL', city: 'Chicago' },
      is_invoice_generated: false,
      description: 'Acme Desktop',
      customer: { id: bought.customerId, email: 'orders-buyer@example.com', type: 'individual' },
      product: { name: 'Acme Desktop', is_recurring: false },
      discount: { name: 'Launch 10', type: 'fixed', amounts: { usd: 1000 } },
      subscription: null,
    });
    expect(o.items).toEqual([
      expect.objectContaining({ label: 'Acme Desktop', amount: 7900, proration: false }),
    ]);
    // The organization's prefix, the customer's short id, the customer's first invoice.
    expect(o.invoice_number).toMatch(/^ACME-[A-Z]{8}-0001$/);
    expect(o.receipt_number).toBe(`RCPT-${o.invoice_number!.split('-')[1]}-0001`);
    // The customer embedded is the customer as today's API shows it.
    expect(o.customer).toEqual(await box.seller.customers.get(bought.customerId));
  });

  it('is the seller’s only: another organization’s token gets a 404, a bad id a 422', async () => {
    await expectError('Globex reads an Acme order', errors.ResourceNotFound, () =>
      box.otherSeller.orders.get(bought.orderId),
    );
    const bad = await expect422('not a UUID', () => seller.orders.get('not-a-uuid'));
    expect(bad).toMatchObject([{ loc: ['path', 'id'], type: 'uuid_parsing' }]);
  });

  it('lists with the amounts consistent, newest first, paged', async () => {
    const page = await seller.orders.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.items[0]!.id).toBe(bought.orderId);
    const every = await all();
    expect(every).toHaveLength(page.pagination.total_count);
    for (const o of every) {
      expect(o.subtotal_amount - o.discount_amount).toBe(o.net_amount);
      expect(o.net_amount + o.tax_amount).toBe(o.total_amount);
      expect(o.customer.organization_id).toBe(box.demo.organization_id);
    }
    const dates = every.map((o) => o.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    // Each customer's invoices are numbered from 1, oldest first.
    const byCustomer = new Map<string, Order[]>();
    for (const o of [...every].reverse())
      byCustomer.set(o.customer_id, [...(byCustomer.get(o.customer_id) ?? []), o]);
    for (const orders of byCustomer.values())
      expect(orders.map((o) => o.invoice_number!.slice(-4))).toEqual(
        orders.map((_, i) => String(i + 1).padStart(4, '0')),
      );
  });

  it("filters by today's filters", async () => {
    const every = await all();
    const one = await all({ product_billing_type: 'one_time' });
    const recurring = await all({ product_billing_type: 'recurring' });
    expect(one.length + recurring.length).toBe(every.length);
    expect(one.every((o) => o.product?.is_recurring === false)).toBe(true);
    expect(recurring.every((o) => o.product?.is_recurring === true)).toBe(true);

    const sub = every.find((o) => o.subscription_id)!;
    const ofSub = await all({ subscription_id: sub.subscription_id! });
    expect(ofSub.length).toBeGreaterThan(0);
    expect(ofSub.every((o) => o.subscription_id === sub.subscription_id)).toBe(true);

    const byCheckout = await seller.orders.list({ checkout_id: [every[0]!.checkout_id!] });
    expect(byCheckout.items.map((o) => o.id)).toEqual([bought.orderId]);
    expect((await seller.orders.list({ customer_id: bought.customerId })).items).toHaveLength(1);
    expect((await seller.orders.list({ status: ['refunded', 'void'] })).items).toEqual([]);
    expect((await all({ status: 'paid' })).length).toBe(every.length);

    const middle = every[Math.floor(every.length / 2)]!.created_at;
    const after = await all({ created_after: middle });
    const before = await all({ created_before: middle });
    expect(after.every((o) => o.created_at > middle)).toBe(true);
    expect(before.every((o) => o.created_at < middle)).toBe(true);

    const web = await all({ metadata: { channel: 'web' } });
    expect(web.length).toBeGreaterThan(0);
    expect(web.every((o) => o.metadata.channel === 'web')).toBe(true);

    await box.seller.customers.update(bought.customerId, { external_id: 'usr_orders' });
    const external = await seller.orders.list({ external_customer_id: 'usr_orders' });
    expect(external.items.map((o) => o.id)).toEqual([bought.orderId]);

    const bad = await expect422('an unknown status', () =>
      seller.orders.list({ status: 'shipped' as never }),
    );
    expect(bad).toMatchObject([{ loc: ['query', 'status', 0], type: 'enum' }]);
  });

  it("sorts by today's criteria", async () => {
    const net = (await seller.orders.list({ sorting: ['-net_amount'], limit: 100 })).items;
    const nets = net.map((o) => o.net_amount);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    const invoices = (await seller.orders.list({ sorting: ['invoice_number'], limit: 100 })).items;
    const numbers = invoices.map((o) => o.invoice_number!);
    expect(numbers).toEqual([...numbers].sort());
    const status = await seller.orders.list({ sorting: ['status', '-created_at'], limit: 3 });
    expect(status.items.map((o) => o.status)).toEqual(['paid', 'paid', 'paid']);
    const bad = await expect422('a criterion of the seed only', () =>
      seller.orders.list({ sorting: ['amount', 'price' as never] }),
    );
    expect(bad).toMatchObject([{ loc: ['query', 'sorting', 1], type: 'enum' }]);
  });
});

describe('changing an order (2026-10)', () => {
  it('updates the billing name and address; the country and state stay', async () => {
    const o = await seller.orders.update(bought.orderId, {
      billing_name: 'Bea Buyer LLC',
      billing_address: { country: 'US', state: 'US-IL', city: 'Chicago', line1: '2 Main St' },
    });
    expect(o).toMatchObject({
      billing_name: 'Bea Buyer LLC',
      billing_address: { line1: '2 Main St', postal_code: null, country: 'US', state: 'US-IL' },
    });
    expect(o.modified_at).not.toBeNull();
    const moved = await expect422('another country and state', () =>
      seller.orders.update(bought.orderId, {
        billing_address: { country: 'CA', state: 'CA-QC', city: 'Montréal' },
      }),
    );
    expect(moved.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'billing_address', 'country'], 'Country cannot be changed'],
      [['body', 'billing_address', 'state'], 'State cannot be changed'],
    ]);
    await expectError('Globex changes an Acme order', errors.ResourceNotFound, () =>
      box.otherSeller.orders.update(bought.orderId, { billing_name: 'x' }),
    );
  });

  it('makes the invoice once asked (202), then links it; it needs a billing name and address', async () => {
    const order = await seller.orders.update(bought.orderId, {});
    expect(order.is_invoice_generated).toBe(false);
    await seller.orders.generateInvoice(bought.orderId);
    expect((await seller.orders.get(bought.orderId)).is_invoice_generated).toBe(true);
    const { url } = await seller.orders.invoice(bought.orderId);
    expect(url).toBe(`${box.svc.url}/documents/orders/${bought.orderId}/invoice.pdf`);
    const pdf = await fetch(url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`(Invoice number: ${order.invoice_number})`);
    expect(text).toContain('(Bea Buyer LLC)');

    // The demo's history has no billing address on its orders.
    const old = (await seller.orders.list({ customer_id: undefined, sorting: ['created_at'] }))
      .items[0]!;
    expect(old.billing_address).toBeNull();
    const missing = await expectError(
      'no billing address',
      errors.MissingInvoiceBillingDetails,
      () => seller.orders.generateInvoice(old.id),
    );
    expect(missing.error.detail).toBe(
      'Billing name and address are required to generate an invoice for this order.',
    );
  });

  it('links the receipt of a paid order', async () => {
    const { url } = await seller.orders.receipt(bought.orderId);
    expect(url).toBe(`${box.svc.url}/documents/orders/${bought.orderId}/receipt.pdf`);
    const text = Buffer.from(await (await fetch(url)).arrayBuffer()).toString('latin1');
    expect(text).toContain('(Amount paid)');
  });
});

describe("the customer portal's orders (2026-10)", () => {
  let me: Polar;
  beforeAll(async () => {
    me = await box.customer(bought.customerId);
  });

  it("lists and gets the customer's own orders, with the product's prices and organization", async () => {
    const mine = await me.customerPortal.orders.list({});
    expect(mine.items.map((o) => o.id)).toEqual([bought.orderId]);
    const o = await me.customerPortal.orders.get(bought.orderId);
    expect(o).toMatchObject({
      id: bought.orderId,
      net_amount: 6900,
      product: { name: 'Acme Desktop', organization: { slug: 'acme' } },
    });
    expect(o.product!.prices.length).toBeGreaterThan(0);
    const filtered = await me.customerPortal.orders.list({
      product_billing_type: 'recurring',
      sorting: ['-net_amount'],
    });
    expect(filtered.items).toEqual([]);
    const other = (await seller.orders.list({ limit: 1, sorting: ['created_at'] })).items[0]!;
    await expectError('another customer’s order', errors.ResourceNotFound, () =>
      me.customerPortal.orders.get(other.id),
    );
  });

  it('changes the billing name, makes and links the invoice and the receipt', async () => {
    const o = await me.customerPortal.orders.update(bought.orderId, { billing_name: 'Bea B.' });
    expect(o.billing_name).toBe('Bea B.');
    await me.customerPortal.orders.generateInvoice(bought.orderId);
    expect((await me.customerPortal.orders.invoice(bought.orderId)).url).toMatch(/invoice\.pdf$/);
    expect((await me.customerPortal.orders.receipt(bought.orderId)).url).toMatch(/receipt\.pdf$/);
  });

  it('reads the payment status; a paid order has no payment to retry', async () => {
    expect(await me.customerPortal.orders.getPaymentStatus(bought.orderId)).toEqual({
      status: 'succeeded',
      error: null,
    });
    await expectError('a retry of a paid order', errors.OrderNotEligibleForRetry, () =>
      me.customerPortal.orders.confirmRetryPayment(bought.orderId, {
        confirmation_token_id: 'tok_visa',
      }),
    );
    // A body with both a token and a saved method is a 422 the document does not describe
    // for this operation (only OrderNotEligibleForRetry): test/server/orders-today.test.ts.
  });

  it('takes a customer session only: a seller token is refused', async () => {
    const refused = await expectError('a personal access token', PolarClientError, () =>
      seller.customerPortal.orders.list({}),
    );
    expect(refused.statusCode).toBe(401);
  });
});
