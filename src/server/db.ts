// SQLite store through node:sqlite. WAL + one transaction per write request: every write that
// was acknowledged with a 2xx has been handed to the OS before the answer, so it survives kill -9.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { parseJson as parseExact } from '../shared/json.js';
import { SCHEMA } from './schema.js';

export type Row = Record<string, SQLInputValue>;

export class Store {
  readonly db: DatabaseSync;
  private readonly cache = new Map<string, StatementSync>();
  private depth = 0;
  /**
   * Bumped by every write. Read caches (auth, counts, serialized orders) keep the generation
   * they were filled at and are valid only while it is unchanged.
   */
  generation = 0;

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
  stmt(sql: string): StatementSync {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  // Parameters are unknown so rows read back (Row values) can be passed on without casts;
  // node:sqlite itself rejects anything it cannot bind.
  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    return this.stmt(sql).get(...(params as SQLInputValue[])) as T | undefined;
  }

  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.stmt(sql).all(...(params as SQLInputValue[])) as T[];
  }

  run(sql: string, ...params: unknown[]) {
    this.generation++;
    return this.stmt(sql).run(...(params as SQLInputValue[]));
  }

  /** A memo that is emptied whenever the data changes (see generation). */
  memo<T>(name: string): Memo<T> {
    let m = this.memos.get(name) as Memo<T> | undefined;
    if (!m) {
      m = new Memo<T>(this);
      this.memos.set(name, m);
    }
    return m;
  }
  private readonly memos = new Map<string, Memo<unknown>>();

  /** Runs fn in one transaction (nested calls join the outer one). fn must be synchronous. */
  tx<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.db.exec('BEGIN IMMEDIATE');
    this.depth++;
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    } finally {
      this.depth--;
    }
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
    this.generation++;
    this.tx(() => {
      this.db.exec('PRAGMA defer_foreign_keys = ON');
      const tables = this.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      for (const t of tables) this.db.exec(`DELETE FROM "${t.name}"`);
    });
  }

  close(): void {
    this.cache.clear();
    if (this.db.isOpen) this.db.close();
  }
}

const MEMO_LIMIT = 10_000;

/** A bounded map valid for one store generation. */
export class Memo<T> {
  private map = new Map<string, T>();
  private generation = -1;
  constructor(private readonly store: Store) {}
  get(key: string, compute: () => T): T {
    if (this.generation !== this.store.generation || this.map.size >= MEMO_LIMIT) {
      this.map = new Map();
      this.generation = this.store.generation;
    }
    let value = this.map.get(key);
    if (value === undefined) {
      value = compute();
      // compute() may itself write (rare); only keep values read at a stable generation.
      if (this.generation === this.store.generation) this.map.set(key, value);
    }
    return value;
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
