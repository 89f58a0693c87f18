// Benefit grants: what an order or a subscription granted its customer (one per benefit of the
// product), and their revocation when the subscription ends.
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { BenefitGrantRow, BenefitRow } from './rows.js';
import type { Visibility } from './visibility.js';

/** Today's lists of grants (GET /v1/benefits/{id}/grants, GET /v1/benefit-grants/). */
export interface GrantFilter {
  benefit_id?: string;
  organization_id: readonly string[];
  customer_id: readonly string[];
  external_customer_id: readonly string[];
  is_granted?: boolean;
  /** Benefit types whose grants are gone from the lists (today's has no `ads`). */
  exclude_type: readonly string[];
}

/** A grant without a date sorts as PostgreSQL sorts nulls: last ascending, first descending. */
const GRANT_SORT_SQL: Record<string, string> = {
  created_at: 'g.created_at',
  granted_at: 'g.granted_at',
  revoked_at: 'g.revoked_at',
};
const nullsAsPostgres = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${field === 'created_at' ? '' : desc ? ' NULLS FIRST' : ' NULLS LAST'}`;

export class BenefitGrants {
  constructor(private readonly db: Db) {}

  /** Every benefit of a product, in the product's order. */
  ofProduct(productId: string): BenefitRow[] {
    return this.db.all<BenefitRow>(
      `SELECT b.* FROM benefits b JOIN product_benefits pb ON pb.benefit_id = b.id
       WHERE pb.product_id = ? ORDER BY pb."order"`,
      productId,
    );
  }

  /** The seller's grants matching `filter`, by `sorting` (the rowid breaks ties). */
  list(
    visible: Visibility,
    filter: GrantFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<BenefitGrantRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('g.organization_id', p))
      .matching('g', {
        organization_id: filter.organization_id,
        customer_id: filter.customer_id,
      });
    if (filter.benefit_id) where.add('g.benefit_id = ?', filter.benefit_id);
    if (filter.is_granted !== undefined)
      where.add(filter.is_granted ? 'g.granted_at IS NOT NULL' : 'g.granted_at IS NULL');
    if (filter.external_customer_id.length)
      where.add(
        `g.customer_id IN (SELECT id FROM customers WHERE external_id IN (${filter.external_customer_id.map(() => '?').join(', ')}))`,
        ...filter.external_customer_id,
      );
    if (filter.exclude_type.length)
      where.add(
        `g.benefit_id NOT IN (SELECT id FROM benefits WHERE type IN (${filter.exclude_type.map(() => '?').join(', ')}))`,
        ...filter.exclude_type,
      );
    const order = orderBy(sorting, GRANT_SORT_SQL, nullsAsPostgres, 'g.rowid');
    return list(this.db, { columns: 'g.*', from: 'benefit_grants g', where, order, page });
  }

  insert(row: BenefitGrantRow): void {
    this.db.insert('benefit_grants', row);
  }

  /** The grants of a scope (a subscription, or a one-time purchase's order), oldest first. */
  ofScope(scope: { subscriptionId: string } | { orderId: string }): BenefitGrantRow[] {
    return 'subscriptionId' in scope
      ? this.db.all<BenefitGrantRow>(
          'SELECT * FROM benefit_grants WHERE subscription_id = ? ORDER BY created_at, rowid',
          scope.subscriptionId,
        )
      : this.db.all<BenefitGrantRow>(
          `SELECT * FROM benefit_grants WHERE order_id = ? AND subscription_id IS NULL
           ORDER BY created_at, rowid`,
          scope.orderId,
        );
  }

  /** The scope's grant of benefit `benefitId`, if any. */
  inScope(
    benefitId: string,
    scope: { subscriptionId: string } | { orderId: string },
  ): BenefitGrantRow | undefined {
    return this.ofScope(scope).find((g) => g.benefit_id === benefitId);
  }

  /** The subscription's grants that are not revoked, oldest first. */
  grantedBy(subscriptionId: string): BenefitGrantRow[] {
    return this.db.all<BenefitGrantRow>(
      `SELECT * FROM benefit_grants WHERE subscription_id = ? AND revoked_at IS NULL
       ORDER BY created_at, rowid`,
      subscriptionId,
    );
  }

  /** The customer's grants that are granted and not revoked, oldest first. */
  liveOfCustomer(customerId: string): BenefitGrantRow[] {
    return this.db.all<BenefitGrantRow>(
      `SELECT * FROM benefit_grants
       WHERE customer_id = ? AND granted_at IS NOT NULL AND revoked_at IS NULL
       ORDER BY created_at, rowid`,
      customerId,
    );
  }

  /** The grants of a benefit that are granted and not revoked, oldest first. */
  liveOf(benefitId: string): BenefitGrantRow[] {
    return this.db.all<BenefitGrantRow>(
      `SELECT * FROM benefit_grants
       WHERE benefit_id = ? AND granted_at IS NOT NULL AND revoked_at IS NULL
       ORDER BY created_at, rowid`,
      benefitId,
    );
  }

  /** The grant that gave license key `keyId` (get_by_property_and_organization), if any. */
  ofLicenseKey(keyId: string, benefitId: string): BenefitGrantRow | undefined {
    return this.db.get<BenefitGrantRow>(
      `SELECT * FROM benefit_grants WHERE benefit_id = ?
       AND json_extract(properties, '$.license_key_id') = ? ORDER BY created_at, rowid LIMIT 1`,
      benefitId,
      keyId,
    );
  }

  /** Takes a benefit off every product that has it. */
  detach(benefitId: string): void {
    this.db.run('DELETE FROM product_benefits WHERE benefit_id = ?', benefitId);
  }

  /** Revokes a grant and the license key it granted, if any. */
  revoke(grant: BenefitGrantRow, now: string): void {
    // As the real BenefitGrant.set_revoked: no longer granted (is_granted false), revoked now.
    this.db.update('benefit_grants', grant.id, { granted_at: null, revoked_at: now }, now);
    const keyId = (JSON.parse(grant.properties) as { license_key_id?: string }).license_key_id;
    if (keyId) this.db.update('license_keys', keyId, { status: 'revoked' }, now);
  }
}
