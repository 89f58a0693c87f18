// Subscriptions: the buyer's list in the customer portal, and the changes a seller or buyer makes.
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_INACTIVE_STATUSES,
} from '../../shared/api-facts.js';
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import { countOf, type Listed, orderBy, type Page, pageOf, type SortCriterion } from './lists.js';
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

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export class Subscriptions {
  constructor(private readonly db: Db) {}

  byId(id: string): SubscriptionRow | undefined {
    return this.db.get<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ?', id);
  }

  /** The seller's subscription `id`, or undefined when it is not theirs. */
  visible(visible: Visibility, id: string): SubscriptionRow | undefined {
    const row = this.byId(id);
    return row && visible.sellerSees(row.organization_id) ? row : undefined;
  }

  /** The buyer's own subscription `id`. */
  bought(visible: Visibility, id: string): SubscriptionRow | undefined {
    const params: unknown[] = [id];
    const scope = visible.buyerSql('s', params);
    return this.db.get<SubscriptionRow>(
      `SELECT s.* FROM subscriptions s WHERE s.id = ? AND ${scope}`,
      ...params,
    );
  }

  listBought(
    visible: Visibility,
    filter: PortalFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<SubscriptionRow> {
    const params: unknown[] = [];
    const where = [visible.buyerSql('s', params)];
    const add = (column: string, values: string[]) => {
      if (values.length) where.push(sqlIn(column, values, params));
    };
    add('s.organization_id', filter.organization_id);
    add('s.product_id', filter.product_id);
    if (filter.active === true) where.push(`s.status IN (${quoted(SUBSCRIPTION_ACTIVE_STATUSES)})`);
    if (filter.active === false)
      where.push(`s.status IN (${quoted(SUBSCRIPTION_INACTIVE_STATUSES)})`);
    if (filter.query) {
      where.push("(SELECT name FROM products WHERE id = s.product_id) LIKE ? ESCAPE '\\'");
      params.push(`%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const whereSql = where.join(' AND ');
    const total = countOf(this.db, 'subscriptions s', whereSql, params);
    const order = orderBy(sorting, SORT_SQL, direction, 's.id');
    const rows = pageOf<SubscriptionRow>(
      this.db,
      's.*',
      'subscriptions s',
      whereSql,
      params,
      order,
      page,
    );
    return { rows, total };
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

  insert(row: SubscriptionRow): void {
    this.db.insert('subscriptions', row);
  }
}
