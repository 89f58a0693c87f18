// Payments (today's generation only), derived from the orders: the sandbox has no payment
// processor, but each order it charged something for was paid by one succeeded card payment
// (payment/service.py `list` and payment/sorting.py at c6c3645e for the filters and sorts). A free
// order has no payment, as on the real service (no charge, no Payment row).
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { OrderRow } from './rows.js';
import type { Visibility } from './visibility.js';

export type PaymentFilter = Record<
  'organization_id' | 'checkout_id' | 'order_id' | 'customer_id',
  readonly string[]
> & {
  status: readonly string[];
  method: readonly string[];
  customer_email: readonly string[];
};

/** An order that was paid, with its total (what the card was charged). */
export interface PaidOrderRow extends OrderRow {
  total: number;
}

/** Every payment the sandbox makes succeeds, by card: those two sorts are by the order's id. */
const SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  amount: '(o.amount + o.tax_amount)',
  status: "'succeeded'",
  method: "'card'",
};
const PAID = 'o.amount + o.tax_amount > 0';

export class Payments {
  constructor(private readonly db: Db) {}

  /** The paid order `orderId` among the seller's. */
  paidOrder(visible: Visibility, orderId: string): PaidOrderRow | undefined {
    const params: unknown[] = [orderId];
    const scope = visible.sellerSql('o.organization_id', params);
    return this.db.get<PaidOrderRow>(
      `SELECT o.*, o.amount + o.tax_amount AS total FROM orders o WHERE o.id = ? AND ${scope} AND ${PAID}`,
      ...params,
    );
  }

  list(
    visible: Visibility,
    filter: PaymentFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<PaidOrderRow> {
    const { status, method, customer_email, ...many } = filter;
    const where = new Where()
      .scope((p) => visible.sellerSql('o.organization_id', p))
      .add(PAID)
      .matching('o', many, { order_id: 'id' });
    if (status.length && !status.includes('succeeded')) where.add('0');
    if (method.length && !method.includes('card')) where.add('0');
    if (customer_email.length)
      where.add(
        `o.customer_id IN (SELECT id FROM customers WHERE email IN (${customer_email
          .map(() => '?')
          .join(', ')}))`,
        ...customer_email,
      );
    const order = orderBy(sorting, SORT_SQL, (_f, desc) => (desc ? 'DESC' : 'ASC'), 'o.id');
    return list(this.db, {
      columns: 'o.*, o.amount + o.tax_amount AS total',
      from: 'orders o',
      where,
      order,
      page,
    });
  }
}
