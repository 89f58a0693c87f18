// What confirming a checkout does (spec §3), in the real service's two steps (checkout/service.py
// at f179ede58c, the seed generation). The confirm itself (`_confirm_inner`): the customer (or
// the one with that email), the discount's redemption and a customer session; the session is
// `confirmed`, with `checkout.updated`, and the payment processor is asked. Then, once the confirm
// has committed, the processor's answer (a job, jobs.ts; `handle_stripe_success` or, for a free
// one, `handle_free_success`): the session `succeeded`, and what the processor's own events make
// there — the subscription for a recurring price, the order and a grant of each benefit of the
// product (license keys among them), with their events. Today's confirm finds and keeps its
// customer as checkout/service.py `_create_or_update_customer` at c6c3645e does (purchase-today.ts);
// a session with a trial makes a trialing subscription.
import { uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type { CheckoutRow, CustomerRow } from '../store/rows.js';
import { syncBenefitGrants } from './benefit-grants.js';
import { checkoutAmounts } from './checkout-amounts.js';
import { createCustomerSession } from './customer-sessions.js';
import { periodEnd } from './due.js';
import { openOrder, orderPaid } from './orders.js';
import { todaysBuyer } from './purchase-today.js';
import type { Work } from './work.js';

/** The checkout's customer: the organization's customer with its email, else a new one. */
function buyer({ store, tx }: Work, row: CheckoutRow, iso: string): CustomerRow {
  const orgId = row.organization_id;
  const email = row.customer_email!;
  const customerMetadata = parseJson<Record<string, unknown>>(row.customer_metadata);
  const byEmail = () => store.inOrganization('customers', orgId, 'email', email, true);
  const existing = byEmail();
  if (existing) {
    if (Object.keys(customerMetadata).length) {
      const merged = { ...parseJson<object>(existing.metadata), ...customerMetadata };
      store.update('customers', existing.id, { metadata: json(merged) }, iso);
      tx.emit({ type: 'customer.updated', id: existing.id });
    }
  } else {
    const id = uuid();
    store.insert('customers', {
      id,
      created_at: iso,
      modified_at: null,
      organization_id: orgId,
      email,
      email_verified: 0,
      name: row.customer_name ?? null,
      billing_address: row.customer_billing_address ?? null,
      tax_id: row.customer_tax_id ? json([row.customer_tax_id, 'eu_vat']) : null,
      // The checkout's metadata is copied to the customer it creates (spec §4.3 item 2).
      metadata: json({ ...parseJson<object>(row.metadata), ...customerMetadata }),
      avatar_url: null,
      user_id: null,
    });
    // Today's checkout creates it through the repository's create_context: customer.created.
    tx.emit({ type: 'customer.created', id });
  }
  return byEmail()!;
}

/**
 * Confirms an open, validated checkout; returns the customer session's token (none in today's
 * generation for a customer found by email only: whoever knows an email does not get a session).
 */
export function confirmPurchase(
  w: Work,
  row: CheckoutRow,
  generation: 'seed' | 'today' = 'seed',
): { token: string | null } {
  const { store, clock, tx } = w;
  const iso = clock.iso();
  const { customer, session: withSession } =
    generation === 'today' ? todaysBuyer(w, row) : { customer: buyer(w, row, iso), session: true };
  // Checked redeemable just before (checkouts.ts), in this transaction: counted once.
  if (row.discount_id) store.discounts.redeem(row.discount_id);
  const token = withSession ? createCustomerSession(w, customer.id).token : null;
  store.checkouts.markConfirmed(row.id, customer.id, iso);
  tx.emit({ type: 'checkout.updated', id: row.id });
  tx.enqueue({ kind: 'checkout.payment_succeeded', ref: row.id });
  return { token };
}

/**
 * The payment processor's answer to confirmed checkout `id`: the payment succeeded. Events in
 * the order the real service sends them: `checkout.updated` (succeeded) from the success handler;
 * for a recurring price `subscription.created` and `.active` (create_subscription_from_stripe),
 * then `subscription.updated` (update_subscription_from_stripe, as the processor switches the
 * subscription to automatic charges — the update that queues its benefit grants); the order's
 * `order.created` (create_order_from_stripe, which needs the subscription); then a
 * `benefit_grant.created` per benefit (the benefit grant jobs).
 */
export function settleCheckout(w: Work, id: string): void {
  const { store, clock, tx } = w;
  const row = store.row('checkouts', id);
  // The real handler refuses a session that is not confirmed (NotConfirmedCheckout).
  if (row?.status !== 'confirmed' || !row.customer_id) return;
  const customer = store.row('customers', row.customer_id)!;
  const now = clock.now();
  const iso = now.toISOString();
  const priceRow = store.row('prices', row.product_price_id)!;
  const discount = row.discount_id ? (store.row('discounts', row.discount_id) ?? null) : null;
  const amounts = checkoutAmounts(row, priceRow, discount);
  let subscriptionId: string | null = null;
  const recurring = priceRow.type === 'recurring';
  const currency = amounts.currency ?? 'usd';
  // A session made to upgrade a free subscription (subscription_id): the real success handler
  // moves that subscription to the new price (update_out_of_band_subscription), which the
  // processor's events then report (subscription.updated, an order for the update); a one-time
  // price leaves the subscription alone.
  const upgraded = recurring && row.subscription_id ? row.subscription_id : null;
  if (upgraded) {
    subscriptionId = upgraded;
    store.subscriptions.setPrice(upgraded, priceRow, currency, iso);
    store.update(
      'subscriptions',
      upgraded,
      { amount: amounts.amount, discount_id: row.discount_id ?? null },
      iso,
    );
  } else if (recurring) {
    subscriptionId = uuid();
    // A trial (today's session): trialing until its end, which is the first period's end.
    const trialEnd = row.trial_end ?? null;
    store.insert('subscriptions', {
      id: subscriptionId,
      created_at: iso,
      modified_at: null,
      organization_id: row.organization_id,
      // The subscription carries the price's amount; its discount applies to each order (as in
      // the seed and a price change), so a discounted checkout's order is the one that is reduced.
      amount: amounts.amount,
      currency,
      recurring_interval: priceRow.recurring_interval!,
      status: trialEnd ? 'trialing' : 'active',
      current_period_start: iso,
      current_period_end: trialEnd ?? periodEnd(now, priceRow.recurring_interval!).toISOString(),
      cancel_at_period_end: 0,
      canceled_at: null,
      started_at: iso,
      ends_at: null,
      ended_at: null,
      customer_id: customer.id,
      product_id: row.product_id,
      price_id: row.product_price_id,
      discount_id: row.discount_id ?? null,
      checkout_id: row.id,
      customer_cancellation_reason: null,
      customer_cancellation_comment: null,
      user_id: customer.user_id ?? null,
      metadata: row.metadata,
      custom_field_data: row.custom_field_data,
      trial_start: trialEnd ? iso : null,
      trial_end: trialEnd,
    });
  }
  const orderId = uuid();
  openOrder(w, {
    id: orderId,
    created_at: iso,
    modified_at: null,
    organization_id: row.organization_id,
    metadata: row.metadata,
    custom_field_data: row.custom_field_data,
    amount: amounts.subtotal,
    discount_amount: amounts.amount - amounts.subtotal,
    tax_amount: amounts.tax ?? 0,
    currency,
    billing_reason: upgraded
      ? 'subscription_update'
      : recurring
        ? 'subscription_create'
        : 'purchase',
    billing_address: row.customer_billing_address ?? null,
    customer_id: customer.id,
    product_id: row.product_id,
    product_price_id: row.product_price_id,
    price_type: priceRow.type,
    discount_id: row.discount_id ?? null,
    subscription_id: subscriptionId,
    checkout_id: row.id,
    user_id: customer.user_id ?? null,
  });
  store.checkouts.markSucceeded(row.id, subscriptionId ?? row.subscription_id ?? null, iso);
  tx.emit({ type: 'checkout.updated', id: row.id });
  if (upgraded) {
    tx.emit({ type: 'subscription.updated', id: upgraded });
  } else if (subscriptionId) {
    tx.emit({ type: 'subscription.created', id: subscriptionId });
    tx.emit({ type: 'subscription.active', id: subscriptionId });
    tx.emit({ type: 'subscription.updated', id: subscriptionId });
  }
  orderPaid(w, orderId);
  // A subscription's grants are the subscription's (order_id null); a one-time purchase's the
  // order's. An upgraded subscription's grants of its old product's benefits are revoked.
  syncBenefitGrants(
    w,
    'grant',
    row.product_id,
    customer,
    subscriptionId ? { subscriptionId } : { orderId },
  );
}
