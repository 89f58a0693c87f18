// The catalogue: products, their prices, benefits, medias and custom fields; the seller's lists
// of products and benefits (GET /v1/products/, GET /v1/benefits/).
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
import { attachedFields } from './loader.js';
import type {
  AttachedFieldRow,
  BenefitRow,
  CustomFieldRow,
  MediaRow,
  PriceRow,
  ProductRow,
} from './rows.js';
import type { Visibility } from './visibility.js';

export interface ProductFilter {
  id: readonly string[];
  organization_id: readonly string[];
  benefit_id: readonly string[];
  /** Part of the name, without case; `%` and `_` are wildcards as in the real service's ilike. */
  query?: string;
  is_archived?: boolean;
  is_recurring?: boolean;
  // Today's generation's filters.
  visibility?: readonly string[];
  /** `metadata[key]=value`: the values of one key OR'ed, the keys AND'ed. */
  metadata?: Record<string, readonly string[]>;
}

export interface BenefitFilter {
  organization_id: readonly string[];
  type: readonly string[];
  // Today's generation's filters.
  id?: readonly string[];
  exclude_id?: readonly string[];
  /** Part of the description, without case. */
  query?: string;
  metadata?: Record<string, readonly string[]>;
  /** Types today's generation no longer has, left out of its lists. */
  exclude_type?: readonly string[];
}

/** Today's benefit sorting (BenefitSortProperty; `user_order`: the order of the `id` filter). */
const BENEFIT_SORT_SQL: Record<string, string> = {
  created_at: 'b.created_at',
  description: 'b.description',
  type: 'b.type',
};

/** `metadata[key]=value` filters on `column` (JSONB ->> text: booleans as words). */
function matchMetadata(where: Where, column: string, metadata: Record<string, readonly string[]>) {
  for (const [key, values] of Object.entries(metadata)) {
    where.add(
      `(SELECT CASE type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(value AS TEXT) END
        FROM json_each(${column}) WHERE key = ?) IN (${values.map(() => '?').join(', ')})`,
      key,
      ...values,
    );
  }
}

/**
 * The price criteria read the product's first price that is not archived (the oldest), as the
 * real service joins it: one-time before recurring; free, custom, fixed; a free price as -2 and a
 * custom one as its minimum (-1 without one).
 */
const SORT_SQL: Record<string, string> = {
  created_at: 'p.created_at',
  name: 'p.name COLLATE NOCASE',
  price_type: "CASE fp.type WHEN 'one_time' THEN 1 WHEN 'recurring' THEN 2 END",
  price_amount_type:
    "CASE fp.amount_type WHEN 'free' THEN 1 WHEN 'custom' THEN 2 WHEN 'fixed' THEN 3 END",
  price_amount: `CASE fp.amount_type WHEN 'free' THEN -2 WHEN 'custom' THEN coalesce(fp.minimum_amount, -1)
                 WHEN 'fixed' THEN fp.price_amount END`,
};
/** Today's: a free price is a fixed one of 0, a custom one without a minimum has 50. */
const TODAYS_SORT_SQL: Record<string, string> = {
  ...SORT_SQL,
  price_amount_type:
    "CASE fp.amount_type WHEN 'custom' THEN 1 WHEN 'fixed' THEN 2 WHEN 'free' THEN 2 END",
  price_amount: `CASE fp.amount_type WHEN 'free' THEN 0 WHEN 'custom' THEN coalesce(fp.minimum_amount, 50)
                 WHEN 'fixed' THEN fp.price_amount END`,
};
/** A product without a price sorts as PostgreSQL sorts nulls: last ascending, first descending. */
const direction = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${field.startsWith('price_') ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

const PRODUCTS_WITH_FIRST_PRICE = `products p LEFT JOIN prices fp ON fp.id = (
  SELECT id FROM prices WHERE product_id = p.id AND is_archived = 0 ORDER BY created_at, id LIMIT 1)`;

export class Products {
  constructor(private readonly db: Db) {}

  list(
    visible: Visibility,
    filter: ProductFilter,
    page: Page,
    sorting: readonly SortCriterion[],
    today = false,
  ): Listed<ProductRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('p.organization_id', p))
      .matching('p', { id: filter.id, organization_id: filter.organization_id });
    if (filter.query !== undefined) where.add("p.name LIKE ? ESCAPE '\\'", `%${filter.query}%`);
    if (filter.is_archived !== undefined)
      where.add('p.is_archived = ?', filter.is_archived ? 1 : 0);
    if (filter.is_recurring !== undefined)
      where.add('p.is_recurring = ?', filter.is_recurring ? 1 : 0);
    if (filter.benefit_id.length) {
      const marks = filter.benefit_id.map(() => '?').join(', ');
      where.add(
        `EXISTS (SELECT 1 FROM product_benefits pb WHERE pb.product_id = p.id AND pb.benefit_id IN (${marks}))`,
        ...filter.benefit_id,
      );
    }
    if (filter.visibility?.length) where.matching('p', { visibility: filter.visibility });
    if (filter.metadata) matchMetadata(where, 'p.metadata', filter.metadata);
    const order = orderBy(sorting, today ? TODAYS_SORT_SQL : SORT_SQL, direction, 'p.id');
    return list(this.db, { columns: 'p.*', from: PRODUCTS_WITH_FIRST_PRICE, where, order, page });
  }

  /**
   * GET /v1/benefits/: the seed's takes no sorting parameter (always by type then oldest first);
   * today's sorts by `sorting` (default newest first).
   */
  benefits(
    visible: Visibility,
    filter: BenefitFilter,
    page: Page,
    sorting?: readonly SortCriterion[],
  ): Listed<BenefitRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('b.organization_id', p))
      .matching('b', { organization_id: filter.organization_id, type: filter.type })
      .add('b.deleted_at IS NULL');
    if (filter.id?.length) where.matching('b', { id: filter.id });
    if (filter.exclude_id?.length)
      where.add(
        `b.id NOT IN (${filter.exclude_id.map(() => '?').join(', ')})`,
        ...filter.exclude_id,
      );
    if (filter.exclude_type?.length)
      where.add(
        `b.type NOT IN (${filter.exclude_type.map(() => '?').join(', ')})`,
        ...filter.exclude_type,
      );
    if (filter.query !== undefined)
      where.add("b.description LIKE ? ESCAPE '\\'", `%${filter.query}%`);
    if (filter.metadata) matchMetadata(where, 'b.metadata', filter.metadata);
    let order = 'b.type, b.created_at, b.id';
    if (sorting) {
      const ids = filter.id ?? [];
      const sql: Record<string, string> = { ...BENEFIT_SORT_SQL };
      // user_order: the position in the `id` filter, only with one (else no order of its own).
      sql.user_order = ids.length
        ? `CASE b.id ${ids.map((id, i) => `WHEN '${id.replaceAll("'", '')}' THEN ${i}`).join(' ')} END`
        : '0';
      order = orderBy(sorting, sql, plainDirection, 'b.id');
    }
    return list(this.db, { columns: 'b.*', from: 'benefits b', where, order, page });
  }

  /** The prices of a product that are not archived, oldest first. */
  activePrices(productId: string): PriceRow[] {
    return this.db.all<PriceRow>(
      'SELECT * FROM prices WHERE product_id = ? AND is_archived = 0 ORDER BY created_at, id',
      productId,
    );
  }

  /**
   * How many of the organization's products that are not archived have no active price in
   * `currency` (ProductRepository.get_products_without_currency at c6c3645e).
   */
  countWithoutCurrency(organizationId: string, currency: string): number {
    return this.db.count(
      'products p',
      `p.organization_id = ? AND p.is_archived = 0 AND NOT EXISTS (SELECT 1 FROM prices pr
       WHERE pr.product_id = p.id AND pr.is_archived = 0 AND pr.price_currency = ?)`,
      organizationId,
      currency,
    );
  }

  /**
   * After a write of the seed's generation (which sets intervals on prices) and of the demo data:
   * the product's interval as the real migration made it (polar c67833ccf3, Feb 2025). Active
   * recurring prices of one interval, none legacy: the product takes it (and keeps its count
   * when it had that interval). Of several intervals, or already legacy: the product has none and
   * its active recurring prices are legacy. No recurring price: a one-time product.
   */
  settleIntervals(productId: string): void {
    const product = this.db.get<ProductRow>('SELECT * FROM products WHERE id = ?', productId);
    if (!product) return;
    const recurring = this.activePrices(productId).filter((p) => p.type === 'recurring');
    const intervals = new Set(recurring.map((p) => p.recurring_interval));
    let set: Partial<ProductRow>;
    if (!recurring.length) set = { recurring_interval: null, recurring_interval_count: null };
    else if (intervals.size === 1 && !recurring.some((p) => p.legacy)) {
      const interval = recurring[0]!.recurring_interval;
      const count =
        product.recurring_interval === interval ? (product.recurring_interval_count ?? 1) : 1;
      set = { recurring_interval: interval, recurring_interval_count: count };
    } else {
      set = { recurring_interval: null, recurring_interval_count: null };
      this.db.run(
        `UPDATE prices SET legacy = 1 WHERE product_id = ? AND type = 'recurring' AND is_archived = 0`,
        productId,
      );
    }
    if (
      set.recurring_interval !== (product.recurring_interval ?? null) ||
      set.recurring_interval_count !== (product.recurring_interval_count ?? null)
    )
      this.db.run(
        'UPDATE products SET recurring_interval = ?, recurring_interval_count = ? WHERE id = ?',
        set.recurring_interval ?? null,
        set.recurring_interval_count ?? null,
        productId,
      );
  }

  archivePrice(id: string, now: string): void {
    this.db.update('prices', id, { is_archived: 1 }, now);
  }

  /** The product's medias become `mediaIds`, in that order. */
  setMedias(productId: string, mediaIds: readonly string[]): void {
    this.db.run('DELETE FROM product_medias WHERE product_id = ?', productId);
    mediaIds.forEach((media_id, order) => {
      this.db.insert('product_medias', { product_id: productId, media_id, order }, 'ignore');
    });
  }

  /** The product's benefits become `benefitIds`, in that order. */
  setBenefits(productId: string, benefitIds: readonly string[]): void {
    this.db.run('DELETE FROM product_benefits WHERE product_id = ?', productId);
    benefitIds.forEach((benefit_id, order) => {
      this.db.insert('product_benefits', { product_id: productId, benefit_id, order });
    });
  }

  /** The product's custom fields become `fields`, in that order. */
  setCustomFields(productId: string, fields: readonly { id: string; required: boolean }[]): void {
    this.db.run('DELETE FROM product_custom_fields WHERE product_id = ?', productId);
    fields.forEach((f, order) => {
      this.db.insert(
        'product_custom_fields',
        { product_id: productId, custom_field_id: f.id, order, required: f.required ? 1 : 0 },
        'ignore',
      );
    });
  }

  /** A price with the organization of its product. */
  priceOfOrganization(id: string): (PriceRow & { organization_id: string }) | undefined {
    return this.db.get(
      `SELECT pr.*, p.organization_id FROM prices pr JOIN products p ON p.id = pr.product_id WHERE pr.id = ?`,
      id,
    );
  }

  /** The custom fields a product asks for (the rules check each value sent for them). */
  customFields(productId: string): CustomFieldRow[] {
    return this.db.all<CustomFieldRow>(
      `SELECT cf.* FROM custom_fields cf JOIN product_custom_fields p ON p.custom_field_id = cf.id WHERE p.product_id = ?`,
      productId,
    );
  }

  /** The custom fields attached to a product, in their order, with `required`. */
  attachedFields(productId: string): AttachedFieldRow[] {
    return attachedFields(this.db, productId);
  }

  /** The product's benefits that grant license keys. */
  licenseKeyBenefits(productId: string): BenefitRow[] {
    return this.db.all<BenefitRow>(
      `SELECT b.* FROM benefits b JOIN product_benefits pb ON pb.benefit_id = b.id WHERE pb.product_id = ? AND b.type = 'license_keys'`,
      productId,
    );
  }

  media(id: string): Pick<MediaRow, 'content' | 'mime_type'> | undefined {
    return this.db.get('SELECT content, mime_type FROM medias WHERE id = ?', id);
  }
}
