// Refunds of orders, as today's real service makes them (refund/service.py `create`,
// `_on_created`, `_on_succeeded`, models/order.py at c6c3645e). The sandbox's payment processor
// refunds a card at once, as Stripe's test mode does: the refund is `succeeded` when it is made.
// What it refunds is net of discounts and before tax, at most what is left to refund; the tax is
// refunded in proportion, all of what is left with the rest. A subscription's benefits are not
// revoked by a refund (they go when the subscription does). Events, in the real order:
// refund.created, order.updated and order.refunded, the order's grants revoked when asked; then,
// once the processor reports the refund back (a job: Stripe's refund.created event, which the
// real service hears as an update), refund.updated.
import { uuid } from '../ids.js';
import { json } from '../store/index.js';
import type { OrderRow, RefundRow } from '../store/rows.js';
import { syncBenefitGrants } from './benefit-grants.js';
import { invalid, NamedRefusal } from './errors.js';
import type { Metadata } from './metadata.js';
import type { Work } from './work.js';

/** The reasons a seller may give (ManualRefundReason): dispute_prevention is the service's own. */
export const MANUAL_REFUND_REASONS = [
  'duplicate',
  'fraudulent',
  'customer_request',
  'service_disruption',
  'satisfaction_guarantee',
  'other',
] as const;

export interface RefundInput {
  reason: (typeof MANUAL_REFUND_REASONS)[number];
  amount: number;
  comment: string | null;
  revoke_benefits: boolean;
  metadata: Metadata;
}

/** What can still be refunded of the order (Order.refundable_amount, refundable_tax_amount). */
export function refundable(row: OrderRow): { amount: number; tax: number } {
  return {
    amount: Math.max(0, row.amount - (row.refunded_amount ?? 0)),
    tax: Math.max(0, row.tax_amount - (row.refunded_tax_amount ?? 0)),
  };
}

/** Python's round(): halves to the even neighbour. */
export function pyRound(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : r;
}

/**
 * Order.calculate_refunded_tax_from_subtotal: the tax refunded with `amount` — all that is left
 * when the rest is refunded, else its share of the order's tax (rounded as Python does), never
 * more than is left. Throws when `amount` is more than can be refunded.
 */
export function refundedTax(row: OrderRow, amount: number): number {
  const left = refundable(row);
  if (amount > left.amount)
    throw invalid(['amount'], 'Refund amount exceeds refundable amount', amount);
  if (amount === left.amount) return left.tax;
  if (row.tax_amount <= 0) return 0;
  return Math.min(pyRound(amount * (row.tax_amount / row.amount)), left.tax);
}

/** POST /v1/refunds/ for an order the seller sees: the refund, succeeded, and what follows. */
export function createRefund(w: Work, order: OrderRow, input: RefundInput): RefundRow {
  const { store, clock, tx } = w;
  if (order.status === 'refunded')
    throw new NamedRefusal(403, 'RefundedAlready', `Order is already fully refunded: ${order.id}`);
  if (input.revoke_benefits && order.subscription_id)
    throw new NamedRefusal(
      400,
      'RevokeSubscriptionBenefitsProhibited',
      'Subscription benefits can only be revoked upon cancellation',
    );
  const taxAmount = refundedTax(order, input.amount);
  const iso = clock.iso();
  const row: RefundRow = {
    id: uuid(),
    created_at: iso,
    modified_at: null,
    organization_id: order.organization_id,
    order_id: order.id,
    subscription_id: order.subscription_id ?? null,
    customer_id: order.customer_id,
    status: 'succeeded',
    reason: input.reason,
    amount: input.amount,
    tax_amount: taxAmount,
    currency: order.currency,
    comment: input.comment,
    revoke_benefits: input.revoke_benefits ? 1 : 0,
    metadata: json(input.metadata),
  };
  store.refunds.insert(row);
  tx.emit({ type: 'refund.created', id: row.id });
  // _on_succeeded: the order's refunded amounts and status, then order.refunded.
  store.orders.addRefund(order, input.amount, taxAmount, iso);
  tx.emit({ type: 'order.updated', id: order.id });
  tx.emit({ type: 'order.refunded', id: order.id });
  if (input.revoke_benefits) {
    const customer = store.row('customers', order.customer_id)!;
    syncBenefitGrants(w, 'revoke', order.product_id, customer, { orderId: order.id });
  }
  tx.enqueue({ kind: 'refund.processed', ref: row.id });
  return row;
}

/**
 * The processor's own report of the refund (Stripe's refund.created, heard by
 * `upsert_from_stripe` → `update_from_stripe` for a refund it knows): nothing changes but the
 * row's stamp, and refund.updated is sent.
 */
export function refundProcessed({ store, clock, tx }: Work, id: string): void {
  const row = store.row('refunds', id);
  if (!row) return;
  store.update('refunds', id, { status: row.status }, clock.iso());
  tx.emit({ type: 'refund.updated', id });
}
