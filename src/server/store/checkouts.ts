// Checkout sessions (found by id with store.row) and the seller's list (GET /v1/checkouts/custom/).
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
import type { CheckoutRow } from './rows.js';
import type { Visibility } from './visibility.js';

export type CheckoutFilter = Record<'organization_id' | 'product_id', readonly string[]>;

const SORT_SQL = { created_at: 'c.created_at', expires_at: 'c.expires_at' };

export class Checkouts {
  constructor(private readonly db: Db) {}

  list(
    visible: Visibility,
    filter: CheckoutFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<CheckoutRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('c.organization_id', p))
      .matching('c', filter);
    const order = orderBy(sorting, SORT_SQL, plainDirection, 'c.id');
    return list(this.db, { columns: 'c.*', from: 'checkouts c', where, order, page });
  }

  bySecret(clientSecret: string): CheckoutRow | undefined {
    return this.db.get<CheckoutRow>(
      'SELECT * FROM checkouts WHERE client_secret = ?',
      clientSecret,
    );
  }

  /** Open sessions whose expires_at (ISO) is at or before `until`. */
  openExpiringBy(until: string): CheckoutRow[] {
    return this.db.all<CheckoutRow>(
      "SELECT * FROM checkouts WHERE status = 'open' AND expires_at <= ?",
      until,
    );
  }

  markExpired(id: string, at: string): void {
    this.db.run(
      "UPDATE checkouts SET status = 'expired', modified_at = ? WHERE id = ? AND status = 'open'",
      at,
      id,
    );
  }

  markConfirmed(id: string, customerId: string, now: string): void {
    this.db.run(
      `UPDATE checkouts SET status = 'confirmed', customer_id = ?, modified_at = ? WHERE id = ?`,
      customerId,
      now,
      id,
    );
  }

  markSucceeded(id: string, subscriptionId: string | null, now: string): void {
    this.db.run(
      `UPDATE checkouts SET status = 'succeeded', subscription_id = ?, modified_at = ? WHERE id = ?`,
      subscriptionId,
      now,
      id,
    );
  }
}
