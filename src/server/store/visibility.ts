// Which rows a principal may see, decided once for every resource: a seller's token sees its
// organizations' rows, a customer session the customer's own purchases, and a user in the customer
// portal what it bought as any customer (api-facts "Authentication"; another organization's row
// is a 404, never a 403). Made per request: its methods live on the prototype.
import type { Principal } from '../domain/principal.js';
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import type { Table, Tables } from './rows.js';

const USER_ORGANIZATIONS: readonly Table[] = ['user_organizations'];

export class Visibility {
  private ids: string[] | undefined;

  constructor(
    private readonly db: Db,
    private readonly principal: Principal,
  ) {}

  /** The organizations whose data the principal reads and changes as a seller. */
  private organizationIds(): string[] {
    this.ids ??= organizationsOf(this.db, this.principal);
    return this.ids;
  }

  /** Whether a row of `organizationId` is the seller's. */
  sellerSees(organizationId: string): boolean {
    return this.organizationIds().includes(organizationId);
  }

  /** `row` when it belongs to one of the seller's organizations. */
  own<T extends { organization_id: string }>(row: T | undefined): T | undefined {
    return row && this.sellerSees(row.organization_id) ? row : undefined;
  }

  /** SQL: `column` is one of the seller's organizations (false when it has none). */
  sellerSql(column: string, params: unknown[]): string {
    const ids = this.organizationIds();
    // A principal without organizations sees nothing (not everything).
    return ids.length ? sqlIn(column, ids, params) : '0';
  }

  /** SQL: a row of `alias` (with customer_id and user_id) is the buyer's own. */
  buyerSql(alias: string, params: unknown[]): string {
    const p = this.principal;
    if (p.kind === 'customer') {
      params.push(p.customerId);
      return `${alias}.customer_id = ?`;
    }
    if (p.kind === 'user') {
      params.push(p.userId, p.userId);
      return `(${alias}.user_id = ? OR ${alias}.customer_id IN (SELECT id FROM customers WHERE user_id = ?))`;
    }
    return '0';
  }

  /** The buyer's own row `id` of `table`. */
  bought<K extends 'subscriptions' | 'license_keys' | 'orders'>(
    table: K,
    id: string,
  ): Tables[K] | undefined {
    const params: unknown[] = [id];
    const scope = this.buyerSql('t', params);
    return this.db.get(`SELECT t.* FROM ${table} t WHERE t.id = ? AND ${scope}`, ...params);
  }
}

export function visibleTo(db: Db, principal: Principal): Visibility {
  return new Visibility(db, principal);
}

function organizationsOf(db: Db, principal: Principal): string[] {
  if (principal.kind === 'organization' || principal.kind === 'customer')
    return [principal.organizationId];
  const userId = principal.userId;
  return db
    .memo<string[]>('user-organizations', USER_ORGANIZATIONS)
    .get(userId, () =>
      db
        .all<{ organization_id: string }>(
          'SELECT organization_id FROM user_organizations WHERE user_id = ?',
          userId,
        )
        .map((r) => r.organization_id),
    );
}
