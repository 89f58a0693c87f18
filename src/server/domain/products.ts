// The seller's products (the real service's product service at the spec's generation): create
// with its prices, medias and custom fields; update, where prices not kept by `{id}` are
// archived (never deleted: subscriptions and orders go on pointing at them).
import { CURRENCIES } from '../../shared/api-facts.js';
import { uuid } from '../ids.js';
import type { Store, Visibility } from '../store/index.js';
import type {
  PriceAmountType,
  PriceRow,
  PriceType,
  ProductRow,
  ProductVisibility,
  RecurringInterval,
  TodayInterval,
} from '../store/rows.js';
import type { Generation } from '../versions.js';
import { invalid, NotPermitted } from './errors.js';
import type { Metadata } from './metadata.js';
import { payloadOrganization } from './payload-organization.js';
import type { NewTodaysPrice, TaxBehavior } from './prices.js';
import type { Principal } from './principal.js';
import { createTodaysProduct, updateTodaysProduct } from './products-today.js';
import type { Work } from './work.js';

export type { NewTodaysPrice } from './prices.js';

export interface NewPrice {
  type: PriceType;
  amount_type: PriceAmountType | 'metered_unit';
  meter_id?: string;
  unit_amount?: string;
  cap_amount?: number | null;
  price_amount?: number;
  price_currency?: string;
  recurring_interval?: RecurringInterval | null;
  minimum_amount?: number | null;
  maximum_amount?: number | null;
  preset_amount?: number | null;
  tax_behavior?: TaxBehavior | null;
}

export interface AttachedField {
  custom_field_id: string;
  required: boolean;
}

export interface ProductDraft {
  metadata: Metadata;
  name: string;
  description?: string | null;
  prices: NewPrice[];
  medias?: string[] | null;
  attached_custom_fields: AttachedField[];
  organization_id?: string | null;
  // Today's generation: prices without an interval, the product's own facts.
  todaysPrices?: NewTodaysPrice[];
  visibility?: ProductVisibility;
  recurring_interval?: TodayInterval | null;
  recurring_interval_count?: number | null;
  trial_interval?: TodayInterval | null;
  trial_interval_count?: number | null;
  meter_interval?: TodayInterval | null;
  meter_interval_count?: number | null;
}

export interface ProductChanges {
  metadata?: Metadata | null;
  name?: string | null;
  description?: string | null;
  is_archived?: boolean | null;
  prices?: (NewPrice | { id: string })[] | null;
  medias?: string[] | null;
  attached_custom_fields?: AttachedField[] | null;
  // Today's generation (undefined: not sent; a null sent clears where noted).
  todaysPrices?: (NewTodaysPrice | { id: string })[] | null;
  visibility?: ProductVisibility;
  recurring_interval?: TodayInterval;
  /** Null clears. */
  recurring_interval_count?: number | null;
  trial_interval?: TodayInterval | null;
  trial_interval_count?: number | null;
}

/**
 * The organization a new product belongs to. Unlike a customer or a discount, a product names
 * an organization the user is not a member of with a 403 (the real service's authz check).
 */
export function owner(
  store: Store,
  principal: Principal,
  visible: Visibility,
  organizationId?: string | null,
) {
  if (principal.kind === 'user' && organizationId != null) {
    const id = organizationId.toLowerCase();
    if (store.row('organizations', id) && !visible.sellerSees(id))
      throw new NotPermitted('Not permitted');
  }
  return payloadOrganization(principal, visible, organizationId);
}

/** Media files of the organization that are product medias and uploaded, or a 422 on the first other. */
export function checkMedias(
  store: Store,
  organizationId: string,
  ids: readonly string[],
): string[] {
  return ids.map((raw, order) => {
    const m = store.row('medias', raw.toLowerCase());
    if (
      !m ||
      m.organization_id !== organizationId ||
      m.service !== 'product_media' ||
      !m.is_uploaded
    )
      throw invalid(['medias', order], 'File does not exist or is not yet uploaded.', raw);
    return m.id;
  });
}

export function checkFields(
  store: Store,
  organizationId: string,
  fields: readonly AttachedField[],
) {
  return fields.map((f, order) => {
    const row = store.inOrganization(
      'custom_fields',
      organizationId,
      'id',
      f.custom_field_id.toLowerCase(),
    );
    if (!row)
      throw invalid(
        ['attached_custom_fields', order],
        'Custom field does not exist.',
        f.custom_field_id,
      );
    return { id: row.id, required: f.required };
  });
}

/**
 * New prices of `productId`. Prices sent together are a millisecond apart, so that the first
 * one sent is the product's first price (its sorting criteria, its order in `prices`).
 */
export function insertPrices(
  store: Store,
  productId: string,
  prices: readonly NewPrice[],
  now: Date,
): PriceRow[] {
  return prices.map((p, i) => {
    const row: PriceRow = {
      id: uuid(),
      created_at: new Date(now.getTime() + i).toISOString(),
      modified_at: null,
      product_id: productId,
      amount_type: p.amount_type,
      is_archived: 0,
      price_currency: p.price_currency ?? CURRENCIES[0],
      price_amount: p.price_amount ?? null,
      type: p.type,
      recurring_interval: p.recurring_interval ?? null,
      minimum_amount: p.minimum_amount ?? null,
      maximum_amount: p.maximum_amount ?? null,
      preset_amount: p.preset_amount ?? null,
      source: 'catalog',
      tax_behavior: p.tax_behavior ?? null,
      legacy: 0,
    };
    if (p.amount_type === 'metered_unit')
      Object.assign(row, {
        meter_id: p.meter_id!.toLowerCase(),
        unit_amount: p.unit_amount!,
        cap_amount: p.cap_amount ?? null,
      });
    store.insert('prices', row);
    return row;
  });
}

/** The real service's `is_recurring`: every price that is not archived is recurring. */
export const allRecurring = (prices: readonly { type: PriceType }[]) =>
  prices.every((p) => p.type === 'recurring') ? 1 : 0;

/** POST /v1/products/: the new product's id. */
export function createProduct(
  w: Work,
  principal: Principal,
  visible: Visibility,
  draft: ProductDraft,
  generation: Generation = 'seed',
): string {
  if (generation === 'today') return createTodaysProduct(w, principal, visible, draft);
  const { store, clock, tx } = w;
  const organizationId = owner(store, principal, visible, draft.organization_id);
  const medias = checkMedias(store, organizationId, draft.medias ?? []);
  const fields = checkFields(store, organizationId, draft.attached_custom_fields);
  const now = clock.now();
  const id = uuid();
  store.insert('products', {
    id,
    created_at: now.toISOString(),
    modified_at: null,
    organization_id: organizationId,
    name: draft.name,
    description: draft.description ?? null,
    is_recurring: allRecurring(draft.prices),
    is_archived: 0,
    // The seed generation drops the metadata sent (polar f179ede58c: product/service/product.py
    // dumps the body without by_alias, so it never reaches user_metadata; fixed in 626cc3b).
    metadata: '{}',
  });
  insertPrices(store, id, draft.prices, now);
  // The product's interval as today's generation reads it (one interval: the product's).
  store.products.settleIntervals(id);
  store.products.setMedias(id, medias);
  store.products.setCustomFields(id, fields);
  tx.emit({ type: 'product.created', id });
  return id;
}

/** The prices of a PATCH: those sent by id are kept, new ones added, the rest archived. */
function replacePrices(w: Work, product: ProductRow, sent: readonly (NewPrice | { id: string })[]) {
  const { store, clock } = w;
  const active = store.products.activePrices(product.id);
  const keep = new Set(
    sent
      .flatMap((p) => ('id' in p ? [p.id.toLowerCase()] : []))
      .filter((id) => active.some((a) => a.id === id)),
  );
  const fresh = sent.filter((p): p is NewPrice => !('id' in p));
  const archived = active.filter((p) => !keep.has(p.id));
  // The real service then makes the first remaining price the processor's default; with none
  // left it fails. A product keeps at least one price that is not archived.
  if (archived.length && !keep.size && !fresh.length)
    throw invalid(['prices'], 'At least one price is required.', sent, 'too_short');
  const now = clock.now();
  const added = insertPrices(store, product.id, fresh, now);
  for (const p of archived) store.products.archivePrice(p.id, now.toISOString());
  return [...active.filter((p) => keep.has(p.id)), ...added];
}

/** PATCH /v1/products/{id}: only what is sent changes (but the metadata, as the seed's). */
export function updateProduct(
  w: Work,
  product: ProductRow,
  changes: ProductChanges,
  generation: Generation = 'seed',
): void {
  if (generation === 'today') {
    updateTodaysProduct(w, product, changes);
    return;
  }
  const { store, clock, tx } = w;
  if (changes.prices && changes.prices.length < 1)
    throw invalid(['prices'], 'At least one price is required.', changes.prices, 'too_short');
  if (changes.medias != null)
    store.products.setMedias(
      product.id,
      checkMedias(store, product.organization_id, changes.medias),
    );
  if (changes.attached_custom_fields != null) {
    const fields = checkFields(store, product.organization_id, changes.attached_custom_fields);
    store.products.setCustomFields(product.id, fields);
  }
  const set: Record<string, unknown> = {};
  if (changes.is_archived != null && (changes.is_archived ? 1 : 0) !== product.is_archived)
    set.is_archived = changes.is_archived ? 1 : 0;
  if (changes.name != null && changes.name !== product.name) set.name = changes.name;
  // An empty description arrives as null: the real service cannot clear one.
  if (changes.description != null && changes.description !== product.description)
    set.description = changes.description;
  if (changes.prices) {
    const recurring = allRecurring(replacePrices(w, product, changes.prices));
    if (recurring !== product.is_recurring) set.is_recurring = recurring;
  }
  // The metadata sent is dropped, as on create (the seed generation; fixed in polar 626cc3b).
  if (Object.keys(set).length) store.update('products', product.id, set, clock.iso());
  if (changes.prices) store.products.settleIntervals(product.id);
  tx.emit({ type: 'product.updated', id: product.id });
}
