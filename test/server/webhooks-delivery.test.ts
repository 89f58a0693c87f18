// Delivery (issue 16): at least once from the outbox, retried after a non-2xx, a timeout or a
// refused connection with exponential backoff and jitter up to a cap of attempts, each attempt a
// delivery row; a slow receiver never holds up the API. The schedule is injected, short.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backoffMs,
  DEFAULT_RETRY,
  type RetrySchedule,
} from '../../src/server/webhooks/delivery.js';
import { type Json, type Service, startService } from './helpers.js';
import {
  type Receiver,
  settled,
  startReceiver,
  verify,
  waitForDeliveries,
} from './webhook-helpers.js';

const RETRY: Partial<RetrySchedule> = { baseMs: 20, maxAttempts: 4, timeoutMs: 300 };

let svc: Service;
let counter = 0;
const opened: { close(): Promise<void> }[] = [];
const acmeOrg = () => svc.demo.organization_id;

beforeAll(async () => {
  svc = await startService({ events: { retry: RETRY } });
});
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});
afterAll(() => svc.stop());

async function receiverOf(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(answer);
  opened.push(r);
  return r;
}

async function endpointFor(url: string): Promise<Json> {
  const r = await svc.api('POST', '/v1/webhooks/endpoints', {
    token: svc.alice,
    body: { url, format: 'raw', events: ['organization.updated'], organization_id: acmeOrg() },
  });
  expect(r.status).toBe(201);
  return r.body;
}

/** One organization.updated event. */
async function change(): Promise<void> {
  counter++;
  const r = await svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
    token: svc.alice,
    body: { name: `Acme Delivery ${counter}` },
  });
  expect(r.status).toBe(200);
}

const deliveriesOf = (endpointId: string, count: number) =>
  waitForDeliveries(
    () =>
      svc.api('GET', '/v1/webhooks/deliveries', {
        token: svc.alice,
        query: { endpoint_id: endpointId, limit: 100 },
      }),
    count,
  );

describe('retries', () => {
  it('500 twice then 200: the event three times, the same id, and three deliveries listed', async () => {
    const receiver = await receiverOf((n) => (n <= 2 ? 500 : 200));
    const e = await endpointFor(receiver.url);
    await change();
    const got = await receiver.waitFor(3);
    await settled(svc.running.store, e.id);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    for (const r of got) expect(verify(r, e.secret).type).toBe('organization.updated');
    // The waits grow: after attempt n, between ½ and 1 of base × 2^n.
    const gaps = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(RETRY.baseMs! - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(RETRY.baseMs! * 2 - 5);
    const list = await deliveriesOf(e.id, 3);
    expect(
      list.items.map((d: Json) => [d.http_code, d.succeeded, d.response, d.webhook_event.id]),
    ).toEqual([
      [200, true, 'answered 200', got[0]!.headers['webhook-id']],
      [500, false, 'answered 500', got[0]!.headers['webhook-id']],
      [500, false, 'answered 500', got[0]!.headers['webhook-id']],
    ]);
    expect(list.items[0].webhook_event).toMatchObject({ last_http_code: 200, succeeded: true });
  });

  it('gives up after the cap of attempts (the event failed); a redelivery is a new round', async () => {
    const receiver = await receiverOf(() => 503);
    const e = await endpointFor(receiver.url);
    await change();
    await receiver.waitFor(RETRY.maxAttempts!);
    await settled(svc.running.store, e.id);
    const list = await deliveriesOf(e.id, RETRY.maxAttempts!);
    expect(receiver.received).toHaveLength(RETRY.maxAttempts!);
    const event = (await deliveriesOf(e.id, RETRY.maxAttempts!)).items[0].webhook_event;
    expect(event).toMatchObject({ succeeded: false, last_http_code: 503 });
    expect(list.items.every((d: Json) => d.succeeded === false && d.http_code === 503)).toBe(true);
    receiver.answer = () => 204;
    const r = await svc.api('POST', `/v1/webhooks/events/${event.id}/redeliver`, {
      token: svc.alice,
    });
    expect(r.status).toBe(202);
    await receiver.waitFor(RETRY.maxAttempts! + 1);
    const after = await deliveriesOf(e.id, RETRY.maxAttempts! + 1);
    expect(after.items[0]).toMatchObject({
      http_code: 204,
      succeeded: true,
      response: null,
      webhook_event: { id: event.id, succeeded: true, last_http_code: 204 },
    });
  });

  it('a refused connection is a delivery without an HTTP code, retried until the cap', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const e = await endpointFor(`http://127.0.0.1:${port}/webhooks`);
    await change();
    const list = await deliveriesOf(e.id, RETRY.maxAttempts!);
    expect(list.items).toHaveLength(RETRY.maxAttempts!);
    for (const d of list.items) {
      expect(d).toMatchObject({ http_code: null, succeeded: false });
      expect(d.response).toMatch(/ECONNREFUSED/);
    }
    expect(list.items[0].webhook_event).toMatchObject({ succeeded: false, last_http_code: null });
  });

  it('no answer within the timeout is a failed attempt', async () => {
    const release: (() => void)[] = [];
    const receiver = await receiverOf(
      (n) =>
        new Promise<number>((resolve) => {
          if (n === 1) release.push(() => resolve(200));
          else resolve(200);
        }),
    );
    const e = await endpointFor(receiver.url);
    await change();
    await receiver.waitFor(1);
    await receiver.waitFor(2);
    for (const f of release) f();
    const list = await deliveriesOf(e.id, 2);
    expect(list.items.map((d: Json) => [d.http_code, d.succeeded, d.response])).toEqual([
      [200, true, 'answered 200'],
      [null, false, `No answer within ${RETRY.timeoutMs! / 1000} s`],
    ]);
  });

  it('a receiver that holds its answer holds up no request of the API (writes included)', async () => {
    // A service of its own whose delivery waits a minute for an answer: were the API held up by
    // a delivery in flight, these requests would wait that minute (the test's own time ends
    // first). No stopwatch: they are answered while the delivery is still in flight.
    const slow = await startService({ events: { retry: { ...RETRY, timeoutMs: 60_000 } } });
    const release: (() => void)[] = [];
    const held = await receiverOf(
      () => new Promise<number>((resolve) => release.push(() => resolve(200))),
    );
    try {
      const org = slow.demo.organization_id;
      const made = await slow.api('POST', '/v1/webhooks/endpoints', {
        token: slow.alice,
        body: {
          url: held.url,
          format: 'raw',
          events: ['organization.updated'],
          organization_id: org,
        },
      });
      expect(made.status).toBe(201);
      const rename = (name: string) =>
        slow.api('PATCH', `/v1/organizations/${org}`, { token: slow.alice, body: { name } });
      expect((await rename('Acme Held')).status).toBe(200);
      await held.waitFor(1);
      for (let i = 0; i < 20; i++) {
        const r = await slow.api('GET', `/v1/organizations/${org}`, { token: slow.alice });
        expect(r.status).toBe(200);
        expect((await rename(`Acme Held ${i}`)).status).toBe(200);
      }
      // Still in flight: its answer has not come, and no attempt is recorded yet.
      expect(release).toHaveLength(1);
      const list = await slow.api('GET', '/v1/webhooks/deliveries', {
        token: slow.alice,
        query: { endpoint_id: made.body.id, limit: 100 },
      });
      expect(list.body.items).toEqual([]);
    } finally {
      for (const f of release) f();
      await slow.stop();
    }
  });

  it('keeps at most 2048 characters of an answer, and reads no more of it', async () => {
    const big: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // 8 MiB, far more than is kept; the delivery is recorded without waiting for it all.
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 128) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    opened.push({
      close: () =>
        new Promise((resolve) => {
          big.closeAllConnections();
          big.close(() => resolve());
        }),
    });
    const { port } = big.address() as AddressInfo;
    const e = await endpointFor(`http://127.0.0.1:${port}/`);
    await change();
    const [d] = (await deliveriesOf(e.id, 1)).items;
    expect([d.http_code, d.succeeded, d.response]).toEqual([200, true, 'x'.repeat(2048)]);
  });

  it('sends one endpoint’s first attempts one at a time, in the order the events happened', async () => {
    const receiver = await receiverOf();
    const e = await endpointFor(receiver.url);
    const names: string[] = [];
    for (let i = 0; i < 15; i++) {
      await change();
      names.push(`Acme Delivery ${counter}`);
    }
    const got = await receiver.waitFor(15);
    expect(got.map((r) => verify(r, e.secret).json.data.name)).toEqual(names);
  });
});

describe('events queued behind a delivery in flight (issue 30: read in a batch, sent one by one)', () => {
  /**
   * A receiver that holds its first two requests until released, and an endpoint of it with four
   * events queued: the first held in flight while three more happen, then the second held, so
   * that the other two were read with it and wait in the worker.
   */
  async function queuedBehind(): Promise<{ e: Json; receiver: Receiver; release(): void }> {
    const held: (() => void)[] = [];
    const receiver = await receiverOf(
      (n) =>
        new Promise<number>((resolve) => (n <= 2 ? held.push(() => resolve(200)) : resolve(200))),
    );
    const e = await endpointFor(receiver.url);
    await change();
    await receiver.waitFor(1);
    for (let i = 0; i < 3; i++) await change();
    held.shift()!();
    await receiver.waitFor(2);
    return { e, receiver, release: () => held.shift()!() };
  }

  it('a deleted endpoint gets none of them once the delivery in flight is answered', async () => {
    const { e, receiver, release } = await queuedBehind();
    const r = await svc.api('DELETE', `/v1/webhooks/endpoints/${e.id}`, { token: svc.alice });
    expect(r.status).toBe(204);
    release();
    // Something that would come after them: an event of another endpoint of the same service.
    const other = await receiverOf();
    await endpointFor(other.url);
    await change();
    await other.waitFor(1);
    await settled(svc.running.store, e.id);
    expect(receiver.received).toHaveLength(2);
  });

  it('a new URL gets the rest, in order, signed with the new secret', async () => {
    const { e, receiver, release } = await queuedBehind();
    const n = counter - 2;
    const moved = await receiverOf();
    const secret = 'whsec_a-new-secret-of-enough-characters';
    const r = await svc.api('PATCH', `/v1/webhooks/endpoints/${e.id}`, {
      token: svc.alice,
      body: { url: moved.url, secret },
    });
    expect(r.status).toBe(200);
    release();
    const got = await moved.waitFor(2);
    expect(got.map((d) => verify(d, secret).json.data.name)).toEqual(
      [n + 1, n + 2].map((i) => `Acme Delivery ${i}`),
    );
    await settled(svc.running.store, e.id);
    expect([receiver.received.length, moved.received.length]).toEqual([2, 2]);
  });
});

describe('order: at least once and unordered, as the real service', () => {
  // polar f179ede58c server/polar/webhook/service.py (send_payload) enqueues one
  // `webhook_event.send` job per endpoint and event; tasks.py answers a failure with arq's
  // Retry(compute_backoff(job_try)), a later run of that one job, while the other jobs go on.
  it('a failed delivery is overtaken: the events after it arrive before its retry', async () => {
    const receiver = await receiverOf(async (n) => {
      if (n !== 1) return 200;
      // While the first attempt of the first event is held, two more events happen.
      await change();
      await change();
      return 500;
    });
    const e = await endpointFor(receiver.url);
    const n = counter + 1;
    await change();
    const got = await receiver.waitFor(4);
    const names = got.map((r) => verify(r, e.secret).json.data.name);
    expect(names).toEqual([n, n + 1, n + 2, n].map((i) => `Acme Delivery ${i}`));
    // The retry is the same event (its webhook-id), sent again.
    expect(got[3]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
  });
});

describe('the schedule', () => {
  it('is the real service’s: 10 attempts, 5 s × 2^n jittered into [½, 1], 20 s per attempt', () => {
    // polar f179ede58c server/polar/webhook/tasks.py: MAX_RETRIES = 10, compute_backoff, and
    // `client.post(..., timeout=20.0)`.
    expect(DEFAULT_RETRY).toEqual({
      maxAttempts: 10,
      baseMs: 5_000,
      maxBackoffMs: 7 * 86_400_000,
      timeoutMs: 20_000,
    });
    const low = (n: number) => backoffMs(n, DEFAULT_RETRY, () => 0);
    const high = (n: number) => backoffMs(n, DEFAULT_RETRY, () => 1);
    expect([1, 2, 3, 9].map(low)).toEqual([5_000, 10_000, 20_000, 1_280_000]);
    expect([1, 2, 3, 9].map(high)).toEqual([10_000, 20_000, 40_000, 2_560_000]);
    expect(high(40)).toBe(7 * 86_400_000);
  });
});

describe('the timeout a service runs with', () => {
  it('is 20 s unless a test shortens it; the attempt ends at the schedule’s timeout', async () => {
    // What ends an attempt is the schedule's timeoutMs (the injected 300 ms above, "no answer
    // within the timeout"); a service started without one runs with the real service's 20 s.
    const plain = await startService();
    try {
      expect(plain.running.events.worker.retry.timeoutMs).toBe(20_000);
    } finally {
      await plain.stop();
    }
    expect(svc.running.events.worker.retry.timeoutMs).toBe(RETRY.timeoutMs);
  });
});
