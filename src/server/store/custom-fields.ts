// Custom fields (custom_field/service.py and repository.py at c6c3645e): the seller's list with
// its filters and sorts, a slug's field among an organization's live ones (the real partial
// unique index: a deleted field's slug may be taken again), the rename of a slug in the stored
// custom_field_data, and the soft delete that detaches a field from every product.
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { CustomFieldRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface CustomFieldFilter {
  organization_id: readonly string[];
  type: readonly string[];
  /** In the name or the slug, as ILIKE '%query%' (unescaped, as the real one). */
  query?: string;
  /**
   * The seed's generation (f179ede58c) ordered by the sort property's *name* (a constant), not
   * its column: its sorting changed nothing, and rows came in the order they were written.
   */
  unsorted?: boolean;
}

const SORT_SQL: Record<string, string> = {
  created_at: 'f.created_at',
  slug: 'f.slug',
  name: 'f.name',
  type: 'f.type',
};
/** The tables whose rows carry custom_field_data (custom_field/data.py's models). */
const DATA_TABLES = ['checkouts', 'orders', 'subscriptions'] as const;

export class CustomFields {
  constructor(private readonly db: Db) {}

  list(
    visible: Visibility,
    filter: CustomFieldFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<CustomFieldRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('f.organization_id', p))
      .add('f.deleted_at IS NULL')
      .matching('f', { organization_id: filter.organization_id, type: filter.type });
    if (filter.query !== undefined)
      where.add(
        "(f.name LIKE '%' || ? || '%' OR f.slug LIKE '%' || ? || '%')",
        filter.query,
        filter.query,
      );
    const order = filter.unsorted
      ? 'f.rowid'
      : orderBy(sorting, SORT_SQL, (_f, desc) => (desc ? 'DESC' : 'ASC'), 'f.rowid');
    return list(this.db, { columns: 'f.*', from: 'custom_fields f', where, order, page });
  }

  /** A live field of the seller's. */
  visible(visible: Visibility, id: string): CustomFieldRow | undefined {
    const row = this.db.get<CustomFieldRow>(
      'SELECT * FROM custom_fields WHERE id = ? AND deleted_at IS NULL',
      id,
    );
    return visible.own(row);
  }

  /** The organization's live field with this slug. */
  bySlug(organizationId: string, slug: string): CustomFieldRow | undefined {
    return this.db.get<CustomFieldRow>(
      'SELECT * FROM custom_fields WHERE organization_id = ? AND slug = ? AND deleted_at IS NULL',
      organizationId,
      slug,
    );
  }

  /** Moves the organization's stored values from key `from` to key `to`. */
  renameData(organizationId: string, from: string, to: string): void {
    const old = `$."${from}"`;
    for (const table of DATA_TABLES)
      this.db.run(
        `UPDATE ${table} SET custom_field_data = json_set(json_remove(custom_field_data, ?), ?,
           json(custom_field_data -> ?))
         WHERE organization_id = ? AND json_type(custom_field_data, ?) IS NOT NULL`,
        old,
        `$."${to}"`,
        old,
        organizationId,
        old,
      );
  }

  /** Soft-deletes the field and detaches it from every product. */
  remove(id: string, at: string): void {
    this.db.update('custom_fields', id, { deleted_at: at }, at);
    this.db.run('DELETE FROM product_custom_fields WHERE custom_field_id = ?', id);
  }
}
