// The CLI event stream's wire: Server-Sent Events parsed as the HTML standard says, whatever
// the chunking; its messages read tolerantly; an event's body taken byte for byte as the
// message carries it (what the signature covers).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberText, readMessage } from '../../src/api/event-stream.js';
import { EventTooLargeError, type ServerSentEvent, serverSentEvents } from '../../src/api/sse.js';

async function parse(chunks: (string | Uint8Array)[], max?: number): Promise<ServerSentEvent[]> {
  const out: ServerSentEvent[] = [];
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

  it('an event that grows past the limit stops the reading', async () => {
    await expect(parse(['data: ', 'x'.repeat(50), 'y'.repeat(50)], 80)).rejects.toBeInstanceOf(
      EventTooLargeError,
    );
    expect(
      await parse([`data: ${'x'.repeat(70)}\n\n`, `data: ${'y'.repeat(70)}\n\n`], 80),
    ).toHaveLength(2);
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
