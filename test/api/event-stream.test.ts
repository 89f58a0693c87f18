// The CLI event stream's wire: Server-Sent Events parsed as the HTML standard says, whatever
// the chunking; its messages read tolerantly; an event's body taken byte for byte as the
// message carries it (what the signature covers), in the real service's form (the body a
// string) and the local service's older one (the body an object).
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { memberText, readMessage, type StreamMessage } from '../../src/api/event-stream.js';
import { type OversizedEvent, type ServerSentEvent, serverSentEvents } from '../../src/api/sse.js';
import {
  connectedMessage,
  frame,
  otherKeyMessage,
  ping,
  RECONNECT_MESSAGE,
  secretOf,
  TRICKY_BODIES,
  webhookMessage,
} from '../cli/commands/listen/real-stream.js';

type Parsed = ServerSentEvent | OversizedEvent;

async function parse(chunks: Iterable<string | Uint8Array>, max?: number): Promise<Parsed[]> {
  const out: Parsed[] = [];
  for await (const e of serverSentEvents(
    (async function* () {
      yield* chunks;
    })(),
    max,
  ))
    out.push(e);
  return out;
}

describe('Server-Sent Events', () => {
  it.each([
    ['LF', 'data: a\n\ndata: b\n\n'],
    ['CRLF', 'data: a\r\n\r\ndata: b\r\n\r\n'],
    ['CR', 'data: a\r\rdata: b\r\r'],
  ])('lines ended by %s', async (_name, text) => {
    expect(await parse([text])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('any chunking gives the same events: a CRLF or a character split between chunks', async () => {
    const text =
      '\ufeff: ping\r\nid: 1\r\nevent: hello\r\ndata: {"name":"Renée 🎉"}\r\ndata:second\r\n\r\n' +
      ': heartbeat\r\n\r\nid: 2\r\ndata: x\r\n\r\ndata: y\r\n\r\nid\r\ndata: z\r\n\r\n';
    const bytes = new TextEncoder().encode(text);
    const expected: ServerSentEvent[] = [
      { id: '1', event: 'hello', data: '{"name":"Renée 🎉"}\nsecond' },
      { id: '2', event: 'message', data: 'x' },
      // The id carries over until another is set; an empty one clears it.
      { id: '2', event: 'message', data: 'y' },
      { id: '', event: 'message', data: 'z' },
    ];
    expect(await parse([text])).toEqual(expected);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 })),
        async (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = at.slice(1).map((end, i) => bytes.subarray(at[i], end));
          expect(await parse(chunks)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an event without data is none; one the stream ended before its blank line is dropped', async () => {
    expect(await parse(['event: x\n\nid: 3\n\ndata: cut'])).toEqual([]);
  });

  it('an event that grows past the limit is skipped, measured, and the reading goes on', async () => {
    // One line over: 6 + 100 bytes and its line end, split across chunks.
    expect(
      await parse(['data: ', 'x'.repeat(50), 'y'.repeat(50), '\n\nid: 2\ndata: ok\n\n'], 80),
    ).toEqual([{ oversized: 107 }, { id: '2', event: 'message', data: 'ok' }]);
    // Lines each under the limit, over it together; the id set in it stays set.
    expect(
      await parse(
        [`id: 7\r\ndata: ${'a'.repeat(50)}\r\ndata: ${'b'.repeat(50)}\r\n\r\ndata: ok\r\n\r\n`],
        80,
      ),
    ).toEqual([
      { id: '7', oversized: 114 },
      { id: '7', event: 'message', data: 'ok' },
    ]);
    // Right at the limit is not over it.
    expect(await parse([`data: ${'x'.repeat(73)}\n\n`], 80)).toEqual([
      { event: 'message', data: 'x'.repeat(73) },
    ]);
    expect(
      await parse([`data: ${'x'.repeat(70)}\n\n`, `data: ${'y'.repeat(70)}\n\n`], 80),
    ).toHaveLength(2);
  });

  it('a stream that ends inside an oversized event still reports it', async () => {
    expect(await parse(['data: ', 'x'.repeat(200)], 80)).toEqual([{ oversized: 206 }]);
  });

  it('an endless line is dropped as it comes: memory stays near the limit, not the line', async () => {
    const limit = 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const before = process.memoryUsage();
    let peak = 0;
    function* body() {
      yield 'data: ';
      // 256 MiB of one line, the same 64 KiB chunk again and again.
      for (let i = 0; i < 4096; i++) {
        if (i % 256 === 0) {
          const m = process.memoryUsage();
          peak = Math.max(
            peak,
            m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers,
          );
        }
        yield chunk;
      }
      yield '\n\ndata: after\n\n';
    }
    expect(await parse(body(), limit)).toEqual([
      { oversized: 6 + 4096 * chunk.length + 1 },
      { event: 'message', data: 'after' },
    ]);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('the stream messages', () => {
  const headers = { 'webhook-id': 'evt', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' };

  it('connected, with its secret', () => {
    expect(
      readMessage('{"key":"connected","ts":"2026-11-23 12:00:00+00:00","secret":"abc"}'),
    ).toEqual({
      kind: 'connected',
      secret: 'abc',
    });
  });

  it('an event: its id, type, body as written and signed headers', () => {
    const body = '{ "type" : "order.created", "data": {"name": "Ren\\u00e9e", "n": 1.50} }';
    const data = `{"id":"evt","key":"webhook.created","payload":{"webhook_event_id":"evt","payload":${body}},"headers":${JSON.stringify({ ...headers, extra: 5 })}}`;
    expect(readMessage(data)).toEqual({
      kind: 'event',
      id: 'evt',
      type: 'order.created',
      body,
      headers,
    });
  });

  it.each([
    ['not JSON', '{"key":', 'not JSON'],
    ['an array', '[1]', 'not a JSON object'],
    ['connected without a secret', '{"key":"connected"}', 'a connected message without its secret'],
    [
      'an event without a payload',
      '{"key":"webhook.created","id":"e"}',
      'an event without its payload',
    ],
    [
      'an event without a type',
      '{"key":"webhook.created","id":"e","payload":{"payload":{"data":{}}}}',
      'an event without its type',
    ],
    [
      'an event without any id',
      '{"key":"webhook.created","payload":{"payload":{"type":"order.created"}}}',
      'an event without an id',
    ],
  ])('%s is unreadable', (_name, data, reason) => {
    expect(readMessage(data)).toEqual({ kind: 'unreadable', reason });
  });

  it('resume_incomplete: the service could not resume, in its words (or a plain default)', () => {
    expect(
      readMessage('{"key":"resume_incomplete","detail":"event evt_9 is older than the last 1000"}'),
    ).toEqual({ kind: 'resume-incomplete', detail: 'event evt_9 is older than the last 1000' });
    for (const data of [
      '{"key":"resume_incomplete"}',
      '{"key":"resume_incomplete","detail":5}',
      '{"key":"resume_incomplete","detail":"  "}',
    ]) {
      expect(readMessage(data)).toEqual({
        kind: 'resume-incomplete',
        detail: 'the service could not resume where the stream left off',
      });
    }
  });

  it('a message of another key is skipped; the SSE id stands in for a missing event id', () => {
    expect(readMessage('{"key":"something.new"}')).toBeUndefined();
    expect(
      readMessage('{"key":"webhook.created","payload":{"payload":{"type":"t"}}}', 'sse-1'),
    ).toMatchObject({
      kind: 'event',
      id: 'sse-1',
    });
  });
});

// Today's generation (API version 2026-10) of the real service, as polarsource/polar builds it at
// c6c3645e639ee8eeaa05aa0835cf8e39e330382f (server/polar/cli/endpoints.py, server/polar/webhook/
// eventstream.py, server/polar/eventstream/endpoints.py): see real-stream.ts.
describe("the real service's stream (generation 2026-10)", () => {
  const org = '1d9e7c40-2f6b-4b8e-9a51-6c3d2e1f0a9b';
  const events = TRICKY_BODIES.map((body) => webhookMessage(org, body));
  const [e1, e2, e3] = events as [(typeof events)[0], (typeof events)[0], (typeof events)[0]];
  const recorded =
    frame(connectedMessage(org)) +
    ping() +
    frame(e1.message) +
    frame(otherKeyMessage()) +
    frame(e2.message) +
    ping() +
    frame(e3.message) +
    frame(RECONNECT_MESSAGE);
  // Each event's id is the webhook-id its handler gets (the message's own id is internal).
  const expected: (StreamMessage | undefined)[] = [
    { kind: 'connected', secret: secretOf(org) },
    {
      kind: 'event',
      id: e1.headers['webhook-id']!,
      type: 'order.created',
      body: e1.body,
      headers: e1.headers,
    },
    undefined,
    {
      kind: 'event',
      id: e2.headers['webhook-id']!,
      type: 'subscription.updated',
      body: e2.body,
      headers: e2.headers,
    },
    {
      kind: 'event',
      id: e3.headers['webhook-id']!,
      type: 'checkout.created',
      body: e3.body,
      headers: e3.headers,
    },
    { kind: 'reconnect' },
  ];

  it('the fixture is what it claims: non-ASCII escaped in the messages, bodies that re-serialising would change', () => {
    expect(e1.message).toContain('Zo\\u00eb');
    expect(e1.message).toContain('\\u6771\\u4eac');
    expect(e1.message).toContain('"payload": {"webhook_event_id": ');
    expect(e1.message).not.toMatch(/[^\x20-\x7e]/);
    for (const e of events) {
      expect(JSON.stringify(JSON.parse(e.body))).not.toBe(e.body);
      expect(e.headers['webhook-id']).not.toBe(e.id);
    }
  });

  it('each message read from the recorded stream, however it is chunked: the bodies exactly as the inner strings, no SSE id', async () => {
    const bytes = new TextEncoder().encode(recorded);
    const read = async (chunks: Uint8Array[]) =>
      (await parse(chunks)).map((sse) => ('data' in sse ? readMessage(sse.data, sse.id) : sse));
    expect(await read([bytes])).toEqual(expected);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 20 }),
        async (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          expect(await read(at.slice(1).map((end, i) => bytes.subarray(at[i], end)))).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('each body verifies against its headers with the stream secret as the raw key', () => {
    const signer = new Webhook(Buffer.from(secretOf(org), 'utf8'), { format: 'raw' });
    for (const e of events) {
      const m = readMessage(e.message);
      expect(m?.kind).toBe('event');
      const { body, headers } = m as { body: string; headers: Record<string, string> };
      // Throws unless the body is exactly the text that was signed.
      expect(() => signer.verify(body, headers, { jsonParse: false })).not.toThrow();
    }
  });

  it.each([
    ['not JSON', '"{\\"type\\": "', 'an event whose body is not JSON'],
    ['empty', '""', 'an event whose body is not JSON'],
    ['an array', '"[1]"', 'an event whose body is not a JSON object'],
    ['a JSON string', '"\\"order.created\\""', 'an event whose body is not a JSON object'],
    ['without a type', '"{\\"data\\": {}}"', 'an event without its type'],
    ['with a type not a string', '"{\\"type\\": 5}"', 'an event without its type'],
    ['a number', '5', 'an event without its payload'],
    ['null', 'null', 'an event without its payload'],
  ])('a body that is %s is unreadable', (_name, payload, reason) => {
    const data = `{"id": "m", "key": "webhook.created", "payload": {"webhook_event_id": "w", "payload": ${payload}}, "headers": {}}`;
    expect(readMessage(data, 'sse-2')).toEqual({ kind: 'unreadable', reason, id: 'sse-2' });
  });

  it('reconnect only as the service writes it: without a key', () => {
    expect(readMessage(RECONNECT_MESSAGE)).toEqual({ kind: 'reconnect' });
    expect(readMessage('{"type":"reconnect"}', 'sse-3')).toEqual({ kind: 'reconnect' });
    expect(readMessage('{"key": "other", "type": "reconnect"}')).toBeUndefined();
    expect(readMessage('{"type": "reconnected"}')).toBeUndefined();
  });

  it('the id the server set with an SSE id: line is kept for resuming, whatever the form', () => {
    expect(readMessage(e1.message, 'sse-4')).toEqual({ ...expected[1], lastEventId: 'sse-4' });
    const older =
      '{"id":"evt","key":"webhook.created","payload":{"webhook_event_id":"evt",' +
      '"payload":{"type":"order.created"}},"headers":{}}';
    expect(readMessage(older, 'evt')).toEqual({
      kind: 'event',
      id: 'evt',
      type: 'order.created',
      body: '{"type":"order.created"}',
      headers: {},
      lastEventId: 'evt',
    });
    expect(readMessage(older)).not.toHaveProperty('lastEventId');
  });
});

describe('memberText', () => {
  it('is the text of the member, however the JSON is laid out', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.boolean(), (before, value, pretty) => {
        const doc = { first: before, payload: { x: before, payload: value, after: before } };
        const text = pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
        const got = memberText(text, ['payload', 'payload']);
        expect(got).toBeDefined();
        expect(JSON.parse(got!)).toEqual(JSON.parse(JSON.stringify(value)));
        if (!pretty) expect(got).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('undefined when the path is not there', () => {
    expect(memberText('{"payload":{"other":1}}', ['payload', 'payload'])).toBeUndefined();
    expect(memberText('{"payload":[1]}', ['payload', 'payload'])).toBeUndefined();
    expect(memberText('[]', ['payload'])).toBeUndefined();
  });
});
