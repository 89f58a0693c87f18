// Checkout sessions change in two ways (spec §3): the seller updates an open one, and the customer
// confirms it, which buys what it sells (purchase.ts). Both run in the caller's transaction. The
// rules of today's generation are checkout-today-changes.ts; the seed's are here.
import { parseJson } from '../store/index.js';
import type { CheckoutRow } from '../store/rows.js';
import { checkoutAmounts, shownStatus } from './checkout-amounts.js';
import { type Actor, applyCheckoutChanges, type CheckoutChanges } from './checkout-changes.js';
import {
  applyTodaysChanges,
  finishTodaysChange,
  saveChanges,
  type TodaysChanges,
  todaysConfirmProblems,
} from './checkout-today-changes.js';
import { ExpiredCheckout, Invalid, invalid, NotOpenCheckout, type Problem } from './errors.js';
import { confirmPurchase } from './purchase.js';
import type { Deps, Work } from './work.js';

export type { CheckoutChanges } from './checkout-changes.js';
export type { TodaysChanges } from './checkout-today-changes.js';

/** A confirm's body: the seed's generation's, or today's (`today` set). */
export type ConfirmBody = CheckoutChanges | { today: TodaysChanges };

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

/** Today's update of checkout `id` by the seller or by the buyer (`_update_checkout`, `update`). */
export function updateTodaysCheckout(
  w: Work,
  id: string,
  body: TodaysChanges,
  actor: 'seller' | 'customer',
): void {
  const current = w.store.row('checkouts', id)!;
  const status = shownStatus(current, w.clock.iso());
  if (status !== 'open') throw new NotOpenCheckout(current.id, status);
  saveChanges(w, current, finishTodaysChange(w, applyTodaysChanges(w, current, body, actor)));
  w.tx.emit({ type: 'checkout.updated', id });
}

/**
 * The customer's confirm of checkout `id`, with its last changes; the customer session's token
 * (today's gives none to a customer found by email only).
 */
export function confirmCheckout(w: Work, id: string, body: ConfirmBody): { token: string | null } {
  const current = w.store.row('checkouts', id)!;
  assertConfirmable(current, w.clock.iso());
  if ('today' in body) return confirmTodays(w, current, body.today);
  const changes = body;
  applyCheckoutChanges(w, current, changes, 'customer');
  const updated = w.store.row('checkouts', id)!;
  // The real confirm redeems the discount (under its lock) before it looks at anything else.
  assertRedeemable(w, updated);
  const problems = requiredForConfirm(w, updated, changes);
  if (problems.length) throw new Invalid(problems);
  return confirmPurchase(w, updated);
}

/** Today's confirm (`confirm`, `_confirm_inner` at c6c3645e). */
function confirmTodays(w: Work, current: CheckoutRow, body: TodaysChanges) {
  saveChanges(w, current, applyTodaysChanges(w, current, body, 'confirm'));
  const changed = w.store.row('checkouts', current.id)!;
  assertRedeemable(w, changed);
  saveChanges(w, changed, finishTodaysChange(w, { ...changed }));
  const updated = w.store.row('checkouts', current.id)!;
  const problems = todaysConfirmProblems(w, updated, body);
  if (problems.length) throw new Invalid(problems);
  return confirmPurchase(w, updated, 'today');
}

/**
 * The session's discount can still be redeemed now (the real discount_service.redeem_discount and
 * is_redeemable_discount, checkout/service.py `confirm` at f179ede58c, the seed generation):
 * not deleted, started, not ended, redemptions left. Else 422 on `discount_id`.
 */
function assertRedeemable({ store, clock }: Deps, row: CheckoutRow): void {
  if (!row.discount_id) return;
  const d = store.row('discounts', row.discount_id)!;
  const now = clock.iso();
  const redeemable =
    !d.deleted_at &&
    !(d.starts_at && d.starts_at > now) &&
    !(d.ends_at && d.ends_at < now) &&
    !(d.max_redemptions != null && d.redemptions_count >= d.max_redemptions);
  if (!redeemable) throw invalid(['discount_id'], 'Discount is no longer redeemable.', d.id);
}

const required = (field: string, msg = 'Field is required.'): Problem => ({
  type: 'missing',
  loc: [field],
  msg,
  input: null,
});

/**
 * What a confirm must have (the real `_confirm_inner` and `_get_required_confirm_fields` at
 * f179ede58c, the seed generation): an email; a name and a billing address when a payment or a
 * payment method is taken (is_payment_form_required); the required custom fields; a payment
 * token when there is something to pay (is_payment_required: the total is above 0).
 */
function requiredForConfirm({ store }: Deps, row: CheckoutRow, body: CheckoutChanges): Problem[] {
  const price = store.row('prices', row.product_price_id)!;
  const discount = row.discount_id ? (store.row('discounts', row.discount_id) ?? null) : null;
  const amounts = checkoutAmounts(row, price, discount);
  const problems: Problem[] = [];
  const fields = ['customer_email'] as const;
  const paid = ['customer_name', 'customer_billing_address'] as const;
  for (const field of amounts.paymentFormRequired ? [...fields, ...paid] : fields) {
    if (row[field] == null) problems.push(required(field));
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
  if (amounts.paymentRequired && !body.confirmation_token_id) {
    problems.push(required('confirmation_token_id', 'Confirmation token is required.'));
  }
  return problems;
}
