// The catalogue: products, their prices, benefits, medias and custom fields.
import type { Db } from './db.js';
import { attachedFields } from './loader.js';
import type {
  AttachedFieldRow,
  BenefitRow,
  CustomFieldRow,
  MediaRow,
  PriceRow,
  ProductBenefitRow,
  ProductCustomFieldRow,
  ProductMediaRow,
  ProductRow,
} from './rows.js';

export class Products {
  constructor(private readonly db: Db) {}

  price(id: string): PriceRow | undefined {
    return this.db.get<PriceRow>('SELECT * FROM prices WHERE id = ?', id);
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

  insert(row: ProductRow): void {
    this.db.insert('products', row);
  }
  insertPrice(row: PriceRow): void {
    this.db.insert('prices', row);
  }
  insertBenefit(row: BenefitRow): void {
    this.db.insert('benefits', row);
  }
  attachBenefit(row: ProductBenefitRow): void {
    this.db.insert('product_benefits', row);
  }
  insertMedia(row: MediaRow): void {
    this.db.insert('medias', row);
  }
  attachMedia(row: ProductMediaRow): void {
    this.db.insert('product_medias', row);
  }
  insertCustomField(row: CustomFieldRow): void {
    this.db.insert('custom_fields', row);
  }
  attachCustomField(row: ProductCustomFieldRow): void {
    this.db.insert('product_custom_fields', row);
  }
}
