// Customers: the buyers of one organization, one per email (matched without case).
import type { Db } from './db.js';
import type { CustomerRow } from './rows.js';
import type { Visibility } from './visibility.js';

export class Customers {
  constructor(private readonly db: Db) {}

  byId(id: string): CustomerRow | undefined {
    return this.db.get<CustomerRow>('SELECT * FROM customers WHERE id = ?', id);
  }

  byEmail(organizationId: string, email: string): CustomerRow | undefined {
    return this.db.get<CustomerRow>(
      'SELECT * FROM customers WHERE organization_id = ? AND email = ? COLLATE NOCASE',
      organizationId,
      email,
    );
  }

  /** A customer of one of the seller's organizations. */
  visible(visible: Visibility, id: string): CustomerRow | undefined {
    const params: unknown[] = [id];
    return this.db.get<CustomerRow>(
      `SELECT * FROM customers WHERE id = ? AND ${visible.sellerSql('organization_id', params)}`,
      ...params,
    );
  }

  setMetadata(id: string, metadata: string, now: string): void {
    this.db.run(
      'UPDATE customers SET metadata = ?, modified_at = ? WHERE id = ?',
      metadata,
      now,
      id,
    );
  }

  insert(row: CustomerRow): void {
    this.db.insert('customers', row);
  }
}
