// Checkout sessions.
import type { Db } from './db.js';
import type { CheckoutRow } from './rows.js';
import type { Visibility } from './visibility.js';

export class Checkouts {
  constructor(private readonly db: Db) {}

  byId(id: string): CheckoutRow | undefined {
    return this.db.get<CheckoutRow>('SELECT * FROM checkouts WHERE id = ?', id);
  }

  bySecret(clientSecret: string): CheckoutRow | undefined {
    return this.db.get<CheckoutRow>(
      'SELECT * FROM checkouts WHERE client_secret = ?',
      clientSecret,
    );
  }

  /** The seller's checkout `id`, or undefined when it is not theirs. */
  visible(visible: Visibility, id: string): CheckoutRow | undefined {
    const row = this.byId(id);
    return row && visible.sellerSees(row.organization_id) ? row : undefined;
  }

  update(id: string, set: Record<string, unknown>, now: string): void {
    this.db.update('checkouts', id, set, now);
  }

  markConfirmed(id: string, customerId: string, subscriptionId: string | null, now: string): void {
    this.db.run(
      `UPDATE checkouts SET status = 'confirmed', customer_id = ?, subscription_id = ?, modified_at = ? WHERE id = ?`,
      customerId,
      subscriptionId,
      now,
      id,
    );
  }

  insert(row: CheckoutRow): void {
    this.db.insert('checkouts', row);
  }
}
