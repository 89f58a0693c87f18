import type { Column } from '../../io/index.js';

// `hide`: which columns give way first on a narrow terminal (1 first).
export const ORDER_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 2 },
  { header: 'CUSTOMER', path: 'customer.email' },
  { header: 'PRODUCT', path: 'product.name', hide: 3 },
  { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency' },
  { header: 'REASON', path: 'billing_reason', hide: 1 },
];

/** The customer's own orders (the customer portal's have no customer and no reason). */
export const MY_ORDER_COLUMNS: Column[] = ORDER_COLUMNS.filter(
  (c) => c.header !== 'CUSTOMER' && c.header !== 'REASON',
);

export const ORDER_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Reason', path: 'billing_reason', kind: 'status' },
  { header: 'Amount', path: 'amount', kind: 'money', currencyPath: 'currency' },
  { header: 'Tax', path: 'tax_amount', kind: 'money', currencyPath: 'currency' },
  { header: 'Customer', path: 'customer.email' },
  { header: 'Customer ID', path: 'customer_id', kind: 'id' },
  // The spec's code_host_username is the real service's github_username (api-facts.md).
  { header: 'Code host user', path: 'user.code_host_username', alt: ['user.github_username'] },
  { header: 'Product', path: 'product.name' },
  { header: 'Price', path: 'product_price.price_amount', kind: 'price' },
  { header: 'Price type', path: 'product_price.type' },
  { header: 'Discount', path: 'discount.name', kind: 'discount' },
  { header: 'Subscription', path: 'subscription_id', kind: 'id' },
  { header: 'Subscription status', path: 'subscription.status', kind: 'status' },
  { header: 'Checkout', path: 'checkout_id', kind: 'id' },
  { header: 'Metadata', path: 'metadata' },
];
