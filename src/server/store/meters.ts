// Meters (issue 27; meter/service.py `list` at c6c3645e): the seller's list with its filters
// (organization, name query, archived or not, metadata) and sorts (created_at, name).
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import {
  type Listed,
  list,
  orderBy,
  type Page,
  plainDirection,
  type SortCriterion,
  Where,
} from './lists.js';
import type { MeterRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface MeterFilter {
  organization_id: readonly string[];
  query?: string;
  is_archived?: boolean;
  metadata: Record<string, readonly string[]>;
}

const SORT_SQL: Record<string, string> = { created_at: 'm.created_at', name: 'm.name' };

export class Meters {
  constructor(private readonly db: Db) {}

  visible(visible: Visibility, id: string): MeterRow | undefined {
    return visible.own(this.db.row('meters', id));
  }

  /** The organization's meters still counting (not archived). */
  active(organizationId: string): MeterRow[] {
    return this.db.all(
      'SELECT * FROM meters WHERE organization_id = ? AND archived_at IS NULL ORDER BY created_at, id',
      organizationId,
    );
  }

  list(
    visible: Visibility,
    f: MeterFilter,
    page: Page,
    sorting: readonly SortCriterion[],
  ): Listed<MeterRow> {
    const where = new Where()
      .scope((p) => visible.sellerSql('m.organization_id', p))
      .matching('m', { organization_id: f.organization_id });
    if (f.query !== undefined)
      where.add("m.name LIKE ? ESCAPE '\\'", `%${f.query.replace(/[\\%_]/g, '\\$&')}%`);
    if (f.is_archived !== undefined)
      where.add(f.is_archived ? 'm.archived_at IS NOT NULL' : 'm.archived_at IS NULL');
    for (const [key, values] of Object.entries(f.metadata))
      where.add(
        `(SELECT CAST(value AS TEXT) FROM json_each(m.metadata) WHERE key = ?) IN (${values.map(() => '?').join(', ')})`,
        key,
        ...values,
      );
    const order = orderBy(sorting, SORT_SQL, plainDirection, 'm.id');
    return list(this.db, { columns: 'm.*', from: 'meters m', where, order, page });
  }

  /**
   * The customer filter of a meter's quantities (customer/repository.py
   * resolve_customer_identifiers): the customers named by either id, with both their ids, and
   * the external ids no customer has.
   */
  resolveCustomers(organizationId: string, ids: readonly string[], external: readonly string[]) {
    const params: unknown[] = [organizationId];
    const terms: string[] = [];
    if (ids.length) terms.push(sqlIn('id', ids, params));
    if (external.length) terms.push(sqlIn('external_id', external, params));
    const rows = this.db.all<{ id: string; external_id: string | null }>(
      `SELECT id, external_id FROM customers WHERE organization_id = ? AND deleted_at IS NULL AND (${terms.join(' OR ')})`,
      ...params,
    );
    const known = new Set(rows.flatMap((r) => (r.external_id ? [r.external_id] : [])));
    return {
      ids: rows.map((r) => r.id),
      external: [...known, ...external.filter((e) => !known.has(e))],
    };
  }

  /** Up to when the subscription's orders billed the meter's events (order_meter_items). */
  billedUntil(subscriptionId: string, meterId: string): string | undefined {
    return (
      this.db.get<{ until: string | null }>(
        'SELECT max(billed_until) AS until FROM order_meter_items WHERE subscription_id = ? AND meter_id = ?',
        subscriptionId,
        meterId,
      )?.until ?? undefined
    );
  }

  /** Active metered prices of active products on the meter (meter/service.py archive). */
  activePrices(meterId: string): number {
    return this.db.count(
      'prices p JOIN products pr ON pr.id = p.product_id',
      'p.meter_id = ? AND p.is_archived = 0 AND pr.is_archived = 0',
      meterId,
    );
  }

  /** meter_credit benefits not deleted that credit the meter. */
  activeCreditBenefits(meterId: string): number {
    return this.db.count(
      'benefits',
      "type = 'meter_credit' AND deleted_at IS NULL AND json_extract(properties, '$.meter_id') = ?",
      meterId,
    );
  }
}
