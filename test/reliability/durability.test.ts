// Durability (issue 8): a write load against `billing serve --db <file>`, `kill -9` in the
// middle of it, a restart on the same file: every write that got a 2xx is there, and SQLite's
// integrity check passes. (test/server/durability.test.ts covers a clean stop and restart.)
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, requireBuild, serveJson, tempDir } from './helpers.js';

const dir = tempDir('durability');
const children: ChildProcess[] = [];

beforeAll(() => requireBuild());
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dir.remove();
});

/** `billing serve --db file --port 0 --json`, resolved with its first line. */
const serve = (db: string) => serveJson(['--db', db, '--port', '0'], dir.path, children);

describe('kill -9 during a write load', () => {
  it('keeps every acknowledged write and an intact database', async () => {
    const db = join(dir.path, 'billing.db');
    const first = await serve(db);
    const { url, personal_access_token: token } = first.info;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const keys = (
      (await (await fetch(`${url}/v1/license-keys?limit=100`, { headers })).json()) as {
        items: { id: string }[];
      }
    ).items.map((k) => k.id);
    expect(keys.length).toBeGreaterThanOrEqual(4);

    // One writer per license key, each PATCHing `usage` to 1, 2, 3, …: the value stored after
    // the crash must be at least the last one acknowledged (later writes only raise it) and
    // at most the last one sent.
    const acked = new Map<string, number>(keys.map((k) => [k, 0]));
    const sent = new Map<string, number>(keys.map((k) => [k, 0]));
    let total = 0;
    let killed = false;
    const TARGET = 200;
    const writer = async (id: string) => {
      for (let n = 1; total < TARGET; n++) {
        sent.set(id, n);
        try {
          const r = await fetch(`${url}/v1/license-keys/${id}`, {
            method: 'PATCH',
            headers,
            body: JSON.stringify({ usage: n }),
          });
          await r.arrayBuffer();
          if (r.status >= 200 && r.status < 300) {
            acked.set(id, n);
            total++;
          } else {
            throw new Error(`PATCH ${id}: ${r.status}`);
          }
        } catch (err) {
          if (killed) return;
          throw err;
        }
        // Mid-load: half the writes acknowledged, the others still in flight or to come.
        if (total === TARGET / 2 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(keys.map(writer));
    await exited(first.child);
    expect(killed).toBe(true);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await serve(db);
    try {
      const after = (
        (await (
          await fetch(`${second.info.url}/v1/license-keys?limit=100`, { headers })
        ).json()) as { items: { id: string; usage: number }[] }
      ).items;
      for (const id of keys) {
        const usage = after.find((k) => k.id === id)!.usage;
        expect(usage, id).toBeGreaterThanOrEqual(acked.get(id)!);
        expect(usage, id).toBeLessThanOrEqual(sent.get(id)!);
      }
      const ackedTotal = [...acked.values()].reduce((a, b) => a + b, 0);
      expect(ackedTotal).toBeGreaterThanOrEqual(TARGET / 2);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }

    const check = new DatabaseSync(db);
    try {
      expect(check.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      expect(check.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      check.close();
    }
  });
});
