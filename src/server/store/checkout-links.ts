// Checkout links (today's generation): the seller's list (GET /v1/checkout-links/), a link by its
// client secret (its address), and the products each offers. A deleted link is kept with its
// deleted_at and found by none of these (the real soft deletion).
import type { Db } from './db.js';
import {
  type Listed,
  list,
  orderBy,
  type Page,
  plainDirection,
  type SortCriterion,
  Where,
} from './lists.js';
import type { CheckoutLinkRow } from './rows.js';
import type { Visibility } from './visibility.js';

export type CheckoutLinkFilter = Record<'organization_id' | 'product_id', readonly string[]>;

// CheckoutLinkSortProperty (checkout_link/sorting.py at c6c3645e).
const SORT_SQL = {
  created_at: 'l.created_at',
  label: 'l.label',
  success_url: 'l.success_url',
  allow_discount_codes: 'l.allow_discount_codes',
};

export class CheckoutLinks {
  constructor(private readonly db: Db) {}

  list(
    visible: Visibility,
    filter: CheckoutLinkFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<CheckoutLinkRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('l.organization_id', p))
      .add('l.deleted_at IS NULL')
      .matching('l', { organization_id: filter.organization_id });
    if (filter.product_id.length)
      where.scope((p) => {
        p.push(...filter.product_id);
        const marks = filter.product_id.map(() => '?').join(', ');
        return `l.id IN (SELECT checkout_link_id FROM checkout_link_products WHERE product_id IN (${marks}))`;
      });
    const order = orderBy(sorting, SORT_SQL, plainDirection, 'l.id');
    return list(this.db, { columns: 'l.*', from: 'checkout_links l', where, order, page });
  }

  /** The seller's link `id`, unless deleted. */
  visible(visible: Visibility, id: string): CheckoutLinkRow | undefined {
    const row = this.db.row('checkout_links', id);
    return row && !row.deleted_at ? visible.own(row) : undefined;
  }

  bySecret(clientSecret: string): CheckoutLinkRow | undefined {
    return this.db.get<CheckoutLinkRow>(
      'SELECT * FROM checkout_links WHERE client_secret = ? AND deleted_at IS NULL',
      clientSecret,
    );
  }

  /** The products link `id` offers, in their order. */
  productIds(id: string): string[] {
    return this.db
      .all<{ product_id: string }>(
        'SELECT product_id FROM checkout_link_products WHERE checkout_link_id = ? ORDER BY "order"',
        id,
      )
      .map((r) => r.product_id);
  }

  /** Link `id` offers `productIds` now, in that order. */
  offer(id: string, productIds: readonly string[]): void {
    this.db.run('DELETE FROM checkout_link_products WHERE checkout_link_id = ?', id);
    for (const [order, productId] of productIds.entries())
      this.db.insert('checkout_link_products', {
        checkout_link_id: id,
        product_id: productId,
        order,
      });
  }
}
