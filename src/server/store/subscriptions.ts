// Subscriptions: the seller's list (either generation's filters), the buyer's in the customer
// portal, the changes a seller or buyer makes, and today's pending updates and prorations.
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_INACTIVE_STATUSES,
  SUBSCRIPTION_REVOKED_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../../shared/api-facts.js';
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { BillingEntryRow, PriceRow, SubscriptionRow, SubscriptionUpdateRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface PortalFilter {
  organization_id: string[];
  product_id: string[];
  active?: boolean;
  /** A case-insensitive part of the product's name. */
  query?: string;
  /** Only those that have started (today's portal). */
  started?: boolean;
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

/** Today's list filters (subscription/endpoints.py `list` at c6c3645e); times as ISO text. */
export interface TodaysFilter extends SellerFilter {
  external_customer_id: readonly string[];
  status: readonly string[];
  customer_cancellation_reason: readonly string[];
  cancel_at_period_end?: boolean;
  /** Inclusive bounds. */
  canceled_at_after?: string;
  canceled_at_before?: string;
  /** Exclusive bounds. */
  started_after?: string;
  started_before?: string;
  /** `metadata[key]=value`: one key's values OR'ed, the keys AND'ed. */
  metadata: Record<string, readonly string[]>;
}

/** Today's ranks (subscription/repository.py get_sorting_clause): paused after active. */
const TODAYS_STATUS_RANK = `CASE s.status WHEN 'incomplete' THEN 1 WHEN 'incomplete_expired' THEN 2
  WHEN 'trialing' THEN 3 WHEN 'active' THEN 4 + s.cancel_at_period_end WHEN 'paused' THEN 6
  WHEN 'past_due' THEN 7 WHEN 'canceled' THEN 8 WHEN 'unpaid' THEN 9 END`;

const TODAYS_SORT_SQL: Record<string, string> = {
  ...SELLER_SORT_SQL,
  status: TODAYS_STATUS_RANK,
  ended_at: 's.ended_at',
  ends_at: 's.ends_at',
  // A monthly amount, whatever the interval.
  amount: `CASE s.recurring_interval WHEN 'year' THEN s.amount / 12 WHEN 'month' THEN s.amount
    WHEN 'week' THEN s.amount * 4 WHEN 'day' THEN s.amount * 30 END`,
};
/** PostgreSQL's null placement: nulls count as greater than any value. */
const postgresDirection = (_field: string, desc: boolean) =>
  desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST';

/** `metadata[key]` filters: JSONB ->> text, so true and false as words, numbers as text. */
function whereMetadata(where: Where, metadata: Record<string, readonly string[]>): void {
  for (const [key, values] of Object.entries(metadata))
    where.add(
      `(SELECT CASE type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(value AS TEXT) END
        FROM json_each(s.metadata) WHERE key = ?) IN (${values.map(() => '?').join(', ')})`,
      key,
      ...values,
    );
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

  /** Today's seller list: the seed's filters and today's. */
  listTodays(
    visible: Visibility,
    filter: TodaysFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<SubscriptionRow> {
    const { organization_id, product_id, customer_id, discount_id, status } = filter;
    const where = new Where()
      .scope((p) => visible.sellerSql('s.organization_id', p))
      .add('s.started_at IS NOT NULL')
      .matching('s', { organization_id, product_id, customer_id, discount_id, status })
      .matching('s', { customer_cancellation_reason: filter.customer_cancellation_reason });
    if (filter.external_customer_id.length)
      where.scope((p) => {
        p.push(...filter.external_customer_id);
        const marks = filter.external_customer_id.map(() => '?').join(', ');
        return `s.customer_id IN (SELECT id FROM customers WHERE external_id IN (${marks}))`;
      });
    if (filter.active === true) where.add(statusIn(SUBSCRIPTION_ACTIVE_STATUSES));
    if (filter.active === false) where.add(statusIn(SUBSCRIPTION_REVOKED_STATUSES));
    if (filter.cancel_at_period_end !== undefined)
      where.add('s.cancel_at_period_end = ?', filter.cancel_at_period_end ? 1 : 0);
    if (filter.canceled_at_after) where.add('s.canceled_at >= ?', filter.canceled_at_after);
    if (filter.canceled_at_before) where.add('s.canceled_at <= ?', filter.canceled_at_before);
    if (filter.started_after) where.add('s.started_at > ?', filter.started_after);
    if (filter.started_before) where.add('s.started_at < ?', filter.started_before);
    whereMetadata(where, filter.metadata);
    const order = orderBy(sorting, TODAYS_SORT_SQL, postgresDirection, 's.id');
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
    if (filter.started) where.add('s.started_at IS NOT NULL');
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

  /** Paused subscriptions that resume by themselves by `until` (today's `resumes_at`). */
  resumingBy(until: string): SubscriptionRow[] {
    return this.db.all<SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE status = 'paused' AND resumes_at IS NOT NULL
       AND resumes_at <= ?`,
      until,
    );
  }

  /** Stamps it changed (a change of its pending update). */
  touch(id: string, now: string): void {
    this.db.run('UPDATE subscriptions SET modified_at = ? WHERE id = ?', now, id);
  }

  // ---- today's pending updates (one at most per subscription) and prorations

  /** The update waiting for the subscription's period's end, if any. */
  pendingUpdate(subscriptionId: string): SubscriptionUpdateRow | undefined {
    return this.db.get<SubscriptionUpdateRow>(
      `SELECT * FROM subscription_updates WHERE subscription_id = ? AND applied_at IS NULL
       AND deleted_at IS NULL`,
      subscriptionId,
    );
  }

  /** Drops the waiting update, if any (soft deletion, as the real repository's). */
  dropPendingUpdate(subscriptionId: string, now: string): void {
    this.db.run(
      `UPDATE subscription_updates SET deleted_at = ?, modified_at = ? WHERE subscription_id = ?
       AND applied_at IS NULL AND deleted_at IS NULL`,
      now,
      now,
      subscriptionId,
    );
  }

  /** Schedules `row`, in place of any update already waiting. */
  schedule(row: SubscriptionUpdateRow): void {
    this.dropPendingUpdate(row.subscription_id, row.created_at);
    this.db.insert('subscription_updates', row);
  }

  markApplied(updateId: string, now: string): void {
    this.db.run(
      'UPDATE subscription_updates SET applied_at = ?, modified_at = ? WHERE id = ?',
      now,
      now,
      updateId,
    );
  }

  addBillingEntry(row: BillingEntryRow): void {
    this.db.insert('billing_entries', row);
  }

  /** The prorations no order has billed yet, in the order they were made. */
  pendingEntries(subscriptionId: string): BillingEntryRow[] {
    return this.db.all<BillingEntryRow>(
      `SELECT * FROM billing_entries WHERE subscription_id = ? AND order_id IS NULL
       ORDER BY created_at, rowid`,
      subscriptionId,
    );
  }

  /** The pending prorations are billed by `orderId`. */
  billEntries(subscriptionId: string, orderId: string): void {
    this.db.run(
      'UPDATE billing_entries SET order_id = ? WHERE subscription_id = ? AND order_id IS NULL',
      orderId,
      subscriptionId,
    );
  }

  /**
   * The next period, from `start` (the last one's end) to `end`; a trial ends with it (its start
   * and end kept: the period it was, unless they were set).
   */
  renew(id: string, start: string, end: string): void {
    this.db.run(
      `UPDATE subscriptions SET status = 'active',
       trial_start = CASE status WHEN 'trialing' THEN coalesce(trial_start, current_period_start) ELSE trial_start END,
       trial_end = CASE status WHEN 'trialing' THEN coalesce(trial_end, current_period_end) ELSE trial_end END,
       current_period_start = ?, current_period_end = ?, modified_at = ? WHERE id = ?`,
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
