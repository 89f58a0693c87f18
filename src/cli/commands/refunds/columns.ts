import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

type Refund = Schemas['Refund'];

const money = (header: string, path: 'amount' | 'tax_amount', hide?: number): ColumnOf<Refund> => ({
  header,
  path,
  kind: 'money',
  currencyPath: 'currency',
  ...(hide ? { hide } : {}),
});

// `hide`: which columns give way first on a narrow terminal (1 first).
export const REFUND_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 3 },
  { header: 'ORDER', path: 'order_id', kind: 'id', hide: 4 },
  money('AMOUNT', 'amount'),
  money('TAX', 'tax_amount', 1),
  { header: 'REASON', path: 'reason', hide: 2 },
  { header: 'STATUS', path: 'status', kind: 'status' },
] satisfies ColumnOf<Refund>[];

export const REFUND_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Status', path: 'status', kind: 'status' },
  money('Amount', 'amount'),
  money('Tax', 'tax_amount'),
  { header: 'Reason', path: 'reason' },
  { header: 'Order', path: 'order_id', kind: 'id' },
  { header: 'Customer ID', path: 'customer_id', kind: 'id' },
  { header: 'Subscription', path: 'subscription_id', kind: 'id' },
  { header: 'Benefits revoked', path: 'revoke_benefits', kind: 'bool' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Refund>[];
