// Custom fields' rules (custom_field/service.py at c6c3645e; the same at f179ede58c): a slug is
// unique among an organization's live fields (422 on slug), a field's type never changes (422 on
// type), a new slug moves the values stored under the old one in every checkout, order and
// subscription of the organization, and a delete is soft and detaches the field from every
// product. The real service sends no webhook for any of them (no custom_field.* event type).
import { uuid } from '../ids.js';
import { json } from '../store/index.js';
import type { CustomFieldRow, CustomFieldType } from '../store/rows.js';
import { invalid } from './errors.js';
import type { Work } from './work.js';

/** A create's or an update's fields (an update's absent ones stay as they are). */
export interface CustomFieldInput {
  type: CustomFieldType;
  slug?: string;
  name?: string;
  organization_id?: string | null;
  metadata?: Record<string, unknown>;
  properties?: Record<string, unknown>;
}

const TAKEN = 'Custom field with this slug already exists.';

export function createCustomField(w: Work, organizationId: string, input: CustomFieldInput) {
  const slug = input.slug!;
  if (w.store.customFields.bySlug(organizationId, slug)) throw invalid(['slug'], TAKEN, slug);
  const row: CustomFieldRow = {
    id: uuid(),
    created_at: w.clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    metadata: json(input.metadata ?? {}),
    type: input.type,
    slug,
    name: input.name!,
    properties: json(input.properties ?? {}),
    deleted_at: null,
  };
  w.store.insert('custom_fields', row);
  return row;
}

export function updateCustomField(w: Work, field: CustomFieldRow, input: CustomFieldInput) {
  if (input.type !== field.type)
    throw invalid(['type'], "The type of a custom field can't be changed.", input.type);
  const { slug } = input;
  if (slug !== undefined && slug !== field.slug) {
    const other = w.store.customFields.bySlug(field.organization_id, slug);
    if (other && other.id !== field.id) throw invalid(['slug'], TAKEN, slug);
  }
  const set: Record<string, unknown> = {};
  if (input.name !== undefined) set.name = input.name;
  if (slug !== undefined) set.slug = slug;
  if (input.metadata !== undefined) set.metadata = json(input.metadata);
  if (input.properties !== undefined) set.properties = json(input.properties);
  if (Object.keys(set).length) w.store.update('custom_fields', field.id, set, w.clock.iso());
  if (slug !== undefined && slug !== field.slug) {
    w.store.customFields.renameData(field.organization_id, field.slug, slug);
    // service.py renames the key with one UPDATE per table and sends nothing for it.
    w.tx.unannounced('checkouts', 'orders', 'subscriptions');
  }
  return w.store.row('custom_fields', field.id)!;
}

export function deleteCustomField(w: Work, field: CustomFieldRow): void {
  w.store.customFields.remove(field.id, w.clock.iso());
}
