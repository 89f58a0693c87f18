// A subscription's renewals and charges in today's generation (subscription/service.py `cycle`,
// `resume` and `_create_subscription_update_order` at c6c3645e; order/service.py
// create_subscription_order): at its period's end a subscription set to pause pauses (its
// benefits taken back, no order), else its pending update applies and the next period starts
// with its order — the period's charge less the discount that still applies, plus the prorations
// left pending, which that order bills. The seed's generation sees the same renewals: a
// subscription no change of today's touched renews as it always did.
import { uuid } from '../ids.js';
import type { SubscriptionRow } from '../store/rows.js';
import { cycleBenefitGrants, syncBenefitGrants } from './benefit-grants.js';
import { discountAmount } from './checkout-amounts.js';
import { nextPeriod, nextPeriodEnd } from './due.js';
import { meteredLines, recordLines } from './meter-billing.js';
import { openOrder, orderPaid } from './orders.js';
import {
  intervalOf,
  liveDiscount,
  mainPrice,
  priceAmount,
  priceSet,
} from './subscription-billing.js';
import { afterSubscriptionUpdated } from './subscriptions.js';
import type { Work } from './work.js';

const isActive = (s: SubscriptionRow) => s.status === 'trialing' || s.status === 'active';

/** enqueue_benefits_grants: the benefits of the subscription's product, as its status says. */
export function grantsOf(w: Work, subscriptionId: string): void {
  const sub = w.store.row('subscriptions', subscriptionId)!;
  const customer = w.store.row('customers', sub.customer_id);
  if (!customer || customer.deleted_at) return;
  syncBenefitGrants(w, isActive(sub) ? 'grant' : 'revoke', sub.product_id, customer, {
    subscriptionId,
  });
}

/**
 * An order of the subscription at `at`: `charged` (its period's charge, 0 for an update) less the
 * discount that applies to the period starting at `at`, plus every proration still pending,
 * which it bills. Paid at once (the sandbox's processor never declines).
 */
export function chargeOrder(
  w: Work,
  sub: SubscriptionRow,
  reason: 'subscription_cycle' | 'subscription_update',
  charged: number,
  at: string,
): string {
  const { store } = w;
  const currency = sub.currency ?? 'usd';
  const discount = charged > 0 ? liveDiscount(w, sub, at) : null;
  const off = discountAmount(discount, charged, currency);
  const prorations = store.subscriptions
    .pendingEntries(sub.id)
    .reduce((sum, e) => sum + (e.direction === 'credit' ? -e.amount : e.amount), 0);
  // A period's end also charges its metered prices (issue 27): each meter's billable units.
  const metered = reason === 'subscription_cycle' ? meteredLines(w, sub, at) : [];
  const usage = metered.reduce((sum, l) => sum + l.amount, 0);
  const customer = store.row('customers', sub.customer_id);
  const orderId = uuid();
  openOrder(w, {
    id: orderId,
    created_at: at,
    modified_at: null,
    organization_id: sub.organization_id,
    metadata: sub.metadata,
    custom_field_data: sub.custom_field_data,
    amount: charged - off + prorations + usage,
    discount_amount: off,
    tax_amount: 0,
    currency,
    billing_reason: reason,
    billing_address: customer?.billing_address ?? null,
    customer_id: sub.customer_id,
    product_id: sub.product_id,
    product_price_id: sub.price_id,
    price_type: 'recurring',
    discount_id: off > 0 ? discount!.id : null,
    subscription_id: sub.id,
    checkout_id: null,
    user_id: sub.user_id,
  });
  store.subscriptions.billEntries(sub.id, orderId);
  recordLines(w, sub, orderId, metered, at);
  orderPaid(w, orderId);
  return orderId;
}

/**
 * The last period of a subscription set to cancel at its end, charged at that end
 * (subscription/service.py `cycle`, its `revoke` branch: no cycle billing entry, then
 * order.create_subscription_order with subscription_cancel — public billing_reason
 * subscription_cycle, OrderBillingReasonInternal.to_public — at c6c3645e): no base price, an
 * order of what is still pending, the period's metered usage and prorations; nothing pending
 * (order/tasks.py: NoPendingBillingEntries), no order.
 */
export function finalCharge(w: Work, sub: SubscriptionRow, at: string): string | undefined {
  // A metered billing entry is an event: events of 0 units are billed (an order of 0) too.
  const used = meteredLines(w, sub, at).find((l) => l.events > 0);
  if (!used && !w.store.subscriptions.pendingEntries(sub.id).length) return undefined;
  // An order of a metered price has no base line (today/orders.ts): its lines are the usage.
  const billed = used ? { ...sub, price_id: used.price.id } : sub;
  return chargeOrder(w, billed, 'subscription_cycle', 0, at);
}

/** `_create_subscription_update_order`: the pending prorations, invoiced now. */
export function chargeNow(w: Work, sub: SubscriptionRow): string {
  return chargeOrder(w, sub, 'subscription_update', 0, w.clock.iso());
}

/** What a renewal did: its order and the new period's end, or nothing (it paused). */
export interface Cycled {
  orderId?: string;
  periodEnd?: string;
}

/**
 * `cycle` at `at`, the period's end: the subscription pauses, or renews (its pending update
 * first). `before` is the subscription its events compare with (by default, as it is).
 */
export function cycle(w: Work, sub: SubscriptionRow, at: string, before = sub): Cycled {
  const { store, tx } = w;
  if (sub.pause_at_period_end === 1 && sub.cancel_at_period_end !== 1) {
    store.update(
      'subscriptions',
      sub.id,
      { status: 'paused', paused_at: at, pause_at_period_end: 0 },
      at,
    );
    afterSubscriptionUpdated(w, before);
    grantsOf(w, sub.id);
    return {};
  }
  const resets = applyPending(w, sub, at);
  const current = store.row('subscriptions', sub.id)!;
  const periodEnd = resets
    ? current.current_period_end!
    : nextPeriodEnd(current, new Date(at)).toISOString();
  // The charge is computed on the subscription as the previous period left it (trial or not).
  store.subscriptions.renew(sub.id, resets ? current.current_period_start : at, periodEnd);
  tx.emit({ type: 'subscription.cycled', id: sub.id });
  afterSubscriptionUpdated(w, before);
  const orderId = chargeOrder(w, current, 'subscription_cycle', current.amount ?? 0, at);
  if (current.product_id !== sub.product_id) grantsOf(w, sub.id);
  // After the order, as the real cycle enqueues benefit cycling: credits reset and renewed.
  cycleBenefitGrants(w, sub.id);
  return { orderId, periodEnd };
}

/** Renewed now (a trial a change ended now, its period with it): `cycle` at that end. */
export function renewNow(w: Work, sub: SubscriptionRow, before: SubscriptionRow): Cycled {
  return cycle(w, sub, sub.current_period_end ?? w.clock.iso(), before);
}

/**
 * The pending update due by `at`, applied (SubscriptionUpdate.apply_update): its product — a
 * product without a price in the subscription's currency any more drops it —, its discount, and
 * the new cycle when it resets the period. Returns whether it did.
 */
function applyPending(w: Work, sub: SubscriptionRow, at: string): boolean {
  const { store } = w;
  const pending = store.subscriptions.pendingUpdate(sub.id);
  if (!pending || pending.applies_at > at) return false;
  const set: Record<string, unknown> = {};
  let resets = false;
  if (pending.product_id) {
    const product = store.row('products', pending.product_id);
    const prices = product && priceSet(w, product.id, sub.currency ?? 'usd');
    if (!product || !prices) {
      store.subscriptions.dropPendingUpdate(sub.id, at);
      return false;
    }
    const price = mainPrice(prices);
    const { interval, count } = intervalOf(product, prices);
    resets =
      pending.proration_behavior === 'reset' ||
      interval !== sub.recurring_interval ||
      count !== (sub.recurring_interval_count ?? 1);
    Object.assign(set, {
      product_id: product.id,
      price_id: price.id,
      amount: priceAmount(price),
      recurring_interval: interval,
      recurring_interval_count: count,
    });
  }
  if (pending.discount_unset === 1)
    Object.assign(set, { discount_id: null, discount_applied_at: null });
  else if (pending.discount_id)
    Object.assign(set, { discount_id: pending.discount_id, discount_applied_at: at });
  if (resets && pending.new_cycle_start && pending.new_cycle_end)
    Object.assign(set, {
      current_period_start: pending.new_cycle_start,
      current_period_end: pending.new_cycle_end,
    });
  if (Object.keys(set).length) store.update('subscriptions', sub.id, set, at);
  store.subscriptions.markApplied(pending.id, at);
  return resets;
}

/**
 * A paused subscription's `resumes_at` came (subscription.resume): active from then for a fresh
 * period, charged at once, its benefits granted again.
 */
export function resumeAt(w: Work, sub: SubscriptionRow, at: string, before = sub): string {
  const { store } = w;
  const from = new Date(at);
  const count = sub.recurring_interval_count ?? 1;
  const end = nextPeriod(from, sub.recurring_interval, count, from.getUTCDate());
  store.update(
    'subscriptions',
    sub.id,
    {
      status: 'active',
      paused_at: null,
      resumes_at: null,
      current_period_start: at,
      current_period_end: end.toISOString(),
    },
    at,
  );
  afterSubscriptionUpdated(w, before);
  grantsOf(w, sub.id);
  const current = store.row('subscriptions', sub.id)!;
  return chargeOrder(w, current, 'subscription_cycle', current.amount ?? 0, at);
}
