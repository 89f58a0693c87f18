// Usage events (issue 27): the batch insert of an ingest, the seller's list and its names, and a
// meter's quantities over them. The list's filters are the real service's over its event store
// (event/service.py `list`, event/tinybird_repository.py at c6c3645e: timestamps strictly
// between start and end, metadata[key] compared as a top-level string, name and source lists).
import type { Aggregation, Filter } from '../domain/meter-filter.js';
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import type { Page } from './lists.js';
import type { CustomerRow, UsageEventRow } from './rows.js';
import { aggregationClause, aggregationSql, filterSql } from './usage-sql.js';
import type { Visibility } from './visibility.js';

const INSERT = `INSERT INTO usage_events (id, ingested_at, ts, organization_id, name, source,
  customer_id, external_customer_id, member_id, external_member_id, external_id, parent_id,
  parent_ref, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/** Whose events: customers by id and by the seller's own ids for them, OR'ed. */
export interface CustomerScope {
  ids: readonly string[];
  external: readonly string[];
}

/** A name's statistics (the organization's, when asked per organization). */
export interface NameStats {
  organization_id: string | null;
  name: string;
  source: string;
  occurrences: number;
  first_seen: number;
  last_seen: number;
}

export interface UsageEventFilter {
  organization_id: readonly string[];
  customers?: CustomerScope;
  name: readonly string[];
  source: readonly string[];
  /** Exclusive bounds, epoch milliseconds. */
  after?: number;
  before?: number;
  filters: readonly Filter[];
  /** The rows a meter's aggregation works on (its numeric property). */
  aggregation?: Aggregation;
  metadata: Record<string, readonly string[]>;
  /** Matching customers of a `query`, and the text searched in name, source and metadata. */
  query?: { text: string; customers: CustomerScope };
  parentId?: string;
  /** 0: root events only; n: up to n levels below the roots (or below parentId). */
  depth?: number;
}

/** A meter's rows in one organization, by its filter and aggregation (repository get_meter_clause). */
export interface MeterScope {
  organizationId: string;
  filter: Filter;
  aggregation: Aggregation;
  customers?: CustomerScope;
  metadata?: Record<string, readonly string[]>;
}

function customerSql(c: CustomerScope, params: unknown[]): string {
  const terms: string[] = [];
  if (c.ids.length) terms.push(sqlIn('e.customer_id', c.ids, params));
  if (c.external.length) terms.push(sqlIn('e.external_customer_id', c.external, params));
  return terms.length ? `(${terms.join(' OR ')})` : '0';
}

/** metadata[key]=value: the key's string value is one of the values (JSONExtractString). */
function metadataSql(metadata: Record<string, readonly string[]>, params: unknown[]): string[] {
  return Object.entries(metadata).map(([key, values]) => {
    const path = `$."${key.replaceAll('"', '')}"`;
    params.push(path, path);
    return `(json_type(e.metadata, ?) = 'text' AND ${sqlIn('json_extract(e.metadata, ?)', values, params)})`;
  });
}

export class UsageEvents {
  constructor(private readonly db: Db) {}

  /** Inserts the rows (in the open unit of work); those whose external_id exists are skipped. */
  insertBatch(rows: readonly UsageEventRow[]): UsageEventRow[] {
    const changes = this.db.runBatch(
      INSERT,
      rows.map((r) => [
        r.id,
        r.ingested_at,
        r.ts,
        r.organization_id,
        r.name,
        r.source,
        r.customer_id,
        r.external_customer_id,
        r.member_id,
        r.external_member_id,
        r.external_id,
        r.parent_id,
        r.parent_ref,
        r.metadata,
      ]),
    );
    return rows.filter((_, i) => changes[i]! > 0);
  }

  /** The event of the organization an ingest names as a parent: by its id or its external id. */
  parentOf(organizationId: string, ref: string): string | undefined {
    return this.db.get<{ id: string }>(
      'SELECT id FROM usage_events WHERE organization_id = ? AND (id = ? OR external_id = ?)',
      organizationId,
      ref.toLowerCase(),
      ref,
    )?.id;
  }

  /** Links the events that named `event` as their parent before it arrived. */
  adoptChildren(event: UsageEventRow): void {
    const refs = [event.id, ...(event.external_id ? [event.external_id] : [])];
    const params: unknown[] = [event.id, event.organization_id];
    this.db.run(
      `UPDATE usage_events SET parent_id = ? WHERE organization_id = ? AND parent_id IS NULL
       AND parent_ref IS NOT NULL AND ${sqlIn('parent_ref', refs, params)}`,
      ...params.slice(2),
    );
  }

  /** Whether any event of the organization still waits for its parent. */
  hasPending(organizationId: string): boolean {
    return !!this.db.get(
      'SELECT 1 FROM usage_events WHERE organization_id = ? AND parent_id IS NULL AND parent_ref IS NOT NULL LIMIT 1',
      organizationId,
    );
  }

  get(visible: Visibility, id: string): UsageEventRow | undefined {
    const params: unknown[] = [id];
    const scope = visible.sellerSql('e.organization_id', params);
    return this.db.get(`SELECT e.* FROM usage_events e WHERE e.id = ? AND ${scope}`, ...params);
  }

  childCounts(ids: readonly string[]): Map<string, number> {
    const params: unknown[] = [];
    if (!ids.length) return new Map();
    const rows = this.db.all<{ parent_id: string; n: number }>(
      `SELECT parent_id, count(*) AS n FROM usage_events WHERE ${sqlIn('parent_id', ids, params)} GROUP BY parent_id`,
      ...params,
    );
    return new Map(rows.map((r) => [r.parent_id, r.n]));
  }

  private where(visible: Visibility, f: UsageEventFilter, params: unknown[]): string {
    const conditions = [visible.sellerSql('e.organization_id', params)];
    if (f.organization_id.length)
      conditions.push(sqlIn('e.organization_id', f.organization_id, params));
    if (f.customers) conditions.push(customerSql(f.customers, params));
    if (f.name.length) conditions.push(sqlIn('e.name', f.name, params));
    if (f.source.length) conditions.push(sqlIn('e.source', f.source, params));
    if (f.after !== undefined) conditions.push('e.ts > ?') && params.push(f.after);
    if (f.before !== undefined) conditions.push('e.ts < ?') && params.push(f.before);
    for (const filter of f.filters) conditions.push(filterSql(filter, params));
    if (f.aggregation) conditions.push(aggregationClause(f.aggregation, params));
    conditions.push(...metadataSql(f.metadata, params));
    if (f.query) {
      const like = `%${f.query.text.toLowerCase()}%`;
      params.push(like, like, like);
      const terms = ['lower(e.name) LIKE ?', 'lower(e.source) LIKE ?', 'lower(e.metadata) LIKE ?'];
      if (f.query.customers.ids.length || f.query.customers.external.length)
        terms.push(customerSql(f.query.customers, params));
      conditions.push(`(${terms.join(' OR ')})`);
    }
    if (f.depth !== undefined) {
      // How far up an event's chain of parents is its root, or the anchor (tinybird ancestors).
      const chain = `WITH RECURSIVE up(id, parent, d) AS (SELECT e.id, e.parent_id, 0 UNION ALL
        SELECT p.id, p.parent_id, up.d + 1 FROM up JOIN usage_events p ON p.id = up.parent)`;
      if (f.parentId) {
        conditions.push(`((${chain} SELECT min(d) FROM up WHERE id = ?) BETWEEN 1 AND ?)`);
        params.push(f.parentId, f.depth);
      } else {
        conditions.push(`((${chain} SELECT max(d) FROM up) <= ?)`);
        params.push(f.depth);
      }
    } else if (f.parentId) {
      conditions.push('e.parent_id = ?');
      params.push(f.parentId);
    }
    return conditions.join(' AND ');
  }

  list(
    visible: Visibility,
    f: UsageEventFilter,
    page: Page,
    descending: boolean,
  ): { rows: UsageEventRow[]; total: number } {
    const params: unknown[] = [];
    const where = this.where(visible, f, params);
    const total = this.db.get<{ n: number }>(
      `SELECT count(*) AS n FROM usage_events e WHERE ${where}`,
      ...params,
    )!.n;
    const dir = descending ? 'DESC' : 'ASC';
    const rows = this.db.all<UsageEventRow>(
      `SELECT e.* FROM usage_events e WHERE ${where} ORDER BY e.ts ${dir}, e.rowid ${dir} LIMIT ? OFFSET ?`,
      ...params,
      page.limit,
      page.offset,
    );
    return { rows, total };
  }

  /**
   * Every name with its source, occurrences and first and last timestamps; per organization
   * when `perOrganization` (event types), only root events or the children of `parentId`.
   */
  names(
    visible: Visibility,
    f: {
      organization_id: readonly string[];
      customers?: CustomerScope;
      source: readonly string[];
      query?: string;
      root?: boolean;
      parentId?: string;
      perOrganization?: boolean;
    },
    order: string,
  ): NameStats[] {
    const params: unknown[] = [];
    const conditions = [visible.sellerSql('e.organization_id', params)];
    if (f.organization_id.length)
      conditions.push(sqlIn('e.organization_id', f.organization_id, params));
    if (f.customers) conditions.push(customerSql(f.customers, params));
    if (f.source.length) conditions.push(sqlIn('e.source', f.source, params));
    if (f.query !== undefined) {
      conditions.push('lower(e.name) LIKE ?');
      params.push(`%${f.query.toLowerCase()}%`);
    }
    if (f.root) conditions.push('e.parent_id IS NULL');
    if (f.parentId !== undefined) {
      conditions.push('e.parent_id = ?');
      params.push(f.parentId);
    }
    const org = f.perOrganization ? 'e.organization_id' : 'NULL';
    return this.db.all(
      `SELECT ${org} AS organization_id, e.name AS name, e.source AS source, count(*) AS occurrences,
         min(e.ts) AS first_seen, max(e.ts) AS last_seen FROM usage_events e
       WHERE ${conditions.join(' AND ')}
       GROUP BY ${f.perOrganization ? 'e.organization_id, ' : ''}e.name, e.source ORDER BY ${order}`,
      ...params,
    );
  }

  /** The organization's customers that are not deleted, oldest first. */
  customersOfOrganization(organizationId: string): CustomerRow[] {
    return this.db.all(
      'SELECT * FROM customers WHERE organization_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
      organizationId,
    );
  }

  /** The organizations the seller sees (the list's default scope). */
  organizationsOf(visible: Visibility): string[] {
    const params: unknown[] = [];
    return this.db
      .all<{ id: string }>(
        `SELECT id FROM organizations WHERE ${visible.sellerSql('id', params)}`,
        ...params,
      )
      .map((r) => r.id);
  }

  /** Customers whose name, email or external id contains `text` (a list's `query`). */
  searchCustomers(organizations: readonly string[], text: string): CustomerScope {
    const params: unknown[] = [];
    const like = `%${text.toLowerCase()}%`;
    const rows = this.db.all<{ id: string; external_id: string | null }>(
      `SELECT id, external_id FROM customers WHERE ${sqlIn('organization_id', organizations, params)}
       AND (lower(name) LIKE ? OR lower(email) LIKE ? OR lower(external_id) LIKE ?)`,
      ...params,
      like,
      like,
      like,
    );
    return {
      ids: rows.map((r) => r.id),
      external: rows.flatMap((r) => (r.external_id ? [r.external_id] : [])),
    };
  }

  /** Of `ids`, the customers the seller sees that are not deleted (service.py ingest). */
  liveCustomers(visible: Visibility, ids: readonly string[]): string[] {
    if (!ids.length) return [];
    const params: unknown[] = [];
    const where = `${sqlIn('c.id', ids, params)} AND c.deleted_at IS NULL AND ${visible.sellerSql('c.organization_id', params)}`;
    return this.db
      .all<{ id: string }>(`SELECT c.id FROM customers c WHERE ${where}`, ...params)
      .map((r) => r.id);
  }

  /** Customers of the organization by id or external id, for resolving events' customers. */
  customersOf(
    organizationId: string,
    ids: readonly string[],
    external: readonly string[],
  ): CustomerRow[] {
    const params: unknown[] = [organizationId];
    const terms: string[] = [];
    if (ids.length) terms.push(sqlIn('id', ids, params));
    if (external.length) terms.push(sqlIn('external_id', external, params));
    if (!terms.length) return [];
    return this.db.all(
      `SELECT * FROM customers WHERE organization_id = ? AND (${terms.join(' OR ')})`,
      ...params,
    );
  }

  /**
   * The meter's aggregate over each of `buckets` ([from, to) in epoch milliseconds), one value per
   * bucket (null where no event falls), per customer when `byCustomer` (the resolved customer:
   * the id an event names, else its external id, as the real `resolved_customer_id`).
   */
  bucketed(
    m: MeterScope,
    buckets: readonly (readonly [number, number])[],
    byCustomer: boolean,
  ): { bucket: number; value: number | null }[][] {
    const head: unknown[] = [];
    const agg = aggregationSql(m.aggregation, head);
    const params: unknown[] = [];
    const where = this.meterWhere(m, params);
    const sql = `SELECT ${agg} AS value FROM usage_events e
      WHERE e.organization_id = ? AND e.ts >= ? AND e.ts < ? AND ${where}
      ${byCustomer ? 'GROUP BY COALESCE(e.customer_id, e.external_customer_id)' : ''}`;
    return buckets.map(([from, to], bucket) =>
      this.db
        .all<{ value: number | null }>(sql, ...head, m.organizationId, from, to, ...params)
        .map((r) => ({ bucket, value: r.value })),
    );
  }

  /** The meter's aggregate over all of its events, whenever they happened. */
  aggregate(m: MeterScope, range?: readonly [number, number]): number | null {
    const head: unknown[] = [];
    const agg = aggregationSql(m.aggregation, head);
    const params: unknown[] = [];
    const where = this.meterWhere(m, params);
    const span = range ? ' AND e.ts >= ? AND e.ts < ?' : '';
    return (
      this.db.get<{ value: number | null }>(
        `SELECT ${agg} AS value FROM usage_events e WHERE e.organization_id = ?${span} AND ${where}`,
        ...head,
        m.organizationId,
        ...(range ?? []),
        ...params,
      )?.value ?? null
    );
  }

  private meterWhere(m: MeterScope, params: unknown[]): string {
    const conditions = [filterSql(m.filter, params), aggregationClause(m.aggregation, params)];
    if (m.customers) conditions.push(customerSql(m.customers, params));
    if (m.metadata) conditions.push(...metadataSql(m.metadata, params));
    return conditions.join(' AND ');
  }

  /**
   * What a meter bills a customer for the events ingested in (after, until]: the aggregate of
   * its user events (meter/service.py get_quantity: coalesce(…, 0)), and the units of its
   * meter.credited events of [after, until) in ingestion order — a renewal credits the next
   * period at the instant the previous one ends.
   */
  billable(
    m: MeterScope,
    meterId: string,
    after: string,
    until: string,
  ): { units: number; events: number; credits: number[] } {
    const head: unknown[] = [];
    const agg = aggregationSql(m.aggregation, head);
    const params: unknown[] = [];
    const where = this.meterWhere(m, params);
    const row = this.db.get<{ value: number | null; n: number }>(
      `SELECT ${agg} AS value, count(*) AS n FROM usage_events e WHERE e.organization_id = ?
         AND e.source = 'user' AND e.ingested_at > ? AND e.ingested_at <= ? AND ${where}`,
      ...head,
      m.organizationId,
      after,
      until,
      ...params,
    );
    const units = row?.value ?? 0;
    const cparams: unknown[] = [];
    const customers = m.customers ? customerSql(m.customers, cparams) : '0';
    const credits = this.db
      .all<{ units: number }>(
        `SELECT json_extract(e.metadata, '$.units') AS units FROM usage_events e
         WHERE e.organization_id = ? AND ${customers} AND e.source = 'system' AND e.name = 'meter.credited'
           AND json_extract(e.metadata, '$.meter_id') = ? AND e.ingested_at >= ? AND e.ingested_at < ?
         ORDER BY e.ingested_at, e.rowid`,
        m.organizationId,
        ...cparams,
        meterId,
        after,
        until,
      )
      .map((r) => Number(r.units) || 0);
    return { units, events: row?.n ?? 0, credits };
  }

  /** When the customer's meter was last reset (its latest meter.reset, by ingestion). */
  latestReset(customerId: string, meterId: string): string | undefined {
    return (
      this.db.get<{ at: string | null }>(
        `SELECT max(e.ingested_at) AS at FROM usage_events e WHERE e.customer_id = ?
         AND e.source = 'system' AND e.name = 'meter.reset' AND json_extract(e.metadata, '$.meter_id') = ?`,
        customerId,
        meterId,
      )?.at ?? undefined
    );
  }

  /**
   * A customer meter's window (customer_meter/service.py): the meter's aggregate of the
   * customer's user events ingested since `since`, and its meter.credited events since then.
   */
  customerWindow(
    m: MeterScope,
    meterId: string,
    since: string | undefined,
  ): { units: number; credits: { units: number; rollover: boolean }[]; first: boolean } {
    const head: unknown[] = [];
    const agg = aggregationSql(m.aggregation, head);
    const params: unknown[] = [];
    const where = this.meterWhere(m, params);
    const from = since ?? '';
    const row = this.db.get<{ value: number | null; n: number }>(
      `SELECT ${agg} AS value, count(*) AS n FROM usage_events e WHERE e.organization_id = ?
       AND e.source = 'user' AND e.ingested_at >= ? AND ${where}`,
      ...head,
      m.organizationId,
      from,
      ...params,
    );
    const cparams: unknown[] = [];
    const customers = m.customers ? customerSql(m.customers, cparams) : '0';
    const credits = this.db
      .all<{ units: number; rollover: number | null }>(
        `SELECT json_extract(e.metadata, '$.units') AS units, json_extract(e.metadata, '$.rollover') AS rollover
         FROM usage_events e WHERE e.organization_id = ? AND ${customers} AND e.source = 'system'
           AND e.name = 'meter.credited' AND json_extract(e.metadata, '$.meter_id') = ? AND e.ingested_at >= ?
         ORDER BY e.ingested_at, e.rowid`,
        m.organizationId,
        ...cparams,
        meterId,
        from,
      )
      .map((r) => ({ units: Number(r.units) || 0, rollover: r.rollover === 1 }));
    return { units: row?.value ?? 0, credits, first: (row?.n ?? 0) > 0 || credits.length > 0 };
  }

  /** The first and last ingestion of the meter's events naming the customer (user or its own system ones). */
  meterActivity(
    customer: CustomerRow,
    meter: { id: string; organization_id: string; filter: string; aggregation: string },
  ): { first: string; last: string } | undefined {
    const params: unknown[] = [];
    const scope: MeterScope = {
      organizationId: meter.organization_id,
      filter: JSON.parse(meter.filter),
      aggregation: JSON.parse(meter.aggregation),
      customers: {
        ids: [customer.id],
        external: customer.external_id ? [customer.external_id] : [],
      },
    };
    const where = this.meterWhere(scope, params);
    const row = this.db.get<{ first: string | null; last: string | null }>(
      `SELECT min(first) AS first, max(last) AS last FROM (
         SELECT min(e.ingested_at) AS first, max(e.ingested_at) AS last FROM usage_events e
         WHERE e.organization_id = ? AND e.source = 'user' AND ${where}
         UNION ALL
         SELECT min(e.ingested_at), max(e.ingested_at) FROM usage_events e
         WHERE e.customer_id = ? AND e.source = 'system' AND e.name IN ('meter.credited', 'meter.reset')
           AND json_extract(e.metadata, '$.meter_id') = ?)`,
      meter.organization_id,
      ...params,
      customer.id,
      meter.id,
    );
    return row?.first && row.last ? { first: row.first, last: row.last } : undefined;
  }

  /** The latest event a meter counts (meter/service.py create: its last billed event). */
  latestOf(m: MeterScope): string | undefined {
    const params: unknown[] = [];
    const where = this.meterWhere(m, params);
    return this.db.get<{ id: string }>(
      `SELECT e.id FROM usage_events e WHERE e.organization_id = ? AND ${where} ORDER BY e.ts DESC LIMIT 1`,
      m.organizationId,
      ...params,
    )?.id;
  }
}
