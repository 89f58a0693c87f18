// Which rows a principal may see, decided once for every resource: a seller's token sees its
// organizations' rows, a customer session the customer's own purchases, and a user in the customer
// portal what it bought as any customer (api-facts "Authentication"; another organization's row
// is a 404, never a 403).
import type { Principal } from '../domain/principal.js';
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import type { Tables } from './rows.js';

export interface Visibility {
  /** The organizations whose data the principal reads and changes as a seller. */
  readonly organizationIds: readonly string[];
  /** Whether a row of `organizationId` is the seller's. */
  sellerSees(organizationId: string): boolean;
  /** SQL: `column` is one of the seller's organizations (false when it has none). */
  sellerSql(column: string, params: unknown[]): string;
  /** SQL: a row of `alias` (with customer_id and user_id) is the buyer's own. */
  buyerSql(alias: string, params: unknown[]): string;
  /** `row` when it belongs to one of the seller's organizations. */
  own<T extends { organization_id: string }>(row: T | undefined): T | undefined;
  /** The buyer's own row `id` of `table`. */
  bought<K extends 'subscriptions' | 'license_keys'>(table: K, id: string): Tables[K] | undefined;
}

export function visibleTo(db: Db, principal: Principal): Visibility {
  const organizationIds = organizationsOf(db, principal);
  const sellerSees = (id: string) => organizationIds.includes(id);
  return {
    organizationIds,
    sellerSees,
    own: (row) => (row && sellerSees(row.organization_id) ? row : undefined),
    bought(table, id) {
      const params: unknown[] = [id];
      const scope = this.buyerSql('t', params);
      return db.get(`SELECT t.* FROM ${table} t WHERE t.id = ? AND ${scope}`, ...params);
    },
    // A principal without organizations sees nothing (not everything).
    sellerSql: (column, params) =>
      organizationIds.length ? sqlIn(column, organizationIds, params) : '0',
    buyerSql(alias, params) {
      if (principal.kind === 'customer') {
        params.push(principal.customerId);
        return `${alias}.customer_id = ?`;
      }
      if (principal.kind === 'user') {
        params.push(principal.userId, principal.userId);
        return `(${alias}.user_id = ? OR ${alias}.customer_id IN (SELECT id FROM customers WHERE user_id = ?))`;
      }
      return '0';
    },
  };
}

function organizationsOf(db: Db, principal: Principal): string[] {
  if (principal.kind === 'organization' || principal.kind === 'customer')
    return [principal.organizationId];
  const userId = principal.userId;
  return db
    .memo<string[]>('user-organizations', ['user_organizations'])
    .get(userId, () =>
      db
        .all<{ organization_id: string }>(
          'SELECT organization_id FROM user_organizations WHERE user_id = ?',
          userId,
        )
        .map((r) => r.organization_id),
    );
}
