// billing listen against the real service's stream, today's generation (API version 2026-10),
// as polarsource/polar builds it at c6c3645e639ee8eeaa05aa0835cf8e39e330382f
// (server/polar/cli/endpoints.py, server/polar/webhook/eventstream.py, server/polar/
// eventstream/endpoints.py; see real-stream.ts): each body forwarded as the inner string, byte
// for byte, its signature checked; no Last-Event-ID, the stream giving no SSE ids; the service's
// reconnect message followed at once and quietly; a plain end still an outage.

import { describe, expect, it, vi } from 'vitest';
import type { ScriptedHost } from '../../../helpers/http.js';
import { ORG } from '../verb.js';
import {
  connectedMessage,
  frame,
  otherKeyMessage,
  ping,
  RECONNECT_MESSAGE,
  type RealEvent,
  TRICKY_BODIES,
  webhookMessage,
} from './real-stream.js';
import {
  answering,
  BANNER,
  connected,
  event,
  FAST,
  FORWARDING,
  HOOK,
  INTERRUPTED,
  lines,
  listened,
  SSE,
  STREAM,
} from './stream.js';

/** A connection of the real stream: connected, then these frames, then the stream ends. */
function connection(pool: ScriptedHost, asked: (string | undefined)[], ...frames: string[]) {
  pool.intercept(STREAM).reply((req) => {
    asked.push((req.headers as Record<string, string>)['last-event-id']);
    return {
      statusCode: 200,
      data: frame(connectedMessage(ORG)) + frames.join(''),
      responseOptions: SSE,
    };
  });
}

const real = (): RealEvent[] => TRICKY_BODIES.map((body) => webhookMessage(ORG, body));

describe('listen: the real service stream', () => {
  it('forwards each body exactly as the inner string, in order, once; the reconnect message is followed at once, quietly, without Last-Event-ID', async () => {
    const [e1, e2, e3] = real() as [RealEvent, RealEvent, RealEvent];
    const [e4] = real() as [RealEvent];
    const asked: (string | undefined)[] = [];
    const random = vi.fn(() => 0.5);
    const r = await listened(
      { forward: HOOK, verify: true, json: false, timing: { ...FAST, random } },
      {
        stream: (pool) => {
          connection(
            pool,
            asked,
            ping(),
            frame(e1.message),
            frame(otherKeyMessage()),
            frame(e2.message),
            ping(),
            frame(e3.message),
            frame(RECONNECT_MESSAGE),
          );
          connection(pool, asked, frame(e4.message));
        },
        handler: answering(4),
        until: ({ stdout }) => lines(stdout).length === 4,
      },
    );
    expect(r.delivered).toEqual(
      [e1, e2, e3, e4].map((e) => ({ body: e.body, headers: expect.objectContaining(e.headers) })),
    );
    // The id shown is the webhook-id the handler got.
    expect(lines(r.stdout).map((l) => l.split('\t').slice(1, 3))).toEqual(
      [e1, e2, e3, e4].map((e) => [e.type, e.headers['webhook-id']]),
    );
    expect(asked).toEqual([undefined, undefined]);
    // No warning, no "Reconnected", and no backoff drawn.
    expect(r.stderr).toBe(BANNER + FORWARDING + INTERRUPTED);
    expect(random).not.toHaveBeenCalled();
    expect(r.code).toBe(130);
  });

  it('-o ndjson prints each body as it came: the escapes and number forms kept', async () => {
    const events = real();
    const r = await listened(
      { verify: true, json: true },
      {
        stream: (pool) => connection(pool, [], ...events.map((e) => frame(e.message))),
        until: ({ stdout }) => lines(stdout).length === events.length,
      },
    );
    expect(lines(r.stdout)).toEqual(events.map((e) => e.body));
  });

  it('a plain end is still an outage: warned once, reconnected, and still no Last-Event-ID', async () => {
    const [e1, e2] = real() as [RealEvent, RealEvent];
    const asked: (string | undefined)[] = [];
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) => {
          connection(pool, asked, frame(e1.message));
          connection(pool, asked, frame(e2.message));
        },
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(r.delivered.map((d) => d.body)).toEqual([e1.body, e2.body]);
    expect(asked).toEqual([undefined, undefined]);
    expect(r.stderr.replace(/after \d+\.\d s/, 'after <s>')).toBe(
      BANNER +
        FORWARDING +
        '! the service ended the event stream; reconnecting…\n' +
        '✓ Reconnected after <s>\n' +
        INTERRUPTED,
    );
  });

  it('a service that asks again and again straight after connecting is not hammered: from the second ask in a row, the backoff (still quietly)', async () => {
    const [e1] = real() as [RealEvent];
    const random = vi.fn(() => 0.5);
    const r = await listened(
      { verify: true, json: true, timing: { ...FAST, random, quickReconnectMs: 60_000 } },
      {
        stream: (pool) => {
          for (let i = 0; i < 3; i++) connection(pool, [], frame(RECONNECT_MESSAGE));
          connection(pool, [], frame(e1.message));
        },
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.stdout).toBe(`${e1.body}\n`);
    expect(random).toHaveBeenCalledTimes(2);
    expect(r.stderr).toBe(`${BANNER}Printing each event on stdout as a JSON line\n${INTERRUPTED}`);
  });
});

describe('listen: resuming only after ids the server set', () => {
  it('the last SSE id seen, an unreadable message of the stream included', async () => {
    const e1 = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created');
    const e2 = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'subscription.updated');
    const asked: (string | undefined)[] = [];
    const r = await listened(
      { verify: true, json: true },
      {
        stream: (pool) => {
          for (const data of [`${e1.frame}id: broken-1\r\ndata: {"key":\r\n\r\n`, e2.frame]) {
            pool.intercept(STREAM).reply((req) => {
              asked.push((req.headers as Record<string, string>)['last-event-id']);
              return { statusCode: 200, data: connected() + data, responseOptions: SSE };
            });
          }
        },
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(asked).toEqual([undefined, 'broken-1']);
    expect(lines(r.stdout).map((l) => JSON.parse(l).data.id)).toEqual([e1.id, e2.id]);
    expect(r.stderr).toContain('! a message of the stream was skipped: not JSON\n');
  });
});
