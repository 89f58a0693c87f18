// Customers of the seller's organizations: the list (GET /v1/customers/) and the reads that skip
// the deleted ones (a DELETE only sets deleted_at, as the real service's customer service does).
import type { Db } from './db.js';
import { type Listed, list, orderBy, type Page, type SortCriterion, Where } from './lists.js';
import type { CustomerRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface CustomerFilter {
  organization_id: readonly string[];
  /** Part of the email or the name, without case. */
  query?: string;
  // Today's generation's (customer/service.py `list` at c6c3645e).
  /** The query also finds the billing name, and external ids it begins. */
  queryExternal?: boolean;
  /** The exact email, without case. */
  email?: string;
  /** With (true) or without (false) a trialing, active or past_due subscription. */
  active?: boolean;
  /** `metadata[key]=value` filters: the values of one key OR'ed, the keys AND'ed. */
  metadata?: Record<string, readonly string[]>;
}

const SORT_SQL: Record<string, string> = {
  created_at: 'c.created_at',
  email: 'c.email',
  name: 'c.name',
};
/** A customer without a name sorts after every name ascending, first descending (PostgreSQL). */
const direction = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${field === 'name' ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

export class Customers {
  constructor(private readonly db: Db) {}

  list(
    visible: Visibility,
    filter: CustomerFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<CustomerRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('c.organization_id', p))
      .add('c.deleted_at IS NULL')
      .matching('c', { organization_id: filter.organization_id });
    if (filter.query !== undefined && !filter.queryExternal) {
      // The real service's `ilike('%' + query + '%')`: `%` and `_` in the query are wildcards
      // there too, and a backslash escapes them (PostgreSQL's default LIKE escape).
      const like = `%${filter.query}%`;
      where.add("(c.email LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\')", like, like);
    } else if (filter.query !== undefined) {
      // Today's icontains and istartswith with autoescape: the query's % and _ are literal.
      const q = filter.query.replace(/[\\%_]/g, (c) => `\\${c}`);
      where.add(
        `(c.email LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\' OR c.billing_name LIKE ? ESCAPE '\\'
          OR c.external_id LIKE ? ESCAPE '\\')`,
        `%${q}%`,
        `%${q}%`,
        `%${q}%`,
        `${q}%`,
      );
    }
    if (filter.email !== undefined) where.add('c.email = ? COLLATE NOCASE', filter.email);
    if (filter.active !== undefined)
      where.add(
        `${filter.active ? '' : 'NOT '}EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = c.id
         AND s.status IN ('trialing', 'active', 'past_due'))`,
      );
    for (const [key, values] of Object.entries(filter.metadata ?? {})) {
      // JSONB ->> text: true and false as words, numbers and strings as their text.
      where.add(
        `(SELECT CASE type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(value AS TEXT) END
          FROM json_each(c.metadata) WHERE key = ?) IN (${values.map(() => '?').join(', ')})`,
        key,
        ...values,
      );
    }
    const order = orderBy(sorting, SORT_SQL, direction, 'c.id');
    return list(this.db, { columns: 'c.*', from: 'customers c', where, order, page });
  }

  /** Every customer the seller sees (of `organizationIds`, when given), oldest first. */
  every(visible: Visibility, organizationIds: readonly string[]): CustomerRow[] {
    const where = new Where()
      .scope((p) => visible.sellerSql('organization_id', p))
      .add('deleted_at IS NULL')
      .matching('customers', { organization_id: organizationIds });
    return this.db.all<CustomerRow>(
      `SELECT * FROM customers WHERE ${where.sql} ORDER BY created_at, id`,
      ...where.params,
    );
  }

  /** The seller's customer with this external id (today's generation), unless deleted. */
  byExternalId(visible: Visibility, externalId: string): CustomerRow | undefined {
    const params: unknown[] = [externalId];
    const scope = visible.sellerSql('organization_id', params);
    return this.db.get<CustomerRow>(
      `SELECT * FROM customers WHERE external_id = ? AND deleted_at IS NULL AND ${scope}
       ORDER BY created_at LIMIT 1`,
      ...params,
    );
  }

  /** The seller's customer `id`, unless deleted. */
  visible(visible: Visibility, id: string): CustomerRow | undefined {
    const row = visible.own(this.db.row('customers', id));
    return row && !row.deleted_at ? row : undefined;
  }
}
