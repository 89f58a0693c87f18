// Organizations (sellers): the list a token can act for.
import type { Db } from './db.js';
import {
  type Listed,
  list,
  orderBy,
  type Page,
  plainDirection,
  type SortCriterion,
  Where,
} from './lists.js';
import type { OrganizationRow } from './rows.js';
import type { Visibility } from './visibility.js';

// Today's adds slug, and two orders of Polar's review (next_review_threshold, days_in_status)
// that are the same for every organization of the sandbox: ties, broken by id.
const SORT_SQL = {
  created_at: 'created_at',
  name: 'name',
  slug: 'slug',
  next_review_threshold: 'NULL',
  days_in_status: 'NULL',
};

export class Organizations {
  constructor(private readonly db: Db) {}

  /** Whether an organization has this slug (slugs are unique across the service). */
  slugTaken(slug: string): boolean {
    return this.db.get('SELECT 1 FROM organizations WHERE slug = ?', slug) !== undefined;
  }

  list(
    visible: Visibility,
    filter: { slug?: string },
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<OrganizationRow> {
    const where = new Where().scope((p) => visible.sellerSql('id', p));
    if (filter.slug !== undefined) where.add('slug = ?', filter.slug);
    const order = orderBy(sorting, SORT_SQL, plainDirection, 'id');
    return list(this.db, { columns: '*', from: 'organizations', where, order, page });
  }
}
