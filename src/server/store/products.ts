// The catalogue: products, their prices, benefits, medias and custom fields; the seller's lists
// of products and benefits (GET /v1/products/, GET /v1/benefits/).
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
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
}

export interface BenefitFilter {
  organization_id: readonly string[];
  type: readonly string[];
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
    const order = orderBy(sorting, SORT_SQL, direction, 'p.id');
    return list(this.db, { columns: 'p.*', from: PRODUCTS_WITH_FIRST_PRICE, where, order, page });
  }

  /** GET /v1/benefits/: no sorting parameter, always by type then oldest first. */
  benefits(visible: Visibility, filter: BenefitFilter, page: Page): Listed<BenefitRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('b.organization_id', p))
      .matching('b', { organization_id: filter.organization_id, type: filter.type })
      .add('b.deleted_at IS NULL');
    const order = 'b.type, b.created_at, b.id';
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
