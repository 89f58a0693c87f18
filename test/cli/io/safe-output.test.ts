// No control byte from the server ever reaches stdout outside JSON (issue 13): a property over
// every printer — table, card (default rows keyed by the server too), TSV list and card, the
// status lines and the progress line — with strings full of C0/C1 controls, DEL, escape
// sequences and bidi overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../../src/cli/io/index.js';
import { createMessenger, createPrinter, createProgress } from '../../../src/cli/io/index.js';
import { escapeTsv, safeText } from '../../../src/cli/io/safe.js';
import { fakeIO } from './fake-stream.js';

// What must never be printed raw; newline (rows) and, in TSV, tab (cells) are our own.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

const hostileChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u202e', '\u2066', '\u2069', '\u200f', '\u2028', '\x1b[31m', '\x1b]0;pwned\x07'),
  fc.string({ minLength: 1, maxLength: 3 }),
);
const hostile = fc.array(hostileChar, { maxLength: 12 }).map((parts) => parts.join(''));

const record = fc.record({
  id: hostile,
  customer_name: hostile,
  status: hostile,
  amount: fc.oneof(fc.integer(), hostile),
  currency: hostile,
  created_at: hostile,
  metadata: fc.dictionary(hostile, hostile, { maxKeys: 3 }),
  nested: fc.record({ label: hostile }),
  // The catalogue's cells compose their text from several server fields.
  prices: fc.array(
    fc.record({
      amount_type: fc.oneof(fc.constantFrom('fixed', 'free', 'custom'), hostile),
      price_amount: fc.oneof(fc.integer(), hostile),
      minimum_amount: fc.oneof(fc.integer(), hostile),
      price_currency: hostile,
      recurring_interval: hostile,
      is_archived: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  discount: fc.record({
    name: hostile,
    type: fc.oneof(fc.constantFrom('fixed', 'percentage'), hostile),
    basis_points: fc.oneof(fc.integer(), hostile),
    amount: fc.oneof(fc.integer(), hostile),
    currency: hostile,
  }),
});

const columns: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'NAME', path: 'customer_name' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency' },
  { header: 'CREATED', path: 'created_at', kind: 'time' },
  { header: 'META', path: 'metadata' },
  { header: 'PRICES', path: 'prices', kind: 'prices' },
  { header: 'PRICE', path: 'prices.0.price_amount', kind: 'price' },
  { header: 'DISCOUNT', path: 'discount.name', kind: 'discount' },
];

function assertSafe(text: string, allowTab: boolean) {
  const forbidden = allowTab ? FORBIDDEN : new RegExp(`${FORBIDDEN.source}|\\t`);
  const match = forbidden.exec(text);
  expect(match, `unsafe ${JSON.stringify(match?.[0])} in ${JSON.stringify(text)}`).toBeNull();
}

describe('no control character from the server reaches a terminal or a TSV stream', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('table lists and cards (listed rows and default rows keyed by the server)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 4 }), async (items) => {
        const { io, stdout } = fakeIO({ isTTY: true, columns: 100 });
        const printer = createPrinter({ io, format: 'table', columns, now, color: false });
        await printer.printList(items);
        await printer.printOne(items[0]!, columns);
        await printer.printOne(items[0]!);
        assertSafe(stdout.text, false);
      }),
      { numRuns: 300 },
    );
  });

  it('TSV lists and cards, with --fields from the server’s own keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 4 }), async (items) => {
        const { io, stdout } = fakeIO({ isTTY: false });
        const printer = createPrinter({ io, format: 'tsv', columns, now });
        await printer.printList(items);
        await printer.printOne(items[0]!);
        // Every line has exactly as many tabs as a row has separators.
        for (const line of stdout.text.split('\n').filter(Boolean)) {
          expect(line.split('\t').length).toBeLessThanOrEqual(columns.length);
        }
        assertSafe(stdout.text, true);
      }),
      { numRuns: 300 },
    );
  });

  it('status lines and the progress line', async () => {
    await fc.assert(
      fc.property(hostile, (text) => {
        const { io, stderr } = fakeIO({ isTTY: true });
        const say = createMessenger(io, { color: false });
        say.success(text);
        say.warn(text);
        say.info(text);
        assertSafe(stderr.text, false);
        const progress = fakeIO({ isTTY: true });
        createProgress(progress.io.stderr).update(text);
        // The progress line's own \r\x1b[K is ours; what follows it must be safe.
        assertSafe(progress.stderr.text.replaceAll('\r\x1b[K', ''), false);
      }),
      { numRuns: 300 },
    );
  });

  it('escapes visibly, so the data is still there to read', () => {
    expect(safeText('Jane\x1b[31mRED\u202eevil\x9b')).toBe('Jane\\x1b[31mRED\\u202eevil\\x9b');
    expect(escapeTsv('a\tb\nc\\d\x07')).toBe('a\\tb\\nc\\\\d\\x07');
  });
});
