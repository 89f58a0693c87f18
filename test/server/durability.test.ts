// A database file survives a restart: writes, the demo credentials and the clock are still
// there, and SQLite finds the file intact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { BUYER, startService } from './helpers.js';

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

  // The payment processor's answer to a confirm is a job stored with the confirm (domain/jobs.ts):
  // one the service did not get to run before it died runs when it starts again.
  it('pays for a confirmed checkout whose payment was pending when the service died', async () => {
    const file = join(dir, 'pending.db');
    // As if killed right after the confirm's commit: the job is stored, never run.
    const first = await startService({ db: file, runJobs: false });
    const id = first.demo.open_checkout_ids[1]!;
    try {
      const c = await first.api('GET', `/v1/checkouts/custom/${id}`, { token: first.alice });
      const r = await first.api(
        'POST',
        `/v1/checkouts/custom/client/${c.body.client_secret}/confirm`,
        {
          body: { customer_email: 'pending@example.com', ...BUYER, confirmation_token_id: 'tok' },
        },
      );
      expect([r.status, r.body.status]).toEqual([200, 'confirmed']);
      const still = await first.api('GET', `/v1/checkouts/custom/${id}`, { token: first.alice });
      expect(still.body.status).toBe('confirmed');
      expect(first.running.store.count('jobs', '1')).toBe(1);
      expect(first.running.store.count('orders', 'checkout_id = ?', id)).toBe(0);
    } finally {
      await first.stop();
    }

    const second = await startService({ db: file });
    try {
      const after = await second.api('GET', `/v1/checkouts/custom/${id}`, { token: second.alice });
      expect(after.body.status).toBe('succeeded');
      expect(second.running.store.count('jobs', '1')).toBe(0);
      expect(second.running.store.count('orders', 'checkout_id = ?', id)).toBe(1);
      // Its events carry the service's address, as every other event does.
      const event = second.running.store.get<{ payload: string }>(
        "SELECT payload FROM events WHERE type = 'checkout.updated' ORDER BY seq DESC LIMIT 1",
      )!;
      expect(JSON.parse(event.payload).data).toMatchObject({
        status: 'succeeded',
        url: `${second.url}/checkout/${after.body.client_secret}`,
      });
    } finally {
      await second.stop();
    }
  });
});
