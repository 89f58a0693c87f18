// The jobs queued by committed transactions and not done yet (domain/jobs.ts; Tx.enqueue stores
// them), and the meta rows: the service clock's offset, the demo's ids.
import type { Job } from '../domain/jobs.js';
import type { Db } from './db.js';

export class Jobs {
  constructor(private readonly db: Db) {}

  /** The jobs queued and not done yet, oldest first. */
  pending(): (Job & { id: string })[] {
    return this.db.all('SELECT id, kind, ref FROM jobs ORDER BY rowid');
  }

  /** A job is done: called inside the transaction that does it. */
  finish(id: string): void {
    this.db.run('DELETE FROM jobs WHERE id = ?', id);
  }
}

export class Meta {
  constructor(private readonly db: Db) {}

  get(key: string): string | undefined {
    return this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value;
  }

  set(key: string, value: string): void {
    this.db.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }
}
