import { describe, expect, it } from 'vitest';
import type { Column } from '../../../src/cli/io/cells.js';
import { cardColumns } from '../../../src/cli/io/cells.js';
import {
  fitWidths,
  plannedRow,
  planTable,
  renderCard,
  renderHeader,
  renderRows,
  rowOf,
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
    const p = planTable(
      columns,
      rows.map((r) => rowOf(columns, r, now)),
      { width },
    );
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
    const p = planTable(
      columns,
      rows.map((r) => rowOf(columns, r, now)),
      { width: 92 },
    );
    // Rows made in the plan's columns, or in all and then planned: the same text.
    const planned = rows.map((r) => plannedRow(p, rowOf(columns, r, now)));
    expect(renderRows(p, planned, { style: plain })).toBe(
      renderRows(
        p,
        rows.map((r) => rowOf(p.columns, r, now)),
        { style: plain },
      ),
    );
    expect(renderHeader(p, plain) + renderRows(p, planned, { style: plain })).toBe(
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

// 80 columns, as people have them (issue 24), with the commands' own columns: full ids stay,
// the customer column is never the one hidden, a name is never cut to the prefix it shares with
// another, and prices give way a whole price at a time.
describe('80 columns with the real tables', async () => {
  const { ORDER_COLUMNS } = await import('../../../src/cli/commands/orders/columns.js');
  const { SELLER_SUBSCRIPTION_COLUMNS } = await import('../../../src/cli/commands/subs/columns.js');
  const { PRODUCT_COLUMNS } = await import('../../../src/cli/commands/products/columns.js');
  const now = new Date('2026-11-23T12:00:00Z');
  const style = (_tone: unknown, text: string) => text;
  const id = (n: number) => `0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b${String(n).padStart(2, '0')}`;
  const render = (columns: Column[], rows: object[]) => {
    const made = rows.map((r) => rowOf(columns, r, now));
    const plan = planTable(columns, made, { width: 80 });
    const planned = made.map((r) => plannedRow(plan, r));
    return {
      plan,
      text:
        renderHeader(plan, style as never) + renderRows(plan, planned, { style: style as never }),
    };
  };
  const products = ['Acme Pro', 'Acme Team', 'Acme Desktop', 'Acme Starter Kit'];

  it('orders: every id whole, the customer whole, product names told apart', () => {
    const rows = products.map((name, i) => ({
      id: id(i),
      created_at: '2026-11-20T12:00:00Z',
      customer: { email: `customer${i}@example.com` },
      product: { name },
      net_amount: 19000,
      currency: 'usd',
      billing_reason: 'purchase',
    }));
    const { plan, text } = render(ORDER_COLUMNS, rows);
    expect(plan.columns.map((c) => c.header)).toContain('CUSTOMER');
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    for (const [i, row] of rows.entries()) {
      const line = text.split('\n')[i + 1]!;
      expect(line).toContain(row.id);
      expect(line).toContain(row.customer.email);
    }
    const shown = plan.columns.findIndex((c) => c.header === 'PRODUCT');
    if (shown >= 0) {
      const cells = rows.map((_, i) => text.split('\n')[i + 1]!.split(/ {2,}/)[shown]);
      expect(new Set(cells).size).toBe(products.length);
    }
  });

  it('subscriptions: the customer stays (an email gives way last, a little), the amount too', () => {
    const rows = [0, 1, 2].map((i) => ({
      id: id(i),
      status: ['unpaid', 'trialing', 'canceled'][i],
      customer: { email: ['noah.doe@example.com', 'alice@acme.test', 'li.doe@example.com'][i] },
      product: { name: products[i] },
      amount: 49000,
      currency: 'usd',
      recurring_interval: 'year',
    }));
    const { plan, text } = render(SELLER_SUBSCRIPTION_COLUMNS, rows);
    expect(plan.columns.map((c) => c.header)).toEqual(['ID', 'STATUS', 'CUSTOMER', 'AMOUNT']);
    expect(text).toContain('alice@acme.test');
    expect(text).toContain('$490.00 USD');
  });

  it('products: the prices stay, cut a whole price at a time', () => {
    const rows = products.map((name, i) => ({
      id: id(i),
      name,
      prices: [
        {
          amount_type: 'fixed',
          price_amount: 4900,
          price_currency: 'usd',
          recurring_interval: 'month',
        },
        {
          amount_type: 'fixed',
          price_amount: 49000,
          price_currency: 'usd',
          recurring_interval: 'year',
        },
      ],
    }));
    const { plan, text } = render(PRODUCT_COLUMNS, rows);
    expect(plan.columns.map((c) => c.header)).toEqual(['ID', 'NAME', 'PRICES']);
    expect(text).toContain('Acme Starter Kit');
    expect(text).toContain('$49.00 USD/month +1');
  });
});
