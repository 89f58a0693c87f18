// What PATCH (the seller) and confirm (the customer) may change on a checkout session, and the
// rules each change must pass (api-facts "Request bodies").
import { json, parseJson } from '../store/index.js';
import type { CheckoutRow } from '../store/rows.js';
import { taxAfterChange } from './checkout-amounts.js';
import { checkCustomFields, customAmountProblem, discountProblem } from './checkout-rules.js';
import { Invalid, invalid } from './errors.js';
import { checkMetadata } from './metadata.js';
import type { Work } from './work.js';

export interface CheckoutChanges {
  product_price_id?: string | null;
  amount?: number | null;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_billing_address?: Record<string, unknown> | null;
  customer_tax_id?: string | null;
  custom_field_data?: Record<string, unknown> | null;
  metadata?: unknown;
  customer_metadata?: unknown;
  discount_id?: string | null;
  discount_code?: string | null;
  allow_discount_codes?: boolean | null;
  customer_ip_address?: string | null;
  success_url?: string | null;
  embed_origin?: string | null;
  confirmation_token_id?: string | null;
}

export type Actor = 'seller' | 'customer';

export function applyCheckoutChanges(
  { store, clock }: Work,
  row: CheckoutRow,
  body: CheckoutChanges,
  actor: Actor,
): void {
  const now = clock.iso();
  const set: Record<string, unknown> = {};
  let productId = row.product_id;
  let priceId = row.product_price_id;
  if (body.product_price_id) {
    const p = store.row('prices', body.product_price_id.toLowerCase());
    if (!p || p.product_id !== productId || p.is_archived === 1) {
      throw invalid(['product_price_id'], 'Price does not exist.', body.product_price_id);
    }
    set.product_price_id = priceId = p.id;
    set.amount =
      p.amount_type === 'fixed' ? p.price_amount : p.amount_type === 'free' ? 0 : row.amount;
    set.currency = p.price_currency ?? row.currency;
    productId = p.product_id;
  }
  const priceRow = store.row('prices', priceId)!;
  if (body.amount != null && priceRow.amount_type === 'custom') {
    const problem = customAmountProblem(priceRow, body.amount, ['amount']);
    if (problem) throw new Invalid([problem]);
    set.amount = body.amount;
  }
  for (const key of ['customer_name', 'customer_email', 'customer_tax_id'] as const) {
    // A session made for an existing customer keeps that customer's email (the real service).
    if (key === 'customer_email' && row.customer_id) continue;
    if (body[key] !== undefined) set[key] = body[key];
  }
  if (body.customer_billing_address !== undefined)
    set.customer_billing_address = body.customer_billing_address
      ? json(body.customer_billing_address)
      : null;
  if (body.custom_field_data) {
    const merged = {
      ...parseJson<object>(row.custom_field_data),
      ...checkCustomFields(store, productId, body.custom_field_data),
    };
    set.custom_field_data = json(merged);
  }
  if (body.customer_metadata !== undefined && body.customer_metadata !== null) {
    set.customer_metadata = json(checkMetadata(body.customer_metadata, ['customer_metadata']));
  }
  if (actor === 'seller') {
    if (body.metadata !== undefined && body.metadata !== null)
      set.metadata = json(checkMetadata(body.metadata, ['metadata']));
    for (const key of ['customer_ip_address', 'success_url', 'embed_origin'] as const) {
      if (body[key] !== undefined) set[key] = body[key];
    }
    if (body.allow_discount_codes != null)
      set.allow_discount_codes = body.allow_discount_codes ? 1 : 0;
    if (body.discount_id !== undefined) {
      if (body.discount_id === null) {
        set.discount_id = null;
        set.discount_locked = 0;
      } else {
        const id = body.discount_id.toLowerCase();
        const d = store.inOrganization('discounts', row.organization_id, 'id', id);
        const problem = discountProblem(store, d, productId, now);
        if (problem) throw invalid(['discount_id'], problem, body.discount_id);
        set.discount_id = d!.id;
        set.discount_locked = 1;
      }
    }
  } else if (row.allow_discount_codes === 1) {
    // The buyer's code, as the real _update_checkout takes CheckoutUpdatePublic (checkout/
    // service.py at f179ede58c, the seed generation): only where the session allows codes (else
    // the field is ignored); a code replaces the session's discount, the seller's too, and null
    // removes it.
    const code = body.discount_code;
    if (code) {
      const loc = ['discount_code'];
      // is_discount_applicable: the price is a fixed one.
      if (priceRow.amount_type !== 'fixed')
        throw invalid(loc, 'Discounts are only applicable to fixed prices.', code);
      const d = store.discounts.byCode(row.organization_id, code);
      if (discountProblem(store, d, productId, now))
        throw invalid(loc, 'This discount code does not exist or is no longer available.', code);
      set.discount_id = d!.id;
      set.discount_locked = 0;
    } else if (code === null) {
      set.discount_id = null;
      set.discount_locked = 0;
    }
  }
  const changed = { ...row, ...set } as CheckoutRow;
  const discountId = changed.discount_id;
  const discount = discountId ? (store.row('discounts', discountId) ?? null) : null;
  const tax = taxAfterChange(changed, priceRow, discount);
  if (tax !== row.tax_amount) set.tax_amount = tax;
  if (Object.keys(set).length) store.update('checkouts', row.id, set, now);
}
