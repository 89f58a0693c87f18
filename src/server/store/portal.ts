// The customer portal's reads of today's generation that no other repository has: the
// customer's benefit grants (customer_portal/service/benefit_grant.py at c6c3645e) and an
// organization's public products (customer_portal/service/organization.py get_by_slug).
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { BenefitGrantRow, OrganizationRow, ProductRow } from './rows.js';
import type { Visibility } from './visibility.js';

export type PortalGrantFilter = Record<
  'type' | 'benefit_id' | 'checkout_id' | 'order_id' | 'subscription_id' | 'member_id',
  readonly string[]
> & {
  /** In the benefit's description, as ILIKE '%query%' (unescaped, as the real one). */
  query?: string;
  /** The seed's filter (f179ede58c): the benefit's organization. */
  organization_id?: readonly string[];
  /** The seed's generation: every grant not revoked, of any benefit (no visibility then). */
  seed?: boolean;
};

// The grants the portal reads (_get_readable_benefit_grant_statement): not revoked, of a public
// benefit, of a type today's generation has (the seed's `ads` is gone from it); at f179ede58c,
// every grant not revoked.
const READABLE = "g.revoked_at IS NULL AND b.visibility = 'public' AND b.type <> 'ads'";
const SEED_READABLE = 'g.revoked_at IS NULL';
const FROM = `benefit_grants g JOIN benefits b ON b.id = g.benefit_id
  JOIN organizations o ON o.id = b.organization_id
  LEFT JOIN subscriptions s ON s.id = g.subscription_id
  LEFT JOIN orders od ON od.id = g.order_id
  LEFT JOIN product_benefits pb ON pb.benefit_id = g.benefit_id
    AND pb.product_id = coalesce(s.product_id, od.product_id)`;

const SORT_SQL: Record<string, string> = {
  granted_at: 'g.granted_at',
  type: 'b.type',
  organization: 'o.slug',
  product_benefit: 'pb."order"',
};
/** PostgreSQL's nulls: last ascending, first descending. */
const direction = (_field: string, desc: boolean) => (desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST');

export class Portal {
  constructor(private readonly db: Db) {}

  benefitGrants(
    visible: Visibility,
    filter: PortalGrantFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<BenefitGrantRow> {
    const { query, type, checkout_id, member_id, organization_id, seed, ...many } = filter;
    const where = new Where()
      .scope((p) => visible.buyerSql('g', p))
      .add(seed ? SEED_READABLE : READABLE)
      .matching('g', many);
    if (organization_id?.length)
      where.add(
        `b.organization_id IN (${organization_id.map(() => '?').join(', ')})`,
        ...organization_id,
      );
    if (query !== undefined) where.add("b.description LIKE '%' || ? || '%'", query);
    if (type.length) where.add(`b.type IN (${type.map(() => '?').join(', ')})`, ...type);
    if (checkout_id.length) {
      const marks = checkout_id.map(() => '?').join(', ');
      where.add(
        `(s.checkout_id IN (${marks}) OR od.checkout_id IN (${marks}))`,
        ...checkout_id,
        ...checkout_id,
      );
    }
    // The sandbox has no members: no grant is a member's.
    if (member_id.length) where.add('0');
    const order = orderBy(sorting, SORT_SQL, direction, 'g.rowid');
    return list(this.db, { columns: 'g.*', from: FROM, where, order, page });
  }

  benefitGrant(visible: Visibility, id: string, seed = false): BenefitGrantRow | undefined {
    const params: unknown[] = [];
    const mine = visible.buyerSql('g', params);
    return this.db.get<BenefitGrantRow>(
      `SELECT g.* FROM ${FROM} WHERE ${mine} AND ${seed ? SEED_READABLE : READABLE} AND g.id = ?`,
      ...params,
      id,
    );
  }

  organizationBySlug(slug: string): OrganizationRow | undefined {
    return this.db.get<OrganizationRow>('SELECT * FROM organizations WHERE slug = ?', slug);
  }

  /** The organization's products a buyer may see: public, not archived, oldest first. */
  publicProducts(organizationId: string): ProductRow[] {
    return this.db.all<ProductRow>(
      `SELECT * FROM products WHERE organization_id = ? AND is_archived = 0
       AND visibility = 'public' ORDER BY created_at, id`,
      organizationId,
    );
  }
}
