import type { Column } from '../../io/index.js';

export const CHECKOUT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'PRODUCT', path: 'product.name', hide: 3 },
  { header: 'TOTAL', path: 'total_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'CUSTOMER', path: 'customer_email', hide: 2 },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
  { header: 'EXPIRES', path: 'expires_at', kind: 'time', hide: 4 },
];

export const CHECKOUT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Status', path: 'status', kind: 'status' },
  { header: 'Product', path: 'product.name' },
  { header: 'Price', path: 'product_price.price_amount', kind: 'price' },
  { header: 'Discount', path: 'discount.name', kind: 'discount' },
  { header: 'Subtotal', path: 'subtotal_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'Total', path: 'total_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'Payment required', path: 'is_payment_required', kind: 'bool' },
  { header: 'Customer email', path: 'customer_email' },
  { header: 'Customer name', path: 'customer_name' },
  { header: 'Customer ID', path: 'customer_id', kind: 'id' },
  { header: 'Expires', path: 'expires_at', kind: 'time' },
  { header: 'URL', path: 'url' },
  { header: 'Metadata', path: 'metadata' },
  { header: 'Custom fields', path: 'custom_field_data' },
];
