// Products written in today's generation (product/service.py `create` and `update` at c6c3645e):
// the interval is the product's (its prices mirror it in `type` and `recurring_interval`, as the
// seed's generation reads them), the metadata sent is kept, every problem of the prices, the
// medias and the custom fields is reported in one 422, and a legacy recurring product (prices of
// several intervals) may take an interval once. See domain/prices.ts for the prices' rules.
import { uuid } from '../ids.js';
import { json, type Visibility } from '../store/index.js';
import type { PriceRow, ProductRow } from '../store/rows.js';
import { Invalid, type Problem } from './errors.js';
import { checkPrices, type NewTodaysPrice } from './prices.js';
import type { Principal } from './principal.js';
import {
  checkFields,
  checkMedias,
  insertPrices,
  type NewPrice,
  owner,
  type ProductChanges,
  type ProductDraft,
} from './products.js';
import type { Work } from './work.js';

/** What a check that throws a 422 found, collected instead (the real service's `errors`). */
function collect<T>(problems: Problem[], check: () => T): T | undefined {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    problems.push(...err.problems);
    return undefined;
  }
}

/** Today's prices as stored: `type` and `recurring_interval` from the product. */
const stored = (prices: readonly NewTodaysPrice[], interval: string | null): NewPrice[] =>
  prices.map((p) => ({
    ...p,
    amount_type: p.amount_type as 'fixed' | 'custom' | 'metered_unit',
    type: interval ? 'recurring' : 'one_time',
    // The seed's type is month or year; a product of today's may bill by day or week.
    recurring_interval: interval as NewPrice['recurring_interval'],
  }));

export function createTodaysProduct(
  w: Work,
  principal: Principal,
  visible: Visibility,
  draft: ProductDraft,
): string {
  const { store, clock, tx } = w;
  const organizationId = owner(store, principal, visible, draft.organization_id);
  const org = store.row('organizations', organizationId)!;
  const interval = draft.recurring_interval ?? null;
  const problems: Problem[] = [];
  const { added, problems: priceProblems } = checkPrices(
    org,
    draft.todaysPrices ?? [],
    interval,
    [],
    undefined,
    (id) => !!store.meters.visible(visible, id),
  );
  problems.push(...priceProblems);
  const features = JSON.parse(org.feature_settings || '{}') as Record<string, unknown>;
  if (draft.meter_interval != null && !features.meter_cycling_enabled)
    problems.push({
      type: 'value_error',
      loc: ['meter_interval'],
      msg: 'Separate meter cycling is not enabled for this organization.',
      input: draft.meter_interval,
    });
  const medias = collect(problems, () => checkMedias(store, organizationId, draft.medias ?? []));
  const fields = collect(problems, () =>
    checkFields(store, organizationId, draft.attached_custom_fields),
  );
  if (problems.length) throw new Invalid(problems);
  const now = clock.now();
  const id = uuid();
  store.insert('products', {
    id,
    created_at: now.toISOString(),
    modified_at: null,
    organization_id: organizationId,
    name: draft.name,
    description: draft.description ?? null,
    is_recurring: interval ? 1 : 0,
    is_archived: 0,
    metadata: json(draft.metadata),
    visibility: draft.visibility ?? 'public',
    recurring_interval: interval as ProductRow['recurring_interval'],
    recurring_interval_count: interval ? (draft.recurring_interval_count ?? 1) : null,
    trial_interval: interval ? (draft.trial_interval ?? null) : null,
    trial_interval_count: interval ? (draft.trial_interval_count ?? null) : null,
    meter_interval: draft.meter_interval ?? null,
    meter_interval_count: draft.meter_interval_count ?? null,
  });
  insertPrices(store, id, stored(added, interval), now);
  store.products.setMedias(id, medias!);
  store.products.setCustomFields(id, fields!);
  tx.emit({ type: 'product.created', id });
  return id;
}

/** PATCH /v1/products/{id} in today's generation. */
export function updateTodaysProduct(w: Work, product: ProductRow, changes: ProductChanges): void {
  const { store, clock, tx } = w;
  const org = store.row('organizations', product.organization_id)!;
  const active = store.products.activePrices(product.id);
  const problems: Problem[] = [];
  let kept: PriceRow[] = active;
  let added: NewTodaysPrice[] = [];
  if (changes.todaysPrices != null) {
    const checked = checkPrices(
      org,
      changes.todaysPrices,
      product.recurring_interval ?? null,
      active,
      undefined,
      (id) => store.row('meters', id)?.organization_id === product.organization_id,
    );
    ({ kept, added } = checked);
    problems.push(...checked.problems);
  }
  // Only a legacy recurring product (every price legacy) may take an interval, and only once.
  const sentCount = changes.recurring_interval_count;
  if (
    changes.recurring_interval !== undefined &&
    (changes.recurring_interval !== product.recurring_interval ||
      (sentCount ?? null) !== (product.recurring_interval_count ?? null)) &&
    !active.every((p) => p.legacy)
  )
    problems.push({
      type: 'value_error',
      loc: ['recurring_interval'],
      msg: 'Recurring interval cannot be changed.',
      input: changes.recurring_interval,
    });
  const trialSent = changes.trial_interval != null || changes.trial_interval_count != null;
  if (trialSent && product.recurring_interval == null) {
    const msg = 'Trial configuration is only supported on recurring products.';
    problems.push(
      { type: 'value_error', loc: ['trial_interval'], msg, input: changes.trial_interval ?? null },
      {
        type: 'value_error',
        loc: ['trial_interval_count'],
        msg,
        input: changes.trial_interval_count ?? null,
      },
    );
  }
  const medias =
    changes.medias != null
      ? collect(problems, () => checkMedias(store, product.organization_id, changes.medias!))
      : undefined;
  const fields =
    changes.attached_custom_fields != null
      ? collect(problems, () =>
          checkFields(store, product.organization_id, changes.attached_custom_fields!),
        )
      : undefined;
  if (problems.length) throw new Invalid(problems);

  const now = clock.now();
  const iso = now.toISOString();
  if (medias) store.products.setMedias(product.id, medias);
  if (fields) store.products.setCustomFields(product.id, fields);
  const set: Partial<ProductRow> = {};
  if (changes.is_archived != null) set.is_archived = changes.is_archived ? 1 : 0;
  if (changes.name != null && changes.name !== product.name) set.name = changes.name;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.recurring_interval !== undefined) set.recurring_interval = changes.recurring_interval;
  if (changes.recurring_interval_count !== undefined)
    set.recurring_interval_count = changes.recurring_interval_count;
  if (changes.trial_interval !== undefined) set.trial_interval = changes.trial_interval;
  if (changes.trial_interval_count !== undefined)
    set.trial_interval_count = changes.trial_interval_count;
  if (changes.visibility !== undefined) set.visibility = changes.visibility;
  if (changes.metadata) set.metadata = json(changes.metadata);
  if (changes.todaysPrices != null) {
    const interval = set.recurring_interval ?? product.recurring_interval ?? null;
    const keep = new Set(kept.map((p) => p.id));
    for (const p of active) if (!keep.has(p.id)) store.products.archivePrice(p.id, iso);
    insertPrices(store, product.id, stored(added, interval), now);
  }
  const recurring = (set.recurring_interval ?? product.recurring_interval) != null;
  const isRecurring = recurring || store.products.activePrices(product.id).every((p) => p.legacy);
  if ((isRecurring ? 1 : 0) !== product.is_recurring) set.is_recurring = isRecurring ? 1 : 0;
  const differs = Object.entries(set).some(
    ([k, v]) => v !== (product as unknown as Record<string, unknown>)[k],
  );
  if (differs) store.update('products', product.id, set, iso);
  tx.emit({ type: 'product.updated', id: product.id });
}
