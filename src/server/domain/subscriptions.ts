// Changes of a subscription by the seller (PATCH /v1/subscriptions/{id}) or its buyer (the customer
// portal): a price change, or a cancellation at the period's end, its resumption, or (the seller
// only) a revocation at once (api-facts "Request bodies"); and the DELETEs: the seller's revoke and
// the buyer's cancellation.
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_ENDED_STATUSES,
  SUBSCRIPTION_INACTIVE_STATUSES,
} from '../../shared/api-facts.js';
import type { SubscriptionRow } from '../store/rows.js';
import { revokeBenefitGrants } from './benefit-grants.js';
import { AlreadyCanceledSubscription, BadRequest, invalid, ResourceUnavailable } from './errors.js';
import type { EmittedEventType as EventType } from './events.js';
import type { Work } from './work.js';

export type SubscriptionChange =
  | { product_price_id: string; proration_behavior?: string | null }
  | {
      cancel_at_period_end?: boolean | null;
      /** The seller only. */
      revoke?: true | null;
      /** The seller's field names… */
      customer_cancellation_reason?: string | null;
      customer_cancellation_comment?: string | null;
      /** …and the buyer's. */
      cancellation_reason?: string | null;
      cancellation_comment?: string | null;
    };

const ended = (sub: SubscriptionRow) =>
  sub.ended_at != null || (SUBSCRIPTION_ENDED_STATUSES as readonly string[]).includes(sub.status);

export function changeSubscription(
  w: Work,
  sub: SubscriptionRow,
  change: SubscriptionChange,
  actor: 'seller' | 'customer',
): void {
  if ('product_price_id' in change) {
    changePrice(w, sub, change.product_price_id);
    return;
  }
  const { store, clock } = w;
  const now = clock.iso();
  // Nothing to cancel, revoke or resume: the real service answers with the subscription as it
  // is, whatever its state (subscription service `update`, polar e61db971).
  const revoke = actor === 'seller' && change.revoke === true;
  if (!revoke && typeof change.cancel_at_period_end !== 'boolean') return;
  // The real service refuses both at once rather than pick one (the official SDK sends
  // `revoke: true` unless told `revoke: null`, so this is what its users meet).
  if (revoke && typeof change.cancel_at_period_end === 'boolean') {
    throw invalid(
      ['revoke'],
      'Use either `revoke` for immediate cancellation and revokation or `cancel_at_period_end`.',
      true,
    );
  }
  // As the real service's update at the seed's generation (subscription/service.py
  // `_perform_cancellation` and `uncancel`, f179ede58c): a cancellation needs `can_cancel` (a
  // second one is refused, as is one of an ended subscription); a resumption an active
  // subscription set to end (400 otherwise), and one that has ended is gone (410).
  const cancelling = revoke || change.cancel_at_period_end === true;
  if (cancelling && !canCancel(sub, revoke)) throw new AlreadyCanceledSubscription();
  if (!cancelling) {
    if (sub.ended_at != null) throw new ResourceUnavailable();
    const canceling =
      among(SUBSCRIPTION_ACTIVE_STATUSES, sub.status) && sub.cancel_at_period_end === 1;
    if (!canceling) throw new BadRequest('Bad request');
  }
  const seller = actor === 'seller';
  const reason =
    (seller ? change.customer_cancellation_reason : change.cancellation_reason) ?? null;
  const comment =
    (seller ? change.customer_cancellation_comment : change.cancellation_comment) ?? null;
  if (revoke) store.subscriptions.revoke(sub.id, reason, comment, now);
  else if (change.cancel_at_period_end === true)
    store.subscriptions.cancelAtPeriodEnd(sub.id, reason, comment, now);
  else store.subscriptions.resume(sub.id, now);
  afterSubscriptionUpdated(w, sub);
}

/** Another recurring price of the seller, not archived, on a subscription that goes on. */
function changePrice(w: Work, sub: SubscriptionRow, priceId: string): void {
  const { store, clock } = w;
  if (ended(sub) || sub.cancel_at_period_end === 1) throw new AlreadyCanceledSubscription();
  const price = store.products.priceOfOrganization(priceId);
  const loc = ['product_price_id'];
  if (!price || price.organization_id !== sub.organization_id) {
    throw invalid(loc, 'Price does not exist.', priceId);
  }
  if (price.is_archived === 1) throw invalid(loc, 'Price is archived.', priceId);
  if (price.type !== 'recurring') throw invalid(loc, 'Price is not recurring.', priceId);
  store.subscriptions.setPrice(sub.id, price, sub.currency, clock.iso());
  afterSubscriptionUpdated(w, sub);
}

const among = (statuses: readonly string[], status: string) => statuses.includes(status);

/**
 * The real service's `can_cancel`: only a trialing or active subscription that has not ended, and
 * (unless at once) is not already set to end.
 */
function canCancel(sub: SubscriptionRow, immediately: boolean): boolean {
  if (!among(SUBSCRIPTION_ACTIVE_STATUSES, sub.status) || sub.ended_at != null) return false;
  return immediately || (sub.cancel_at_period_end !== 1 && sub.ends_at == null);
}

/**
 * DELETE /v1/subscriptions/{id} (`immediately`: the seller's revoke) and DELETE
 * /v1/customer-portal/subscriptions/{id} (the buyer's cancellation at the period's end), as the
 * subscription service's `_perform_cancellation`, with the events of the change.
 */
export function cancelSubscription(w: Work, sub: SubscriptionRow, immediately: boolean): void {
  if (!canCancel(sub, immediately)) throw new AlreadyCanceledSubscription();
  const { store, clock } = w;
  const now = clock.iso();
  if (immediately) store.subscriptions.revoke(sub.id, null, null, now);
  else store.subscriptions.cancelAtPeriodEnd(sub.id, null, null, now);
  afterSubscriptionUpdated(w, sub);
}

// The real service's revoked statuses (SubscriptionStatus.revoked_statuses): canceled and unpaid.
const isActive = (s: SubscriptionRow) => among(SUBSCRIPTION_ACTIVE_STATUSES, s.status);
const isRevoked = (s: SubscriptionRow) => among(SUBSCRIPTION_INACTIVE_STATUSES, s.status);
const isCanceled = (s: SubscriptionRow) => s.canceled_at != null;

/**
 * The events of a change of subscription `before` into the row as it is stored now, as the real
 * service's `_after_subscription_updated` sends them: `subscription.updated` always, then
 * `.active` when it became active (a resume is not an activation), today's `.paused` and
 * `.resumed` (c6c3645e), `.uncanceled` when a cancellation was taken back, `.canceled` when it
 * became canceled (or was revoked after a cancellation), `.revoked` when it became revoked —
 * which also takes back its benefit grants (`benefit_grant.revoked` each).
 */
export function afterSubscriptionUpdated(w: Work, before: SubscriptionRow): void {
  const after = w.store.row('subscriptions', before.id)!;
  const emit = (type: EventType) => w.tx.emit({ type, id: before.id });
  emit('subscription.updated');
  const resumed = isActive(after) && before.status === 'paused';
  if (isActive(after) && !isActive(before) && !resumed) emit('subscription.active');
  if (after.status === 'paused' && before.status !== 'paused') emit('subscription.paused');
  if (resumed) emit('subscription.resumed');
  if (!isCanceled(after) && isCanceled(before)) emit('subscription.uncanceled');
  const revoked = isRevoked(after) && !isRevoked(before);
  if ((isCanceled(after) && !isCanceled(before)) || (revoked && isCanceled(before)))
    emit('subscription.canceled');
  if (revoked) {
    emit('subscription.revoked');
    revokeBenefitGrants(w, before.id, after.ended_at);
  }
}
