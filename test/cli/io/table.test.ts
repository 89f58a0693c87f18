import { describe, expect, it } from 'vitest';
import type { Column } from '../../../src/cli/io/cells.js';
import { cardColumns } from '../../../src/cli/io/cells.js';
import { fitWidths, renderCard } from '../../../src/cli/io/table.js';

describe('fitWidths (gap of 2 between columns)', () => {
  it.each([
    ['fits as is', [5, 10], [5, 6], 80, [5, 10]],
    ['exactly fits', [5, 10], [5, 6], 17, [5, 10]],
    ['shrinks the widest first', [20, 10, 10], [6, 6, 6], 34, [10, 10, 10]],
    ['alternates between equal widths', [12, 12], [6, 6], 21, [10, 9]],
    ['respects minimums', [30, 8, 30], [30, 8, 6], 50, [30, 8, 8]],
    ['drops trailing columns when minimums do not fit', [10, 10, 10], [10, 10, 6], 25, [10, 10]],
    ['cuts a lone column to the width', [50], [50], 20, [20]],
    ['no columns', [], [], 80, []],
  ])('%s', (_name, natural, mins, total, expected) => {
    expect(fitWidths(natural, mins, total)).toEqual(expected);
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

  it('uses given rows as labels and fits values to the width', () => {
    const rows: Column[] = [
      { header: 'Status', path: 'status', kind: 'status' },
      { header: 'Total', path: 'amount', kind: 'money', currencyPath: 'currency' },
      { header: 'Email', path: 'customer.email' },
    ];
    const out = renderCard(rows, order, { width: 16, now, style: plain });
    expect(out).toBe('Status  paid\nTotal   $12.00…\nEmail   ann@exa…\n');
  });
});
