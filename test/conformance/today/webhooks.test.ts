// Webhooks in today's generation (API version 2026-10) through SDK 1.0.1: endpoints, their
// secret and deliveries (each answer checked against the 2026-10 document, harness.ts), and the
// deliveries themselves — received on loopback, verified with SDK 1.0.1's `validateEvent` and
// checked against the document's Webhook*Payload schemas. An endpoint remembers the version it
// was created under (sandbox-only): one made under 2026-10 gets today's bodies and today's
// customer.* events, sent as the real service sends them (customer/repository.py and
// customer/service.py `webhook` at c6c3645e: created, updated and deleted, each followed by
// customer.state_changed); one made without a version keeps the seed's.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buySubscription,
  type Delivery,
  expect422,
  expectCalls,
  Receiver,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
const receiver = new Receiver();
let endpointId: string;
beforeAll(async () => {
  box = await startToday();
});
afterAll(async () => {
  expect(receiver.problems, 'deliveries refused by validateEvent or the document').toEqual([]);
  expectCalls(box, 'webhooks');
  await receiver.stop();
  await box.stop();
});

const CUSTOMER_EVENTS = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.state_changed',
] as const;

/** The deliveries of `type` about `id` once there are `n` of them. */
const about = (type: string, id: string) => (d: Delivery) =>
  d.type === type && d.event.data.id === id;

describe('webhook endpoints (2026-10)', () => {
  it("are created with today's event types and a name, and remember their version", async () => {
    const url = await receiver.start();
    const endpoint = await box.seller.webhooks.createWebhookEndpoint({
      url,
      name: 'Sandbox hook',
      format: 'raw',
      events: [...CUSTOMER_EVENTS, 'organization.updated', 'order.paid'],
      organization_id: box.demo.organization_id,
    });
    expect(endpoint).toMatchObject({ name: 'Sandbox hook', enabled: true, format: 'raw' });
    expect(endpoint.secret).toMatch(/^polar_whs_/);
    receiver.secret = endpoint.secret;
    endpointId = endpoint.id;
    const stored = box.svc.store.row('webhook_endpoints', endpoint.id)!;
    expect(stored.api_version).toBe('2026-10');
    expect(await box.seller.webhooks.getWebhookEndpoint(endpoint.id)).toEqual(endpoint);
    const listed = await box.seller.webhooks.listWebhookEndpoints({
      organization_id: box.demo.organization_id,
    });
    expect(listed.items.map((e) => e.id)).toContain(endpoint.id);
  });

  it("refuse a type today's generation does not have; the seed's refuses today's types", async () => {
    const unknown = await expect422('an unknown type', () =>
      box.seller.webhooks.createWebhookEndpoint({
        url: 'https://hooks.example/x',
        format: 'raw',
        events: ['customer.exploded' as never],
        organization_id: box.demo.organization_id,
      }),
    );
    expect(unknown[0]!.loc).toEqual(['body', 'events', 0]);
    const seed = await fetch(`${box.svc.url}/v1/webhooks/endpoints`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${box.demo.personal_access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        url: 'https://hooks.example/seed',
        format: 'raw',
        events: ['customer.created'],
        organization_id: box.demo.organization_id,
      }),
    });
    expect(seed.status).toBe(422);
  });
});

describe('deliveries to an endpoint of 2026-10', () => {
  it('carry customer.created, .updated and .deleted, each followed by customer.state_changed', async () => {
    const c = await box.seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'hooked@example.com',
      external_id: 'usr_hooked',
    });
    await box.seller.customers.update(c.id, { name: 'Hooked' });
    await box.seller.customers.delete(c.id);
    const got = await receiver.until(
      (ds) => ds.filter((d) => d.event.data.id === c.id).length === 6,
    );
    const mine = got.filter((d) => d.event.data.id === c.id);
    expect(mine.map((d) => d.type)).toEqual([
      'customer.created',
      'customer.state_changed',
      'customer.updated',
      'customer.state_changed',
      'customer.deleted',
      'customer.state_changed',
    ]);
    const deleted = mine.find((d) => d.type === 'customer.deleted')!.event.data;
    expect(deleted).toMatchObject({ name: 'Hooked', external_id: 'usr_hooked' });
    expect(deleted.deleted_at).not.toBeNull();
    // Signed as the real service signs: Standard Webhooks, the delivery's own id.
    expect(mine[0]!.headers['user-agent']).toBe('polar.sh webhooks');
  });

  it("send the customer's state when a purchase changes it, with its subscription and benefits", async () => {
    const customerId = await buySubscription(box, 'buyer-hooked@example.com');
    const got = await receiver.until((ds) =>
      ds.some(
        (d) =>
          about('customer.state_changed', customerId)(d) &&
          (d.event.data.active_subscriptions as unknown[]).length > 0,
      ),
    );
    expect(got.some(about('customer.created', customerId))).toBe(true);
    const state = got.filter(about('customer.state_changed', customerId)).at(-1)!.event.data;
    expect((state.granted_benefits as unknown[]).length).toBeGreaterThan(0);
  });

  it("carry organization.updated in today's form; an endpoint made without a version gets the seed's", async () => {
    const seedHook = new Receiver();
    const seedUrl = await seedHook.start();
    const res = await fetch(`${box.svc.url}/v1/webhooks/endpoints`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${box.demo.personal_access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        url: seedUrl,
        format: 'raw',
        events: ['organization.updated'],
        organization_id: box.demo.organization_id,
      }),
    });
    const seedEndpoint = (await res.json()) as { id: string; secret: string };
    expect(Object.keys(seedEndpoint)).not.toContain('enabled');
    seedHook.secret = seedEndpoint.secret;
    await box.seller.organizations.update(box.demo.organization_id, { name: 'Acme Hooks' });
    const today = await receiver.until((ds) => ds.some((d) => d.type === 'organization.updated'));
    const todays = today.find((d) => d.type === 'organization.updated')!.event.data;
    expect(todays).toMatchObject({ name: 'Acme Hooks', status: 'active' });
    // The seed's body: the SDK 1.0.1 still verifies its signature; its shape is the seed's.
    const [seed] = await seedHook.until((ds) => ds.length > 0);
    expect(seed!.event.data).toMatchObject({ name: 'Acme Hooks' });
    expect(seed!.event.data).not.toHaveProperty('status');
    await seedHook.stop();
    expect(seedHook.problems.some((p) => p.includes("must have required property 'status'"))).toBe(
      true,
    );
  });

  it('are listed in their form, and stop when the endpoint is disabled', async () => {
    const deliveries = await box.seller.webhooks.listWebhookDeliveries({ endpoint_id: endpointId });
    expect(deliveries.items.length).toBeGreaterThan(0);
    expect(deliveries.items[0]!.webhook_event).toMatchObject({
      skipped: false,
      is_archived: false,
    });
    await box.seller.webhooks.redeliverWebhookEvent(deliveries.items[0]!.webhook_event.id);
    const disabled = await box.seller.webhooks.updateWebhookEndpoint(endpointId, {
      enabled: false,
    });
    expect(disabled.enabled).toBe(false);
    const before = box.svc.store.count('webhook_events', 'endpoint_id = ?', endpointId);
    await box.seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'unheard@example.com',
    });
    // A copy for an endpoint is made in the change's transaction, or never.
    expect(box.svc.store.count('webhook_events', 'endpoint_id = ?', endpointId)).toBe(before);
  });

  it("are filtered by today's query parameters (webhook/service.py list_deliveries at c6c3645e)", async () => {
    await box.seller.webhooks.updateWebhookEndpoint(endpointId, { enabled: true });
    // A second endpoint whose handler fails: its deliveries are 503s.
    const failing = createServer((_req, res) => res.writeHead(503).end('down for maintenance'));
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const { port } = failing.address() as AddressInfo;
    const down = await box.seller.webhooks.createWebhookEndpoint({
      url: `http://127.0.0.1:${port}/hook`,
      format: 'raw',
      events: ['customer.created'],
      organization_id: box.demo.organization_id,
    });
    const c = await box.seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'filtered@example.com',
    });
    await receiver.until((ds) => ds.some(about('customer.created', c.id)));
    while (box.svc.store.count('webhook_deliveries', 'endpoint_id = ?', down.id) === 0)
      await delay(10);
    failing.close();
    const list = (q: Parameters<typeof box.seller.webhooks.listWebhookDeliveries>[0]) =>
      box.seller.webhooks.listWebhookDeliveries({ limit: 100, ...q });

    // Deliveries to the first endpoint may still arrive: what both list lies between the two.
    const ids = (page: { items: { id: string }[] }) => page.items.map((d) => d.id);
    const before = [...ids(await list({ endpoint_id: endpointId }))];
    const failed = await list({ endpoint_id: down.id });
    const both = ids(await list({ endpoint_id: [endpointId, down.id] }));
    const after = [...ids(await list({ endpoint_id: endpointId })), ...ids(failed)];
    expect(both).toEqual(expect.arrayContaining([...before, ...ids(failed)]));
    expect(after).toEqual(expect.arrayContaining(both));
    expect(failed.items.map((d) => [d.succeeded, d.http_code])).toEqual(
      failed.items.map(() => [false, 503]),
    );
    expect(failed.items[0]!.response).toBe('down for maintenance');
    expect((await list({ succeeded: false })).items.map((d) => d.id)).toEqual(
      failed.items.map((d) => d.id),
    );
    const fiveXX = await list({ http_code_class: '5xx' });
    expect(fiveXX.items.map((d) => d.id)).toEqual(failed.items.map((d) => d.id));
    const twoXX = await list({ endpoint_id: endpointId, http_code_class: '2xx' });
    expect(twoXX.items.every((d) => d.http_code! >= 200 && d.http_code! < 300)).toBe(true);
    expect((await list({ http_code_class: '3xx' })).items).toEqual([]);

    const created = await list({ endpoint_id: endpointId, event_type: 'customer.created' });
    expect(created.items.length).toBeGreaterThan(0);
    expect(new Set(created.items.map((d) => d.webhook_event.type))).toEqual(
      new Set(['customer.created']),
    );
    const two = await list({ event_type: ['organization.updated', 'customer.deleted'] });
    expect(new Set(two.items.map((d) => d.webhook_event.type))).toEqual(
      new Set(['organization.updated', 'customer.deleted']),
    );

    // `query` matches in the delivery's id, its event's id and its HTTP code.
    const one = failed.items[0]!;
    expect((await list({ query: one.id.slice(0, 13).toUpperCase() })).items).toEqual([one]);
    expect((await list({ query: one.webhook_event.id })).items.map((d) => d.id)).toContain(one.id);
    const code = await list({ query: '503' });
    expect(ids(code)).toEqual(expect.arrayContaining(ids(failed)));
    for (const d of code.items)
      expect(d.http_code === 503 || `${d.id} ${d.webhook_event.id}`.includes('503')).toBe(true);

    // Exclusive bounds on the delivery's creation.
    const at = String(one.created_at);
    expect((await list({ endpoint_id: down.id, start_timestamp: at })).items).not.toContainEqual(
      one,
    );
    expect((await list({ endpoint_id: down.id, end_timestamp: at })).items).not.toContainEqual(one);
    const around = await list({
      endpoint_id: down.id,
      start_timestamp: new Date(Date.parse(at) - 1).toISOString(),
      end_timestamp: new Date(Date.parse(at) + 1).toISOString(),
    });
    expect(around.items).toContainEqual(one);

    // Another seller's endpoint shows nothing; bad values are 422s.
    const other = await box.otherSeller.webhooks.listWebhookDeliveries({ endpoint_id: down.id });
    expect(other.items).toEqual([]);
    expect(
      await expect422('http_code_class', () => list({ http_code_class: '6xx' as '5xx' })),
    ).toMatchObject([{ loc: ['query', 'http_code_class', 0], type: 'enum' }]);
    expect(
      await expect422('a naive timestamp', () => list({ start_timestamp: '2026-01-01T00:00:00' })),
    ).toMatchObject([{ loc: ['query', 'start_timestamp'], type: 'timezone_aware' }]);
    expect(
      await expect422('event_type', () => list({ event_type: 'order.shipped' as 'order.paid' })),
    ).toMatchObject([{ loc: ['query', 'event_type', 0], type: 'enum' }]);
    await box.seller.webhooks.deleteWebhookEndpoint(down.id);
  });

  it('get a fresh secret from the service, with which the next deliveries are signed', async () => {
    const old = receiver.secret;
    const reset = await box.seller.webhooks.resetWebhookEndpointSecret(endpointId);
    expect(reset.secret).toMatch(/^polar_whs_/);
    expect(reset.secret).not.toBe(old);
    receiver.secret = reset.secret;
    const c = await box.seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'resigned@example.com',
    });
    await receiver.until((ds) => ds.some(about('customer.created', c.id)));
    await box.seller.webhooks.deleteWebhookEndpoint(endpointId);
    expect((await box.seller.webhooks.listWebhookEndpoints()).items.map((e) => e.id)).not.toContain(
      endpointId,
    );
  });
});
