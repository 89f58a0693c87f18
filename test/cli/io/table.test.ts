import { describe, expect, it } from 'vitest';
import type { Column } from '../../../src/cli/io/cells.js';
import { cardColumns } from '../../../src/cli/io/cells.js';
import {
  fitWidths,
  planTable,
  renderCard,
  renderHeader,
  renderRows,
} from '../../../src/cli/io/table.js';

describe('fitWidths (gap of 2 between columns)', () => {
  it.each([
    ['fits as is', [5, 10], [5, 6], 80, [5, 10]],
    ['exactly fits', [5, 10], [5, 6], 17, [5, 10]],
    ['shrinks the widest first', [20, 10, 10], [6, 6, 6], 34, [10, 10, 10]],
    ['alternates between equal widths', [12, 12], [6, 6], 21, [10, 9]],
    ['respects minimums', [30, 8, 30], [30, 8, 6], 50, [30, 8, 8]],
    ['does not fit when the minimums do not', [10, 10, 10], [10, 10, 6], 25, undefined],
    ['no columns', [], [], 80, []],
  ])('%s', (_name, natural, mins, total, expected) => {
    expect(fitWidths(natural, mins, total)).toEqual(expected);
  });
});

describe('planTable', () => {
  const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
  const rows = [
    {
      id: ID,
      url: 'https://example.com/checkout/polar_c_abcdefghijklmnop',
      note: 'a long note here',
      n: 'x',
    },
  ];
  const columns: Column[] = [
    { header: 'ID', path: 'id', kind: 'id' },
    { header: 'URL', path: 'url' },
    { header: 'NOTE', path: 'note', hide: 2 },
    { header: 'N', path: 'n', hide: 1 },
  ];
  const plan = (width: number) => {
    const p = planTable(columns, rows, { width, now });
    return {
      shown: p.columns.map((c) => c.header),
      widths: p.widths,
      hidden: p.hidden.map((c) => c.header),
    };
  };

  it('keeps every column when they fit', () => {
    expect(plan(120)).toEqual({
      shown: ['ID', 'URL', 'NOTE', 'N'],
      widths: [36, 53, 16, 1],
      hidden: [],
    });
  });

  it('shrinks free text before hiding anything', () => {
    expect(plan(110)).toEqual({
      shown: ['ID', 'URL', 'NOTE', 'N'],
      widths: [36, 53, 14, 1],
      hidden: [],
    });
  });

  it('hides columns in their hide order, never cutting an id or a URL', () => {
    expect(plan(100)).toEqual({ shown: ['ID', 'URL', 'NOTE'], widths: [36, 53, 7], hidden: ['N'] });
    expect(plan(92)).toEqual({ shown: ['ID', 'URL'], widths: [36, 53], hidden: ['NOTE', 'N'] });
    // Below that the URL goes too; the first column always stays.
    expect(plan(60)).toEqual({ shown: ['ID'], widths: [36], hidden: ['URL', 'NOTE', 'N'] });
  });

  it('renders rows with the plan, the id whole', () => {
    const p = planTable(columns, rows, { width: 92, now });
    expect(renderHeader(p, plain) + renderRows(p, rows, { now, style: plain })).toBe(
      `ID${' '.repeat(36)}URL\n${ID}  ${rows[0]!.url}\n`,
    );
  });
});

const now = new Date('2025-01-13T12:00:00Z');
const plain = (_tone: unknown, text: string) => text;
const order = {
  id: 'ord_1',
  status: 'paid',
  amount: 1200,
  currency: 'usd',
  created_at: '2025-01-10T12:00:00Z',
  customer: { email: 'ann@example.com', address: { country: 'US', city: null } },
  items: [{ a: 1 }, { a: 2 }],
  tags: ['x', 'y'],
  metadata: {},
  is_archived: false,
};

describe('renderCard', () => {
  it('flattens nested objects to dot paths with humanized values', () => {
    const out = renderCard(cardColumns(order), order, { width: 80, now, style: plain });
    expect(out).toBe(
      [
        'id                        ord_1',
        'status                    paid',
        'amount                    $12.00 USD',
        'currency                  usd',
        'created_at                3 days ago',
        'customer.email            ann@example.com',
        'customer.address.country  US',
        'customer.address.city     -',
        'items                     2 items',
        'tags                      x, y',
        'metadata                  -',
        'is_archived               no',
        '',
      ].join('\n'),
    );
  });

  it('uses given rows as labels and wraps long values under themselves, cutting nothing', () => {
    const rows: Column[] = [
      { header: 'Status', path: 'status', kind: 'status' },
      { header: 'Total', path: 'amount', kind: 'money', currencyPath: 'currency' },
      { header: 'Email', path: 'customer.email' },
    ];
    const out = renderCard(rows, order, { width: 16, now, style: plain });
    expect(out).toBe(
      'Status  paid\nTotal   $12.00\n        USD\nEmail   ann@exam\n        ple.com\n',
    );
  });
});
