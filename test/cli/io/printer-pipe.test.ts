import { describe, expect, it } from 'vitest';
import { createPrinter, type PrinterOptions } from '../../../src/cli/io/printer.js';
import { exitCodeOf } from '../../../src/cli/main.js';
import { UsageError } from '../../../src/errors.js';
import { fakeIO } from './fake-stream.js';
import { columns, now, orders } from './fixtures.js';

async function printList(format: PrinterOptions['format'], fields?: string) {
  const { io, stdout, stderr } = fakeIO();
  await createPrinter({ io, format, fields, columns, now }).printList(orders);
  return { stdout, stderr };
}

describe('printList in a pipe', () => {
  it.each([
    [
      'tsv',
      undefined,
      'ID\tCREATED\tSTATUS\tAMOUNT\tCUSTOMER\tPAID\tNOTE\n' +
        'ord_1\t2025-01-10T12:00:00Z\tpaid\t1200\tann@example.com\ttrue\tline1\\nline2\\tx\n' +
        'ord_2\t2025-01-12T09:30:00Z\trefunded\t\tbob@example.com\tfalse\t\n',
    ],
    [
      'tsv',
      'id,customer.email,amount,nope.x',
      'id\tcustomer.email\tamount\tnope.x\n' +
        'ord_1\tann@example.com\t1200\t\n' +
        'ord_2\tbob@example.com\t\t\n',
    ],
    [
      'tsv',
      'customer',
      'customer\n{"email":"ann@example.com","name":"Ann"}\n{"email":"bob@example.com","name":null}\n',
    ],
    ['ndjson', undefined, `${JSON.stringify(orders[0])}\n${JSON.stringify(orders[1])}\n`],
    [
      'ndjson',
      'id,customer.email,nope',
      '{"id":"ord_1","customer":{"email":"ann@example.com"},"nope":null}\n' +
        '{"id":"ord_2","customer":{"email":"bob@example.com"},"nope":null}\n',
    ],
    ['json', undefined, `${JSON.stringify(orders, null, 2)}\n`],
    [
      'json',
      'id,customer.email,nope',
      '[\n' +
        '  {\n    "id": "ord_1",\n    "customer": {\n      "email": "ann@example.com"\n    },\n    "nope": null\n  },\n' +
        '  {\n    "id": "ord_2",\n    "customer": {\n      "email": "bob@example.com"\n    },\n    "nope": null\n  }\n' +
        ']\n',
    ],
  ] as const)('%s with --fields %s', async (format, fields, expected) => {
    const { stdout, stderr } = await printList(format, fields);
    expect(stdout.text).toBe(expected);
    expect(stderr.text).toBe('');
    expect(stdout.text).not.toContain('\x1b');
  });

  it('escapes backslashes, tabs, CR and newlines in TSV cells', async () => {
    const { io, stdout } = fakeIO();
    const printer = createPrinter({
      io,
      format: 'tsv',
      columns: [{ header: 'V', path: 'v' }],
      now,
    });
    await printer.printList([{ v: 'a\\b\tc\r\nd' }]);
    expect(stdout.text).toBe('V\na\\\\b\\tc\\r\\nd\n');
  });

  it('streams a JSON array one item per write with flushAt 1', async () => {
    const { io, stdout } = fakeIO();
    const seen: number[] = [];
    async function* pages() {
      yield { id: 'a' };
      seen.push(stdout.chunks.length);
      yield { id: 'b', n: [1] };
      seen.push(stdout.chunks.length);
    }
    await createPrinter({ io, format: 'json', columns, now, flushAt: 1 }).printList(pages());
    expect(stdout.chunks).toEqual([
      '[\n  {\n    "id": "a"\n  }',
      ',\n  {\n    "id": "b",\n    "n": [\n      1\n    ]\n  }',
      '\n]\n',
    ]);
    // Each item was written before the next one was even requested.
    expect(seen).toEqual([1, 2]);
    expect(JSON.parse(stdout.text)).toEqual([{ id: 'a' }, { id: 'b', n: [1] }]);
  });

  it.each([
    ['json', '[]\n'],
    ['ndjson', ''],
    ['tsv', 'ID\tCREATED\tSTATUS\tAMOUNT\tCUSTOMER\tPAID\tNOTE\n'],
  ] as const)('empty list as %s', async (format, expected) => {
    const { io, stdout } = fakeIO();
    await createPrinter({ io, format, columns, now }).printList([]);
    expect(stdout.text).toBe(expected);
  });

  it('rejects invalid --fields with a UsageError (exit 2)', () => {
    const { io } = fakeIO();
    const make = () => createPrinter({ io, format: 'json', fields: 'id,,x', columns, now });
    expect(make).toThrow(UsageError);
    expect(make).toThrow('invalid --fields: (empty)');
    try {
      make();
    } catch (err) {
      expect(exitCodeOf(err)).toBe(2);
    }
  });
});

describe('printOne in a pipe', () => {
  const order = orders[0]!;
  it.each([
    ['json', undefined, undefined, `${JSON.stringify(order, null, 2)}\n`],
    ['ndjson', undefined, undefined, `${JSON.stringify(order)}\n`],
    [
      'json',
      'id,customer.name,x.y',
      undefined,
      '{\n  "id": "ord_1",\n  "customer": {\n    "name": "Ann"\n  },\n  "x": {\n    "y": null\n  }\n}\n',
    ],
    ['ndjson', 'customer.email', undefined, '{"customer":{"email":"ann@example.com"}}\n'],
    [
      'tsv',
      undefined,
      [
        { header: 'Status', path: 'status' },
        { header: 'Total', path: 'amount' },
      ],
      'status\tpaid\namount\t1200\n',
    ],
    ['tsv', 'id,customer.name,nope', undefined, 'id\tord_1\ncustomer.name\tAnn\nnope\t\n'],
    [
      'tsv',
      undefined,
      undefined,
      'id\tord_1\ncreated_at\t2025-01-10T12:00:00Z\nstatus\tpaid\n' +
        'amount\t1200\ncurrency\tusd\ncustomer.email\tann@example.com\ncustomer.name\tAnn\n' +
        'paid\ttrue\nnote\tline1\\nline2\\tx\n',
    ],
  ] as const)('%s with --fields %s', async (format, fields, rows, expected) => {
    const { io, stdout } = fakeIO();
    await createPrinter({ io, format, fields, columns, now }).printOne(order, rows);
    expect(stdout.text).toBe(expected);
  });
});
