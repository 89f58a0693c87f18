import type { SeedCheckout } from '../../../api/seed.js';
import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

/** A checkout of either generation: today's description and the seed's fields it no longer has. */
type Checkout = Schemas['Checkout'] & SeedCheckout;

export const CHECKOUT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'PRODUCT', path: 'product.name', hide: 3 },
  { header: 'TOTAL', path: 'total_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'CUSTOMER', path: 'customer_email' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
  { header: 'EXPIRES', path: 'expires_at', kind: 'time', hide: 4 },
] satisfies ColumnOf<Checkout>[];

export const CHECKOUT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Status', path: 'status', kind: 'status' },
  { header: 'Product', path: 'product.name' },
  {
    header: 'Price',
    path: 'product_price.price_amount',
    kind: 'price',
    intervalPath: 'product.recurring_interval',
  },
  { header: 'Discount', path: 'discount.name', kind: 'discount' },
  { header: 'Amount', path: 'amount', kind: 'money', currencyPath: 'currency' },
  {
    header: 'Discount amount',
    path: 'discount_amount',
    kind: 'money',
    currencyPath: 'currency',
    ifPresent: true,
  },
  // The seed's subtotal_amount (after discounts, before tax) is today's net_amount.
  {
    header: 'Net',
    path: 'net_amount',
    alt: ['subtotal_amount'],
    kind: 'money',
    currencyPath: 'currency',
    note: 'net_amount: after discounts, before tax (subtotal_amount before 2026-04)',
  },
  { header: 'Tax', path: 'tax_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'Total', path: 'total_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'Payment required', path: 'is_payment_required', kind: 'bool' },
  { header: 'Customer email', path: 'customer_email' },
  { header: 'Customer name', path: 'customer_name' },
  { header: 'Customer ID', path: 'customer_id', kind: 'id' },
  { header: 'Expires', path: 'expires_at', kind: 'time' },
  { header: 'URL', path: 'url' },
  { header: 'Metadata', path: 'metadata' },
  { header: 'Custom fields', path: 'custom_field_data' },
] satisfies ColumnOf<Checkout>[];
