// SQLite through node:sqlite: one connection that every request shares. WAL + one transaction per
// write request: every write that was acknowledged with a 2xx has been handed to the OS before
// the answer, so it survives kill -9. The store modules (store/*.ts) hold every statement; only
// they and store/index.ts see this module.
import { randomUUID } from 'node:crypto';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { parseJson as parseExact } from '../../shared/json.js';
import { ANNOUNCED_TABLES, type DomainEvent } from '../domain/events.js';
import type { Job } from '../domain/jobs.js';
import { type Memo, Memos } from './memo.js';
import { settleOrders } from './order-numbers.js';
import type { ById, EventRow, OfOrganization, Table, Tables } from './rows.js';
import { SCHEMA } from './schema.js';

export type Row = Record<string, SQLInputValue>;

/**
 * Products without a product-level interval settled as the real migration did (see migrate):
 * run once on a --db file from before issue 26. store/products.ts settles a product written by
 * the seed's generation with the same rule.
 */
const SETTLE_INTERVALS_SQL = `
  UPDATE products SET recurring_interval = (SELECT recurring_interval FROM prices
    WHERE product_id = products.id AND type = 'recurring' AND is_archived = 0), recurring_interval_count = 1
  WHERE (SELECT COUNT(*) FROM prices WHERE product_id = products.id AND type = 'recurring' AND is_archived = 0) = 1;
  UPDATE prices SET legacy = 1 WHERE type = 'recurring'
    AND product_id IN (SELECT id FROM products WHERE recurring_interval IS NULL);`;

/**
 * The unit of work: what code running inside a write transaction gets besides the store
 * (domain/work.ts). Every write runs inside one (Db refuses any other).
 */
export interface Tx {
  /**
   * Records an event this transaction causes (domain/events.ts): the outbox stores it at once,
   * inside the transaction, so a rollback drops it with the change.
   */
  emit(event: DomainEvent): void;
  /**
   * Queues work that runs once this transaction has committed, in a transaction of its own
   * (domain/jobs.ts): stored in this one, so a queued job survives kill -9 and a rollback drops it.
   */
  enqueue(job: Job): void;
  /**
   * Says that this transaction changes rows of `tables` without an event of their resource, as
   * the real service does there (say why at the call); any other such change is refused as a
   * forgotten event (ANNOUNCED_TABLES, domain/events.ts).
   */
  unannounced(...tables: Table[]): void;
}

/** Where events are stored (webhooks/outbox.ts; by default nowhere). */
export interface Outbox {
  /** Inside the open transaction, when the event is emitted: stores it. */
  store(event: DomainEvent): EventRow | undefined;
  /**
   * Inside the transaction, just before COMMIT, with its events in order; a throw rolls it back.
   * Returns the events it stored that follow from them (today's customer.state_changed).
   */
  sealed(events: readonly DomainEvent[]): EventRow[] | undefined;
  /** After COMMIT, with what `store` returned for the transaction's events, in order. */
  committed(events: readonly EventRow[]): void;
}

/** What the transactions report to, wired once when the service starts (Store.connect). */
export interface TxHooks {
  outbox: Outbox;
  /** Runs the queued jobs (domain/jobs.ts); called after each COMMIT that queued one. */
  afterCommit(): void;
}

const UNCONNECTED: TxHooks = {
  outbox: { store: () => undefined, sealed: () => undefined, committed: () => {} },
  afterCommit: () => {},
};

/** The table an INSERT, UPDATE or DELETE writes; undefined for anything else. */
const WRITES =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+"?(\w+)"?/i;

interface Open {
  tx: Tx;
  events: DomainEvent[];
  /** Tables written so far (undefined: all): their memos are emptied again on rollback. */
  written: Set<string | undefined>;
  /** Tables whose rows changed (a write that matched none is no change). */
  changed: Set<string>;
  unannounced: Set<string>;
}

/** A prepared statement and, once it returned a row, its columns' names. */
interface Prepared {
  statement: StatementSync;
  names: string[] | undefined;
}

/**
 * SQLite's private temporary database (an empty file name): the same as `:memory:` while it fits
 * its page cache (TEMPORARY_CACHE_KIB); beyond it, pages spill to a temporary file SQLite
 * deletes on close. For a big demo (start() with more than LARGE_DEMO_ORDERS orders): its
 * 100 000 orders are ~175 MB of pages, which `:memory:` keeps resident for good (bench/RESULTS.md,
 * issue 30). Moving the clock far on it is slower than in memory (pages read back from the file).
 */
export const TEMPORARY = '';
export const TEMPORARY_CACHE_KIB = 16 * 1024;

/**
 * The connection, its statements and its transactions; private to store/ (the repositories and
 * Store hold it, store/index.ts): everything else reads and writes through those.
 */
export class Db {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, Prepared>();
  private readonly writes = new Map<string, string | undefined>();
  private readonly inserts = new Map<string, string>();
  /** Each table's last insert statement and its columns, without and with OR IGNORE. */
  private readonly lastInsert = [
    new Map<string, { columns: string[]; sql: string }>(),
    new Map<string, { columns: string[]; sql: string }>(),
  ] as const;
  private open: Open | undefined;
  readonly memos = new Memos();
  hooks: TxHooks = UNCONNECTED;

  /** A file, `:memory:` (the default) or TEMPORARY. */
  constructor(file = ':memory:') {
    this.db = new DatabaseSync(file);
    if (file === TEMPORARY) {
      this.db.exec(`PRAGMA cache_size = -${TEMPORARY_CACHE_KIB}`);
      // A rollback needs the pages as they were; no file for them, nothing survives a crash.
      this.db.exec('PRAGMA journal_mode = MEMORY');
    }
    this.db.exec('PRAGMA foreign_keys = ON');
    if (file !== ':memory:' && file !== TEMPORARY) {
      this.db.exec('PRAGMA journal_mode = WAL');
      // NORMAL in WAL mode: committed transactions are written to the WAL before COMMIT
      // returns, which is what survives kill -9 (not power loss).
      this.db.exec('PRAGMA synchronous = NORMAL');
      this.db.exec('PRAGMA busy_timeout = 5000');
    }
    const tables = (name: string) =>
      !!this.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name);
    const backfill = tables('usage_events') && !tables('event_types');
    this.db.exec(SCHEMA);
    this.migrate();
    if (backfill) this.backfillEventTypes();
  }

  /**
   * A file from before event types: each name of user events its organization ingested gets
   * the row its first ingest would have made (event_type/repository.py get_or_create).
   */
  private backfillEventTypes(): void {
    const names = this.all<{ organization_id: string; name: string; at: string }>(
      `SELECT organization_id, name, min(ingested_at) AS at FROM usage_events
       WHERE source = 'user' GROUP BY organization_id, name`,
    );
    this.db.exec('BEGIN');
    const insert = this.db.prepare(
      `INSERT INTO event_types (id, created_at, modified_at, organization_id, name, label)
       VALUES (?, ?, NULL, ?, ?, ?)`,
    );
    for (const n of names) insert.run(randomUUID(), n.at, n.organization_id, n.name, n.name);
    this.db.exec('COMMIT');
  }

  /** Columns added after a table was first released; CREATE TABLE IF NOT EXISTS won't add them. */
  private migrate(): void {
    const added: [table: string, column: string, definition: string][] = [
      ['oauth2_tokens', 'code_hash', 'TEXT'],
      ['license_key_activations', 'conditions', "TEXT NOT NULL DEFAULT '{}'"],
      ['oauth2_clients', 'registered_from', 'TEXT'],
      ['oauth2_clients', 'deleted_at', 'TEXT'],
      ['prices', 'minimum_amount', 'INTEGER'],
      ['prices', 'maximum_amount', 'INTEGER'],
      ['prices', 'preset_amount', 'INTEGER'],
      ['discounts', 'deleted_at', 'TEXT'],
      ['customers', 'deleted_at', 'TEXT'],
      ['benefits', 'deleted_at', 'TEXT'],
      // Issue 26: facts today's generation serves (the seed's leaves them out).
      ['customers', 'external_id', 'TEXT'],
      ['customers', 'type', 'TEXT'],
      ['customers', 'billing_name', 'TEXT'],
      ['customers', 'locale', 'TEXT'],
      ['customer_sessions', 'return_url', 'TEXT'],
      ['organizations', 'website', 'TEXT'],
      ['organizations', 'socials', "TEXT NOT NULL DEFAULT '[]'"],
      ['organizations', 'details', "TEXT NOT NULL DEFAULT '{}'"],
      ['organizations', 'country', 'TEXT'],
      ['organizations', 'status', "TEXT NOT NULL DEFAULT 'active'"],
      ['organizations', 'details_submitted_at', 'TEXT'],
      ['organizations', 'customer_email_settings', 'TEXT'],
      ['organizations', 'customer_portal_settings', 'TEXT'],
      ['organizations', 'dispute_settings', 'TEXT'],
      ['organizations', 'embed_hosts', "TEXT NOT NULL DEFAULT '[]'"],
      ['organizations', 'default_presentment_currency', "TEXT NOT NULL DEFAULT 'usd'"],
      ['organizations', 'default_tax_behavior', "TEXT NOT NULL DEFAULT 'location'"],
      ['organizations', 'sso_enforced', 'INTEGER NOT NULL DEFAULT 0'],
      ['webhook_endpoints', 'api_version', 'TEXT'],
      ['webhook_endpoints', 'name', 'TEXT'],
      ['webhook_endpoints', 'enabled', 'INTEGER NOT NULL DEFAULT 1'],
      ['events', 'payload_today', 'TEXT'],
      ['orders', 'status', "TEXT NOT NULL DEFAULT 'paid'"],
      ['orders', 'discount_amount', 'INTEGER NOT NULL DEFAULT 0'],
      ['orders', 'refunded_amount', 'INTEGER NOT NULL DEFAULT 0'],
      ['orders', 'refunded_tax_amount', 'INTEGER NOT NULL DEFAULT 0'],
      ['orders', 'billing_name', 'TEXT'],
      ['orders', 'invoice_number', 'TEXT'],
      ['orders', 'invoice_generated_at', 'TEXT'],
      ['orders', 'receipt_number', 'TEXT'],
      ['subscriptions', 'recurring_interval_count', 'INTEGER NOT NULL DEFAULT 1'],
      ['subscriptions', 'trial_start', 'TEXT'],
      ['subscriptions', 'trial_end', 'TEXT'],
      ['subscriptions', 'pause_at_period_end', 'INTEGER NOT NULL DEFAULT 0'],
      ['subscriptions', 'paused_at', 'TEXT'],
      ['subscriptions', 'resumes_at', 'TEXT'],
      ['subscriptions', 'discount_applied_at', 'TEXT'],
      ['products', 'visibility', "TEXT NOT NULL DEFAULT 'public'"],
      ['products', 'recurring_interval', 'TEXT'],
      ['products', 'recurring_interval_count', 'INTEGER'],
      ['products', 'trial_interval', 'TEXT'],
      ['products', 'trial_interval_count', 'INTEGER'],
      ['products', 'meter_interval', 'TEXT'],
      ['products', 'meter_interval_count', 'INTEGER'],
      ['prices', 'source', "TEXT NOT NULL DEFAULT 'catalog'"],
      ['prices', 'tax_behavior', 'TEXT'],
      ['prices', 'legacy', 'INTEGER NOT NULL DEFAULT 0'],
      ['benefits', 'metadata', "TEXT NOT NULL DEFAULT '{}'"],
      ['benefits', 'visibility', "TEXT NOT NULL DEFAULT 'public'"],
      ['discounts', 'amounts', 'TEXT'],
      ['discounts', 'max_redemptions_per_customer', 'INTEGER'],
      ['custom_fields', 'deleted_at', 'TEXT'],
      ['checkouts', 'return_url', 'TEXT'],
      ['checkouts', 'require_billing_address', 'INTEGER NOT NULL DEFAULT 0'],
      ['checkouts', 'is_business_customer', 'INTEGER NOT NULL DEFAULT 0'],
      ['checkouts', 'external_customer_id', 'TEXT'],
      ['checkouts', 'customer_billing_name', 'TEXT'],
      ['checkouts', 'locale', 'TEXT'],
      ['checkouts', 'payment_method_type', 'TEXT'],
      ['checkouts', 'allow_trial', 'INTEGER NOT NULL DEFAULT 1'],
      ['checkouts', 'trial_interval', 'TEXT'],
      ['checkouts', 'trial_interval_count', 'INTEGER'],
      ['checkouts', 'trial_end', 'TEXT'],
      // Issue 27: metered prices.
      ['prices', 'meter_id', 'TEXT'],
      ['prices', 'unit_amount', 'TEXT'],
      ['prices', 'cap_amount', 'INTEGER'],
    ];
    const fresh = new Set<string>();
    for (const [table, column, definition] of added) {
      const columns = this.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`);
      if (!columns.some((c) => c.name === column)) {
        this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
        fresh.add(`${table}.${column}`);
      }
    }
    // The real migration that moved the recurring interval to the product (polar c67833ccf3,
    // migrate_product_prices, Feb 2025; the count set to 1 by 3eaf054f71): a product with
    // exactly one active recurring price takes its interval; the others keep legacy prices.
    if (fresh.has('products.recurring_interval')) this.db.exec(SETTLE_INTERVALS_SQL);
    this.db.exec('CREATE INDEX IF NOT EXISTS oauth2_tokens_code ON oauth2_tokens(code_hash)');
    this.db.exec(
      'CREATE INDEX IF NOT EXISTS oauth2_clients_from ON oauth2_clients(registered_from)',
    );
    // A customer's external id is unique in its organization (customers_organization_id_
    // external_id_key); a delete clears it, so it may be used again.
    this.db.exec(
      `CREATE UNIQUE INDEX IF NOT EXISTS customers_org_external ON customers(organization_id, external_id)
       WHERE external_id IS NOT NULL`,
    );
    // Orders still to be given their invoice and receipt numbers (order-numbers.ts): an older
    // file's, at once; the demo's, once seeded.
    this.db.exec(
      'CREATE INDEX IF NOT EXISTS orders_unsettled ON orders(created_at, id) WHERE invoice_number IS NULL',
    );
    this.db.exec(
      'CREATE INDEX IF NOT EXISTS orders_invoice ON orders(organization_id, invoice_number)',
    );
    this.tx((tx) => {
      // Numbers the orders had from the start on the real service: nothing happened to them.
      tx.unannounced('orders');
      settleOrders(this);
    });
  }

  /** A cached prepared statement. */
  private prepared(sql: string): Prepared {
    let p = this.statements.get(sql);
    if (!p) {
      const statement = this.db.prepare(sql);
      // Rows come as arrays and are made objects here: the objects node:sqlite makes went to
      // V8's old generation at once (~6.6 KB per list page of ids, --trace-gc), garbage that
      // piled up to ~150 MB between mark-compacts under load (bench/RESULTS.md, issue 30).
      statement.setReturnArrays(true);
      p = { statement, names: undefined };
      this.statements.set(sql, p);
    }
    return p;
  }

  private stmt(sql: string): StatementSync {
    return this.prepared(sql).statement;
  }

  /** A row as an object of its columns (a later column of the same name wins, as in SQLite's). */
  private static row(p: Prepared, values: readonly unknown[]): Row {
    p.names ??= p.statement.columns().map((c) => c.name);
    const row: Row = {};
    for (let i = 0; i < p.names.length; i++) row[p.names[i]!] = values[i] as SQLInputValue;
    return row;
  }

  // Parameters are unknown so values read back can be passed on without casts; node:sqlite
  // itself rejects anything it cannot bind.
  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    const p = this.prepared(sql);
    const values = p.statement.get(...(params as SQLInputValue[])) as unknown[] | undefined;
    return values === undefined ? undefined : (Db.row(p, values) as T);
  }

  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    const p = this.prepared(sql);
    const rows = p.statement.all(...(params as SQLInputValue[])) as unknown as unknown[][];
    return rows.map((values) => Db.row(p, values) as T);
  }

  /** The rows of a query one at a time (a big result never held at once). */
  *iterate<T = Row>(sql: string, ...params: unknown[]): Iterable<T> {
    const p = this.prepared(sql);
    for (const values of p.statement.iterate(...(params as SQLInputValue[])))
      yield Db.row(p, values as unknown as unknown[]) as T;
  }

  /** The row `id` of `table`. */
  row<K extends keyof ById>(table: K, id: string): ById[K] | undefined {
    return this.get<ById[K]>(`SELECT * FROM ${table} WHERE id = ?`, id);
  }

  /** How many rows of `from` match `where`. */
  count(from: string, where: string, ...params: unknown[]): number {
    return this.get<{ n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`, ...params)!
      .n;
  }

  /** Runs a write inside the open transaction; the memos of the table it writes are emptied. */
  run(sql: string, ...params: unknown[]) {
    const open = this.writing(sql);
    if (!this.writes.has(sql)) this.writes.set(sql, WRITES.exec(sql)?.[1]);
    const table = this.writes.get(sql);
    this.wrote(open, table);
    const result = this.stmt(sql).run(...(params as SQLInputValue[]));
    if (table && result.changes) open.changed.add(table);
    return result;
  }

  /**
   * One write statement run once per parameter list, in the open transaction, its bookkeeping
   * done once (a batch insert's hot path); returns each run's change count.
   */
  runBatch(sql: string, rows: readonly (readonly unknown[])[]): number[] {
    const open = this.writing(sql);
    if (!this.writes.has(sql)) this.writes.set(sql, WRITES.exec(sql)?.[1]);
    const table = this.writes.get(sql);
    this.wrote(open, table);
    const stmt = this.stmt(sql);
    const changes = rows.map((params) => Number(stmt.run(...(params as SQLInputValue[])).changes));
    if (table && changes.some((n) => n > 0)) open.changed.add(table);
    return changes;
  }

  /**
   * The row of one organization whose `column` is `value` (compared without case when
   * `caseless`): emails, discount codes and license keys are unique per organization.
   */
  inOrganization<K extends keyof OfOrganization>(
    table: K,
    organizationId: string,
    column: keyof OfOrganization[K] & string,
    value: string,
    caseless = false,
  ): OfOrganization[K] | undefined {
    const collate = caseless ? ' COLLATE NOCASE' : '';
    return this.get(
      `SELECT * FROM ${table} WHERE organization_id = ? AND ${column} = ?${collate}`,
      organizationId,
      value,
    );
  }

  /** Inserts one row, the columns being the row's own keys; `ignore`: unless it exists. */
  insert<K extends Table>(table: K, row: Tables[K], conflict?: 'ignore'): void {
    const columns = Object.keys(row);
    // The statement of the table's last insert when this row has the same columns (a seed
    // inserts 100 000 rows of one shape: their key string was 6 % of it, issue 30).
    const lastOf = this.lastInsert[conflict ? 1 : 0];
    const last = lastOf.get(table);
    let sql =
      last &&
      last.columns.length === columns.length &&
      last.columns.every((c, i) => c === columns[i])
        ? last.sql
        : undefined;
    if (!sql) {
      const key = `${table}(${columns.join()})${conflict ?? ''}`;
      sql = this.inserts.get(key);
      if (!sql) {
        const verb = conflict === 'ignore' ? 'INSERT OR IGNORE' : 'INSERT';
        sql = `${verb} INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
        this.inserts.set(key, sql);
        this.writes.set(sql, table);
      }
      lastOf.set(table, { columns, sql });
    }
    this.run(sql, ...Object.values(row));
  }

  /**
   * Drops the non-unique indexes of `tables` inside the open transaction and returns what builds
   * them again: SQLite builds an index from sorted keys several times faster than it inserts
   * every row's keys one by one (the demo's 100 000 orders). Unique indexes stay (they decide
   * conflicts); until the rebuild, lookups by the dropped ones scan. A rollback restores them.
   */
  dropIndexes(tables: readonly Table[]): () => void {
    this.writing('DROP INDEX');
    const indexes = tables.flatMap((table) =>
      this.all<{ name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?
         AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE %'`,
        table,
      ),
    );
    for (const index of indexes) this.db.exec(`DROP INDEX "${index.name}"`);
    return () => {
      this.writing('CREATE INDEX');
      for (const index of indexes) this.db.exec(index.sql);
    };
  }

  /** Sets `set`'s columns and modified_at of the row `id` of `table`. */
  update(table: Table, id: string, set: Record<string, unknown>, modifiedAt: string): void {
    const keys = Object.keys(set);
    this.run(
      `UPDATE ${table} SET ${keys.map((k) => `${k} = ?`).join(', ')}, modified_at = ? WHERE id = ?`,
      ...Object.values(set),
      modifiedAt,
      id,
    );
  }

  /**
   * The open transaction a write joins. A write outside one is a bug: its events would reach
   * no outbox, and nothing would undo it with the rest of its change.
   */
  private writing(sql: string): Open {
    if (!this.open)
      throw new Error(`a write outside a transaction (store.tx): ${sql.slice(0, 60)}`);
    return this.open;
  }

  private wrote(open: Open, table: string | undefined): void {
    this.memos.written(table);
    open.written.add(table);
  }

  /** A memo of values computed from `tables`, emptied by any write to one of them. */
  memo<T>(name: string, tables: readonly Table[]): Memo<T> {
    return this.memos.get<T>(name, tables);
  }

  /** Whether a transaction is open (tests look from inside the outbox). */
  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  /**
   * Runs fn in one transaction (nested calls join the outer one). fn must be synchronous: every
   * request shares the connection, so a transaction cannot span an await.
   */
  tx<T>(fn: (tx: Tx) => T): T {
    if (this.open) return fn(this.open.tx);
    const { outbox, afterCommit } = this.hooks;
    this.db.exec('BEGIN IMMEDIATE');
    const stored: EventRow[] = [];
    let queued = false;
    const open: Open = {
      events: [],
      written: new Set(),
      changed: new Set(),
      unannounced: new Set(),
      tx: {
        emit: (e) => {
          open.events.push(e);
          const row = outbox.store(e);
          if (row) stored.push(row);
        },
        enqueue: (job) => {
          this.run(
            'INSERT INTO jobs (id, kind, ref, created_at) VALUES (?, ?, ?, ?)',
            randomUUID(),
            job.kind,
            job.ref,
            new Date().toISOString(),
          );
          queued = true;
        },
        unannounced: (...tables) => {
          for (const t of tables) open.unannounced.add(t);
        },
      },
    };
    this.open = open;
    let result: T;
    try {
      result = fn(open.tx);
      assertAnnounced(open);
      if (open.events.length) stored.push(...(outbox.sealed(open.events) ?? []));
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      // Values read between a write and the rollback saw rows that are gone again.
      for (const table of open.written) this.memos.written(table);
      throw err;
    } finally {
      this.open = undefined;
    }
    if (stored.length) outbox.committed(stored);
    if (queued) afterCommit();
    return result;
  }

  /** Deletes every row (schema kept), for /__local/reset. */
  wipe(): void {
    this.tx(() => {
      // Not through run(): no table counts as changed, a reset announces nothing.
      this.wrote(this.open!, undefined);
      this.db.exec('PRAGMA defer_foreign_keys = ON');
      const tables = this.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      for (const t of tables) this.db.exec(`DELETE FROM "${t.name}"`);
    });
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

/**
 * A change of rows whose resource has events (ANNOUNCED_TABLES) emitted one of them, or said it
 * sends none (Tx.unannounced): else the change is refused, so a forgotten event fails its tests.
 */
function assertAnnounced(open: Open): void {
  for (const table of open.changed) {
    if (open.unannounced.has(table)) continue;
    const resource = RESOURCE_OF.get(table);
    if (resource && !open.events.some((e) => e.type.startsWith(`${resource}.`)))
      throw new Error(
        `a change of ${table} emitted no ${resource}.* event (emit one, or tx.unannounced('${table}') and say why)`,
      );
  }
}

const RESOURCE_OF = new Map<string, string>(
  Object.entries(ANNOUNCED_TABLES).flatMap(([resource, tables]) =>
    tables.map((t) => [t, resource] as const),
  ),
);

/** `column = ?` for one value, `column IN (?, …)` for several: both let SQLite use indexes. */
export function sqlIn(column: string, values: readonly unknown[], params: unknown[]): string {
  params.push(...values);
  return values.length === 1
    ? `${column} = ?`
    : `${column} IN (${values.map(() => '?').join(', ')})`;
}

export function json(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** A stored JSON column; integers beyond 2^53 (metadata, spec §8) come back exact. */
export function parseJson<T = unknown>(text: unknown): T {
  return (typeof text === 'string' ? parseExact(text) : null) as T;
}
