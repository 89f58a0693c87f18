// What confirming a checkout creates (spec §3): the customer (or the one with that email), the
// discount's redemption, a subscription for a recurring price, the order, a grant of each benefit
// of the product (license keys among them) and a customer session, with their events. Runs
// inside the confirm's transaction.
import { uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type { CheckoutRow, CustomerRow } from '../store/rows.js';
import { grantBenefits } from './benefit-grants.js';
import { checkoutAmounts } from './checkout-amounts.js';
import { createCustomerSession } from './customer-sessions.js';
import { periodEnd } from './due.js';
import { invalid } from './errors.js';
import type { Work } from './work.js';

/** The checkout's customer: the organization's customer with its email, else a new one. */
function buyer({ store }: Work, row: CheckoutRow, iso: string): CustomerRow {
  const orgId = row.organization_id;
  const email = row.customer_email!;
  const customerMetadata = parseJson<Record<string, unknown>>(row.customer_metadata);
  const byEmail = () => store.inOrganization('customers', orgId, 'email', email, true);
  const existing = byEmail();
  if (existing) {
    if (Object.keys(customerMetadata).length) {
      const merged = { ...parseJson<object>(existing.metadata), ...customerMetadata };
      store.update('customers', existing.id, { metadata: json(merged) }, iso);
    }
  } else {
    store.insert('customers', {
      id: uuid(),
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
  }
  return byEmail()!;
}

/** Confirms an open, validated checkout; returns the customer session's token. */
export function purchase(w: Work, row: CheckoutRow): { token: string } {
  const { store, clock, tx } = w;
  const now = clock.now();
  const iso = now.toISOString();
  const priceRow = store.row('prices', row.product_price_id)!;
  const discount = row.discount_id ? (store.row('discounts', row.discount_id) ?? null) : null;
  const amounts = checkoutAmounts(row, priceRow, discount);
  const customer = buyer(w, row, iso);
  if (discount) {
    // Read again: the redemptions are counted in this transaction, not when the checkout was read.
    const d = store.row('discounts', discount.id)!;
    // Deleted since it was applied: the real service's confirm finds it no longer redeemable.
    if (d.deleted_at) throw invalid(['discount_id'], 'Discount is no longer redeemable.', d.id);
    if (d.max_redemptions != null && d.redemptions_count >= d.max_redemptions) {
      throw invalid(
        ['discount_code'],
        'Discount has reached its maximum number of redemptions.',
        d.code,
      );
    }
    store.discounts.redeem(d.id);
  }
  let subscriptionId: string | null = null;
  const recurring = priceRow.type === 'recurring';
  const currency = amounts.currency ?? 'usd';
  if (recurring) {
    subscriptionId = uuid();
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
      status: 'active',
      current_period_start: iso,
      current_period_end: periodEnd(now, priceRow.recurring_interval!).toISOString(),
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
    });
  }
  const orderId = uuid();
  store.insert('orders', {
    id: orderId,
    created_at: iso,
    modified_at: null,
    organization_id: row.organization_id,
    metadata: row.metadata,
    custom_field_data: row.custom_field_data,
    amount: amounts.subtotal,
    tax_amount: amounts.tax,
    currency,
    billing_reason: recurring ? 'subscription_create' : 'purchase',
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
  const session = createCustomerSession(w, customer.id);
  store.checkouts.markConfirmed(row.id, customer.id, subscriptionId, iso);
  // The events in the order the issue lists them (api-facts "Events"), each resource's form as
  // it is now; the grants (and their license keys) come last, one event each.
  tx.emit({ type: 'checkout.updated', id: row.id });
  tx.emit({ type: 'order.created', id: orderId });
  if (subscriptionId) {
    tx.emit({ type: 'subscription.created', id: subscriptionId });
    tx.emit({ type: 'subscription.active', id: subscriptionId });
  }
  grantBenefits(w, row.product_id, customer, { orderId, subscriptionId });
  return { token: session.token };
}
