// Refunds (today's generation only): the seller's list with its filters and sorts (refund/
// service.py `list`, refund/repository.py at c6c3645e), and what an order has been refunded.
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
import type { RefundRow } from './rows.js';
import type { Visibility } from './visibility.js';

/** Multi-value filters by name, OR'ed within one, AND'ed across. */
export type RefundFilter = Record<
  'id' | 'organization_id' | 'order_id' | 'subscription_id' | 'customer_id',
  readonly string[]
> & {
  /** Customers by the seller's own id (not a deleted one's). */
  external_customer_id: readonly string[];
  /** true: succeeded ones only; false: the others. */
  succeeded?: boolean;
};

const SORT_SQL: Record<string, string> = { created_at: 'r.created_at', amount: 'r.amount' };

export class Refunds {
  constructor(private readonly db: Db) {}

  insert(row: RefundRow): void {
    this.db.insert('refunds', row);
  }

  /** The order's refunds that succeeded, oldest first. */
  succeededOf(orderId: string): RefundRow[] {
    return this.db.all<RefundRow>(
      "SELECT * FROM refunds WHERE order_id = ? AND status = 'succeeded' ORDER BY created_at, id",
      orderId,
    );
  }

  list(
    visible: Visibility,
    filter: RefundFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<RefundRow> {
    const { external_customer_id, succeeded, ...many } = filter;
    const where = new Where()
      .scope((p) => visible.sellerSql('r.organization_id', p))
      .matching('r', many);
    if (external_customer_id.length)
      where.add(
        `r.customer_id IN (SELECT id FROM customers WHERE external_id IN (${external_customer_id
          .map(() => '?')
          .join(', ')}))`,
        ...external_customer_id,
      );
    if (succeeded !== undefined) where.add(`r.status ${succeeded ? '=' : '<>'} 'succeeded'`);
    const order = orderBy(sorting, SORT_SQL, plainDirection, 'r.id');
    return list(this.db, { columns: 'r.*', from: 'refunds r', where, order, page });
  }
}
