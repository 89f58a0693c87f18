// The sandbox cannot be turned on itself (issue 23): a webhook endpoint at the service's own
// host and port (http://127.0.0.1:<port>/__local/reset) would let any organization's token make
// the service wipe every organization. Refused with a 422 naming `url` at create and update, in
// every spelling of this host and port; checked again where a delivery connects (a name can
// resolve differently later), which then fails without a request being made. Loopback URLs of
// other ports stay allowed: that is how sellers test their handlers.
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { start } from '../../src/server/index.js';
import { type Json, type Service, startService } from '../server/helpers.js';
import { startReceiver, waitForDeliveries } from '../server/webhook-helpers.js';

let svc: Service;
let port: number;
const lines: string[] = [];
const acmeOrg = () => svc.demo.organization_id;

beforeAll(async () => {
  svc = await startService({
    allowedHosts: ['sandbox.example', 'proxy.example:8443'],
    log: (line) => void lines.push(line),
    events: {
      retry: { baseMs: 20, maxAttempts: 2, timeoutMs: 2_000 },
      // A name that resolves to this machine at delivery time (DNS rebinding, /etc/hosts).
      lookup: async (name) =>
        name === 'rebound.test'
          ? [{ address: '127.0.0.1', family: 4 }]
          : lookup(name, { all: true }),
    },
  });
  port = Number(new URL(svc.url).port);
});
afterAll(() => svc.stop());

const create = (url: string) =>
  svc.api('POST', '/v1/webhooks/endpoints', {
    token: svc.alice,
    body: { url, format: 'raw', events: ['organization.updated'], organization_id: acmeOrg() },
  });

const endpointCount = async () =>
  (await svc.api('GET', '/v1/webhooks/endpoints', { token: svc.alice })).body.pagination
    .total_count as number;

/** Every spelling of this host and port, `P` standing for the port. */
const OWN = [
  'http://127.0.0.1:P/__local/reset',
  'http://127.8.9.10:P/__local/reset',
  'http://localhost:P/__local/reset',
  'http://LocalHost.:P/__local/reset',
  'http://api.localhost:P/',
  'http://[::1]:P/__local/reset',
  'http://[0:0:0:0:0:0:0:1]:P/',
  'http://[::ffff:127.0.0.1]:P/',
  'http://0.0.0.0:P/__local/reset',
  'http://0:P/',
  'http://[::]:P/',
  'http://2130706433:P/',
  'http://0x7f.1:P/',
  'https://127.0.0.1:P/',
  `http://${hostname()}:P/`,
  // The names it answers to (--allowed-host), at its port or the one given.
  'http://sandbox.example:P/__local/reset',
  'https://proxy.example:8443/__local/reset',
];
const spelled = (template: string) => template.replace(':P/', `:${port}/`);
const ownSpellings = () => OWN.map(spelled);

describe('an endpoint at the service’s own address', () => {
  it.each(OWN)('is refused at create: %s', async (template) => {
    const url = spelled(template);
    const before = await endpointCount();
    const r = await create(url);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('RequestValidationError');
    expect(r.body.detail).toHaveLength(1);
    expect(r.body.detail[0]).toMatchObject({
      loc: ['body', 'url'],
      type: 'value_error',
      input: url,
    });
    expect(r.body.detail[0].msg).toContain("this service's own address");
    expect(await endpointCount()).toBe(before);
  });

  it('is refused at update, and the endpoint keeps its URL', async () => {
    const receiver = await startReceiver();
    try {
      const created = await create(receiver.url);
      expect(created.status).toBe(201);
      for (const url of ownSpellings()) {
        const r = await svc.api('PATCH', `/v1/webhooks/endpoints/${created.body.id}`, {
          token: svc.alice,
          body: { url },
        });
        expect([r.status, r.body.detail?.[0]?.loc]).toEqual([422, ['body', 'url']]);
      }
      const now = await svc.api('GET', `/v1/webhooks/endpoints/${created.body.id}`, {
        token: svc.alice,
      });
      expect(now.body.url).toBe(receiver.url);
      await svc.api('DELETE', `/v1/webhooks/endpoints/${created.body.id}`, { token: svc.alice });
    } finally {
      await receiver.close();
    }
  });

  it('loopback URLs of other ports, and other names at this port, stay allowed', async () => {
    const other = port === 65535 ? port - 1 : port + 1;
    for (const url of [
      `http://127.0.0.1:${other}/webhooks`,
      `http://localhost:${other}/webhooks`,
      `http://[::1]:${other}/webhooks`,
      `http://localhost/webhooks`,
      `https://proxy.example/webhooks`,
      `https://example.com:${port}/webhooks`,
    ]) {
      const r = await create(url);
      expect([url, r.status]).toEqual([url, 201]);
      await svc.api('DELETE', `/v1/webhooks/endpoints/${r.body.id}`, { token: svc.alice });
    }
  });
});

describe('a delivery that would reach the service itself', () => {
  /** An event for the endpoint `id`; its deliveries once both attempts are recorded. */
  async function deliveriesAfterChange(id: string, name: string): Promise<Json[]> {
    const r = await svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
      token: svc.alice,
      body: { name },
    });
    expect(r.status).toBe(200);
    const list = await waitForDeliveries(
      () =>
        svc.api('GET', '/v1/webhooks/deliveries', {
          token: svc.alice,
          query: { endpoint_id: id },
        }),
      2,
    );
    return list.items;
  }

  const resetCalls = () => lines.filter((l) => l.includes('/__local/reset'));

  it('a name that resolves to it later: fails without a request, nothing is wiped', async () => {
    // Allowed at create: the name is not one of the service's own.
    const e = await create(`http://rebound.test:${port}/__local/reset`);
    expect(e.status).toBe(201);
    const items = await deliveriesAfterChange(e.body.id, 'Acme Rebound');
    expect(items).toHaveLength(2);
    for (const d of items) {
      expect(d).toMatchObject({ http_code: null, succeeded: false });
      expect(d.response).toBe(
        `Not sent: rebound.test is 127.0.0.1, this service's own address at port ${port}; a delivery never calls the service itself.`,
      );
    }
    // Both attempts are recorded, so a request made by either would have been answered by now.
    expect(resetCalls()).toEqual([]);
    const org = await svc.api('GET', `/v1/organizations/${acmeOrg()}`, { token: svc.alice });
    expect(org.body.name).toBe('Acme Rebound');
    await svc.api('DELETE', `/v1/webhooks/endpoints/${e.body.id}`, { token: svc.alice });
  });

  it('an endpoint stored before this check (an old --db file): the same', async () => {
    const store = svc.running.store;
    const id = '7d1c3f0e-5b2a-4c8d-9e6f-0a1b2c3d4e5f';
    store.tx(() =>
      store.insert('webhook_endpoints', {
        id,
        created_at: svc.running.clock.iso(),
        modified_at: null,
        organization_id: acmeOrg(),
        url: `http://localhost:${port}/__local/reset`,
        format: 'raw',
        secret: 'polar_whs_storedBeforeTheCheckxxxxxxxxxxxxxxxxxx',
        events: JSON.stringify(['organization.updated']),
        deleted_at: null,
      }),
    );
    const items = await deliveriesAfterChange(id, 'Acme Stored');
    for (const d of items) {
      expect(d).toMatchObject({ http_code: null, succeeded: false });
      expect(d.response).toMatch(/^Not sent: localhost is (127\.0\.0\.1|::1), this service's own/);
    }
    expect(resetCalls()).toEqual([]);
    await svc.api('DELETE', `/v1/webhooks/endpoints/${id}`, { token: svc.alice });
  });
});

describe('billing serve --webhook', () => {
  it('refuses the service’s own address', async () => {
    const free = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number };
        s.close(() => resolve(p));
      });
    });
    const refused = start({ port: free, webhook: `http://localhost:${free}/__local/reset` });
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(`is this service's own address`);
    // The port is free again: the service closed what it opened.
    const again = await start({ port: free });
    await again.stop();
  });
});
