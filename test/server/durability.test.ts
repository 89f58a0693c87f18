// A database file survives a restart: writes, the demo credentials and the clock are still
// there, and SQLite finds the file intact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'billing-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--db <file>', () => {
  it('keeps writes, demo info and the clock across a restart', async () => {
    const file = join(dir, 'billing.db');
    const first = await startService({ db: file });
    const path = `/v1/organizations/${first.demo.organization_id}`;
    let orderCount: number;
    try {
      const r = await first.api('PATCH', path, {
        token: first.alice,
        body: { name: 'Durable Co' },
      });
      expect(r.status).toBe(200);
      await first.advanceClock(120);
      orderCount = (await first.api('GET', '/v1/orders/', { token: first.alice })).body.pagination
        .total_count;
    } finally {
      await first.stop();
    }

    const second = await startService({ db: file });
    try {
      expect(second.demo).toEqual(first.demo);
      const r = await second.api('GET', path, { token: second.demo.personal_access_token });
      expect(r.status).toBe(200);
      expect(r.body.name).toBe('Durable Co');
      const orders = await second.api('GET', '/v1/orders/', { token: second.alice });
      // Not seeded again: the same history, no more.
      expect(orders.body.pagination.total_count).toBe(orderCount);
      const clock = await second.api('GET', '/__local/clock');
      expect(clock.body.offset_seconds).toBe(120);
    } finally {
      await second.stop();
    }

    const db = new DatabaseSync(file);
    try {
      expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      db.close();
    }
  });
});
