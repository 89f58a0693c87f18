// Two orders shaped like §2.11 (trimmed), and the columns a `list` verb would pass.
import type { Column } from '../../../src/cli/io/cells.js';

export const now = new Date('2025-01-13T12:00:00Z');

export const orders = [
  {
    id: 'ord_1',
    created_at: '2025-01-10T12:00:00Z',
    status: 'paid',
    amount: 1200,
    currency: 'usd',
    customer: { email: 'ann@example.com', name: 'Ann' },
    paid: true,
    note: 'line1\nline2\tx',
  },
  {
    id: 'ord_2',
    created_at: '2025-01-12T09:30:00Z',
    status: 'refunded',
    amount: null,
    currency: null,
    customer: { email: 'bob@example.com', name: null },
    paid: false,
    note: null,
  },
];

export const columns: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'CREATED', path: 'created_at', kind: 'time' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency' },
  { header: 'CUSTOMER', path: 'customer.email' },
  { header: 'PAID', path: 'paid', kind: 'bool' },
  { header: 'NOTE', path: 'note' },
];
