// The CLI event stream GET /v1/cli/listen/{organization_id} (issue 16; the real service's
// polar/cli/endpoints.py): Server-Sent Events, first `connected` with the secret, then one
// `webhook.created` message per event with its signed headers; the same events the webhook
// endpoints get, verified by the official SDK's validateEvent with that secret; heartbeats,
// Last-Event-ID, and a client that stops reading is let go rather than buffered for.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import { pythonJson } from '../cli/commands/listen/real-stream.js';
import {
  BUYER,
  insufficientScope,
  type Json,
  NOT_FOUND,
  type Service,
  startService,
  UNAUTHORIZED,
} from './helpers.js';
import { login } from './oauth/helpers.js';
import { type Receiver, startReceiver, verify } from './webhook-helpers.js';

let svc: Service;
const acmeOrg = () => svc.demo.organization_id;
const HEARTBEAT_MS = 100;

beforeAll(async () => {
  svc = await startService({
    events: { listen: { heartbeatMs: HEARTBEAT_MS, maxBufferedBytes: 64 * 1024 } },
  });
});
afterAll(() => svc.stop());

interface Frame {
  id?: string;
  data?: string;
  comment?: string;
}

/** An SSE connection: the frames so far, and a way to wait for more. */
interface Stream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  frames: Frame[];
  /** The data frames parsed as JSON. */
  messages(): Json[];
  waitFor(count: number, pick?: (f: Frame) => boolean): Promise<Frame[]>;
  close(): void;
}

function listen(path: string, token?: string, lastEventId?: string): Promise<Stream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  return new Promise((resolve, reject) => {
    const req = request(`${svc.url}${path}`, { headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const frames: Frame[] = [];
      const waiters: (() => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
          const frame: Frame = {};
          for (const line of buffer.slice(0, end).split('\r\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('data: ')) frame.data = line.slice(6);
          }
          frames.push(frame);
          buffer = buffer.slice(end + 4);
        }
        for (const w of waiters.splice(0)) w();
      });
      const stream: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        messages: () => frames.filter((f) => f.data).map((f) => JSON.parse(f.data!)),
        waitFor(count, pick = (f) => f.data !== undefined) {
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`${frames.filter(pick).length} of ${count} frames`)),
              10_000,
            );
            const check = () => {
              const got = frames.filter(pick);
              if (got.length >= count) {
                clearTimeout(timer);
                done(got);
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => req.destroy(),
      };
      resolve(stream);
    });
    req.end();
  });
}

const rename = async (name: string) => {
  const r = await svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
    token: svc.alice,
    body: { name },
  });
  expect(r.status).toBe(200);
};

/** The body a message stands for: its payload's JSON, which is what was signed. */
/** The webhook body a message carries: a string of the signed bytes (today's real form). */
const bodyOf = (message: Json): string => {
  expect(typeof message.payload.payload).toBe('string');
  return message.payload.payload;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the event stream', () => {
  let receiver: Receiver;
  let endpointSecret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    const e = await svc.api('POST', '/v1/webhooks/endpoints', {
      token: svc.alice,
      body: {
        url: receiver.url,
        format: 'raw',
        events: [...WEBHOOK_EVENT_TYPES],
        organization_id: acmeOrg(),
      },
    });
    endpointSecret = e.body.secret;
  });
  afterAll(() => receiver.close());

  it('connects, then sends the events the endpoints get, signed with the organization id', async () => {
    const stream = await listen(`/v1/cli/listen/${acmeOrg()}`, svc.alice);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const [connected] = await stream.waitFor(1);
      const hello = JSON.parse(connected!.data!);
      expect(Object.keys(hello)).toEqual(['key', 'ts', 'secret']);
      expect(hello.key).toBe('connected');
      // str(datetime): microseconds, none at all when they are 0.
      expect(hello.ts).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
      // Python's json.dumps form, as the real service writes it (cross-checked with the real
      // stream's model in test/cli/commands/listen/real-stream.ts).
      expect(connected!.data).toBe(pythonJson(hello));
      // The real service's secret: the organization id without its dashes.
      expect(hello.secret).toBe(acmeOrg().replaceAll('-', ''));

      const before = receiver.received.length;
      await rename('Acme Listening');
      // A confirm: several events of several resources in one transaction.
      const id = svc.demo.open_checkout_ids[1]!;
      const c = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
      const confirmed = await svc.api(
        'POST',
        `/v1/checkouts/custom/client/${c.body.client_secret}/confirm`,
        {
          body: {
            customer_email: 'listen@example.com',
            ...BUYER,
            confirmation_token_id: 'tok_visa',
          },
        },
      );
      expect(confirmed.status).toBe(200);
      const frames = await stream.waitFor(6);
      const delivered = await receiver.waitFor(before + 5);
      const messages = frames.slice(1).map((f) => JSON.parse(f.data!));
      // The confirm's checkout.updated, then the payment's (domain/jobs.ts).
      // The body is a JSON string, as today's real service sends it (publish_webhook_event).
      for (const m of messages) expect(typeof m.payload.payload).toBe('string');
      const bodies = messages.map((m) => JSON.parse(m.payload.payload));
      expect(bodies.map((b) => b.type)).toEqual([
        'organization.updated',
        'checkout.updated',
        'checkout.updated',
        'order.created',
        'benefit_grant.created',
      ]);
      for (const [i, m] of messages.entries()) {
        expect(Object.keys(m)).toEqual(['id', 'key', 'payload', 'headers']);
        expect(m.key).toBe('webhook.created');
        expect(Object.keys(m.payload)).toEqual(['webhook_event_id', 'payload']);
        expect(frames[i + 1]!.data).toBe(pythonJson(m));
        // Fresh ids per message, as the real service makes them; the SSE id (for Last-Event-ID,
        // beyond the real service) is the event's.
        expect(m.id).toMatch(UUID);
        expect(m.payload.webhook_event_id).toMatch(UUID);
        expect(new Set([m.id, m.payload.webhook_event_id, frames[i + 1]!.id]).size).toBe(3);
        expect(delivered[before + i]!.headers['webhook-id']).not.toBe(m.payload.webhook_event_id);
        expect(Object.keys(m.headers)).toEqual([
          'user-agent',
          'content-type',
          'webhook-id',
          'webhook-timestamp',
          'webhook-signature',
        ]);
        expect(m.headers['webhook-id']).toBe(m.payload.webhook_event_id);
        // What the CLI forwards verifies with the stream's secret, by the official SDK.
        const v = verify({ body: bodyOf(m), headers: m.headers, at: 0 }, hello.secret);
        expect(v.type).toBe(bodies[i].type);
        // The same body as the webhook endpoint's delivery of that event.
        expect(bodyOf(m)).toBe(delivered[before + i]!.body);
        expect(verify(delivered[before + i]!, endpointSecret).json).toEqual(bodies[i]);
      }
    } finally {
      stream.close();
    }
  });

  it('sends heartbeats while nothing happens', async () => {
    const stream = await listen(`/v1/cli/listen/${acmeOrg()}`, svc.alice);
    try {
      const pings = await stream.waitFor(2, (f) => f.comment !== undefined);
      expect(pings[0]!.comment).toMatch(/^ping - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    } finally {
      stream.close();
    }
  });

  it('replays what was missed after Last-Event-ID, then goes on live', async () => {
    const first = await listen(`/v1/cli/listen/${acmeOrg()}`, svc.alice);
    await first.waitFor(1);
    await rename('Acme Seen');
    const [, seen] = await first.waitFor(2);
    first.close();
    await rename('Acme Missed 1');
    await rename('Acme Missed 2');
    const again = await listen(`/v1/cli/listen/${acmeOrg()}`, svc.alice, seen!.id);
    try {
      await again.waitFor(3);
      await rename('Acme Live');
      await again.waitFor(4);
      expect(again.messages().map((m) => m.key)).toEqual([
        'connected',
        'webhook.created',
        'webhook.created',
        'webhook.created',
      ]);
      expect(
        again
          .messages()
          .slice(1)
          .map((m) => JSON.parse(bodyOf(m)).data.name),
      ).toEqual(['Acme Missed 1', 'Acme Missed 2', 'Acme Live']);
    } finally {
      again.close();
    }
  });

  it('lets go of a client that stops reading instead of buffering without bound', async () => {
    const hub = svc.running.events.hub;
    const deadline = Date.now() + 20_000;
    const until = async (done: () => boolean, what: string) => {
      while (!done()) {
        if (Date.now() > deadline) throw new Error(what);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    // The streams of the tests before are gone.
    await until(() => hub.size === 0, 'earlier streams still open');
    const { host, port } = new URL(svc.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `GET /v1/cli/listen/${acmeOrg()} HTTP/1.1\r\nhost: ${host}\r\n` +
        `authorization: Bearer ${svc.alice}\r\n\r\n`,
    );
    // It never reads what it is sent.
    socket.pause();
    await until(() => hub.size === 1, 'the stream never opened');
    // Product updates with a 32 KiB description: the kernel's socket buffers fill up first (a
    // few MiB on loopback), then the 64 KiB the stream may queue, and it is closed.
    const product = (await svc.api('GET', '/v1/products/', { token: svc.alice })).body.items[0];
    let n = 0;
    while (hub.size > 0) {
      if (Date.now() > deadline) throw new Error(`still connected after ${n} events`);
      const r = await svc.api('PATCH', `/v1/products/${product.id}`, {
        token: svc.alice,
        body: { description: `${n++} ${'flood '.repeat(5460)}` },
      });
      expect(r.status).toBe(200);
    }
    expect(n).toBeGreaterThan(2);
    socket.destroy();
    // The service goes on: a new stream opens and gets its connected message.
    const next = await listen(`/v1/cli/listen/${acmeOrg()}`, svc.alice);
    await next.waitFor(1);
    next.close();
  }, 30_000);
});

describe('who may listen', () => {
  it('needs a token with webhooks:read (or :write) of that organization', async () => {
    const other = await svc.pat(['orders:read']);
    const reader = await svc.pat(['webhooks:read']);
    const ok = await listen(`/v1/cli/listen/${acmeOrg()}`, reader);
    expect(ok.status).toBe(200);
    ok.close();
    for (const [token, status, body] of [
      [undefined, 401, UNAUTHORIZED],
      [other, 403, insufficientScope(['webhooks:read', 'webhooks:write'])],
      [svc.bob, 404, NOT_FOUND],
    ] as const) {
      const r = await svc.api('GET', `/v1/cli/listen/${acmeOrg()}`, { token });
      expect([r.status, r.body]).toEqual([status, body]);
    }
    const unknown = await svc.api('GET', '/v1/cli/listen/00000000-0000-4000-8000-000000000000', {
      token: svc.alice,
    });
    expect(unknown.status).toBe(404);
  });

  it('takes an organization token of that organization', async () => {
    const ctx = { svc: svc.running, base: svc.url, demo: svc.demo };
    const token = (
      await login(
        ctx,
        { sub_type: 'organization', scope: 'webhooks:read' },
        { organization: acmeOrg() },
      )
    ).access_token;
    const stream = await listen(`/v1/cli/listen/${acmeOrg()}`, token);
    try {
      expect(stream.status).toBe(200);
      const [hello] = await stream.waitFor(1);
      expect(JSON.parse(hello!.data!).key).toBe('connected');
    } finally {
      stream.close();
    }
  });
});
