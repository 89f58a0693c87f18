// billing listen over real connections (nothing injected, as the process runs it): a tiny
// SSE server on a random port that holds each stream open and writes frames when told, and a
// receiver for the handler. Events are handed on while the stream stays open; heartbeats keep
// a quiet stream alive; a silent or broken one is reconnected, resuming after the last event.
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../../server/webhook-helpers.js';
import { ORG } from '../verb.js';
import { connected, event, lines, running, SECRET } from './stream.js';

interface Connection {
  lastEventId?: string;
  res: ServerResponse;
}

let base: string;
let receiver: Receiver;
const connections: Connection[] = [];
const waiters: (() => void)[] = [];
const server = createServer((req, res) => {
  if (req.url !== `/v1/cli/listen/${ORG}`) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write(connected());
  const last = req.headers['last-event-id'];
  connections.push({ res, ...(typeof last === 'string' ? { lastEventId: last } : {}) });
  for (const wake of waiters.splice(0)) wake();
});

/** Resolves once `n` streams have been opened. */
function opened(n: number): Promise<Connection> {
  return new Promise((resolve) => {
    const check = () =>
      connections.length >= n ? resolve(connections[n - 1]!) : waiters.push(check);
    check();
  });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
});
afterEach(() => {
  for (const c of connections.splice(0)) c.res.destroy();
  receiver.received.splice(0);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await receiver.close();
});

const e1 = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created');
const e2 = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'subscription.updated');

describe('listen over a live stream', () => {
  it('hands each event on as it comes, while the stream stays open', async () => {
    const run = running(
      { forward: receiver.url, verify: true, json: false },
      { env: { BILLING_BASE_URL: base }, until: ({ stdout }) => lines(stdout).length === 2 },
    );
    const stream = await opened(1);
    stream.res.write(e1.frame);
    const [first] = await receiver.waitFor(1);
    expect(first).toMatchObject({ body: e1.body, headers: expect.objectContaining(e1.headers) });
    stream.res.write(e2.frame);
    const r = await run;
    expect(receiver.received.map((x) => x.headers['webhook-id'])).toEqual([e1.id, e2.id]);
    expect(lines(r.stdout).map((l) => l.split('\t')[2])).toEqual([e1.id, e2.id]);
    expect(r.stderr).toBe(
      `Listening to the events of organization ${ORG} (Ctrl+C to stop)\n` +
        `Signing secret: ${SECRET}\n` +
        `Forwarding each event to ${receiver.url}\n` +
        'billing: interrupted\n',
    );
    expect(r.code).toBe(130);
    // The stream was let go of: the server sees its connection close.
    if (!stream.res.closed) await once(stream.res, 'close');
    expect(stream.res.closed).toBe(true);
  });

  it('heartbeats keep a quiet stream; a silent one is reconnected after the idle limit, resuming after the last event', async () => {
    const idleTimeoutMs = 1000;
    const run = running(
      { verify: true, json: true, timing: { idleTimeoutMs } },
      {
        env: { BILLING_BASE_URL: base },
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    const first = await opened(1);
    first.res.write(e1.frame);
    // Heartbeats for twice the idle limit: no reconnection.
    const beat = setInterval(() => first.res.write(': ping\r\n\r\n'), 200);
    await new Promise((resolve) => setTimeout(resolve, 2 * idleTimeoutMs));
    clearInterval(beat);
    expect(connections).toHaveLength(1);
    // Then silence: the CLI gives up on it and comes back for what followed e1.
    const second = await opened(2);
    expect(second.lastEventId).toBe(e1.id);
    second.res.write(e2.frame);
    const r = await run;
    expect(lines(r.stdout).map((l) => JSON.parse(l).data.id)).toEqual([e1.id, e2.id]);
    expect(r.stderr).toContain(
      `! the event stream from ${base} went silent (nothing for 1s); reconnecting…\n✓ Reconnected after`,
    );
  }, 15_000);

  it('a stream cut off mid-way is reconnected', async () => {
    const run = running(
      { verify: true, json: true },
      { env: { BILLING_BASE_URL: base }, until: ({ stdout }) => lines(stdout).length === 2 },
    );
    const first = await opened(1);
    // Half a frame, then the connection dies.
    first.res.write(e1.frame.slice(0, 40));
    first.res.destroy();
    const second = await opened(2);
    expect(second.lastEventId).toBeUndefined();
    second.res.write(e1.frame + e2.frame);
    const r = await run;
    expect(lines(r.stdout).map((l) => JSON.parse(l).data.id)).toEqual([e1.id, e2.id]);
    expect(r.stderr).toMatch(
      new RegExp(
        `! lost the event stream from ${base.replaceAll('.', '\\.')} \\([a-z ]+\\); reconnecting…\\n✓ Reconnected after`,
      ),
    );
  });
});
