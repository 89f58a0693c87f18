// Today's changes of a subscription (Polar-Version 2026-04/2026-10), as the real service makes
// them at c6c3645e (subscription/service.py `update` and what it calls; customer_portal/service/
// subscription.py for the buyer's): a move to another product under a proration behavior (now,
// with prorations billed now or on the next invoice, or at the period's end as a pending update),
// a discount or a trial set, metadata, a new period end, a cancellation or its taking back, a
// revocation, a pause at the period's end or its taking back, a resume, a pending update
// cleared. Every change ends as the real SubscriptionUpdateContext does: its billing effect (an
// order now, or a renewal), then its events (domain/subscriptions.ts afterSubscriptionUpdated).
import { uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type {
  DiscountRow,
  OrganizationRow,
  PriceRow,
  ProductRow,
  SubscriptionRow,
} from '../store/rows.js';
import { nextPeriod } from './due.js';
import {
  AlreadyCanceledSubscription,
  BadRequest,
  invalid,
  NamedRefusal,
  ResourceUnavailable,
} from './errors.js';
import type { Metadata } from './metadata.js';
import {
  intervalOf,
  liveDiscount,
  mainPrice,
  type Proration,
  planProductChange,
  priceAmount,
  priceSet,
} from './subscription-billing.js';
import { chargeNow, chargeOrder, grantsOf, renewNow } from './subscription-cycle.js';
import { afterSubscriptionUpdated } from './subscriptions.js';
import type { Deps, Work } from './work.js';

export type TodaysChange =
  | {
      form: 'base';
      productId?: string;
      proration?: Proration | null;
      /** A discount id, `unset` to remove it (sent null), or nothing. */
      discount?: string;
      trialEnd?: string;
      metadata?: Metadata;
    }
  | { form: 'seats' }
  | { form: 'billing_period'; end: string }
  | {
      form: 'cancel';
      cancelAtPeriodEnd: boolean | null;
      reason?: string | null;
      comment?: string | null;
    }
  | { form: 'revoke'; reason?: string | null; comment?: string | null }
  | { form: 'pause'; pauseAtPeriodEnd: boolean; resumesAt: string | null }
  | { form: 'resume' }
  | { form: 'clear' };

/** The organization's settings a change reads (models/organization.py at c6c3645e). */
export function subscriptionSettings(org: OrganizationRow) {
  const sub = (parseJson(org.subscription_settings) ?? {}) as Record<string, unknown>;
  const features = (parseJson(org.feature_settings) ?? {}) as Record<string, unknown>;
  const portal =
    (
      (parseJson(org.customer_portal_settings ?? null) ?? {}) as {
        subscription?: Record<string, unknown>;
      }
    ).subscription ?? {};
  return {
    proration: (sub.proration_behavior ?? 'prorate') as Proration,
    graceDays: Number(sub.benefit_revocation_grace_period ?? 0),
    resetEnabled: features.reset_proration_behavior_enabled === true,
    portalUpdatePlan: portal.update_plan !== false,
    portalUpdateSeats: portal.update_seats !== false,
    portalPause: portal.pause === true,
  };
}

const BILLABLE = ['trialing', 'active', 'past_due'];
const isRevoked = (s: SubscriptionRow) => s.status === 'canceled' || s.status === 'unpaid';
const isActive = (s: SubscriptionRow) => s.status === 'trialing' || s.status === 'active';

const refusal = (status: number, error: string, detail: string) =>
  new NamedRefusal(status, error, detail);

/** Who changes it: the seller may move it to a product of any visibility, the buyer to a public one. */
export type Actor = 'seller' | 'customer';

/**
 * PATCH /v1/subscriptions/{id} (`seller`) or /v1/customer-portal/subscriptions/{id} (`customer`)
 * in today's forms. The portal's own permissions (its organization's settings) are checked here.
 */
export function changeToday(
  w: Work,
  sub: SubscriptionRow,
  change: TodaysChange,
  actor: Actor,
): void {
  const org = w.store.row('organizations', sub.organization_id)!;
  const settings = subscriptionSettings(org);
  if (actor === 'customer') portalAllows(change, settings);
  // The portal's `{}` (a cancellation naming nothing) changes nothing and says nothing.
  if (change.form === 'cancel' && change.cancelAtPeriodEnd === null) return;
  const effects = new Effects(w, sub);
  switch (change.form) {
    case 'base':
      base(w, effects, change, settings, actor);
      break;
    case 'seats':
      if (isRevoked(sub) || sub.cancel_at_period_end === 1) throw new AlreadyCanceledSubscription();
      // The sandbox sells no seats (README): no subscription has a seat price.
      throw refusal(
        400,
        'NotASeatBasedSubscription',
        'This subscription does not support seat-based pricing.',
      );
    case 'billing_period':
      billingPeriod(w, effects.current, change.end);
      break;
    case 'cancel':
      if (change.cancelAtPeriodEnd)
        cancel(w, effects.current, false, change.reason, change.comment);
      else uncancel(w, effects.current);
      break;
    case 'revoke':
      cancel(w, effects.current, true, change.reason, change.comment);
      break;
    case 'pause':
      if (change.pauseAtPeriodEnd) pause(w, effects.current, change.resumesAt);
      else unpause(w, effects.current);
      break;
    case 'resume':
      resume(w, effects.current);
      effects.billing = 'resume';
      break;
    case 'clear':
      clearPending(w, effects.current);
      break;
  }
  effects.end();
}

/** customer_portal/service/subscription.py `update`: what the organization lets buyers do. */
function portalAllows(change: TodaysChange, settings: ReturnType<typeof subscriptionSettings>) {
  if (change.form === 'base' && !settings.portalUpdatePlan)
    throw refusal(
      403,
      'UpdateSubscriptionPlanNotAllowed',
      'Updating subscription plan is not allowed.',
    );
  if (change.form === 'seats' && !settings.portalUpdateSeats)
    throw refusal(
      403,
      'UpdateSubscriptionSeatsNotAllowed',
      'Updating subscription seats is not allowed.',
    );
  if ((change.form === 'pause' || change.form === 'resume') && !settings.portalPause)
    throw refusal(
      403,
      'PauseResumeNotAllowed',
      'Pausing or resuming a subscription is not allowed.',
    );
}

/**
 * The real SubscriptionUpdateContext: remembers the subscription before, and at the end runs the
 * change's billing effect (an order for its prorations now, or a renewal now), then its events.
 */
class Effects {
  billing: 'invoice' | 'cycle' | 'resume' | undefined;

  constructor(
    private readonly w: Work,
    readonly before: SubscriptionRow,
  ) {}

  /** The subscription as the change has left it so far. */
  get current(): SubscriptionRow {
    return this.w.store.row('subscriptions', this.before.id)!;
  }

  end(): void {
    const { w } = this;
    if (this.billing === 'cycle') {
      renewNow(w, this.current, this.before);
      return;
    }
    if (this.billing === 'invoice') chargeNow(w, this.current);
    afterSubscriptionUpdated(w, this.before);
    if (this.billing === 'resume') {
      const sub = this.current;
      chargeOrder(w, sub, 'subscription_cycle', sub.amount ?? 0, sub.current_period_start);
    }
  }
}

function base(
  w: Work,
  effects: Effects,
  change: Extract<TodaysChange, { form: 'base' }>,
  settings: ReturnType<typeof subscriptionSettings>,
  actor: Actor,
): void {
  const { store, clock } = w;
  if (change.productId && change.proration === 'reset' && !settings.resetEnabled)
    throw invalid(
      ['proration_behavior'],
      "The 'reset' proration behavior is not enabled for this organization.",
      'reset',
    );
  if (change.productId)
    changeProduct(
      w,
      effects,
      change.productId,
      change.proration ?? settings.proration,
      change.discount,
      actor,
    );
  else if (change.discount !== undefined) {
    const sub = effects.current;
    const product = store.row('products', sub.product_id)!;
    const d = resolveDiscount(w, sub, change.discount, product);
    setDiscount(w, sub, d);
  }
  if (change.trialEnd !== undefined) trial(w, effects, change.trialEnd);
  if (change.metadata !== undefined)
    store.update(
      'subscriptions',
      effects.before.id,
      { metadata: json(change.metadata) },
      clock.iso(),
    );
}

// ---- a product change

/** validate_product_change: the product and its prices in the subscription's currency. */
export function productFor(
  w: Deps,
  sub: SubscriptionRow,
  productId: string,
  actor: Actor,
): { product: ProductRow; prices: PriceRow[] } {
  if (isRevoked(sub) || sub.cancel_at_period_end === 1) throw new AlreadyCanceledSubscription();
  const refuse = (msg: string) => invalid(['product_id'], msg, productId);
  const product = w.store.row('products', productId);
  if (!product || product.organization_id !== sub.organization_id)
    throw refuse('Product does not exist.');
  if (product.is_archived === 1) throw refuse('Product is archived.');
  if (actor === 'customer' && (product.visibility ?? 'public') !== 'public')
    throw refuse('Product visibility is not allowed.');
  if (product.is_recurring !== 1) throw refuse('Product is not recurring.');
  const all = w.store.products
    .activePrices(productId)
    .filter((p) => (p.source ?? 'catalog') === 'catalog');
  if (all.some((p) => p.legacy === 1)) throw refuse('Product has legacy recurring prices.');
  const prices = priceSet(w, productId, sub.currency ?? 'usd');
  if (!prices) throw refuse("This product doesn't have a price for the subscription currency.");
  if (prices.some((p) => p.amount_type === 'custom'))
    throw refuse("Can't update to a product with custom prices.");
  return { product, prices };
}

/** The new product's trial end for a trialing subscription (`_resolve_trial_end`), or null: now. */
export function trialEndUnder(w: Deps, sub: SubscriptionRow, product: ProductRow): string | null {
  const start = sub.trial_start ?? sub.current_period_start;
  if (!product.trial_interval || !product.trial_interval_count) return null;
  const from = new Date(start);
  const end = nextPeriod(
    from,
    product.trial_interval,
    product.trial_interval_count,
    from.getUTCDate(),
  );
  return end.getTime() <= w.clock.now().getTime() ? null : end.toISOString();
}

function changeProduct(
  w: Work,
  effects: Effects,
  productId: string,
  proration: Proration,
  discountId: string | undefined,
  actor: Actor,
): void {
  const { store, clock } = w;
  const sub = effects.current;
  const { product, prices } = productFor(w, sub, productId, actor);
  const trialing = sub.status === 'trialing';
  const trialEnd = trialing ? trialEndUnder(w, sub, product) : null;
  const discount =
    discountId === undefined ? undefined : resolveDiscount(w, sub, discountId, product);
  const discountAfter = discount === undefined ? liveDiscount(w, sub) : discount;
  const plan = planProductChange(w, sub, product, prices, proration, discountAfter);
  const now = clock.iso();
  if (proration === 'next_period') {
    store.subscriptions.schedule({
      id: uuid(),
      created_at: now,
      modified_at: null,
      subscription_id: sub.id,
      proration_behavior: proration,
      applies_at: sub.current_period_end!,
      product_id: product.id,
      new_cycle_start: plan.cycleStart,
      new_cycle_end: plan.cycleEnd,
      discount_id: discount ? discount.id : null,
      discount_unset: discount === null ? 1 : 0,
      applied_at: null,
      deleted_at: null,
    });
    // The pending update's new row (the real one stamps the subscription too).
    store.subscriptions.touch(sub.id, now);
    return;
  }
  store.subscriptions.dropPendingUpdate(sub.id, now);
  // No proration during a trial: nothing is billed until it ends.
  if (!trialing)
    for (const entry of plan.entries)
      store.subscriptions.addBillingEntry({
        ...entry,
        id: uuid(),
        created_at: now,
        subscription_id: sub.id,
        order_id: null,
      });
  const price = mainPrice(prices);
  const { interval, count } = intervalOf(product, prices);
  const set: Record<string, unknown> = {
    product_id: product.id,
    price_id: price.id,
    amount: priceAmount(price),
    recurring_interval: interval,
    recurring_interval_count: count,
    current_period_start: plan.cycleStart,
    current_period_end: plan.cycleEnd,
  };
  if (discount !== undefined) Object.assign(set, discountColumns(sub, discount));
  if (trialing) {
    set.trial_start = sub.trial_start ?? sub.current_period_start;
    set.trial_end = trialEnd ?? now;
    set.current_period_end = trialEnd ?? now;
  }
  store.update('subscriptions', sub.id, set, now);
  if (trialing && !trialEnd) effects.billing = 'cycle';
  else if (
    !trialing &&
    (proration === 'invoice' || proration === 'reset' || plan.intervalChanged) &&
    plan.entries.length
  )
    effects.billing ??= 'invoice';
  grantsOf(w, sub.id);
}

// ---- a discount

/**
 * resolve_discount: `unset` removes it (null); an id must name a discount of the organization,
 * in the subscription's currency, for the product, redeemable, and not the one it has. It is
 * redeemed (counted) at once.
 */
function resolveDiscount(
  w: Work,
  sub: SubscriptionRow,
  id: string,
  product: ProductRow,
): DiscountRow | null {
  if (id === 'unset') return null;
  const { store, clock } = w;
  const d = store.row('discounts', id);
  const now = clock.iso();
  const products = d ? store.discounts.productIds(d.id) : [];
  const usable =
    d &&
    d.organization_id === sub.organization_id &&
    !d.deleted_at &&
    !(d.type === 'fixed' && d.currency && d.currency !== (sub.currency ?? 'usd')) &&
    (products.length === 0 || products.includes(product.id)) &&
    !(d.starts_at && d.starts_at > now) &&
    !(d.ends_at && d.ends_at < now) &&
    !(d.max_redemptions != null && d.redemptions_count >= d.max_redemptions);
  if (!usable || !d)
    throw invalid(
      ['discount_id'],
      'Discount does not exist, is not applicable to this product or is not redeemable.',
      id,
    );
  if (d.id === sub.discount_id)
    throw invalid(['discount_id'], 'This discount is already applied to the subscription.', id);
  store.discounts.redeem(d.id);
  return d;
}

/** A new discount counts its repetitions from the next period, the first it applies to. */
const discountColumns = (sub: SubscriptionRow, d: DiscountRow | null) => ({
  discount_id: d?.id ?? null,
  discount_applied_at: d ? sub.current_period_end : null,
});

function setDiscount(w: Work, sub: SubscriptionRow, d: DiscountRow | null): void {
  w.store.update('subscriptions', sub.id, discountColumns(sub, d), w.clock.iso());
}

// ---- a trial, a period end

/** update_trial: end it now (a renewal), move its end, or start one after the period. */
function trial(w: Work, effects: Effects, end: string): void {
  const sub = effects.current;
  const now = w.clock.iso();
  if (!isActive(sub))
    throw refusal(403, 'InactiveSubscription', `Subscription ${sub.id} is not active.`);
  const set: Record<string, unknown> = {};
  if (sub.status === 'trialing') {
    const at = end === 'now' ? now : end;
    Object.assign(set, {
      trial_start: sub.trial_start ?? sub.current_period_start,
      trial_end: at,
      current_period_end: at,
    });
    if (end === 'now') effects.billing = 'cycle';
  } else {
    if (end === 'now')
      throw invalid(['trial_end'], 'The subscription is not currently trialing.', end);
    if (Date.parse(end) <= Date.parse(sub.current_period_end!))
      throw invalid(['trial_end'], 'Trial end must be after the current period end.', end);
    Object.assign(set, { status: 'trialing', trial_end: end, current_period_end: end });
  }
  w.store.update('subscriptions', sub.id, set, now);
  syncPendingCycleEnd(w, sub.id, set.current_period_end as string);
}

/** A pending update ends the new period where the subscription's now ends. */
function syncPendingCycleEnd(w: Work, subscriptionId: string, end: string): void {
  const pending = w.store.subscriptions.pendingUpdate(subscriptionId);
  if (pending)
    w.store.update('subscription_updates', pending.id, { new_cycle_end: end }, w.clock.iso());
}

/** update_currrent_billing_period_end: the period ends (and the next starts) then. */
function billingPeriod(w: Work, sub: SubscriptionRow, end: string): void {
  if (isRevoked(sub)) throw new AlreadyCanceledSubscription();
  if (!isActive(sub))
    throw refusal(403, 'InactiveSubscription', `Subscription ${sub.id} is not active.`);
  if (sub.cancel_at_period_end === 1) throw new AlreadyCanceledSubscription();
  w.store.update('subscriptions', sub.id, { current_period_end: end }, w.clock.iso());
}

// ---- cancel, uncancel, revoke

/** Subscription.can_cancel: billable, not ended, and (at the period's end) not set to end yet. */
function canCancel(sub: SubscriptionRow, immediately: boolean): boolean {
  if (immediately && sub.status === 'paused') return sub.ended_at == null;
  if (!BILLABLE.includes(sub.status) || sub.ended_at) return false;
  return immediately || !(sub.cancel_at_period_end === 1 || sub.ends_at);
}

/**
 * `_perform_cancellation`: now (a revocation: ended, its benefits taken back) or at the period's
 * end; a scheduled pause is dropped; a reason or comment sent replaces the one recorded.
 */
export function cancel(
  w: Work,
  sub: SubscriptionRow,
  immediately: boolean,
  reason?: string | null,
  comment?: string | null,
): void {
  if (!canCancel(sub, immediately)) throw new AlreadyCanceledSubscription();
  const now = w.clock.iso();
  const set: Record<string, unknown> = {
    canceled_at: now,
    pause_at_period_end: 0,
    resumes_at: null,
  };
  if (reason) set.customer_cancellation_reason = reason;
  if (comment) set.customer_cancellation_comment = comment;
  if (immediately) Object.assign(set, { ends_at: now, ended_at: now, status: 'canceled' });
  else Object.assign(set, { cancel_at_period_end: 1, ends_at: sub.current_period_end });
  w.store.update('subscriptions', sub.id, set, now);
}

/** `uncancel`: gone once ended (410); else only one set to end (400). */
function uncancel(w: Work, sub: SubscriptionRow): void {
  if (sub.ended_at) throw new ResourceUnavailable();
  if (!(sub.cancel_at_period_end === 1 && BILLABLE.includes(sub.status)))
    throw new BadRequest('Bad request');
  w.store.update(
    'subscriptions',
    sub.id,
    {
      cancel_at_period_end: 0,
      ends_at: null,
      canceled_at: null,
      customer_cancellation_reason: null,
      customer_cancellation_comment: null,
    },
    w.clock.iso(),
  );
}

/** DELETE /v1/subscriptions/{id} in today's generation: revoked now, with its events. */
export function revokeToday(w: Work, sub: SubscriptionRow): void {
  changeToday(w, sub, { form: 'revoke' }, 'seller');
}

/** The portal's DELETE: a cancellation at the period's end, with its events. */
export function cancelToday(w: Work, sub: SubscriptionRow): void {
  const effects = new Effects(w, sub);
  cancel(w, sub, false);
  effects.end();
}

// ---- pause, resume, a pending update

function pause(w: Work, sub: SubscriptionRow, resumesAt: string | null): void {
  const can =
    sub.status === 'active' &&
    sub.cancel_at_period_end !== 1 &&
    sub.pause_at_period_end !== 1 &&
    !sub.ends_at;
  if (!can) throw refusal(409, 'CannotPauseSubscription', 'This subscription cannot be paused.');
  if (resumesAt && Date.parse(resumesAt) <= Date.parse(sub.current_period_end!))
    throw invalid(['resumes_at'], 'resumes_at must be after the current period end.', resumesAt);
  w.store.update(
    'subscriptions',
    sub.id,
    { pause_at_period_end: 1, resumes_at: resumesAt },
    w.clock.iso(),
  );
}

function unpause(w: Work, sub: SubscriptionRow): void {
  if (!(sub.pause_at_period_end === 1 && sub.status === 'active'))
    throw refusal(409, 'NoScheduledPause', 'This subscription is not scheduled to be paused.');
  w.store.update(
    'subscriptions',
    sub.id,
    { pause_at_period_end: 0, resumes_at: null },
    w.clock.iso(),
  );
}

/** `resume`: active again from now, a fresh period charged at once (after its events). */
function resume(w: Work, sub: SubscriptionRow): void {
  if (sub.status !== 'paused')
    throw refusal(409, 'NotPausedSubscription', 'This subscription is not paused.');
  const now = w.clock.now();
  const end = nextPeriod(
    now,
    sub.recurring_interval,
    sub.recurring_interval_count ?? 1,
    now.getUTCDate(),
  );
  w.store.update(
    'subscriptions',
    sub.id,
    {
      status: 'active',
      paused_at: null,
      resumes_at: null,
      current_period_start: now.toISOString(),
      current_period_end: end.toISOString(),
    },
    now.toISOString(),
  );
  grantsOf(w, sub.id);
}

function clearPending(w: Work, sub: SubscriptionRow): void {
  if (!w.store.subscriptions.pendingUpdate(sub.id))
    throw invalid(['pending_update'], 'This subscription has no pending update to clear.', null);
  const now = w.clock.iso();
  w.store.subscriptions.dropPendingUpdate(sub.id, now);
  w.store.subscriptions.touch(sub.id, now);
}

// ---- a subscription to a free product (POST /v1/subscriptions/)

/**
 * `create`: the product must be the seller's, recurring, with product-level prices, and free in
 * the organization's currency; the customer one of the product's organization (by id or the
 * seller's own id). Active at once for a period, no order; created, active and updated, then the
 * product's benefits granted.
 */
export function createSubscription(
  w: Work,
  productRow: ProductRow | undefined,
  customerRef: { id: string } | { externalId: string },
  metadata: Metadata,
): string {
  const { store, clock, tx } = w;
  const productId = productRow?.id;
  const refuse = (msg: string, input: unknown) => invalid(['product_id'], msg, input);
  if (!productRow) throw refuse('Product does not exist.', productId);
  const product = productRow;
  if (product.is_recurring !== 1) throw refuse('Product is not a recurring product.', product.id);
  const active = store.products
    .activePrices(product.id)
    .filter((p) => (p.source ?? 'catalog') === 'catalog');
  if (active.some((p) => p.legacy === 1))
    throw refuse('Legacy recurring products are not supported.', product.id);
  const org = store.row('organizations', product.organization_id)!;
  const currency = org.default_presentment_currency ?? 'usd';
  const prices = priceSet(w, product.id, currency);
  const price = prices && mainPrice(prices);
  if (!price || priceAmount(price) !== 0)
    throw refuse(
      'Product is not free. The customer should go through a checkout to create a paid subscription.',
      product.id,
    );
  const byId = 'id' in customerRef;
  const found = byId
    ? store.row('customers', customerRef.id)
    : store.inOrganization('customers', org.id, 'external_id', customerRef.externalId);
  const customer =
    found && found.organization_id === org.id && !found.deleted_at ? found : undefined;
  if (!customer)
    throw invalid(
      [byId ? 'customer_id' : 'external_customer_id'],
      'Customer does not exist.',
      byId ? customerRef.id : customerRef.externalId,
    );
  const now = clock.now();
  const iso = now.toISOString();
  const { interval, count } = intervalOf(product, prices);
  const id = uuid();
  store.insert('subscriptions', {
    id,
    created_at: iso,
    modified_at: null,
    organization_id: org.id,
    amount: 0,
    currency,
    recurring_interval: interval,
    recurring_interval_count: count,
    status: 'active',
    current_period_start: iso,
    current_period_end: nextPeriod(now, interval, count, now.getUTCDate()).toISOString(),
    cancel_at_period_end: 0,
    canceled_at: null,
    started_at: iso,
    ends_at: null,
    ended_at: null,
    customer_id: customer.id,
    product_id: product.id,
    price_id: price.id,
    discount_id: null,
    checkout_id: null,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    user_id: customer.user_id ?? null,
    metadata: json(metadata),
    custom_field_data: '{}',
  });
  tx.emit({ type: 'subscription.created', id });
  tx.emit({ type: 'subscription.active', id });
  tx.emit({ type: 'subscription.updated', id });
  grantsOf(w, id);
  return id;
}
