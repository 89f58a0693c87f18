// Orders, as today's real service makes and changes them (order/service.py at c6c3645e): a new
// order is paid at once in the sandbox (its processor never declines) and gets its invoice
// number, its receipt number when money was taken and its billing name (store/order-numbers.ts);
// its billing details can be changed until its invoice is made, the country and state never;
// its invoice is generated on request, once. The seed's generation sees none of it.
import { json, parseJson } from '../store/index.js';
import type { OrderRow, Tables } from '../store/rows.js';
import { Invalid, NamedRefusal, type Problem } from './errors.js';
import type { Work } from './work.js';

/** A new order's row as its maker writes it: the discount it got, before `amount`. */
export type NewOrder = Tables['orders'] & { discount_amount: number };

/** Writes a new, paid order with the facts it is made with. Its events: orderPaid. */
export function openOrder({ store }: Work, row: NewOrder): void {
  const customer = store.row('customers', row.customer_id)!;
  const organization = store.row('organizations', row.organization_id)!;
  store.insert('orders', {
    ...row,
    status: 'paid',
    billing_name: customer.billing_name ?? customer.name ?? null,
    ...store.orders.nextNumbers(customer.id, organization.slug, row.amount + row.tax_amount > 0),
  });
}

/**
 * The events of a new paid order (_on_order_created, then _on_order_updated from pending):
 * order.created, order.updated and order.paid. The seed's generation knows the first only.
 */
export function orderPaid({ tx }: Work, id: string): void {
  tx.emit({ type: 'order.created', id });
  tx.emit({ type: 'order.updated', id });
  tx.emit({ type: 'order.paid', id });
}

export interface Address {
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
}

/** OrderUpdate / CustomerOrderUpdate: only what was sent; a null clears. */
export interface OrderChanges {
  billing_name?: string | null;
  billing_address?: Address | null;
}

/**
 * `order_service.update`: a new address may not move the order to another country or state (both
 * problems in one 422); then order.updated.
 */
export function updateOrder(w: Work, row: OrderRow, changes: OrderChanges): void {
  const { store, clock, tx } = w;
  const next = changes.billing_address;
  const stored = parseJson<Address | null>(row.billing_address);
  const problems: Problem[] = [];
  if (next && stored) {
    if (next.country !== stored.country)
      problems.push({
        type: 'value_error',
        loc: ['billing_address', 'country'],
        msg: 'Country cannot be changed',
        input: next.country,
      });
    if ((next.state ?? null) !== (stored.state ?? null))
      problems.push({
        type: 'value_error',
        loc: ['billing_address', 'state'],
        msg: 'State cannot be changed',
        input: next.state ?? null,
      });
  }
  if (problems.length) throw new Invalid(problems);
  // The real repository's update stamps the row even when nothing was sent.
  const set: Record<string, unknown> = { billing_name: row.billing_name ?? null };
  if ('billing_name' in changes) set.billing_name = changes.billing_name ?? null;
  if ('billing_address' in changes) {
    const a = changes.billing_address;
    set.billing_address = a
      ? json({
          line1: a.line1 ?? null,
          line2: a.line2 ?? null,
          postal_code: a.postal_code ?? null,
          city: a.city ?? null,
          state: a.state ?? null,
          country: a.country,
        })
      : null;
  }
  store.update('orders', row.id, set, clock.iso());
  tx.emit({ type: 'order.updated', id: row.id });
}

/**
 * `trigger_invoice_generation`: a draft or void order has none (409), nor one without a billing
 * name and address (422); an invoice made since the order last changed is not made again. The
 * making is queued (the real `order.invoice` job; its order.updated follows the 202).
 */
export function requestInvoice({ tx }: Work, row: OrderRow): void {
  const status = row.status ?? 'paid';
  if (status === 'draft' || status === 'void')
    throw new NamedRefusal(
      409,
      'OrderNotEligibleForInvoice',
      `Order ${row.id} is not eligible for invoice generation (current status: ${status}).`,
    );
  if (row.billing_name == null || row.billing_address == null)
    throw new NamedRefusal(
      422,
      'MissingInvoiceBillingDetails',
      'Billing name and address are required to generate an invoice for this order.',
    );
  if (isInvoiceCurrent(row)) return;
  tx.enqueue({ kind: 'order.invoice', ref: row.id });
}

/** The invoice was made, and the order has not changed since (the real checksum's purpose). */
const isInvoiceCurrent = (row: OrderRow) =>
  row.invoice_generated_at != null && (row.modified_at ?? '') <= row.invoice_generated_at;

/** The `order.invoice` job: the invoice made (the sandbox renders it when it is fetched). */
export function generateInvoice({ store, clock, tx }: Work, id: string): void {
  const row = store.row('orders', id);
  if (!row || isInvoiceCurrent(row)) return;
  const iso = clock.iso();
  store.update('orders', id, { invoice_generated_at: iso }, iso);
  tx.emit({ type: 'order.updated', id });
}
