// Orders: the seller's list with its filters and sorts (api-facts "Sorting", "Filters"), and the
// buyer's in the customer portal.
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import { invoiceNumber, numbersOf, receiptNumber, settleOrders } from './order-numbers.js';
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
/** Today's filters also read the products (billing type) and customers (external id). */
const TODAYS_COUNT_TABLES: readonly Table[] = ['orders', 'products', 'customers'];

/**
 * Today's filters (order/service.py `list` at c6c3645e): the seed's multi-value ones but the
 * price type, which is now the product's billing type, and the checkout, the subscription, the
 * status, the customer's external id, a time window (exclusive) and `metadata[key]` values.
 */
export type TodaysOrderFilter = Record<
  | 'organization_id'
  | 'product_id'
  | 'discount_id'
  | 'customer_id'
  | 'checkout_id'
  | 'subscription_id'
  | 'status',
  readonly string[]
> & {
  product_billing_type: readonly string[];
  external_customer_id: readonly string[];
  created_after?: string;
  created_before?: string;
  metadata: Record<string, readonly string[]>;
};

/** Today's criteria (order/repository.py get_sorting_clause): amount is the net amount. */
const TODAYS_SORT_SQL: Record<string, string> = {
  ...SORT_SQL,
  net_amount: 'o.amount',
  // draft, pending, paid, partially refunded, refunded, void.
  status: `CASE o.status WHEN 'draft' THEN 1 WHEN 'pending' THEN 2 WHEN 'paid' THEN 3
    WHEN 'partially_refunded' THEN 4 WHEN 'refunded' THEN 5 WHEN 'void' THEN 6 END`,
  invoice_number: 'o.invoice_number',
};
const TODAYS_NULLABLE = new Set([...NULLABLE, 'invoice_number']);
const todaysDirection = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${TODAYS_NULLABLE.has(field) ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

/** `metadata[key]` filters: JSONB ->> text, so true and false as words, numbers as text. */
export function whereMetadata(
  where: Where,
  column: string,
  metadata: Record<string, readonly string[]>,
): void {
  for (const [key, values] of Object.entries(metadata))
    where.add(
      `(SELECT CASE type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(value AS TEXT) END
        FROM json_each(${column}) WHERE key = ?) IN (${values.map(() => '?').join(', ')})`,
      key,
      ...values,
    );
}

/** The customer portal's filters (the SDK's CustomerPortalOrdersListRequest). */
export type BoughtFilter = Record<
  'organization_id' | 'product_id' | 'product_price_type' | 'subscription_id',
  readonly string[]
> & {
  query?: string;
  /** Today's: the product's billing type instead of the price's type. */
  product_billing_type?: readonly string[];
};

const BOUGHT_SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  amount: 'o.amount',
  // Today's (customer_portal/service/order.py): the same net amount.
  net_amount: 'o.amount',
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

  /**
   * The ids of a page of the seller's orders: the routes keep each order's JSON, and an index
   * answers the ids without reading the rows.
   */
  list(
    visible: Visibility,
    filter: OrderFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<{ id: string }> {
    const where = new Where()
      .scope((p) => visible.sellerSql('o.organization_id', p))
      .matching('o', filter, { product_price_type: 'price_type' });
    const order = orderBy(sorting, SORT_SQL, direction, 'o.id');
    const count = this.counted('orders-count', ORDER_COUNT_TABLES);
    return list(this.db, { columns: 'o.id', from: 'orders o', where, order, page, count });
  }

  /**
   * Counting 100 000 rows takes milliseconds (a third of a list page's time when each page
   * counted): pages of one listing share the count until a write to `tables`.
   */
  private counted(name: string, tables: readonly Table[]) {
    const counts = this.db.memo<number>(name, tables);
    return (whereSql: string, params: unknown[]) =>
      counts.get(`${whereSql}|${JSON.stringify(params)}`, () =>
        this.db.count('orders o', whereSql, ...params),
      );
  }

  /** The ids of a page of the seller's orders as today's generation lists them. */
  listToday(
    visible: Visibility,
    filter: TodaysOrderFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<{ id: string }> {
    const {
      product_billing_type,
      external_customer_id,
      created_after,
      created_before,
      metadata,
      ...many
    } = filter;
    const where = new Where()
      .scope((p) => visible.sellerSql('o.organization_id', p))
      .matching('o', many);
    if (product_billing_type.length === 1)
      where.add(
        'o.product_id IN (SELECT id FROM products WHERE is_recurring = ?)',
        product_billing_type[0] === 'recurring' ? 1 : 0,
      );
    if (external_customer_id.length)
      where.add(
        `o.customer_id IN (SELECT id FROM customers WHERE deleted_at IS NULL
          AND external_id IN (${external_customer_id.map(() => '?').join(', ')}))`,
        ...external_customer_id,
      );
    if (created_after !== undefined) where.add('o.created_at > ?', created_after);
    if (created_before !== undefined) where.add('o.created_at < ?', created_before);
    whereMetadata(where, 'o.metadata', metadata);
    const order = orderBy(sorting, TODAYS_SORT_SQL, todaysDirection, 'o.id');
    const count = this.counted('orders-count-today', TODAYS_COUNT_TABLES);
    return list(this.db, { columns: 'o.id', from: 'orders o', where, order, page, count });
  }

  /** The numbers the customer's next order gets; a receipt's only when it is `paidFor`. */
  nextNumbers(
    customerId: string,
    organizationSlug: string,
    paidFor: boolean,
  ): { invoice_number: string; receipt_number: string | null } {
    const n = numbersOf(this.db, customerId);
    return {
      invoice_number: invoiceNumber(organizationSlug, customerId, n.invoices + 1),
      receipt_number: paidFor ? receiptNumber(customerId, n.receipts + 1) : null,
    };
  }

  /**
   * Gives the orders written without their creation facts their numbers; `renumber`: a customer
   * with such an order has all of its orders numbered again, oldest first (the demo's history
   * numbers its orders as it writes them, and the seed adds some older ones after).
   */
  settle(renumber = false): void {
    if (renumber)
      this.db.run(
        `UPDATE orders SET invoice_number = NULL, receipt_number = NULL
         WHERE customer_id IN (SELECT customer_id FROM orders WHERE invoice_number IS NULL)`,
      );
    settleOrders(this.db);
  }

  /** Adds a refund's amounts to the order's, and its status with them (Order.update_refunds). */
  addRefund(row: OrderRow, amount: number, taxAmount: number, at: string): void {
    const refunded = (row.refunded_amount ?? 0) + amount;
    const status =
      refunded === 0 ? 'paid' : refunded >= row.amount ? 'refunded' : 'partially_refunded';
    this.db.update(
      'orders',
      row.id,
      {
        status,
        refunded_amount: refunded,
        refunded_tax_amount: (row.refunded_tax_amount ?? 0) + taxAmount,
      },
      at,
    );
  }

  /** The buyer's own orders (a customer session's, or a user's as any customer). */
  listBought(
    visible: Visibility,
    filter: BoughtFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<OrderRow> {
    const { query, product_billing_type, ...many } = filter;
    const where = new Where()
      .scope((p) => visible.buyerSql('o', p))
      .matching('o', many, { product_price_type: 'price_type' });
    if (product_billing_type?.length === 1)
      where.add(
        'o.product_id IN (SELECT id FROM products WHERE is_recurring = ?)',
        product_billing_type[0] === 'recurring' ? 1 : 0,
      );
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
