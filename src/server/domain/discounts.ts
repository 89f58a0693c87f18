// The seller's discounts (the real service's discount service at the spec's generation): create,
// update with what may no longer change, and the soft delete after which no checkout can apply or
// redeem the discount. Discounts have no events at this generation.
import { CURRENCIES } from '../../shared/api-facts.js';
import { uuid } from '../ids.js';
import type { Store, Visibility } from '../store/index.js';
import type { DiscountDuration, DiscountRow, DiscountType } from '../store/rows.js';
import { invalid } from './errors.js';
import type { Metadata } from './metadata.js';
import { payloadOrganization } from './payload-organization.js';
import type { Principal } from './principal.js';
import type { Work } from './work.js';

export interface DiscountDraft {
  duration: DiscountDuration;
  duration_in_months?: number;
  type: DiscountType;
  amount?: number;
  currency?: string;
  basis_points?: number;
  metadata: Metadata;
  name: string;
  code: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  max_redemptions?: number | null;
  products?: string[] | null;
  organization_id?: string | null;
}

/** A PATCH: absent = unchanged; null clears code, starts_at, ends_at and max_redemptions. */
export interface DiscountChanges {
  metadata?: Metadata | null;
  name?: string | null;
  code?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  max_redemptions?: number | null;
  duration?: DiscountDuration | null;
  duration_in_months?: number | null;
  type?: DiscountType | null;
  amount?: number | null;
  currency?: string | null;
  basis_points?: number | null;
  products?: string[] | null;
}

const CODE_TAKEN = 'Discount with this code already exists.';

/** Products of the organization (archived ones too), or a 422 on the first other. */
function checkProducts(store: Store, organizationId: string, ids: readonly string[]): string[] {
  return ids.map((raw, index) => {
    const p = store.inOrganization('products', organizationId, 'id', raw.toLowerCase());
    if (!p) throw invalid(['products', index], 'Product not found.', raw);
    return p.id;
  });
}

/** POST /v1/discounts/: the new discount's id. */
export function createDiscount(
  { store, clock }: Work,
  principal: Principal,
  visible: Visibility,
  draft: DiscountDraft,
): string {
  const organizationId = payloadOrganization(principal, visible, draft.organization_id);
  if (draft.code != null && store.discounts.codeTaken(organizationId, draft.code))
    throw invalid(['code'], CODE_TAKEN, draft.code);
  const products = checkProducts(store, organizationId, draft.products ?? []);
  const fixed = draft.type === 'fixed';
  const id = uuid();
  store.insert('discounts', {
    id,
    created_at: clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    name: draft.name,
    code: draft.code,
    type: draft.type,
    amount: fixed ? (draft.amount ?? null) : null,
    currency: fixed ? (draft.currency ?? CURRENCIES[0]) : null,
    basis_points: fixed ? null : (draft.basis_points ?? null),
    duration: draft.duration,
    duration_in_months: draft.duration === 'repeating' ? (draft.duration_in_months ?? null) : null,
    starts_at: draft.starts_at ?? null,
    ends_at: draft.ends_at ?? null,
    max_redemptions: draft.max_redemptions ?? null,
    redemptions_count: 0,
    // The seed generation drops the metadata sent (polar f179ede58c: discount/service.py dumps
    // the body without by_alias, so it never reaches user_metadata; fixed in 626cc3b).
    metadata: '{}',
    deleted_at: null,
  });
  store.discounts.setProducts(id, products);
  return id;
}

/** The fields of its kind a redeemed discount keeps (the real service's forbidden fields). */
const REDEEMED_KEEPS = { fixed: ['amount', 'currency'], percentage: ['basis_points'] } as const;

const SENSITIVE = [
  'starts_at',
  'ends_at',
  'max_redemptions',
  'amount',
  'currency',
  'basis_points',
  'duration_in_months',
] as const;

/** PATCH /v1/discounts/{id}. */
export function updateDiscount({ store, clock }: Work, d: DiscountRow, changes: DiscountChanges) {
  if (changes.duration != null && changes.duration !== d.duration)
    throw invalid(['duration'], 'Duration cannot be changed.', changes.duration);
  if (changes.type != null && changes.type !== d.type)
    throw invalid(['type'], 'Type cannot be changed.', changes.type);
  const own = REDEEMED_KEEPS[d.type];
  if (d.redemptions_count > 0) {
    for (const field of own) {
      const sent = changes[field];
      if (sent != null && sent !== d[field]) {
        const msg = 'This field cannot be changed because the discount has already been redeemed.';
        throw invalid([field], msg, d[field]);
      }
    }
  }
  if (changes.products != null)
    store.discounts.setProducts(d.id, checkProducts(store, d.organization_id, changes.products));
  // The real service leaves a duplicate code to its database's unique constraint (a 500).
  if (changes.code != null && store.discounts.codeTaken(d.organization_id, changes.code, d.id))
    throw invalid(['code'], CODE_TAKEN, changes.code);

  const set: Record<string, unknown> = {};
  for (const key of ['code', 'starts_at', 'ends_at', 'max_redemptions'] as const)
    if (changes[key] !== undefined && changes[key] !== d[key]) set[key] = changes[key];
  if (changes.name != null && changes.name !== d.name) set.name = changes.name;
  if (changes.duration_in_months != null && d.duration === 'repeating')
    set.duration_in_months = changes.duration_in_months;
  // Fields of the other kind (a fixed amount on a percentage discount) are not the discount's.
  for (const field of own) if (changes[field] != null) set[field] = changes[field];
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

/** DELETE /v1/discounts/{id}: gone from the seller's reads and from every checkout's reach. */
export function deleteDiscount({ store, clock }: Work, d: DiscountRow): void {
  const now = clock.iso();
  store.update('discounts', d.id, { deleted_at: now }, now);
}
