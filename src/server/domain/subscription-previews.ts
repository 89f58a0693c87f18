// What a subscription's next charge, its cancellation and a product change would come to, without
// changing anything (the private charge-preview, cancel-preview and change-preview routes;
// subscription/service.py calculate_charge_preview, calculate_cancel_preview and
// calculate_change_preview at c6c3645e, which apply the change in a savepoint and roll it back:
// here the same amounts are computed from the rows as they are).
import type { SubscriptionRow } from '../store/rows.js';
import { AlreadyCanceledSubscription, NamedRefusal } from './errors.js';
import { subscriptionUsage } from './meter-billing.js';
import {
  type ChargePreview,
  chargeOf,
  liveDiscount,
  mainPrice,
  type Proration,
  planProductChange,
  priceAmount,
  priceSet,
  prorationLines,
} from './subscription-billing.js';
import {
  type Actor,
  productFor,
  subscriptionSettings,
  trialEndUnder,
} from './subscriptions-today.js';
import type { Deps } from './work.js';

/**
 * Whether the subscription has a next charge to preview (the endpoints' 404 otherwise): active
 * or trialing, or paused to resume by itself, and not ended.
 */
export function hasNextCharge(sub: SubscriptionRow): boolean {
  const resumable = sub.status === 'paused' && sub.resumes_at != null;
  if (sub.status !== 'active' && sub.status !== 'trialing' && !resumable) return false;
  return !((sub.cancel_at_period_end === 1 || sub.ends_at) && sub.ended_at);
}

/**
 * The charge at the period's end: its pending update applied, nothing for the period when it is
 * set to end, the prorations pending, the discount that still applies then.
 */
export function chargePreview(deps: Deps, sub: SubscriptionRow): ChargePreview {
  const { store } = deps;
  const currency = sub.currency ?? 'usd';
  const next = sub.current_period_end ?? sub.current_period_start;
  let amount = sub.amount ?? 0;
  let discount = liveDiscount(deps, sub, next);
  const pending = store.subscriptions.pendingUpdate(sub.id);
  if (pending?.product_id) {
    // A product without a price in the currency any more is skipped, as the renewal skips it.
    const prices = priceSet(deps, pending.product_id, currency);
    if (prices) amount = priceAmount(mainPrice(prices));
  }
  if (pending?.discount_unset === 1) discount = null;
  else if (pending?.discount_id) discount = store.row('discounts', pending.discount_id) ?? null;
  const ending = sub.cancel_at_period_end === 1 || sub.ends_at != null;
  const base = ending ? 0 : amount;
  const prorations = prorationLines(deps, store.subscriptions.pendingEntries(sub.id));
  // `sum(meter.amount for meter in subscription.meters)` (_compute_charge_preview, c6c3645e).
  const metered = (subscriptionUsage(deps, sub)?.meters ?? []).reduce((n, m) => n + m.amount, 0);
  return chargeOf({ charged: base, base, prorations, metered }, discount, currency);
}

/**
 * Cancelling now stops collecting only a past-due subscription's pending order, when its
 * organization grants no grace period; the sandbox's orders are paid, none is outstanding.
 */
export function cancelPreview(deps: Deps, sub: SubscriptionRow) {
  const org = deps.store.row('organizations', sub.organization_id)!;
  const stops = sub.status === 'past_due' && subscriptionSettings(org).graceDays === 0;
  return { stops_collection: stops, outstanding_amount: null };
}

/**
 * A move to `productId` (the seller's proration behavior, else the organization's): during a
 * trial, a full period of the new product if it ends the trial, else nothing; otherwise the
 * prorations it would add to those pending (none at the period's end), billed as an update.
 */
export function changePreview(
  deps: Deps,
  sub: SubscriptionRow,
  productId: string,
  asked: Proration | null | undefined,
  actor: Actor,
): ChargePreview {
  const { store } = deps;
  const org = store.row('organizations', sub.organization_id)!;
  const proration = asked ?? subscriptionSettings(org).proration;
  const { product, prices } = productFor(deps, sub, productId, actor);
  const currency = sub.currency ?? 'usd';
  const discount = sub.discount_id ? (store.row('discounts', sub.discount_id) ?? null) : null;
  const now = proration !== 'next_period';
  if (now && sub.status === 'trialing') {
    const ends = trialEndUnder(deps, sub, product) === null;
    const charged = ends ? prices.reduce((sum, p) => sum + priceAmount(p), 0) : 0;
    return chargeOf({ charged, base: 0, prorations: [] }, discount, currency);
  }
  const plan = planProductChange(deps, sub, product, prices, proration, liveDiscount(deps, sub));
  const entries = [...store.subscriptions.pendingEntries(sub.id), ...(now ? plan.entries : [])];
  return chargeOf(
    { charged: 0, base: 0, prorations: prorationLines(deps, entries) },
    discount,
    currency,
  );
}

/**
 * POST …/change-preview: the buyer's only where the organization lets buyers change plans (or
 * seats); a change of seats is refused, as no subscription of the sandbox has seats.
 */
export function previewChange(
  deps: Deps,
  sub: SubscriptionRow,
  change: { productId?: string; proration?: Proration | null },
  actor: Actor,
): ChargePreview {
  const org = deps.store.row('organizations', sub.organization_id)!;
  const settings = subscriptionSettings(org);
  if (actor === 'customer' && change.productId && !settings.portalUpdatePlan)
    throw new NamedRefusal(
      403,
      'UpdateSubscriptionPlanNotAllowed',
      'Updating subscription plan is not allowed.',
    );
  if (actor === 'customer' && !change.productId && !settings.portalUpdateSeats)
    throw new NamedRefusal(
      403,
      'UpdateSubscriptionSeatsNotAllowed',
      'Updating subscription seats is not allowed.',
    );
  if (!change.productId) {
    if (sub.status === 'canceled' || sub.status === 'unpaid' || sub.cancel_at_period_end === 1)
      throw new AlreadyCanceledSubscription();
    throw new NamedRefusal(
      400,
      'NotASeatBasedSubscription',
      'This subscription does not support seat-based pricing.',
    );
  }
  return changePreview(deps, sub, change.productId, change.proration, actor);
}
