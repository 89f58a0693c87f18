// Subscriptions: the seller's list, the buyer's in the customer portal, and the changes a seller or
// buyer makes.
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_INACTIVE_STATUSES,
  SUBSCRIPTION_REVOKED_STATUSES,
  SUBSCRIPTION_STATUSES,
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

/** The seller's list's multi-value filters (the SDK's SubscriptionsListRequest). */
export type SellerFilter = Record<
  'organization_id' | 'product_id' | 'customer_id' | 'discount_id',
  readonly string[]
> & { active?: boolean };

/**
 * The real service's rank of a status (subscription service `list`): in the order of the
 * statuses, an active subscription set to end at the period's end just after the active ones.
 */
const ACTIVE_AT = SUBSCRIPTION_STATUSES.indexOf('active');
const STATUS_RANK = `CASE s.status ${SUBSCRIPTION_STATUSES.map((status, i) => {
  const rank = i + 1 + (i > ACTIVE_AT ? 1 : 0);
  return `WHEN '${status}' THEN ${status === 'active' ? `${rank} + s.cancel_at_period_end` : rank}`;
}).join(' ')} END`;

const SELLER_SORT_SQL: Record<string, string> = {
  customer: '(SELECT email FROM customers WHERE id = s.customer_id)',
  status: STATUS_RANK,
  started_at: 's.started_at',
  current_period_end: 's.current_period_end',
  // A monthly amount: a yearly one counts a twelfth (integer division, as PostgreSQL's).
  amount: "CASE s.recurring_interval WHEN 'year' THEN s.amount / 12 WHEN 'month' THEN s.amount END",
  product: '(SELECT name FROM products WHERE id = s.product_id)',
  discount: '(SELECT name FROM discounts WHERE id = s.discount_id)',
};
/** PostgreSQL's null placement, except the amount's explicit `nulls_last`. */
function sellerDirection(field: string, desc: boolean): string {
  const dir = desc ? 'DESC' : 'ASC';
  if (field === 'amount') return `${dir} NULLS LAST`;
  if (field === 'current_period_end' || field === 'discount')
    return `${dir} ${desc ? 'NULLS FIRST' : 'NULLS LAST'}`;
  return dir;
}

export class Subscriptions {
  constructor(private readonly db: Db) {}

  /** Every subscription of the product, oldest first. */
  ofProduct(productId: string): SubscriptionRow[] {
    return this.db.all<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE product_id = ? ORDER BY created_at, id',
      productId,
    );
  }

  /** Every subscription of the customer, oldest first. */
  ofCustomer(customerId: string): SubscriptionRow[] {
    return this.db.all<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY created_at, id',
      customerId,
    );
  }

  /** The seller's subscriptions that have started (the real service lists no other). */
  listSold(
    visible: Visibility,
    filter: SellerFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<SubscriptionRow> {
    const { active, ...many } = filter;
    const where = new Where()
      .scope((p) => visible.sellerSql('s.organization_id', p))
      .add('s.started_at IS NOT NULL')
      .matching('s', many);
    if (active === true) where.add(statusIn(SUBSCRIPTION_ACTIVE_STATUSES));
    if (active === false) where.add(statusIn(SUBSCRIPTION_REVOKED_STATUSES));
    const order = orderBy(sorting, SELLER_SORT_SQL, sellerDirection, 's.id');
    return list(this.db, { columns: 's.*', from: 'subscriptions s', where, order, page });
  }

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

  /** Ends it when the period does; a reason or comment sent replaces the one recorded. */
  cancelAtPeriodEnd(id: string, reason: string | null, comment: string | null, now: string): void {
    this.db.run(
      `UPDATE subscriptions SET cancel_at_period_end = 1, canceled_at = ?, ends_at = current_period_end,
       customer_cancellation_reason = coalesce(?, customer_cancellation_reason),
       customer_cancellation_comment = coalesce(?, customer_cancellation_comment), modified_at = ? WHERE id = ?`,
      now,
      reason,
      comment,
      now,
      id,
    );
  }

  /**
   * Subscriptions whose period ends by `until` (ISO): trialing or active ones that have not ended,
   * to renew, or to end when set to cancel at the period's end (domain/due.ts).
   */
  dueBy(until: string): SubscriptionRow[] {
    return this.db.all<SubscriptionRow>(
      `SELECT * FROM subscriptions s WHERE ${statusIn(SUBSCRIPTION_ACTIVE_STATUSES)}
       AND s.ended_at IS NULL AND s.current_period_end IS NOT NULL AND s.current_period_end <= ?`,
      until,
    );
  }

  /** The next period, from `start` (the last one's end) to `end`; a trial ends with it. */
  renew(id: string, start: string, end: string): void {
    this.db.run(
      `UPDATE subscriptions SET status = 'active', current_period_start = ?, current_period_end = ?,
       modified_at = ? WHERE id = ?`,
      start,
      end,
      start,
      id,
    );
  }

  /** Ends it at `at`, its period's end, as it was set to (cancel_at_period_end). */
  end(id: string, at: string): void {
    this.db.run(
      `UPDATE subscriptions SET status = 'canceled', ended_at = ?, ends_at = coalesce(ends_at, ?),
       modified_at = ? WHERE id = ?`,
      at,
      at,
      at,
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
