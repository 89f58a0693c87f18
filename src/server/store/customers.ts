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
    if (filter.query !== undefined) {
      // The real service's `ilike('%' + query + '%')`: `%` and `_` in the query are wildcards
      // there too, and a backslash escapes them (PostgreSQL's default LIKE escape).
      const like = `%${filter.query}%`;
      where.add("(c.email LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\')", like, like);
    }
    const order = orderBy(sorting, SORT_SQL, direction, 'c.id');
    return list(this.db, { columns: 'c.*', from: 'customers c', where, order, page });
  }

  /** The seller's customer `id`, unless deleted. */
  visible(visible: Visibility, id: string): CustomerRow | undefined {
    const row = visible.own(this.db.row('customers', id));
    return row && !row.deleted_at ? row : undefined;
  }
}
