// Refunds and today's order routes where the SDK's recording harness cannot go (answers the
// 2026-10 document does not describe for the operation, a tax the sandbox never computes, the
// seed's generation). Rules from polarsource/polar at c6c3645e (today's generation):
// refund/service.py create (RevokeSubscriptionBenefitsProhibited, 400), models/order.py
// calculate_refunded_tax_from_subtotal (the tax in proportion, rounded as Python rounds, all of
// what is left with the rest) and update_refunds, order/service.py (InvoiceDoesNotExist and
// ReceiptNotAllocated, 404; OrderNotEligibleForInvoice, 409), customer_portal/schemas/order.py
// CustomerOrderConfirmPayment (exactly one of a token and a saved method).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pyRound, refundedTax } from '../../src/server/domain/refunds.js';
import type { OrderRow } from '../../src/server/store/rows.js';
import { type Service, startService } from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };

describe('the tax a refund takes back (models/order.py, today)', () => {
  const order = (o: Partial<OrderRow>) =>
    ({
      amount: 9000,
      tax_amount: 720,
      refunded_amount: 0,
      refunded_tax_amount: 0,
      ...o,
    }) as OrderRow;

  it.each([
    // [net, tax, refunded so far, tax refunded so far, amount] -> tax refunded
    [9000, 720, 0, 0, 4500, 360],
    [9000, 720, 0, 0, 9000, 720],
    [9000, 720, 4500, 360, 4500, 360],
    // The rest: all the tax that is left, whatever the ratio says.
    [9000, 721, 4500, 360, 4500, 361],
    [10, 5, 0, 0, 1, 0], // round(0.5) = 0 in Python
    [10, 5, 0, 0, 3, 2], // round(1.5) = 2
    [10, 5, 0, 0, 5, 2], // round(2.5) = 2
    [6900, 0, 0, 0, 100, 0],
  ])(
    'net %i, tax %i, refunded %i/%i: %i takes %i of tax',
    (net, tax, done, doneTax, amount, out) => {
      const row = order({
        amount: net,
        tax_amount: tax,
        refunded_amount: done,
        refunded_tax_amount: doneTax,
      });
      expect(refundedTax(row, amount)).toBe(out);
    },
  );

  it('refuses more than is left', () => {
    expect(() => refundedTax(order({ refunded_amount: 8000 }), 1001)).toThrow(
      'Refund amount exceeds refundable amount',
    );
  });

  it('rounds halves to the even neighbour, as Python', () => {
    expect([0.5, 1.5, 2.5, -0.5, 2.4, 2.6].map(pyRound)).toEqual([0, 2, 2, -0, 2, 3]);
  });
});

describe('refunds and orders over HTTP', () => {
  let svc: Service;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc.stop());

  const paid = (where = "subscription_id IS NULL AND amount > 0 AND status = 'paid'") =>
    svc.running.store.get<{ id: string; subscription_id: string | null }>(
      `SELECT id, subscription_id FROM orders WHERE organization_id = ? AND ${where} ORDER BY created_at LIMIT 1`,
      svc.demo.organization_id,
    )!;

  it('exist only in today’s generation: the seed’s answers 404 before anything', async () => {
    const order = paid();
    for (const [method, path] of [
      ['GET', '/v1/refunds/'],
      ['POST', '/v1/refunds/'],
      ['PATCH', `/v1/orders/${order.id}`],
      ['GET', `/v1/orders/${order.id}/receipt`],
      ['POST', `/v1/orders/${order.id}/invoice`],
      ['GET', `/v1/customer-portal/orders/${order.id}/payment-status`],
    ] as const) {
      const r = await svc.api(method, path, {
        token: svc.alice,
        body: method === 'GET' ? undefined : {},
      });
      expect([method, path, r.status, r.body]).toEqual([
        method,
        path,
        404,
        { detail: 'Not Found' },
      ]);
    }
    // The seed's order keeps the seed's form: `amount`, no status or split amounts.
    const seed = await svc.api('GET', `/v1/orders/${order.id}`, { token: svc.alice });
    expect(seed.body).toHaveProperty('amount');
    expect(seed.body).not.toHaveProperty('status');
    expect(seed.body).not.toHaveProperty('net_amount');
  });

  it("refuses revoking a subscription's benefits (400)", async () => {
    const order = paid("subscription_id IS NOT NULL AND amount > 0 AND status = 'paid'");
    const r = await svc.api('POST', '/v1/refunds/', {
      token: svc.alice,
      headers: TODAY,
      body: { order_id: order.id, amount: 100, reason: 'other', revoke_benefits: true },
    });
    expect([r.status, r.body]).toEqual([
      400,
      {
        error: 'RevokeSubscriptionBenefitsProhibited',
        detail: 'Subscription benefits can only be revoked upon cancellation',
      },
    ]);
    expect(svc.running.store.count('refunds', 'order_id = ?', order.id)).toBe(0);
  });

  it('refunds the tax in proportion, and all that is left with the rest', async () => {
    const order = paid();
    // The sandbox computes no tax: this order is given some, as a taxed one would have.
    svc.running.store.tx((tx) => {
      tx.unannounced('orders');
      svc.running.store.update('orders', order.id, { tax_amount: 250 }, new Date().toISOString());
    });
    const row = svc.running.store.row('orders', order.id)!;
    const refund = (amount: number) =>
      svc.api('POST', '/v1/refunds/', {
        token: svc.alice,
        headers: TODAY,
        body: { order_id: order.id, amount, reason: 'customer_request' },
      });
    const first = await refund(Math.floor(row.amount / 3));
    expect(first.status).toBe(201);
    expect(first.body.tax_amount).toBe(pyRound(Math.floor(row.amount / 3) * (250 / row.amount)));
    const rest = await refund(row.amount - Math.floor(row.amount / 3));
    expect(rest.body.tax_amount).toBe(250 - first.body.tax_amount);
    const o = await svc.api('GET', `/v1/orders/${order.id}`, { token: svc.alice, headers: TODAY });
    expect(o.body).toMatchObject({
      status: 'refunded',
      refunded_amount: row.amount,
      refunded_tax_amount: 250,
      refundable_amount: 0,
      refundable_tax_amount: 0,
    });
    // The receipt shows both refunds.
    const receipt = await fetch(`${svc.url}/documents/orders/${order.id}/receipt.pdf`);
    const text = Buffer.from(await receipt.arrayBuffer()).toString('latin1');
    expect(text.match(/\(Refund, /g)).toHaveLength(2);
  });

  it('has no invoice until it is made, no receipt for a free order, and makes none of a void one', async () => {
    const order = paid();
    const invoice = await svc.api('GET', `/v1/orders/${order.id}/invoice`, {
      token: svc.alice,
      headers: TODAY,
    });
    expect([invoice.status, invoice.body]).toEqual([
      404,
      { error: 'InvoiceDoesNotExist', detail: `No invoice exists for order ${order.id}.` },
    ]);
    expect((await fetch(`${svc.url}/documents/orders/${order.id}/invoice.pdf`)).status).toBe(404);

    // The demo's free checkout (Acme Starter), confirmed: an order with no payment.
    const checkoutId = svc.demo.open_checkout_ids[3]!;
    const secret = svc.running.store.row('checkouts', checkoutId)!.client_secret;
    const confirmed = await svc.api('POST', `/v1/checkouts/custom/client/${secret}/confirm`, {
      body: { customer_email: 'free@example.com', customer_name: 'Free Buyer' },
    });
    expect(confirmed.status).toBe(200);
    const free = svc.running.store.get<{ id: string; total: number }>(
      'SELECT id, amount + tax_amount AS total FROM orders WHERE checkout_id = ?',
      checkoutId,
    )!;
    expect(free.total).toBe(0);
    {
      const receipt = await svc.api('GET', `/v1/orders/${free.id}/receipt`, {
        token: svc.alice,
        headers: TODAY,
      });
      expect([receipt.status, receipt.body]).toEqual([
        404,
        { error: 'ReceiptNotAllocated', detail: `No receipt allocated for order ${free.id}.` },
      ]);
    }

    const other = paid("subscription_id IS NOT NULL AND status = 'paid'");
    svc.running.store.tx((tx) => {
      tx.unannounced('orders');
      svc.running.store.update(
        'orders',
        other.id,
        { status: 'void', billing_name: 'V', billing_address: '{"country":"US"}' },
        new Date().toISOString(),
      );
    });
    const made = await svc.api('POST', `/v1/orders/${other.id}/invoice`, {
      token: svc.alice,
      headers: TODAY,
    });
    expect([made.status, made.body]).toEqual([
      409,
      {
        error: 'OrderNotEligibleForInvoice',
        detail: `Order ${other.id} is not eligible for invoice generation (current status: void).`,
      },
    ]);
  });

  it('takes exactly one of a token and a saved method to retry a payment', async () => {
    const order = paid();
    const customerId = svc.running.store.row('orders', order.id)!.customer_id;
    const token = await svc.customerSession(customerId);
    const retry = (body: object) =>
      svc.api('POST', `/v1/customer-portal/orders/${order.id}/confirm-payment`, {
        token,
        headers: TODAY,
        body,
      });
    const none = await retry({});
    expect([none.status, none.body.detail]).toEqual([
      422,
      [
        {
          type: 'value_error',
          loc: ['body'],
          msg: 'Value error, Either confirmation_token_id or payment_method_id must be provided',
          input: {},
        },
      ],
    ]);
    const ok = await retry({ confirmation_token_id: 'tok_visa' });
    expect([ok.status, ok.body.error]).toEqual([422, 'OrderNotEligibleForRetry']);
  });
});
