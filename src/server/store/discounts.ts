// Discounts and the products they are limited to.
import type { Db } from './db.js';
import type { DiscountProductRow, DiscountRow } from './rows.js';

export class Discounts {
  constructor(private readonly db: Db) {}

  byId(id: string): DiscountRow | undefined {
    return this.db.get<DiscountRow>('SELECT * FROM discounts WHERE id = ?', id);
  }

  ofOrganization(id: string, organizationId: string): DiscountRow | undefined {
    return this.db.get<DiscountRow>(
      'SELECT * FROM discounts WHERE id = ? AND organization_id = ?',
      id,
      organizationId,
    );
  }

  /** Codes are matched without case. */
  byCode(organizationId: string, code: string): DiscountRow | undefined {
    return this.db.get<DiscountRow>(
      'SELECT * FROM discounts WHERE organization_id = ? AND code = ? COLLATE NOCASE',
      organizationId,
      code,
    );
  }

  /** The products the discount is limited to; none means every product. */
  productIds(discountId: string): string[] {
    return this.db
      .all<{ product_id: string }>(
        'SELECT product_id FROM discount_products WHERE discount_id = ?',
        discountId,
      )
      .map((r) => r.product_id);
  }

  redeem(id: string): void {
    this.db.run('UPDATE discounts SET redemptions_count = redemptions_count + 1 WHERE id = ?', id);
  }

  insert(row: DiscountRow): void {
    this.db.insert('discounts', row);
  }

  limitTo(row: DiscountProductRow): void {
    this.db.insert('discount_products', row);
  }
}
