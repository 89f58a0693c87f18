import type { SeedPrice } from '../../../api/seed.js';
import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const PRODUCT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'NAME', path: 'name' },
  { header: 'PRICES', path: 'prices', kind: 'prices' },
  { header: 'ARCHIVED', path: 'is_archived', kind: 'bool', hide: 1 },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 2 },
] satisfies ColumnOf<Schemas['Product']>[];

export const PRODUCT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Name', path: 'name' },
  { header: 'Description', path: 'description' },
  { header: 'Recurring', path: 'is_recurring', kind: 'bool' },
  // Today's generation: the interval is the product's, and a product has a visibility.
  { header: 'Every', path: 'recurring_interval', ifPresent: true },
  { header: 'Visibility', path: 'visibility', ifPresent: true },
  { header: 'Archived', path: 'is_archived', kind: 'bool' },
  { header: 'Prices', path: 'prices', kind: 'prices' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Schemas['Product']>[];

/** The prices under a product's card on a terminal. */
export const PRICE_COLUMNS: Column[] = [
  { header: 'AMOUNT', path: 'price_amount', kind: 'price' },
  { header: 'INTERVAL', path: 'recurring_interval' },
  { header: 'PRICE ID', path: 'id', kind: 'id' },
] satisfies ColumnOf<Schemas['ProductPrice'] & SeedPrice>[];

/** The benefits under a product's card on a terminal. */
export const PRODUCT_BENEFIT_COLUMNS: Column[] = [
  { header: 'BENEFIT', path: 'description' },
  { header: 'TYPE', path: 'type' },
  { header: 'BENEFIT ID', path: 'id', kind: 'id' },
] satisfies ColumnOf<Schemas['Benefit']>[];
