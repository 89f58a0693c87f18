// Changes of a subscription by the seller (PATCH /v1/subscriptions/{id}) or its buyer (the customer
// portal): a price change, or a cancellation at the period's end, its resumption, or (the seller
// only) a revocation at once (api-facts "Request bodies"); and the DELETEs: the seller's revoke and
// the buyer's cancellation.
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_ENDED_STATUSES,
  SUBSCRIPTION_REVOKED_STATUSES,
} from '../../shared/api-facts.js';
import type { SubscriptionRow } from '../store/rows.js';
import { AlreadyCanceledSubscription, invalid } from './errors.js';
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
  const { store, clock, tx } = w;
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
  if (ended(sub)) throw new AlreadyCanceledSubscription();
  const seller = actor === 'seller';
  const reason =
    (seller ? change.customer_cancellation_reason : change.cancellation_reason) ?? null;
  const comment =
    (seller ? change.customer_cancellation_comment : change.cancellation_comment) ?? null;
  tx.emit({ type: 'subscription.updated', id: sub.id });
  if (revoke) {
    store.subscriptions.revoke(sub.id, reason, comment, now);
    tx.emit({ type: 'subscription.revoked', id: sub.id });
  } else if (change.cancel_at_period_end === true) {
    store.subscriptions.cancelAtPeriodEnd(sub.id, reason, comment, now);
    tx.emit({ type: 'subscription.canceled', id: sub.id });
  } else {
    store.subscriptions.resume(sub.id, now);
    tx.emit({ type: 'subscription.uncanceled', id: sub.id });
  }
}

/** Another recurring price of the seller, not archived, on a subscription that goes on. */
function changePrice({ store, clock, tx }: Work, sub: SubscriptionRow, priceId: string): void {
  if (ended(sub) || sub.cancel_at_period_end === 1) throw new AlreadyCanceledSubscription();
  const price = store.products.priceOfOrganization(priceId);
  const loc = ['product_price_id'];
  if (!price || price.organization_id !== sub.organization_id) {
    throw invalid(loc, 'Price does not exist.', priceId);
  }
  if (price.is_archived === 1) throw invalid(loc, 'Price is archived.', priceId);
  if (price.type !== 'recurring') throw invalid(loc, 'Price is not recurring.', priceId);
  store.subscriptions.setPrice(sub.id, price, sub.currency, clock.iso());
  tx.emit({ type: 'subscription.updated', id: sub.id });
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
 * subscription service's `_perform_cancellation`, with the events its `_after_subscription_updated`
 * sends: updated, canceled when the end moved, revoked when it became revoked.
 */
export function cancelSubscription(w: Work, sub: SubscriptionRow, immediately: boolean): void {
  if (!canCancel(sub, immediately)) throw new AlreadyCanceledSubscription();
  const { store, clock, tx } = w;
  const now = clock.iso();
  if (immediately) store.subscriptions.revoke(sub.id, null, null, now);
  else store.subscriptions.cancelAtPeriodEnd(sub.id, null, null, now);
  const after = store.row('subscriptions', sub.id)!;
  tx.emit({ type: 'subscription.updated', id: sub.id });
  if (after.ends_at && after.canceled_at && after.ends_at !== sub.ends_at)
    tx.emit({ type: 'subscription.canceled', id: sub.id });
  if (
    among(SUBSCRIPTION_REVOKED_STATUSES, after.status) &&
    !among(SUBSCRIPTION_REVOKED_STATUSES, sub.status)
  )
    tx.emit({ type: 'subscription.revoked', id: sub.id });
}
