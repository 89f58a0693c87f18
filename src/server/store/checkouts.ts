// Checkout sessions (found by id with store.row).
import type { Db } from './db.js';
import type { CheckoutRow } from './rows.js';

export class Checkouts {
  constructor(private readonly db: Db) {}

  bySecret(clientSecret: string): CheckoutRow | undefined {
    return this.db.get<CheckoutRow>(
      'SELECT * FROM checkouts WHERE client_secret = ?',
      clientSecret,
    );
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
}
