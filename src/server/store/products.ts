// The catalogue: products, their prices, benefits, medias and custom fields.
import type { Db } from './db.js';
import { attachedFields } from './loader.js';
import type { AttachedFieldRow, BenefitRow, CustomFieldRow, MediaRow, PriceRow } from './rows.js';

export class Products {
  constructor(private readonly db: Db) {}

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
