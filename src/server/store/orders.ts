// Orders: the seller's list with its filters and sorts (api-facts "Sorting", "Filters").
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import { type Listed, orderBy, type Page, pageOf, type SortCriterion } from './lists.js';
import type { OrderRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface OrderFilter {
  organization_id: string[];
  product_id: string[];
  product_price_type: string[];
  discount_id: string[];
  customer_id: string[];
}

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

export class Orders {
  constructor(private readonly db: Db) {}

  byId(id: string): OrderRow | undefined {
    return this.db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', id);
  }

  list(
    visible: Visibility,
    filter: OrderFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<OrderRow> {
    const params: unknown[] = [];
    const where = [visible.sellerSql('o.organization_id', params)];
    const add = (column: string, values: string[]) => {
      if (values.length) where.push(sqlIn(column, values, params));
    };
    add('o.organization_id', filter.organization_id);
    add('o.product_id', filter.product_id);
    add('o.price_type', filter.product_price_type);
    add('o.discount_id', filter.discount_id);
    add('o.customer_id', filter.customer_id);
    const whereSql = where.join(' AND ');
    const countSql = `SELECT count(*) AS n FROM orders o WHERE ${whereSql}`;
    // Counting 100 000 rows takes milliseconds; pages of one listing share the count.
    const total = this.db
      .memo<number>('orders-count', ['orders'])
      .get(
        `${countSql}|${JSON.stringify(params)}`,
        () => this.db.get<{ n: number }>(countSql, ...params)!.n,
      );
    const order = orderBy(sorting, SORT_SQL, direction, 'o.id');
    const rows = pageOf<OrderRow>(this.db, 'o.*', 'orders o', whereSql, params, order, page);
    return { rows, total };
  }

  insert(row: OrderRow): void {
    this.db.insert('orders', row);
  }
}
