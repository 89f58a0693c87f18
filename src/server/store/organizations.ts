// Organizations (sellers) and the users who belong to them.
import type { Db } from './db.js';
import {
  countOf,
  type Listed,
  orderBy,
  type Page,
  pageOf,
  plainDirection,
  type SortCriterion,
} from './lists.js';
import type { OrganizationRow, UserOrganizationRow } from './rows.js';
import type { Visibility } from './visibility.js';

export class Organizations {
  constructor(private readonly db: Db) {}

  byId(id: string): OrganizationRow | undefined {
    return this.db.get<OrganizationRow>('SELECT * FROM organizations WHERE id = ?', id);
  }

  /** The seller's organization `id`, or undefined when it is not theirs. */
  visible(visible: Visibility, id: string): OrganizationRow | undefined {
    return visible.sellerSees(id) ? this.byId(id) : undefined;
  }

  list(
    visible: Visibility,
    filter: { slug?: string },
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<OrganizationRow> {
    const params: unknown[] = [];
    const where = [visible.sellerSql('id', params)];
    if (filter.slug !== undefined) {
      where.push('slug = ?');
      params.push(filter.slug);
    }
    const whereSql = where.join(' AND ');
    const total = countOf(this.db, 'organizations', whereSql, params);
    const order = orderBy(
      sorting,
      { created_at: 'created_at', name: 'name' },
      plainDirection,
      'id',
    );
    const rows = pageOf<OrganizationRow>(
      this.db,
      '*',
      'organizations',
      whereSql,
      params,
      order,
      page,
    );
    return { rows, total };
  }

  update(id: string, set: Record<string, unknown>, now: string): void {
    this.db.update('organizations', id, set, now);
  }

  insert(row: OrganizationRow): void {
    this.db.insert('organizations', row);
  }

  addMember(row: UserOrganizationRow): void {
    this.db.insert('user_organizations', row);
  }
}
