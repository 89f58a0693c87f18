// What issue 26 stores once for both generations: a --db file of before is upgraded in place,
// an event only today's generation has is stored only when an endpoint of today's wants it (the
// seed's endpoints and the CLI stream never see one), and a customer delete keeps each
// generation's rule (the seed's only hides the customer: customer service at f179ede58c; today's
// ends its subscriptions: customer/service.py `delete` at c6c3645e).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/server/store/index.js';
import { type Service, startService } from './helpers.js';

describe('a --db file from before issue 26', () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-today-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is upgraded in place: today's columns added, its rows kept, their defaults read", async () => {
    const file = join(dir, 'old.db');
    const svc = await startService({ db: file });
    const customerId = svc.running.store.get<{ id: string }>(
      'SELECT id FROM customers WHERE organization_id = ? ORDER BY created_at LIMIT 1',
      svc.demo.organization_id,
    )!.id;
    await svc.stop();
    // Take the file back to before: drop what issue 26 added.
    const db = new DatabaseSync(file);
    db.exec('DROP INDEX customers_org_external');
    const added: [string, string][] = [
      ['customers', 'external_id'],
      ['customers', 'type'],
      ['customers', 'billing_name'],
      ['customers', 'locale'],
      ['customer_sessions', 'return_url'],
      ['organizations', 'status'],
      ['organizations', 'socials'],
      ['organizations', 'customer_portal_settings'],
      ['webhook_endpoints', 'api_version'],
      ['webhook_endpoints', 'enabled'],
      ['events', 'payload_today'],
    ];
    for (const [table, column] of added) db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    db.close();

    const again = await startService({ db: file });
    try {
      const columns = (table: string) =>
        again.running.store.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`);
      for (const [table, column] of added)
        expect(
          columns(table).map((c) => c.name),
          table,
        ).toContain(column);
      const r = await again.api('GET', `/v1/customers/${customerId}`, {
        token: again.alice,
        headers: { 'polar-version': '2026-10' },
      });
      expect(r.body).toMatchObject({ id: customerId, type: 'individual', external_id: null });
      const org = await again.api('GET', `/v1/organizations/${again.demo.organization_id}`, {
        token: again.alice,
        headers: { 'polar-version': '2026-10' },
      });
      expect(org.body).toMatchObject({ status: 'active', socials: [] });
      // The external id is unique again in the upgraded file.
      const make = () =>
        again.api('PATCH', `/v1/customers/${customerId}`, {
          token: again.alice,
          headers: { 'polar-version': '2026-10' },
          body: { external_id: 'usr_once' },
        });
      expect((await make()).status).toBe(200);
      const other = again.running.store.get<{ id: string }>(
        'SELECT id FROM customers WHERE id <> ? AND organization_id = ? LIMIT 1',
        customerId,
        again.demo.organization_id,
      )!.id;
      const taken = await again.api('PATCH', `/v1/customers/${other}`, {
        token: again.alice,
        headers: { 'polar-version': '2026-10' },
        body: { external_id: 'usr_once' },
      });
      expect(taken.status).toBe(422);
    } finally {
      await again.stop();
    }
  });

  it('is readable by a Store opened on it twice (the migration is idempotent)', () => {
    const file = join(dir, 'twice.db');
    new Store(file).close();
    const store = new Store(file);
    expect(store.isEmpty()).toBe(true);
    store.close();
  });
});

describe('events only today has', () => {
  let svc: Service;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.stop());

  const customerEvents = () => svc.running.store.count('events', "type LIKE 'customer.%'");

  it("are not stored while only the seed's endpoints listen, and never reach the CLI stream", async () => {
    const seedEndpoint = await svc.api('POST', '/v1/webhooks/endpoints', {
      token: svc.alice,
      body: {
        url: 'http://127.0.0.1:9/seed',
        format: 'raw',
        events: ['organization.updated'],
        organization_id: svc.demo.organization_id,
      },
    });
    expect(seedEndpoint.status).toBe(201);
    const created = await svc.api('POST', '/v1/customers/', {
      token: svc.alice,
      body: { email: 'quiet@example.com', organization_id: svc.demo.organization_id },
    });
    expect(created.status).toBe(201);
    expect(customerEvents()).toBe(0);
  });

  it("are stored, with today's body only, once an endpoint of today's subscribes", async () => {
    const today = await svc.api('POST', '/v1/webhooks/endpoints', {
      token: svc.alice,
      headers: { 'polar-version': '2026-10' },
      body: {
        url: 'http://127.0.0.1:9/today',
        format: 'raw',
        events: ['customer.created'],
        organization_id: svc.demo.organization_id,
      },
    });
    expect(today.status).toBe(201);
    const created = await svc.api('POST', '/v1/customers/', {
      token: svc.alice,
      body: { email: 'heard@example.com', organization_id: svc.demo.organization_id },
    });
    const rows = svc.running.store.all<{ type: string; payload: string; payload_today: string }>(
      "SELECT type, payload, payload_today FROM events WHERE type LIKE 'customer.%'",
    );
    // Not subscribed to customer.state_changed: only the one event.
    expect(rows.map((r) => [r.type, r.payload])).toEqual([['customer.created', '']]);
    expect(JSON.parse(rows[0]!.payload_today).data).toMatchObject({
      id: created.body.id,
      type: 'individual',
    });
    // The CLI stream replays none of them.
    expect(
      svc.running.store
        .all<{ type: string }>(
          "SELECT type FROM events WHERE organization_id = ? AND payload <> ''",
          svc.demo.organization_id,
        )
        .some((e) => e.type.startsWith('customer.')),
    ).toBe(false);
  });
});

describe('a customer delete', () => {
  let svc: Service;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.stop());

  const activeHolder = () =>
    svc.running.store.get<{ customer_id: string }>(
      "SELECT s.customer_id FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE s.status = 'active' AND s.organization_id = ? AND c.deleted_at IS NULL ORDER BY s.created_at LIMIT 1",
      svc.demo.organization_id,
    )!.customer_id;
  const activeOf = (customerId: string) =>
    svc.running.store.count(
      'subscriptions',
      "customer_id = ? AND status IN ('active', 'trialing')",
      customerId,
    );

  it("at the seed's generation hides the customer and leaves its subscriptions", async () => {
    const holder = activeHolder();
    const before = activeOf(holder);
    const r = await svc.api('DELETE', `/v1/customers/${holder}`, { token: svc.alice });
    expect(r.status).toBe(204);
    expect(activeOf(holder)).toBe(before);
  });

  it("at today's ends them at once (revoked, with their events)", async () => {
    const holder = activeHolder();
    const r = await svc.api('DELETE', `/v1/customers/${holder}`, {
      token: svc.alice,
      headers: { 'polar-version': '2026-04' },
    });
    expect([r.status, r.headers.get('polar-version')]).toEqual([204, '2026-04']);
    expect(activeOf(holder)).toBe(0);
    const revoked = svc.running.store.count(
      'events',
      "type = 'subscription.revoked' AND payload LIKE ?",
      `%${holder}%`,
    );
    expect(revoked).toBeGreaterThan(0);
  });
});
