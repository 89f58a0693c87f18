// Per-request row loading for the serializers: one query per table for a page of rows, and the
// small product children shared by many rows, each loaded once per request.
import type { Db } from './db.js';
import type { Memo } from './memo.js';
import type {
  ActivationRow,
  AttachedFieldRow,
  BenefitGrantRow,
  BenefitRow,
  ById,
  MediaRow,
  PriceRow,
  ProductRow,
  SubscriptionRow,
  SubscriptionUpdateRow,
  Table,
} from './rows.js';
import type { OrderMeterItemRow } from './rows-usage.js';

interface Children {
  prices: PriceRow;
  benefits: BenefitRow;
  medias: MediaRow;
  fields: AttachedFieldRow;
}

const CHILD_SQL: Record<keyof Children, string> = {
  prices: 'SELECT * FROM prices WHERE product_id = ? ORDER BY created_at, id',
  benefits: `SELECT b.* FROM benefits b JOIN product_benefits pb ON pb.benefit_id = b.id
             WHERE pb.product_id = ? ORDER BY pb."order"`,
  medias: `SELECT m.* FROM medias m JOIN product_medias pm ON pm.media_id = m.id
           WHERE pm.product_id = ? ORDER BY pm."order"`,
  fields: `SELECT cf.*, pcf."order" AS attach_order, pcf.required AS attach_required FROM custom_fields cf
           JOIN product_custom_fields pcf ON pcf.custom_field_id = cf.id WHERE pcf.product_id = ? ORDER BY pcf."order"`,
};

/** The custom fields attached to a product, in their order (also read by the checkout rules). */
export function attachedFields(db: Db, productId: string): AttachedFieldRow[] {
  return db.all<AttachedFieldRow>(CHILD_SQL.fields, productId);
}

/** A subscription's meter so far in its period (subscription/schemas.py SubscriptionMeterBase). */
export interface SubscriptionMeterState {
  id: string;
  created_at: string;
  modified_at: string | null;
  meter_id: string;
  consumed_units: number;
  credited_units: number;
  amount: number;
}

/** What today's Subscription shows that only the domain computes (issue 27). */
export interface SubscriptionUsage {
  prices: PriceRow[];
  meters: SubscriptionMeterState[];
}

/** Per-request row cache; `prime` fetches many rows of one table in one query. */
export class Loader {
  private readonly rows = new Map<string, Map<string, unknown>>();
  private readonly children = new Map<string, unknown[]>();
  /**
   * A subscription's prices and meters at the request's time, set by whoever makes the loader
   * with a clock (app.ts, the outbox: domain/meter-billing.ts subscriptionUsage); unset: none.
   */
  usage: (sub: SubscriptionRow) => SubscriptionUsage | undefined = () => undefined;

  constructor(
    private readonly store: Db,
    readonly baseUrl: string,
  ) {}

  /** The store's memo `name` (serialize/catalogue.ts caches the catalogue's JSON there). */
  memo<T>(name: string, tables: readonly Table[]): Memo<T> {
    return this.store.memo<T>(name, tables);
  }

  prime(table: keyof ById, ids: Iterable<unknown>): void {
    const cache = this.table(table);
    const missing = [
      ...new Set([...ids].filter((id): id is string => typeof id === 'string' && !cache.has(id))),
    ];
    if (!missing.length) return;
    const rows = this.store.all<{ id: string }>(
      `SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(missing),
    );
    for (const id of missing) cache.set(id, null);
    for (const row of rows) cache.set(row.id, row);
  }

  /** A subscription order's metered lines (issue 27), in the order they were charged. */
  meterItems(orderId: string): OrderMeterItemRow[] {
    return this.store.all<OrderMeterItemRow>(
      'SELECT * FROM order_meter_items WHERE order_id = ? ORDER BY created_at, rowid',
      orderId,
    );
  }

  row<K extends keyof ById>(table: K, id: unknown): ById[K] | null {
    if (typeof id !== 'string') return null;
    const cache = this.table(table);
    if (!cache.has(id))
      cache.set(id, this.store.get(`SELECT * FROM ${table} WHERE id = ?`, id) ?? null);
    return (cache.get(id) ?? null) as ById[K] | null;
  }

  private table(name: string) {
    let t = this.rows.get(name);
    if (!t) {
      t = new Map();
      this.rows.set(name, t);
    }
    return t;
  }

  // Product children are small and shared by many rows: one query per product, memoised.
  productChildren<K extends keyof Children>(kind: K, productId: string): Children[K][] {
    const key = `${kind}:${productId}`;
    let rows = this.children.get(key);
    if (!rows) {
      rows = this.store.all(CHILD_SQL[kind], productId);
      this.children.set(key, rows);
    }
    return rows as Children[K][];
  }

  /** A license key's activations that are not deactivated, oldest first. */
  activations(licenseKeyId: string): ActivationRow[] {
    return this.store.all<ActivationRow>(
      'SELECT * FROM license_key_activations WHERE license_key_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
      licenseKeyId,
    );
  }

  /** The customer's trialing and active subscriptions, oldest first (today's customer state). */
  activeSubscriptions(customerId: string): SubscriptionRow[] {
    return this.store.all<SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE customer_id = ? AND status IN ('trialing', 'active')
       ORDER BY started_at, created_at, id`,
      customerId,
    );
  }

  /** The customer's benefit grants that are granted and not revoked, oldest first. */
  grantedBenefits(customerId: string): BenefitGrantRow[] {
    return this.store.all<BenefitGrantRow>(
      `SELECT * FROM benefit_grants WHERE customer_id = ? AND granted_at IS NOT NULL
       AND revoked_at IS NULL ORDER BY granted_at, created_at, rowid`,
      customerId,
    );
  }

  /** The subscription's update waiting for its period's end (today's `pending_update`), if any. */
  pendingUpdate(subscriptionId: string): SubscriptionUpdateRow | null {
    return (
      this.store.get<SubscriptionUpdateRow>(
        `SELECT * FROM subscription_updates WHERE subscription_id = ? AND applied_at IS NULL
         AND deleted_at IS NULL`,
        subscriptionId,
      ) ?? null
    );
  }

  /** The products a checkout session (or a checkout link) offers, in their order. */
  offered(kind: 'checkout' | 'checkout_link', id: string): string[] {
    const table = kind === 'checkout' ? 'checkout_products' : 'checkout_link_products';
    return this.store
      .all<{ product_id: string }>(
        `SELECT product_id FROM ${table} WHERE ${kind}_id = ? ORDER BY "order"`,
        id,
      )
      .map((r) => r.product_id);
  }

  /** The products a discount is limited to, oldest first. */
  discountProducts(discountId: string): ProductRow[] {
    return this.store.all<ProductRow>(
      `SELECT p.* FROM products p JOIN discount_products dp ON dp.product_id = p.id
       WHERE dp.discount_id = ? ORDER BY p.created_at`,
      discountId,
    );
  }
}
