import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const DISCOUNT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  // `Launch 10 ($10.00 USD off)`: the name with what it takes off (TSV: the name).
  { header: 'DISCOUNT', path: 'name', kind: 'discount' },
  { header: 'CODE', path: 'code', kind: 'id' },
  { header: 'DURATION', path: 'duration', hide: 4 },
  { header: 'REDEEMED', path: 'redemptions_count', hide: 3 },
  { header: 'MAX', path: 'max_redemptions', hide: 2 },
  { header: 'ENDS', path: 'ends_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<Schemas['Discount']>[];

export const DISCOUNT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Name', path: 'name', kind: 'discount' },
  { header: 'Code', path: 'code' },
  { header: 'Type', path: 'type' },
  // Today's discounts are one of four shapes: a fixed one has no basis points, a percentage
  // one no amount, a once or forever one no months.
  { header: 'Amount', path: 'amount', kind: 'money', currencyPath: 'currency', ifPresent: true },
  { header: 'Basis points', path: 'basis_points', ifPresent: true },
  { header: 'Duration', path: 'duration' },
  { header: 'Months', path: 'duration_in_months', ifPresent: true },
  { header: 'Starts', path: 'starts_at', kind: 'time' },
  { header: 'Ends', path: 'ends_at', kind: 'time' },
  { header: 'Redeemed', path: 'redemptions_count' },
  { header: 'Max redemptions', path: 'max_redemptions' },
  // Today's (2026-04 and later); the seed's generation has no such field.
  { header: 'Max per customer', path: 'max_redemptions_per_customer', ifPresent: true },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Schemas['Discount']>[];

/** The products a discount is restricted to, under its card on a terminal. */
export const DISCOUNT_PRODUCT_COLUMNS: Column[] = [
  { header: 'PRODUCT', path: 'name' },
  { header: 'PRODUCT ID', path: 'id', kind: 'id' },
] satisfies ColumnOf<Schemas['DiscountProduct']>[];
