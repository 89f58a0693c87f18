// The seller's discounts: create, update with what may no longer change, and the soft delete after
// which no checkout can apply or redeem the discount. Two generations of rules (the real discount
// service at f179ede58c, the seed's, and at c6c3645e, today's: discount/service.py); every change
// emits its discount.* event (today's types: only endpoints of today's version receive them).

import { CURRENCIES } from '../../shared/api-facts.js';
import type { Generation } from '../../shared/api-versions.js';
import { uuid } from '../ids.js';
import type { Store, Visibility } from '../store/index.js';
import type { DiscountDuration, DiscountRow, DiscountType } from '../store/rows.js';
import { invalid } from './errors.js';
import type { Metadata } from './metadata.js';
import { payloadOrganization } from './payload-organization.js';
import type { Principal } from './principal.js';
import type { Work } from './work.js';

/** A fixed discount's amount per currency (today's `amounts`). */
export type Amounts = Record<string, number>;

export interface DiscountDraft {
  duration: DiscountDuration;
  duration_in_months?: number | null;
  type: DiscountType;
  amount?: number | null;
  currency?: string | null;
  /** Today's: the amount per currency, instead of `amount` and `currency`. */
  amounts?: Amounts | null;
  basis_points?: number;
  metadata: Metadata;
  name: string;
  code: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  max_redemptions?: number | null;
  /** Today's. */
  max_redemptions_per_customer?: number | null;
  products?: string[] | null;
  organization_id?: string | null;
}

/** A PATCH: absent = unchanged; null clears code, starts_at, ends_at and the redemption limits. */
export interface DiscountChanges {
  metadata?: Metadata | null;
  name?: string | null;
  code?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  max_redemptions?: number | null;
  max_redemptions_per_customer?: number | null;
  duration?: DiscountDuration | null;
  duration_in_months?: number | null;
  type?: DiscountType | null;
  amount?: number | null;
  currency?: string | null;
  amounts?: Amounts | null;
  basis_points?: number | null;
  products?: string[] | null;
}

const CODE_TAKEN = 'Discount with this code already exists.';

/** The amount per currency of a fixed discount's row (one from before `amounts`: its one amount). */
export function amountsOf(d: DiscountRow): Amounts {
  if (d.type !== 'fixed') return {};
  if (d.amounts) return JSON.parse(d.amounts) as Amounts;
  return { [d.currency ?? CURRENCIES[0]]: d.amount ?? 0 };
}

/**
 * The real model's `amount` and `currency` (models/discount.py DiscountFixed at c6c3645e, kept for
 * backward compatibility): the amount in the organization's default currency, else the first.
 */
export function defaultAmount(
  amounts: Amounts,
  organizationCurrency: string | undefined,
): { amount: number; currency: string } {
  const currency =
    organizationCurrency && organizationCurrency in amounts
      ? organizationCurrency
      : (Object.keys(amounts)[0] ?? CURRENCIES[0]);
  return { amount: amounts[currency] ?? 0, currency };
}

/** The columns a fixed discount's amounts are stored in. */
function amountColumns(store: Store, organizationId: string, amounts: Amounts) {
  const org = store.row('organizations', organizationId);
  return {
    ...defaultAmount(amounts, org?.default_presentment_currency),
    amounts: JSON.stringify(amounts),
  };
}

/** Products of the organization (archived ones too), or a 422 on the first other. */
function checkProducts(store: Store, organizationId: string, ids: readonly string[]): string[] {
  return ids.map((raw, index) => {
    const p = store.inOrganization('products', organizationId, 'id', raw.toLowerCase());
    if (!p) throw invalid(['products', index], 'Product not found.', raw);
    return p.id;
  });
}

/**
 * Whether `code` is another discount's. The seed's unique (organization_id, code) counted
 * deleted discounts too (exactly); today's unique index is on lower(code) of live discounts
 * (ix_discounts_code_uniqueness at c6c3645e).
 */
function codeTaken(
  store: Store,
  organizationId: string,
  code: string,
  generation: Generation,
  exceptId = '',
): boolean {
  if (generation === 'seed') return store.discounts.codeTaken(organizationId, code, exceptId);
  const live = store.discounts.byCode(organizationId, code);
  return live !== undefined && live.id !== exceptId;
}

/** POST /v1/discounts/: the new discount's id. */
export function createDiscount(
  { store, clock, tx }: Work,
  principal: Principal,
  visible: Visibility,
  draft: DiscountDraft,
  generation: Generation = 'seed',
): string {
  const organizationId = payloadOrganization(principal, visible, draft.organization_id);
  if (draft.code != null && codeTaken(store, organizationId, draft.code, generation))
    throw invalid(['code'], CODE_TAKEN, draft.code);
  const products = checkProducts(store, organizationId, draft.products ?? []);
  const fixed = draft.type === 'fixed';
  // Today's: `amount` in `currency` (usd unless named) is the same as `amounts` of one.
  const amounts = fixed
    ? (draft.amounts ?? { [draft.currency ?? CURRENCIES[0]]: draft.amount ?? 0 })
    : null;
  const id = uuid();
  store.insert('discounts', {
    id,
    created_at: clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    name: draft.name,
    code: draft.code,
    type: draft.type,
    ...(amounts
      ? amountColumns(store, organizationId, amounts)
      : { amount: null, currency: null, amounts: null }),
    basis_points: fixed ? null : (draft.basis_points ?? null),
    duration: draft.duration,
    duration_in_months: draft.duration === 'repeating' ? (draft.duration_in_months ?? null) : null,
    starts_at: draft.starts_at ?? null,
    ends_at: draft.ends_at ?? null,
    max_redemptions: draft.max_redemptions ?? null,
    max_redemptions_per_customer: draft.max_redemptions_per_customer ?? null,
    redemptions_count: 0,
    // The seed generation drops the metadata sent (polar f179ede58c: discount/service.py dumps
    // the body without by_alias, so it never reaches user_metadata; fixed in 626cc3b).
    metadata: generation === 'today' ? JSON.stringify(draft.metadata) : '{}',
    deleted_at: null,
  });
  store.discounts.setProducts(id, products);
  tx.emit({ type: 'discount.created', id });
  return id;
}

/** The fields of its kind a redeemed discount keeps (the real service's forbidden fields). */
const REDEEMED_KEEPS = { fixed: ['amount', 'currency'], percentage: ['basis_points'] } as const;
/** Today's (discount/service.py `update` at c6c3645e): the amounts and the months too. */
const REDEEMED_KEEPS_TODAY = {
  fixed: ['amount', 'currency', 'amounts', 'duration_in_months'],
  percentage: ['basis_points', 'duration_in_months'],
} as const;
const REDEEMED = 'This field cannot be changed because the discount has already been redeemed.';

const SENSITIVE = [
  'starts_at',
  'ends_at',
  'max_redemptions',
  'amount',
  'currency',
  'basis_points',
  'duration_in_months',
] as const;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** PATCH /v1/discounts/{id}. */
export function updateDiscount(
  work: Work,
  d: DiscountRow,
  changes: DiscountChanges,
  generation: Generation = 'seed',
) {
  if (generation === 'today') updateToday(work, d, changes);
  else updateSeed(work, d, changes);
  work.tx.emit({ type: 'discount.updated', id: d.id });
}

/** The seed's update (discount/service.py at f179ede58c). */
function updateSeed({ store, clock }: Work, d: DiscountRow, changes: DiscountChanges) {
  if (changes.duration != null && changes.duration !== d.duration)
    throw invalid(['duration'], 'Duration cannot be changed.', changes.duration);
  if (changes.type != null && changes.type !== d.type)
    throw invalid(['type'], 'Type cannot be changed.', changes.type);
  const own = REDEEMED_KEEPS[d.type];
  if (d.redemptions_count > 0) {
    for (const field of own) {
      const sent = changes[field];
      if (sent != null && sent !== d[field]) throw invalid([field], REDEEMED, d[field]);
    }
  }
  if (changes.products != null)
    store.discounts.setProducts(d.id, checkProducts(store, d.organization_id, changes.products));
  // The real service leaves a duplicate code to its database's unique constraint (a 500).
  if (changes.code != null && codeTaken(store, d.organization_id, changes.code, 'seed', d.id))
    throw invalid(['code'], CODE_TAKEN, changes.code);

  const set: Record<string, unknown> = {};
  for (const key of ['code', 'starts_at', 'ends_at', 'max_redemptions'] as const)
    if (changes[key] !== undefined && changes[key] !== d[key]) set[key] = changes[key];
  if (changes.name != null && changes.name !== d.name) set.name = changes.name;
  if (changes.duration_in_months != null && d.duration === 'repeating')
    set.duration_in_months = changes.duration_in_months;
  // Fields of the other kind (a fixed amount on a percentage discount) are not the discount's.
  for (const field of own) if (changes[field] != null) set[field] = changes[field];
  if (d.type === 'fixed' && (set.amount !== undefined || set.currency !== undefined)) {
    const amount = (set.amount ?? d.amount ?? 0) as number;
    set.amounts = JSON.stringify({
      [(set.currency ?? d.currency ?? CURRENCIES[0]) as string]: amount,
    });
  }
  // The metadata sent is dropped, as on create (the seed generation; fixed in polar 626cc3b).
  const now = clock.iso();
  // A change of what a redemption depends on leaves the discount redeemable in the future (the
  // real update, discount/service.py at f179ede58c, the seed generation: its sensitive fields).
  if (SENSITIVE.some((field) => field in set)) {
    const endsAt = (set.ends_at === undefined ? d.ends_at : set.ends_at) as string | null;
    if (endsAt != null && endsAt < now)
      throw invalid(['ends_at'], 'Ends at must be in the future.', endsAt);
  }
  if (Object.keys(set).length) store.update('discounts', d.id, set, now);
}

/** Today's update (discount/service.py `update` at c6c3645e). */
function updateToday({ store, clock }: Work, d: DiscountRow, changes: DiscountChanges) {
  // Sent, even as null, and not the discount's: refused.
  if (changes.duration !== undefined && changes.duration !== d.duration)
    throw invalid(['duration'], 'Duration cannot be changed.', changes.duration);
  if (changes.type != null && changes.type !== d.type)
    throw invalid(['type'], 'Type cannot be changed.', changes.type);
  if (changes.code != null && codeTaken(store, d.organization_id, changes.code, 'today', d.id))
    throw invalid(['code'], CODE_TAKEN, changes.code);
  const amounts = amountsOf(d);
  const org = store.row('organizations', d.organization_id);
  const current = {
    ...(d.type === 'fixed' ? defaultAmount(amounts, org?.default_presentment_currency) : {}),
    amounts: d.type === 'fixed' ? amounts : undefined,
    basis_points: d.basis_points,
    duration_in_months: d.duration_in_months,
  } as Record<string, unknown>;
  if (d.redemptions_count > 0) {
    for (const field of REDEEMED_KEEPS_TODAY[d.type]) {
      const sent = changes[field];
      if (sent !== undefined && !sameJson(sent, current[field] ?? null))
        throw invalid([field], REDEEMED, current[field] ?? null);
    }
  }
  if (changes.products != null)
    store.discounts.setProducts(d.id, checkProducts(store, d.organization_id, changes.products));

  const set: Record<string, unknown> = {};
  for (const key of [
    'code',
    'starts_at',
    'ends_at',
    'max_redemptions',
    'max_redemptions_per_customer',
  ] as const)
    if (changes[key] !== undefined && changes[key] !== (d[key] ?? null)) set[key] = changes[key];
  // A name or a duration sent as null is no change (the real one would fail on its NOT NULL).
  if (changes.name != null && changes.name !== d.name) set.name = changes.name;
  if (changes.duration_in_months != null && d.duration === 'repeating')
    set.duration_in_months = changes.duration_in_months;
  if (changes.metadata != null && !sameJson(changes.metadata, JSON.parse(d.metadata)))
    set.metadata = JSON.stringify(changes.metadata);
  if (d.type === 'percentage') {
    if (changes.basis_points != null && changes.basis_points !== d.basis_points)
      set.basis_points = changes.basis_points;
  } else {
    // `amount` with `currency` is `amounts` of one. The real service sets neither alone (its
    // model has them as read-only properties: a 500); here one alone keeps the other as it is.
    let next: Amounts | undefined = changes.amounts ?? undefined;
    if (changes.amount != null || changes.currency != null) {
      const { amount, currency } = defaultAmount(amounts, org?.default_presentment_currency);
      next = { [changes.currency ?? currency]: changes.amount ?? amount };
    }
    if (next && !sameJson(next, amounts))
      Object.assign(set, amountColumns(store, d.organization_id, next));
  }
  if (Object.keys(set).length) store.update('discounts', d.id, set, clock.iso());
}

/** DELETE /v1/discounts/{id}: gone from the seller's reads and from every checkout's reach. */
export function deleteDiscount({ store, clock, tx }: Work, d: DiscountRow): void {
  const now = clock.iso();
  store.update('discounts', d.id, { deleted_at: now }, now);
  tx.emit({ type: 'discount.deleted', id: d.id });
}
