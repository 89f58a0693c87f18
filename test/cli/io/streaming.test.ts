import { describe, expect, it } from 'vitest';
import { createPrinter, FLUSH_AT } from '../../../src/cli/io/printer.js';
import { isEpipe, Sink } from '../../../src/cli/io/sink.js';
import { epipe, FakeStream, fakeIO, settle } from './fake-stream.js';
import { columns, now } from './fixtures.js';

const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('back-pressure', () => {
  it.each([
    // The header goes out with the first row.
    [
      'tsv',
      ['ID\tCREATED\tSTATUS\tAMOUNT\tCUSTOMER\tPAID\tNOTE\na\t\t\t\t\t\t\n', 'b\t\t\t\t\t\t\n'],
    ],
    ['ndjson', ['{"id":"a"}\n', '{"id":"b"}\n']],
    ['json', ['[\n  {\n    "id": "a"\n  }', ',\n  {\n    "id": "b"\n  }']],
  ] as const)('%s waits for drain before the next write', async (format, firstTwo) => {
    const { io, stdout } = fakeIO();
    stdout.results = [false]; // the first write fills the buffer
    const done = createPrinter({ io, format, columns, now, flushAt: 1 }).printList(items);
    await settle();
    await settle();
    expect(stdout.chunks).toEqual([firstTwo[0]]);
    expect(stdout.listenerCount('drain')).toBe(1);

    stdout.results = [false];
    stdout.emit('drain');
    await settle();
    expect(stdout.chunks).toEqual(firstTwo);

    stdout.emit('drain');
    await done;
    expect(stdout.chunks.length).toBeGreaterThan(2);
  });

  it('does not wait when write() returns true', async () => {
    const stream = new FakeStream();
    await new Sink(stream).write('x');
    expect(stream.listenerCount('drain')).toBe(0);
  });
});

describe('broken pipe (`| head`)', () => {
  it('stops quietly, and stops pulling items, when write() throws EPIPE', async () => {
    const { io, stdout } = fakeIO();
    stdout.throwAfter = { count: 2, error: epipe() };
    let pulled = 0;
    let finished = false;
    async function* pages() {
      try {
        for (let i = 0; i < 100; i++) {
          pulled++;
          yield { id: `o${i}` };
        }
      } finally {
        finished = true;
      }
    }
    await createPrinter({ io, format: 'ndjson', columns, now, flushAt: 1 }).printList(pages());
    expect(stdout.chunks).toEqual(['{"id":"o0"}\n', '{"id":"o1"}\n']);
    expect(pulled).toBe(3);
    expect(finished).toBe(true);
  });

  it('wakes a writer waiting for drain when EPIPE arrives as an error event', async () => {
    const { io, stdout } = fakeIO();
    stdout.results = [false];
    const done = createPrinter({ io, format: 'ndjson', columns, now, flushAt: 1 }).printList(items);
    await settle();
    stdout.emit('error', epipe());
    await done;
    expect(stdout.chunks).toEqual(['{"id":"a"}\n']);
  });

  it('stops writing to a destroyed stream', async () => {
    const stream = Object.assign(new FakeStream(), { destroyed: true });
    const sink = new Sink(stream);
    await sink.write('x');
    expect(sink.closed).toBe(true);
    expect(stream.chunks).toEqual([]);
  });

  it('still fails on other write errors', async () => {
    const { io, stdout } = fakeIO();
    stdout.results = [false];
    const done = createPrinter({ io, format: 'ndjson', columns, now, flushAt: 1 }).printList(items);
    await settle();
    const enospc = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    stdout.emit('error', enospc);
    await expect(done).rejects.toBe(enospc);

    const thrower = fakeIO();
    thrower.stdout.throwAfter = { count: 0, error: enospc };
    const printer = createPrinter({ io: thrower.io, format: 'tsv', columns, now, flushAt: 1 });
    await expect(printer.printList(items)).rejects.toBe(enospc);
  });

  it.each([
    [epipe(), true],
    [Object.assign(new Error('destroyed'), { code: 'ERR_STREAM_DESTROYED' }), true],
    [new Error('wrapped', { cause: epipe() }), true],
    [Object.assign(new Error('other'), { code: 'ENOSPC' }), false],
    [new Error('plain'), false],
    ['EPIPE', false],
    [null, false],
  ])('isEpipe(%s) = %s', (err, expected) => {
    expect(isEpipe(err)).toBe(expected);
  });
});

describe('chunked writes', () => {
  it.each(['ndjson', 'json', 'tsv'] as const)(
    '%s: text beyond ASCII and items larger than a chunk, same text as one write per item',
    async (format) => {
      // Two- and three-byte letters, a four-byte emoji (two UTF-16 units), and notes of 100 KB
      // and 200 KB: bigger than a chunk and than its room past FLUSH_AT.
      const items = Array.from({ length: 400 }, (_, i) => ({
        id: `item-${i}`,
        note: i % 97 === 5 ? 'é😀'.repeat(i * 500) : `Zoë 日本 😀 ${'ü'.repeat(i % 50)}`,
      }));
      const chunked = fakeIO();
      await createPrinter({ io: chunked.io, format, columns, now }).printList(items);
      const single = fakeIO();
      await createPrinter({ io: single.io, format, columns, now, flushAt: 1 }).printList(items);
      expect(chunked.stdout.text).toBe(single.stdout.text);
      expect(chunked.stdout.text).toContain('Zoë 日本 😀 üü');
      expect(chunked.stdout.chunks.length).toBeLessThan(single.stdout.chunks.length / 10);
    },
  );

  it('gathers items into writes of at least FLUSH_AT bytes, same bytes as one per item', async () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({
      id: `item-${i}`,
      note: 'x'.repeat(40),
    }));
    const chunked = fakeIO();
    await createPrinter({ io: chunked.io, format: 'ndjson', columns, now }).printList(items);
    const single = fakeIO();
    await createPrinter({ io: single.io, format: 'ndjson', columns, now, flushAt: 1 }).printList(
      items,
    );
    expect(chunked.stdout.text).toBe(single.stdout.text);
    expect(single.stdout.chunks).toHaveLength(3000);
    expect(chunked.stdout.chunks.length).toBeLessThan(10);
    for (const chunk of chunked.stdout.chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(FLUSH_AT);
      expect(chunk.length).toBeLessThan(FLUSH_AT + 200);
    }
  });
});
