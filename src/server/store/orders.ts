// Orders: the seller's list with its filters and sorts (api-facts "Sorting", "Filters"), and the
// buyer's in the customer portal.
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { OrderRow, Table } from './rows.js';
import type { Visibility } from './visibility.js';

/** Multi-value filters by name (api-facts "Filters"); applied in their order. */
export type OrderFilter = Record<
  'organization_id' | 'product_id' | 'product_price_type' | 'discount_id' | 'customer_id',
  readonly string[]
>;

const SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  amount: 'o.amount',
  customer: '(SELECT email FROM customers WHERE id = o.customer_id)',
  product: '(SELECT name FROM products WHERE id = o.product_id)',
  discount: '(SELECT name FROM discounts WHERE id = o.discount_id)',
  subscription: 'o.subscription_id',
};
/**
 * Criteria that can be null sort as the real service's PostgreSQL does: nulls after every value
 * ascending, before them descending (SQLite's default is the reverse). Only these get the clause,
 * which would keep SQLite from walking an index for the others.
 */
const NULLABLE = new Set(['discount', 'subscription']);
const direction = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${NULLABLE.has(field) ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

const ORDER_COUNT_TABLES: readonly Table[] = ['orders'];

/** The customer portal's filters (the SDK's CustomerPortalOrdersListRequest). */
export type BoughtFilter = Record<
  'organization_id' | 'product_id' | 'product_price_type' | 'subscription_id',
  readonly string[]
> & { query?: string };

const BOUGHT_SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  amount: 'o.amount',
  organization: '(SELECT slug FROM organizations WHERE id = o.organization_id)',
  product: '(SELECT name FROM products WHERE id = o.product_id)',
  subscription: 'o.subscription_id',
};
const boughtDirection = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${field === 'subscription' ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

export class Orders {
  constructor(private readonly db: Db) {}

  /** The product's one-time orders (no subscription), oldest first. */
  oneTimeOf(productId: string): OrderRow[] {
    return this.db.all<OrderRow>(
      'SELECT * FROM orders WHERE product_id = ? AND subscription_id IS NULL ORDER BY created_at, id',
      productId,
    );
  }

  /** The order confirming checkout `checkoutId` made (the hosted page's receipt). */
  byCheckout(checkoutId: string): OrderRow | undefined {
    return this.db.get<OrderRow>(
      'SELECT * FROM orders WHERE checkout_id = ? ORDER BY created_at, id LIMIT 1',
      checkoutId,
    );
  }

  list(
    visible: Visibility,
    filter: OrderFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<OrderRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('o.organization_id', p))
      .matching('o', filter, { product_price_type: 'price_type' });
    // Counting 100 000 rows takes milliseconds; pages of one listing share the count.
    const counts = this.db.memo<number>('orders-count', ORDER_COUNT_TABLES);
    const count = (whereSql: string, params: unknown[]) =>
      counts.get(`${whereSql}|${JSON.stringify(params)}`, () =>
        this.db.count('orders o', whereSql, ...params),
      );
    const order = orderBy(sorting, SORT_SQL, direction, 'o.id');
    return list(this.db, { columns: 'o.*', from: 'orders o', where, order, page, count });
  }

  /** The buyer's own orders (a customer session's, or a user's as any customer). */
  listBought(
    visible: Visibility,
    filter: BoughtFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<OrderRow> {
    const { query, ...many } = filter;
    const where = new Where()
      .scope((p) => visible.buyerSql('o', p))
      .matching('o', many, { product_price_type: 'price_type' });
    if (query !== undefined) {
      // The real service's ilike on the product's name or the organization's slug: `%` and `_`
      // are wildcards there too, a backslash escapes them.
      const like = `%${query}%`;
      where.add(
        `((SELECT name FROM products WHERE id = o.product_id) LIKE ? ESCAPE '\\'
          OR (SELECT slug FROM organizations WHERE id = o.organization_id) LIKE ? ESCAPE '\\')`,
        like,
        like,
      );
    }
    const order = orderBy(sorting, BOUGHT_SORT_SQL, boughtDirection, 'o.id');
    return list(this.db, { columns: 'o.*', from: 'orders o', where, order, page });
  }
}
