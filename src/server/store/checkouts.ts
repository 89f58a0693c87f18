// Checkout sessions (found by id with store.row), the seller's lists of either generation
// (GET /v1/checkouts/custom/; today's GET /v1/checkouts/ and its filters) and the products a
// session offers.
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

/** Today's filters (checkout/service.py `list` at c6c3645e). */
export interface TodaysCheckoutFilter extends CheckoutFilter {
  customer_id: readonly string[];
  external_customer_id: readonly string[];
  status: readonly string[];
  /** Part of the customer's email, without case. */
  query?: string;
}

/** The status a session shows at `?`: an open one past its expiry is expired (shownStatus). */
const SHOWN_STATUS =
  "CASE WHEN c.status = 'open' AND c.expires_at <= ? THEN 'expired' ELSE c.status END";

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

  /** Today's list: the filters of GET /v1/checkouts/, statuses as shown at `now`. */
  todaysList(
    visible: Visibility,
    filter: TodaysCheckoutFilter,
    page: Page,
    sorting: readonly SortCriterion[],
    now: string,
  ): Listed<CheckoutRow> {
    const { customer_id, external_customer_id, status, query } = filter;
    const where = new Where()
      .scope((p) => visible.sellerSql('c.organization_id', p))
      .matching('c', {
        organization_id: filter.organization_id,
        product_id: filter.product_id,
        customer_id,
      });
    if (external_customer_id.length)
      where.scope((p) => {
        const marks = external_customer_id.map(() => '?').join(', ');
        p.push(...external_customer_id);
        return `c.customer_id IN (SELECT id FROM customers WHERE external_id IN (${marks}))`;
      });
    if (status.length)
      where.scope((p) => {
        p.push(now, ...status);
        return `${SHOWN_STATUS} IN (${status.map(() => '?').join(', ')})`;
      });
    // `ilike('%' + query + '%')`: its % and _ are wildcards, a backslash escapes them.
    if (query !== undefined) where.add("c.customer_email LIKE ? ESCAPE '\\'", `%${query}%`);
    // Sorted by the status as stored, as the real ORDER BY checkouts.status.
    const order = orderBy(sorting, { ...SORT_SQL, status: 'c.status' }, plainDirection, 'c.id');
    return list(this.db, { columns: 'c.*', from: 'checkouts c', where, order, page });
  }

  /** The products session `id` offers, in their order (none stored: the one it sells). */
  productIds(id: string): string[] {
    return this.db
      .all<{ product_id: string }>(
        'SELECT product_id FROM checkout_products WHERE checkout_id = ? ORDER BY "order"',
        id,
      )
      .map((r) => r.product_id);
  }

  /** Session `id` offers `productIds`, in that order. */
  offer(id: string, productIds: readonly string[]): void {
    for (const [order, productId] of productIds.entries())
      this.db.insert('checkout_products', { checkout_id: id, product_id: productId, order });
  }

  /**
   * Whether the customer `customerId` (else the customer with `email`, not deleted) has a
   * billable subscription (trialing, active, past due) in the organization.
   */
  hasBillableSubscription(organizationId: string, customerId: string | null, email: string | null) {
    const who = customerId
      ? 's.customer_id = ?'
      : 's.customer_id IN (SELECT id FROM customers WHERE email = ? COLLATE NOCASE AND deleted_at IS NULL)';
    const found = this.db.get(
      `SELECT 1 FROM subscriptions s WHERE s.organization_id = ? AND ${who}
       AND s.status IN ('trialing', 'active', 'past_due') LIMIT 1`,
      organizationId,
      customerId ?? email,
    );
    return found !== undefined;
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
