// Discounts and the products they are limited to; the seller's list (GET /v1/discounts/). A
// deleted discount keeps its row (orders and subscriptions still show it) with deleted_at set.
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { DiscountRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface DiscountFilter {
  organization_id: readonly string[];
  /** Part of the name or the code, without case; `%` and `_` are wildcards (the real like). */
  query?: string;
}

/** The real service's names are case-insensitive text (CITEXT), and so sort. */
const SORT_SQL: Record<string, string> = {
  created_at: 'd.created_at',
  name: 'd.name COLLATE NOCASE',
  code: 'd.code COLLATE NOCASE',
  redemptions_count: 'd.redemptions_count',
  // Today's.
  ends_at: 'd.ends_at',
};
const NULLABLE = new Set(['code', 'ends_at']);
/**
 * A discount without a code or an end sorts as PostgreSQL sorts nulls: last ascending, first
 * descending.
 */
const direction = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${NULLABLE.has(field) ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

export class Discounts {
  constructor(private readonly db: Db) {}

  list(
    visible: Visibility,
    filter: DiscountFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<DiscountRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('d.organization_id', p))
      .add('d.deleted_at IS NULL')
      .matching('d', { organization_id: filter.organization_id });
    if (filter.query !== undefined) {
      const like = `%${filter.query}%`;
      where.add("(d.name LIKE ? ESCAPE '\\' OR d.code LIKE ? ESCAPE '\\')", like, like);
    }
    const order = orderBy(sorting, SORT_SQL, direction, 'd.id');
    return list(this.db, { columns: 'd.*', from: 'discounts d', where, order, page });
  }

  /** The seller's discount `id`, unless deleted. */
  visible(visible: Visibility, id: string): DiscountRow | undefined {
    const row = visible.own(this.db.row('discounts', id));
    return row && !row.deleted_at ? row : undefined;
  }

  /** The organization's discount with this code, compared without case; never a deleted one. */
  byCode(organizationId: string, code: string): DiscountRow | undefined {
    return this.db.get<DiscountRow>(
      'SELECT * FROM discounts WHERE organization_id = ? AND upper(code) = upper(?) AND deleted_at IS NULL',
      organizationId,
      code,
    );
  }

  /**
   * Whether another discount of the organization has this code: a live one without case, or a
   * deleted one exactly (the real service's unique (organization_id, code) counts those too).
   */
  codeTaken(organizationId: string, code: string, exceptId = ''): boolean {
    return !!this.db.get(
      `SELECT 1 FROM discounts WHERE organization_id = ? AND id != ?
       AND (code = ? OR (upper(code) = upper(?) AND deleted_at IS NULL))`,
      organizationId,
      exceptId,
      code,
      code,
    );
  }

  /** The products the discount is limited to; none means every product. */
  productIds(discountId: string): string[] {
    return this.db
      .all<{ product_id: string }>(
        'SELECT product_id FROM discount_products WHERE discount_id = ?',
        discountId,
      )
      .map((r) => r.product_id);
  }

  setProducts(discountId: string, productIds: readonly string[]): void {
    this.db.run('DELETE FROM discount_products WHERE discount_id = ?', discountId);
    for (const product_id of productIds)
      this.db.insert('discount_products', { discount_id: discountId, product_id }, 'ignore');
  }

  /**
   * One more redemption. The real service counts them with a trigger on its discount_redemptions
   * (models/discount.py at c6c3645e), which sends no discount.updated: so the change says so.
   */
  redeem(id: string): void {
    this.db.tx((tx) => {
      tx.unannounced('discounts');
      this.db.run(
        'UPDATE discounts SET redemptions_count = redemptions_count + 1 WHERE id = ?',
        id,
      );
    });
  }
}
