// Read caches that know which tables they were computed from. A write to a table empties the
// memos that read it, and no other: a write to a table nothing caches (an outbox, the clock's
// meta row) leaves the auth and order caches warm.
import type { Table } from './rows.js';

const MEMO_LIMIT = 10_000;

/** A bounded map of values computed from `tables`. */
export class Memo<T> {
  private map = new Map<string, T>();
  /** Bumped by every clear, so a value computed across a write is not kept. */
  private epoch = 0;

  constructor(
    readonly name: string,
    readonly tables: readonly Table[],
  ) {}

  get(key: string, compute: () => T): T {
    let value = this.map.get(key);
    if (value === undefined) {
      const epoch = this.epoch;
      value = compute();
      if (epoch === this.epoch) {
        if (this.map.size >= MEMO_LIMIT) this.map = new Map();
        this.map.set(key, value);
      }
    }
    return value;
  }

  clear(): void {
    this.epoch++;
    if (this.map.size) this.map = new Map();
  }

  get size(): number {
    return this.map.size;
  }
}

/** The memos of one store, found by name and by the tables they read. */
export class Memos {
  private readonly byName = new Map<string, Memo<unknown>>();
  private readonly byTable = new Map<string, Memo<unknown>[]>();

  /**
   * The memo called `name`, made on first use; it must always name the same tables (pass a
   * constant list: this runs on every request).
   */
  get<T>(name: string, tables: readonly Table[]): Memo<T> {
    let memo = this.byName.get(name);
    if (!memo) {
      memo = new Memo<unknown>(name, tables);
      this.byName.set(name, memo);
      for (const table of tables) {
        const list = this.byTable.get(table) ?? [];
        list.push(memo);
        this.byTable.set(table, list);
      }
    } else if (memo.tables !== tables && memo.tables.join() !== tables.join()) {
      throw new Error(`memo ${name} reads ${memo.tables.join(', ')}, not ${tables.join(', ')}`);
    }
    return memo as Memo<T>;
  }

  /** Empties the memos that read `table`; every memo when the table is not known. */
  written(table: string | undefined): void {
    if (table === undefined) {
      for (const memo of this.byName.values()) memo.clear();
      return;
    }
    const list = this.byTable.get(table);
    if (list) for (const memo of list) memo.clear();
  }

  /** The memos that read `table`: those a write to it empties. */
  reading(table: string): string[] {
    return (this.byTable.get(table) ?? []).map((memo) => memo.name);
  }

  /** How many values each memo holds (what a write emptied, for tests). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.byName].map(([name, memo]) => [name, memo.size]));
  }
}
