// Checkout sessions change in two ways (spec §3): the seller updates an open one, and the customer
// confirms it, which buys what it sells (purchase.ts). Both run in the caller's transaction.
import { parseJson } from '../store/index.js';
import type { CheckoutRow } from '../store/rows.js';
import { checkoutAmounts, shownStatus } from './checkout-amounts.js';
import { type Actor, applyCheckoutChanges, type CheckoutChanges } from './checkout-changes.js';
import { ExpiredCheckout, Invalid, NotOpenCheckout, type Problem } from './errors.js';
import { purchase } from './purchase.js';
import type { Deps, Work } from './work.js';

export type { CheckoutChanges } from './checkout-changes.js';

/** A checkout the customer may confirm: not past its expiry (410), and open (403). */
export function assertConfirmable(row: CheckoutRow, now: string): void {
  if (row.expires_at <= now) throw new ExpiredCheckout();
  if (row.status !== 'open') throw new NotOpenCheckout(row.id, row.status);
}

/** The seller's update of checkout `id`, or the buyer's (by its client secret). */
export function updateCheckout(
  w: Work,
  id: string,
  changes: CheckoutChanges,
  actor: Actor = 'seller',
): void {
  const current = w.store.row('checkouts', id)!;
  // Only confirm answers 410; an update of a session past expires_at is refused like any
  // non-open one, with the status GET shows (api-facts "Errors").
  const status = shownStatus(current, w.clock.iso());
  if (status !== 'open') throw new NotOpenCheckout(current.id, status);
  applyCheckoutChanges(w, current, changes, actor);
  w.tx.emit({ type: 'checkout.updated', id });
}

/** The customer's confirm of checkout `id`, with its last changes; the session token. */
export function confirmCheckout(w: Work, id: string, changes: CheckoutChanges): { token: string } {
  const current = w.store.row('checkouts', id)!;
  assertConfirmable(current, w.clock.iso());
  applyCheckoutChanges(w, current, changes, 'customer');
  const updated = w.store.row('checkouts', id)!;
  const problems = requiredForConfirm(w, updated, changes);
  if (problems.length) throw new Invalid(problems);
  return purchase(w, updated);
}

/** What a confirm must have: an email, the required custom fields, a payment token if paid. */
function requiredForConfirm({ store }: Deps, row: CheckoutRow, body: CheckoutChanges): Problem[] {
  const problems: Problem[] = [];
  if (!row.customer_email) {
    problems.push({ type: 'missing', loc: ['customer_email'], msg: 'Field required', input: null });
  }
  const data = parseJson<Record<string, unknown>>(row.custom_field_data);
  for (const f of store.products.attachedFields(row.product_id)) {
    const value = data[f.slug];
    if (f.attach_required === 1 && (value === undefined || value === null || value === '')) {
      problems.push({
        type: 'missing',
        loc: ['custom_field_data', f.slug],
        msg: 'Field required',
        input: null,
      });
    }
  }
  const price = store.row('prices', row.product_price_id)!;
  const discount = row.discount_id ? (store.row('discounts', row.discount_id) ?? null) : null;
  if (checkoutAmounts(row, price, discount).paymentFormRequired && !body.confirmation_token_id) {
    problems.push({
      type: 'missing',
      loc: ['confirmation_token_id'],
      msg: 'Confirmation token is required.',
      input: null,
    });
  }
  return problems;
}
