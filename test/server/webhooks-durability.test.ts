// Pending deliveries survive kill -9 (issue 16): `billing serve --db file --webhook <url>` takes
// changes while its receiver does not answer, is killed with SIGKILL, and started again on the
// same file: every event of every acknowledged change arrives, verified by the official SDK with
// the secret the first start printed (the endpoint is found again by its URL). Runs the built bin.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, requireBuild, serveJson, tempDir } from '../reliability/helpers.js';
import { type Json, makeApi } from './helpers.js';
import { startReceiver, verify, waitForDeliveries } from './webhook-helpers.js';

const dir = tempDir('webhooks-durability');
const children: ChildProcess[] = [];

beforeAll(() => requireBuild());
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dir.remove();
});

/** `billing serve --db file --port 0 --json --quiet --webhook url`, with its first line. */
const serve = (db: string, webhook: string) =>
  serveJson(['--db', db, '--port', '0', '--quiet', '--webhook', webhook], dir.path, children);

describe('kill -9 with undelivered events', () => {
  it('delivers every event after a restart on the same database', async () => {
    // The receiver takes the first delivery and never answers it until the restart.
    const hold: (() => void)[] = [];
    const receiver = await startReceiver(
      (n) =>
        new Promise<number>((resolve) => {
          if (n === 1) hold.push(() => resolve(200));
          else resolve(200);
        }),
    );
    try {
      const db = join(dir.path, 'billing.db');
      const first = await serve(db, receiver.url);
      const { url, personal_access_token: token, organization_id: org, webhook } = first.info;
      expect(webhook).toMatchObject({ url: receiver.url });
      expect(webhook!.secret).toMatch(/^polar_whs_/);
      const api = makeApi(url);
      const names: string[] = [];
      for (let i = 1; i <= 10; i++) {
        const name = `Acme Durable ${i}`;
        const r = await api('PATCH', `/v1/organizations/${org}`, { token, body: { name } });
        expect(r.status).toBe(200);
        names.push(name);
      }
      // The first event is in flight, held; the other nine wait behind it.
      await receiver.waitFor(1);
      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      for (const release of hold) release();

      const second = await serve(db, receiver.url);
      // The same endpoint, found again by its URL: the same id and secret.
      expect(second.info.webhook).toEqual(webhook);
      const got = await receiver.waitFor(11, 20_000);
      // At least once: the held delivery is sent again, then the rest, in order.
      const ids = got.map((r) => r.headers['webhook-id']);
      expect(ids[1]).toBe(ids[0]);
      expect(new Set(ids).size).toBe(10);
      expect(got.slice(1).map((r) => verify(r, webhook!.secret).json.data.name)).toEqual(names);
      const deliveries = await waitForDeliveries(
        () =>
          makeApi(second.info.url)('GET', '/v1/webhooks/deliveries', {
            token,
            query: { endpoint_id: webhook!.id, limit: 100 },
          }),
        10,
      );
      expect(deliveries.items.every((d: Json) => d.succeeded && d.http_code === 200)).toBe(true);
      expect(new Set(deliveries.items.map((d: Json) => d.webhook_event.id)).size).toBe(10);
      second.child.kill('SIGTERM');
      await exited(second.child);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
