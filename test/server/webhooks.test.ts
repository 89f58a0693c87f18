// Webhook endpoints as the real API (issue 16; polar/webhook/endpoints.py): POST/GET
// /v1/webhooks/endpoints, GET/PATCH/DELETE /v1/webhooks/endpoints/{id}, the deliveries list and
// an event's redelivery; the form, the generated secret, the rules of the bodies, scopes and
// other organizations' endpoints. Loopback URLs are accepted (the local service's point).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import {
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  page,
  type Service,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';
import { login } from './oauth/helpers.js';
import {
  type Receiver,
  settled,
  startReceiver,
  verify,
  WEBHOOK_DELIVERY,
  WEBHOOK_ENDPOINT,
  waitForDeliveries,
} from './webhook-helpers.js';

let svc: Service;
let receiver: Receiver;
let orgToken: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const acmeOrg = () => svc.demo.organization_id;

const create = (body: Record<string, unknown>, token = svc.alice) =>
  svc.api('POST', '/v1/webhooks/endpoints', {
    token,
    body: token === orgToken ? body : { organization_id: acmeOrg(), ...body },
  });
const endpoint = (events: string[] = ['organization.updated'], url = receiver.url) =>
  create({ url, format: 'raw', events });
const rename = (name: string) =>
  svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, { token: svc.alice, body: { name } });

beforeAll(async () => {
  svc = await startService();
  receiver = await startReceiver();
  const ctx = { svc: svc.running, base: svc.url, demo: svc.demo };
  orgToken = (
    await login(
      ctx,
      { sub_type: 'organization', scope: 'webhooks:read webhooks:write' },
      { organization: acmeOrg() },
    )
  ).access_token;
});
afterAll(async () => {
  await receiver.close();
  await svc.stop();
});

describe('webhook endpoints', () => {
  it('creates one with a generated polar_whs_ secret, and reads it back', async () => {
    const r = await endpoint(['order.created', 'subscription.created']);
    expect(r.status).toBe(201);
    expectShape(r.body, WEBHOOK_ENDPOINT);
    expect(r.body).toMatchObject({
      url: receiver.url,
      format: 'raw',
      organization_id: acmeOrg(),
      events: ['order.created', 'subscription.created'],
      modified_at: null,
    });
    expect(r.body.secret).toMatch(/^polar_whs_[A-Za-z0-9]{43}$/);
    const got = await svc.api('GET', `/v1/webhooks/endpoints/${r.body.id}`, { token: svc.alice });
    expect([got.status, got.body]).toEqual([200, r.body]);
    const other = await endpoint(['order.created']);
    expect(other.body.secret).not.toBe(r.body.secret);
  });

  it('accepts loopback http:// URLs (the real service refuses them), normalized as pydantic does', async () => {
    for (const [url, stored] of [
      ['http://localhost:3000/webhooks', 'http://localhost:3000/webhooks'],
      ['http://[::1]:8080', 'http://[::1]:8080/'],
      [' https://example.com/hook ', 'https://example.com/hook'],
    ]) {
      const r = await create({ url, format: 'raw', events: [] });
      expect([r.status, r.body.url]).toEqual([201, stored]);
    }
  });

  it('keeps a secret sent with the request (at least 32 characters)', async () => {
    const secret = 'whsec_my-own-secret-of-enough-characters';
    const r = await create({ url: receiver.url, format: 'raw', events: [], secret });
    expect([r.status, r.body.secret]).toEqual([201, secret]);
    const short = await create({ url: receiver.url, format: 'raw', events: [], secret: 'short' });
    expect([short.status, short.body]).toEqual([
      422,
      invalid({
        type: 'string_too_short',
        loc: ['body', 'secret'],
        msg: 'String should have at least 32 characters',
        input: 'short',
        ctx: { min_length: 32 },
      }),
    ]);
  });

  it('refuses bodies as the real service does', async () => {
    const cases: [Record<string, unknown>, Json][] = [
      [
        { url: 'ftp://example.com/x', format: 'raw', events: [] },
        {
          type: 'url_scheme',
          loc: ['body', 'url'],
          msg: "URL scheme should be 'http' or 'https'",
          input: 'ftp://example.com/x',
          ctx: { expected_schemes: "'http' or 'https'" },
        },
      ],
      [
        { url: '/webhooks', format: 'raw', events: [] },
        {
          type: 'url_parsing',
          loc: ['body', 'url'],
          msg: 'Input should be a valid URL, relative URL without a base',
          input: '/webhooks',
          ctx: { error: 'relative URL without a base' },
        },
      ],
      [
        { url: 7, format: 'raw', events: [] },
        {
          type: 'url_type',
          loc: ['body', 'url'],
          msg: 'URL input should be a string or URL',
          input: 7,
        },
      ],
      [
        { url: receiver.url, format: 'json', events: [] },
        {
          type: 'enum',
          loc: ['body', 'format'],
          msg: "Input should be 'raw', 'discord' or 'slack'",
          input: 'json',
          ctx: { expected: "'raw', 'discord' or 'slack'" },
        },
      ],
      [
        { url: receiver.url, format: 'slack', events: [] },
        {
          type: 'value_error',
          loc: ['body', 'format'],
          msg: 'The local service delivers only the raw format.',
          input: 'slack',
        },
      ],
      [
        { url: receiver.url, format: 'raw', events: ['order.created', 'order.paid'] },
        {
          type: 'enum',
          loc: ['body', 'events', 1],
          msg: `Input should be ${WEBHOOK_EVENT_TYPES.slice(0, -1)
            .map((t) => `'${t}'`)
            .join(', ')} or '${WEBHOOK_EVENT_TYPES.at(-1)}'`,
          input: 'order.paid',
          ctx: expect.any(Object),
        },
      ],
      [
        { url: receiver.url, format: 'raw' },
        {
          type: 'missing',
          loc: ['body', 'events'],
          msg: 'Field required',
          input: { organization_id: acmeOrg(), url: receiver.url, format: 'raw' },
        },
      ],
    ];
    for (const [body, item] of cases) {
      const r = await create(body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([422, invalid(item)]);
    }
  });

  it('takes the organization of an organization token; a user token names one of its own', async () => {
    const r = await create({ url: receiver.url, format: 'raw', events: [] }, orgToken);
    expect([r.status, r.body.organization_id]).toEqual([201, acmeOrg()]);
    const named = await svc.api('POST', '/v1/webhooks/endpoints', {
      token: orgToken,
      body: { url: receiver.url, format: 'raw', events: [], organization_id: acmeOrg() },
    });
    expect([named.status, named.body.detail[0].type]).toEqual([422, 'organization_token']);
    const missing = await svc.api('POST', '/v1/webhooks/endpoints', {
      token: svc.alice,
      body: { url: receiver.url, format: 'raw', events: [] },
    });
    expect([missing.status, missing.body]).toEqual([
      422,
      invalid({
        type: 'missing',
        loc: ['body', 'organization_id'],
        msg: 'organization_id is required.',
        input: null,
      }),
    ]);
    const theirs = await create({
      url: receiver.url,
      format: 'raw',
      events: [],
      organization_id: svc.demo.other.organization_id,
    });
    expect([theirs.status, theirs.body.detail[0].msg]).toEqual([422, 'Organization not found.']);
  });

  it('lists the organization’s endpoints newest first; another organization sees none of them', async () => {
    const first = (await endpoint()).body;
    const second = (await endpoint()).body;
    const r = await svc.api('GET', '/v1/webhooks/endpoints', {
      token: svc.alice,
      query: { limit: 2 },
    });
    expect(r.status).toBe(200);
    expectShape(r.body, page(WEBHOOK_ENDPOINT));
    expect(r.body.items.map((e: Json) => e.id)).toEqual([second.id, first.id]);
    expect(r.body.pagination.max_page).toBeGreaterThan(1);
    const filtered = await svc.api('GET', '/v1/webhooks/endpoints', {
      token: svc.alice,
      query: { organization_id: svc.demo.other.organization_id },
    });
    expect(filtered.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const bobs = await svc.api('GET', '/v1/webhooks/endpoints', { token: svc.bob });
    expect(bobs.body.pagination.total_count).toBe(0);
    const get = await svc.api('GET', `/v1/webhooks/endpoints/${first.id}`, { token: svc.bob });
    expect([get.status, get.body]).toEqual([404, NOT_FOUND]);
    const slash = await svc.api('GET', '/v1/webhooks/endpoints/', { token: svc.alice });
    expect([slash.status, slash.headers.get('location')]).toEqual([307, '/v1/webhooks/endpoints']);
  });

  it('updates only what is sent (null changes nothing)', async () => {
    const e = (await endpoint(['order.created'])).body;
    const r = await svc.api('PATCH', `/v1/webhooks/endpoints/${e.id}`, {
      token: svc.alice,
      body: { events: ['order.created', 'checkout.updated'], url: null, secret: null },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ...e,
      events: ['order.created', 'checkout.updated'],
      modified_at: expect.any(String),
    });
    const moved = await svc.api('PATCH', `/v1/webhooks/endpoints/${e.id}`, {
      token: svc.alice,
      body: { url: 'http://127.0.0.1:1/elsewhere' },
    });
    expect(moved.body.url).toBe('http://127.0.0.1:1/elsewhere');
    const bad = await svc.api('PATCH', `/v1/webhooks/endpoints/${e.id}`, {
      token: svc.alice,
      body: { events: ['nope'] },
    });
    expect([bad.status, bad.body.detail[0].loc]).toEqual([422, ['body', 'events', 0]]);
    const theirs = await svc.api('PATCH', `/v1/webhooks/endpoints/${e.id}`, {
      token: svc.bob,
      body: { events: [] },
    });
    expect([theirs.status, theirs.body]).toEqual([404, NOT_FOUND]);
  });

  it('deletes one: 204, then a 404, and it gets no more events', async () => {
    const own = await startReceiver();
    const e = (await endpoint(['organization.updated'], own.url)).body;
    const r = await svc.api('DELETE', `/v1/webhooks/endpoints/${e.id}`, { token: svc.alice });
    expect([r.status, r.text]).toEqual([204, '']);
    const again = await svc.api('GET', `/v1/webhooks/endpoints/${e.id}`, { token: svc.alice });
    expect([again.status, again.body]).toEqual([404, NOT_FOUND]);
    const gone = await svc.api('DELETE', `/v1/webhooks/endpoints/${e.id}`, { token: svc.alice });
    expect(gone.status).toBe(404);
    const watcher = (await endpoint(['organization.updated'], own.url)).body;
    try {
      expect((await rename('Acme After Delete')).status).toBe(200);
      const [got] = await own.waitFor(1);
      // Only the endpoint that still exists was sent the event (both have the same URL): once
      // nothing is due to either, one delivery arrived.
      await settled(svc.running.store, watcher.id);
      await settled(svc.running.store, e.id);
      expect(own.received.length).toBe(1);
      const deliveries = await waitForDeliveries(
        () =>
          svc.api('GET', '/v1/webhooks/deliveries', {
            token: svc.alice,
            query: { endpoint_id: watcher.id },
          }),
        1,
      );
      expect(deliveries.items[0].webhook_event.id).toBe(got!.headers['webhook-id']);
    } finally {
      await own.close();
    }
  });

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    for (const [method, path] of [
      ['GET', `/v1/webhooks/endpoints/${UNKNOWN}`],
      ['PATCH', `/v1/webhooks/endpoints/${UNKNOWN}`],
      ['DELETE', `/v1/webhooks/endpoints/${UNKNOWN}`],
      ['POST', `/v1/webhooks/events/${UNKNOWN}/redeliver`],
    ] as const) {
      const r = await svc.api(method, path, {
        token: svc.alice,
        body: method === 'GET' ? undefined : {},
      });
      expect([r.status, r.body], `${method} ${path}`).toEqual([404, NOT_FOUND]);
    }
    const bad = await svc.api('GET', '/v1/webhooks/endpoints/nope', { token: svc.alice });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['path', 'id'], 'nope')]);
    const query = await svc.api('GET', '/v1/webhooks/deliveries', {
      token: svc.alice,
      query: { endpoint_id: 'nope' },
    });
    expect([query.status, query.body]).toEqual([
      422,
      uuidParsing(['query', 'endpoint_id'], 'nope'),
    ]);
  });

  it('needs webhooks:read to read and webhooks:write to change; no token is a 401', async () => {
    const e = (await endpoint()).body;
    const reader = await svc.pat(['webhooks:read']);
    const other = await svc.pat(['orders:read']);
    expect((await svc.api('GET', `/v1/webhooks/endpoints/${e.id}`, { token: reader })).status).toBe(
      200,
    );
    expect((await svc.api('GET', '/v1/webhooks/deliveries', { token: reader })).status).toBe(200);
    const write = await create({ url: receiver.url, format: 'raw', events: [] }, reader);
    expect([write.status, write.body]).toEqual([403, insufficientScope(['webhooks:write'])]);
    const read = await svc.api('GET', '/v1/webhooks/endpoints', { token: other });
    expect([read.status, read.body]).toEqual([
      403,
      insufficientScope(['webhooks:read', 'webhooks:write']),
    ]);
    const anonymous = await svc.api('GET', '/v1/webhooks/endpoints');
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED]);
  });
});

describe('the endpoint of billing serve --webhook', () => {
  it('is the demo organization’s, for every event type, and outlives a reset with its secret', async () => {
    const own = await startReceiver();
    const served = await startService({ webhook: own.url });
    try {
      const registered = served.running.webhook!;
      expect(registered).toEqual({
        id: expect.any(String),
        url: own.url,
        secret: expect.stringMatching(/^polar_whs_/),
      });
      const before = await served.api('GET', `/v1/webhooks/endpoints/${registered.id}`, {
        token: served.alice,
      });
      expect(before.body).toMatchObject({
        organization_id: served.demo.organization_id,
        events: [...WEBHOOK_EVENT_TYPES],
        secret: registered.secret,
      });
      await served.reset();
      expect(served.running.webhook).toEqual(registered);
      const after = await served.api('GET', `/v1/webhooks/endpoints/${registered.id}`, {
        token: served.alice,
      });
      expect(after.body).toMatchObject({ id: registered.id, secret: registered.secret });
      const r = await served.api('PATCH', `/v1/organizations/${served.demo.organization_id}`, {
        token: served.alice,
        body: { name: 'Acme After Reset' },
      });
      expect(r.status).toBe(200);
      const [got] = await own.waitFor(1);
      expect(verify(got!, registered.secret).json.data.name).toBe('Acme After Reset');
    } finally {
      await served.stop();
      await own.close();
    }
  });
});

describe('deliveries and redelivery', () => {
  it('lists every attempt newest first with its event; redeliver (202) sends the event again', async () => {
    const own = await startReceiver();
    try {
      await redelivery(own);
    } finally {
      await own.close();
    }
  });
});

async function redelivery(own: Receiver) {
  const e = (await endpoint(['organization.updated'], own.url)).body;
  expect((await rename('Acme Redelivered')).status).toBe(200);
  const [first] = await own.waitFor(1);
  const list = () =>
    svc.api('GET', '/v1/webhooks/deliveries', {
      token: svc.alice,
      query: { endpoint_id: e.id },
    });
  const one = await waitForDeliveries(list, 1);
  expectShape(one, page(WEBHOOK_DELIVERY));
  const [delivery] = one.items;
  expect(delivery).toMatchObject({
    http_code: 200,
    succeeded: true,
    response: 'answered 200',
    webhook_event: {
      id: first!.headers['webhook-id'],
      type: 'organization.updated',
      last_http_code: 200,
      succeeded: true,
      payload: first!.body,
    },
  });
  const r = await svc.api('POST', `/v1/webhooks/events/${delivery.webhook_event.id}/redeliver`, {
    token: svc.alice,
  });
  expect([r.status, r.text]).toEqual([202, 'null']);
  const [, again] = await own.waitFor(2);
  expect(again!.body).toBe(first!.body);
  expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  const two = await waitForDeliveries(list, 2);
  expect(two.items.map((d: Json) => d.webhook_event.id)).toEqual([
    delivery.webhook_event.id,
    delivery.webhook_event.id,
  ]);
  expect(two.items[1].id).toBe(delivery.id);
  // Another organization cannot see or redeliver it.
  const theirs = await svc.api(
    'POST',
    `/v1/webhooks/events/${delivery.webhook_event.id}/redeliver`,
    { token: svc.bob },
  );
  expect([theirs.status, theirs.body]).toEqual([404, NOT_FOUND]);
  const bobs = await svc.api('GET', '/v1/webhooks/deliveries', { token: svc.bob });
  expect(bobs.body.pagination.total_count).toBe(0);
}
