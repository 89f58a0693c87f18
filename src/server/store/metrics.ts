// The rows GET /v1/metrics/ computes with (domain/metrics.ts): the seller's paid orders with
// what was refunded of them, subscriptions with their discount, checkout sessions with the
// products they offer, and the products' billing types. Filters and buckets are the domain's.
import type { Db } from './db.js';
import type { DiscountRow, SubscriptionRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface MetricsOrderRow {
  organization_id: string;
  created_at: string;
  amount: number;
  refunded_amount: number;
  product_id: string;
  is_recurring: number;
  customer_id: string;
  subscription_id: string | null;
  subscription_started_at: string | null;
}

export interface MetricsCheckoutRow {
  id: string;
  organization_id: string;
  created_at: string;
  status: string;
  customer_id: string | null;
  product_id: string;
}

export interface MetricsProductRow {
  id: string;
  organization_id: string;
  is_recurring: number;
}

export class MetricsFacts {
  constructor(private readonly db: Db) {}

  /** Orders that were paid (a refunded one was), oldest first. */
  paidOrders(visible: Visibility, statuses: readonly string[]): MetricsOrderRow[] {
    const params: unknown[] = [...statuses];
    const scope = visible.sellerSql('o.organization_id', params);
    return this.db.all<MetricsOrderRow>(
      `SELECT o.organization_id, o.created_at, o.amount, o.refunded_amount, o.product_id,
              p.is_recurring, o.customer_id, o.subscription_id,
              s.started_at AS subscription_started_at
         FROM orders o JOIN products p ON p.id = o.product_id
         LEFT JOIN subscriptions s ON s.id = o.subscription_id
        WHERE o.status IN (${statuses.map(() => '?').join(', ')}) AND ${scope}
        ORDER BY o.created_at, o.id`,
      ...params,
    );
  }

  /** Every subscription, with its product's billing type and the discount it has now. */
  subscriptions(
    visible: Visibility,
  ): { row: SubscriptionRow; recurring: boolean; discount: DiscountRow | null }[] {
    const params: unknown[] = [];
    const scope = visible.sellerSql('s.organization_id', params);
    const rows = this.db.all<SubscriptionRow & { _recurring: number }>(
      `SELECT s.*, p.is_recurring AS _recurring FROM subscriptions s
         JOIN products p ON p.id = s.product_id WHERE ${scope} ORDER BY s.created_at, s.id`,
      ...params,
    );
    const discounts = new Map<string, DiscountRow | undefined>();
    return rows.map(({ _recurring, ...row }) => {
      const id = row.discount_id;
      if (id && !discounts.has(id)) discounts.set(id, this.db.row('discounts', id));
      return { row, recurring: _recurring === 1, discount: (id && discounts.get(id)) || null };
    });
  }

  /** Checkout sessions, and each product they offer (the selected one when none is listed). */
  checkouts(visible: Visibility): MetricsCheckoutRow[] {
    const params: unknown[] = [];
    const scope = visible.sellerSql('c.organization_id', params);
    return this.db.all<MetricsCheckoutRow>(
      `SELECT c.id, c.organization_id, c.created_at, c.status, c.customer_id,
              COALESCE(cp.product_id, c.product_id) AS product_id
         FROM checkouts c LEFT JOIN checkout_products cp ON cp.checkout_id = c.id
        WHERE ${scope} ORDER BY c.created_at, c.id`,
      ...params,
    );
  }

  /** The organizations the token reads as a seller. */
  organizations(visible: Visibility): string[] {
    const params: unknown[] = [];
    const scope = visible.sellerSql('id', params);
    return this.db
      .all<{ id: string }>(`SELECT id FROM organizations WHERE ${scope}`, ...params)
      .map((r) => r.id);
  }

  products(visible: Visibility): MetricsProductRow[] {
    const params: unknown[] = [];
    const scope = visible.sellerSql('organization_id', params);
    return this.db.all<MetricsProductRow>(
      `SELECT id, organization_id, is_recurring FROM products WHERE ${scope}`,
      ...params,
    );
  }
}
