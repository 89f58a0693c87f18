// SQLite through node:sqlite: one connection that every request shares. WAL + one transaction per
// write request: every write that was acknowledged with a 2xx has been handed to the OS before
// the answer, so it survives kill -9. The store modules (store/*.ts) hold every statement.
import { randomUUID } from 'node:crypto';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { parseJson as parseExact } from '../../shared/json.js';
import type { DomainEvent } from '../domain/events.js';
import type { Job } from '../domain/jobs.js';
import { type Memo, Memos } from './memo.js';
import type { ById, EventRow, OfOrganization, Table, Tables } from './rows.js';
import { SCHEMA } from './schema.js';

export type Row = Record<string, SQLInputValue>;

/** What code running inside a write transaction gets besides the store. */
export interface Tx {
  /**
   * Records an event this transaction causes (domain/events.ts): the store's sink stores it at
   * once, inside the transaction, so a rollback drops it with the change.
   */
  emit(event: DomainEvent): void;
  /**
   * Queues work that runs once this transaction has committed, in a transaction of its own
   * (domain/jobs.ts): stored in this one, so a queued job survives kill -9 and a rollback drops it.
   */
  enqueue(job: Job): void;
}

/** Where events are stored (webhooks/outbox.ts; by default nowhere). */
export interface Outbox {
  /** Inside the open transaction, when the event is emitted: stores it. */
  store(event: DomainEvent): EventRow | undefined;
  /** After COMMIT, with what `store` returned for the transaction's events, in order. */
  committed(events: readonly EventRow[]): void;
}

/** Sees each transaction's events just before COMMIT, inside it; a throw rolls it back. */
export type EventSink = (events: readonly DomainEvent[]) => void;

const NO_OUTBOX: Outbox = { store: () => undefined, committed: () => {} };

/** The table an INSERT, UPDATE or DELETE writes; undefined for anything else. */
const WRITES =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+"?(\w+)"?/i;

interface Open {
  tx: Tx;
  events: DomainEvent[];
  /** Tables written so far (undefined: all): their memos are emptied again on rollback. */
  written: Set<string | undefined>;
}

export class Db {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly writes = new Map<string, string | undefined>();
  private readonly inserts = new Map<string, string>();
  private open: Open | undefined;
  readonly memos = new Memos();
  /** Stores the events of write transactions as they are emitted (see domain/events.ts). */
  outbox: Outbox = NO_OUTBOX;
  /** Sees the events of each transaction before COMMIT (tests observe the changes' events). */
  sink: EventSink = () => {};
  /** Runs the queued jobs (domain/jobs.ts); called after each COMMIT that queued one. */
  worker: () => void = () => {};

  constructor(file = ':memory:') {
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA foreign_keys = ON');
    if (file !== ':memory:') {
      this.db.exec('PRAGMA journal_mode = WAL');
      // NORMAL in WAL mode: committed transactions are written to the WAL before COMMIT
      // returns, which is what survives kill -9 (not power loss).
      this.db.exec('PRAGMA synchronous = NORMAL');
      this.db.exec('PRAGMA busy_timeout = 5000');
    }
    this.db.exec(SCHEMA);
    this.migrate();
  }

  /** Columns added after a table was first released; CREATE TABLE IF NOT EXISTS won't add them. */
  private migrate(): void {
    const added: [table: string, column: string, definition: string][] = [
      ['oauth2_tokens', 'code_hash', 'TEXT'],
      ['license_key_activations', 'conditions', "TEXT NOT NULL DEFAULT '{}'"],
      ['oauth2_clients', 'registered_from', 'TEXT'],
      ['prices', 'minimum_amount', 'INTEGER'],
      ['prices', 'maximum_amount', 'INTEGER'],
      ['prices', 'preset_amount', 'INTEGER'],
      ['discounts', 'deleted_at', 'TEXT'],
      ['customers', 'deleted_at', 'TEXT'],
      ['benefits', 'deleted_at', 'TEXT'],
    ];
    for (const [table, column, definition] of added) {
      const columns = this.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`);
      if (!columns.some((c) => c.name === column))
        this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
    this.db.exec('CREATE INDEX IF NOT EXISTS oauth2_tokens_code ON oauth2_tokens(code_hash)');
    this.db.exec(
      'CREATE INDEX IF NOT EXISTS oauth2_clients_from ON oauth2_clients(registered_from)',
    );
  }

  /** A cached prepared statement. */
  private stmt(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  // Parameters are unknown so values read back can be passed on without casts; node:sqlite
  // itself rejects anything it cannot bind.
  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    return this.stmt(sql).get(...(params as SQLInputValue[])) as T | undefined;
  }

  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.stmt(sql).all(...(params as SQLInputValue[])) as T[];
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

  /** Runs a write; the memos of the table it writes are emptied. */
  run(sql: string, ...params: unknown[]) {
    if (!this.writes.has(sql)) this.writes.set(sql, WRITES.exec(sql)?.[1]);
    this.wrote(this.writes.get(sql));
    return this.stmt(sql).run(...(params as SQLInputValue[]));
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
    const key = `${table}(${Object.keys(row).join()})${conflict ?? ''}`;
    let sql = this.inserts.get(key);
    if (!sql) {
      const columns = Object.keys(row);
      const verb = conflict === 'ignore' ? 'INSERT OR IGNORE' : 'INSERT';
      sql = `${verb} INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
      this.inserts.set(key, sql);
    }
    this.wrote(table);
    this.stmt(sql).run(...(Object.values(row) as SQLInputValue[]));
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

  private wrote(table: string | undefined): void {
    this.memos.written(table);
    this.open?.written.add(table);
  }

  /** A memo of values computed from `tables`, emptied by any write to one of them. */
  memo<T>(name: string, tables: readonly Table[]): Memo<T> {
    return this.memos.get<T>(name, tables);
  }

  /**
   * Runs fn in one transaction (nested calls join the outer one). fn must be synchronous: every
   * request shares the connection, so a transaction cannot span an await.
   */
  tx<T>(fn: (tx: Tx) => T): T {
    if (this.open) return fn(this.open.tx);
    this.db.exec('BEGIN IMMEDIATE');
    const events: DomainEvent[] = [];
    const stored: EventRow[] = [];
    const emit = (e: DomainEvent) => {
      events.push(e);
      const row = this.outbox.store(e);
      if (row) stored.push(row);
    };
    let queued = false;
    const enqueue = (job: Job) => {
      this.run(
        'INSERT INTO jobs (id, kind, ref, created_at) VALUES (?, ?, ?, ?)',
        randomUUID(),
        job.kind,
        job.ref,
        new Date().toISOString(),
      );
      queued = true;
    };
    const open: Open = { tx: { emit, enqueue }, events, written: new Set() };
    this.open = open;
    let result: T;
    try {
      result = fn(open.tx);
      if (events.length) this.sink(events);
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      // Values read between a write and the rollback saw rows that are gone again.
      for (const table of open.written) this.memos.written(table);
      throw err;
    } finally {
      this.open = undefined;
    }
    if (stored.length) this.outbox.committed(stored);
    if (queued) this.worker();
    return result;
  }

  /** The jobs queued and not done yet, oldest first. */
  pendingJobs(): (Job & { id: string })[] {
    return this.all('SELECT id, kind, ref FROM jobs ORDER BY rowid');
  }

  /** A job is done: called inside the transaction that does it. */
  finishJob(id: string): void {
    this.run('DELETE FROM jobs WHERE id = ?', id);
  }

  getMeta(key: string): string | undefined {
    return this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }

  isEmpty(): boolean {
    return !this.get('SELECT 1 FROM organizations LIMIT 1');
  }

  /** Deletes every row (schema kept), for /__local/reset. */
  wipe(): void {
    this.tx(() => {
      this.wrote(undefined);
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
