// Subscriptions: the buyer's list in the customer portal, and the changes a seller or buyer makes.
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_INACTIVE_STATUSES,
} from '../../shared/api-facts.js';
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { PriceRow, SubscriptionRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface PortalFilter {
  organization_id: string[];
  product_id: string[];
  active?: boolean;
  /** A case-insensitive part of the product's name. */
  query?: string;
}

const SORT_SQL: Record<string, string> = {
  started_at: 's.started_at',
  amount: 's.amount',
  status: 's.status',
  organization: '(SELECT slug FROM organizations WHERE id = s.organization_id)',
  product: '(SELECT name FROM products WHERE id = s.product_id)',
};
/**
 * Null placement of the real service (PostgreSQL): a missing started_at sorts after every date
 * ascending and before them descending; a missing amount always comes first (its `nulls_first`).
 */
function direction(field: string, desc: boolean): string {
  const dir = desc ? 'DESC' : 'ASC';
  if (field === 'amount') return `${dir} NULLS FIRST`;
  if (field === 'started_at') return `${dir} ${desc ? 'NULLS FIRST' : 'NULLS LAST'}`;
  return dir;
}

const statusIn = (values: readonly string[]) =>
  `s.status IN (${values.map((v) => `'${v}'`).join(', ')})`;

export class Subscriptions {
  constructor(private readonly db: Db) {}

  listBought(
    visible: Visibility,
    filter: PortalFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<SubscriptionRow> {
    const { organization_id, product_id } = filter;
    const where = new Where()
      .scope((p) => visible.buyerSql('s', p))
      .matching('s', { organization_id, product_id });
    if (filter.active === true) where.add(statusIn(SUBSCRIPTION_ACTIVE_STATUSES));
    if (filter.active === false) where.add(statusIn(SUBSCRIPTION_INACTIVE_STATUSES));
    if (filter.query) {
      const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.add("(SELECT name FROM products WHERE id = s.product_id) LIKE ? ESCAPE '\\'", like);
    }
    const order = orderBy(sorting, SORT_SQL, direction, 's.id');
    return list(this.db, { columns: 's.*', from: 'subscriptions s', where, order, page });
  }

  setPrice(id: string, price: PriceRow, currency: string | null, now: string): void {
    this.db.run(
      `UPDATE subscriptions SET price_id = ?, product_id = ?, amount = ?, currency = ?, recurring_interval = ?,
       modified_at = ? WHERE id = ?`,
      price.id,
      price.product_id,
      price.price_amount ?? 0,
      price.price_currency ?? currency,
      price.recurring_interval,
      now,
      id,
    );
  }

  /** Ends it now; a reason or comment sent replaces the one recorded. */
  revoke(id: string, reason: string | null, comment: string | null, now: string): void {
    this.db.run(
      `UPDATE subscriptions SET status = 'canceled', canceled_at = ?, ended_at = ?, ends_at = ?,
       cancel_at_period_end = 0, customer_cancellation_reason = coalesce(?, customer_cancellation_reason),
       customer_cancellation_comment = coalesce(?, customer_cancellation_comment), modified_at = ? WHERE id = ?`,
      now,
      now,
      now,
      reason,
      comment,
      now,
      id,
    );
  }

  cancelAtPeriodEnd(id: string, reason: string | null, comment: string | null, now: string): void {
    this.db.run(
      `UPDATE subscriptions SET cancel_at_period_end = 1, canceled_at = ?, ends_at = current_period_end,
       customer_cancellation_reason = ?, customer_cancellation_comment = ?, modified_at = ? WHERE id = ?`,
      now,
      reason,
      comment,
      now,
      id,
    );
  }

  /** Takes back a cancellation at the period's end. */
  resume(id: string, now: string): void {
    this.db.run(
      `UPDATE subscriptions SET cancel_at_period_end = 0, canceled_at = NULL, ends_at = NULL,
       customer_cancellation_reason = NULL, customer_cancellation_comment = NULL, modified_at = ? WHERE id = ?`,
      now,
      id,
    );
  }
}
