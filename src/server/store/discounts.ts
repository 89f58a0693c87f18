// Discounts and the products they are limited to.
import type { Db } from './db.js';

export class Discounts {
  constructor(private readonly db: Db) {}

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
}
