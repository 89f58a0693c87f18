import type { SeedOrder } from '../../../api/seed.js';
import type { FieldPath, Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

/** An order of either generation: today's description and the seed's fields it no longer has. */
type Order = Schemas['Order'] & SeedOrder;

// Today's generation splits the old `amount` (after discounts, before tax) into subtotal,
// discount, net, tax and total: AMOUNT is the net amount, read as `amount` from the seed's.
const AMOUNT: ColumnOf<Order> = {
  header: 'AMOUNT',
  path: 'net_amount',
  alt: ['amount'],
  kind: 'money',
  currencyPath: 'currency',
  note: 'net_amount: after discounts, before tax (amount before API 2026-04)',
};

// `hide`: which columns give way first on a narrow terminal (1 first).
export const ORDER_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 2 },
  { header: 'CUSTOMER', path: 'customer.email' },
  { header: 'PRODUCT', path: 'product.name', hide: 3 },
  AMOUNT,
  { header: 'REASON', path: 'billing_reason', hide: 1 },
] satisfies ColumnOf<Order>[];

/** The customer's own orders (the customer portal's have no customer and no reason). */
export const MY_ORDER_COLUMNS: Column[] = ORDER_COLUMNS.filter(
  (c) => c.header !== 'CUSTOMER' && c.header !== 'REASON',
);

/** An amount only today's generation has: the seed's card has no such row. */
const money = (header: string, path: FieldPath<Order>): ColumnOf<Order> => ({
  header,
  path,
  kind: 'money',
  currencyPath: 'currency',
  ifPresent: true,
});

export const ORDER_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Status', path: 'status', kind: 'status', ifPresent: true },
  { header: 'Reason', path: 'billing_reason', kind: 'status' },
  money('Subtotal', 'subtotal_amount'),
  money('Discount amount', 'discount_amount'),
  { ...AMOUNT, header: 'Amount' },
  money('Tax', 'tax_amount'),
  money('Total', 'total_amount'),
  money('Refunded', 'refunded_amount'),
  { header: 'Invoice', path: 'invoice_number', ifPresent: true },
  { header: 'Customer', path: 'customer.email' },
  { header: 'Customer ID', path: 'customer_id', kind: 'id' },
  { header: 'Billing name', path: 'billing_name', ifPresent: true },
  // The spec's code_host_username is the real service's github_username (api-facts.md); today's
  // generation has no user, and the price is in the items.
  {
    header: 'Code host user',
    path: 'user.code_host_username',
    alt: ['user.github_username'],
    ifPresent: true,
  },
  { header: 'Product', path: 'product.name' },
  {
    header: 'Price',
    path: 'product_price.price_amount',
    kind: 'price',
    ifPresent: true,
    intervalPath: 'product.recurring_interval',
  },
  { header: 'Price type', path: 'product_price.type', ifPresent: true },
  { header: 'Items', path: 'items', ifPresent: true },
  { header: 'Discount', path: 'discount.name', kind: 'discount' },
  { header: 'Subscription', path: 'subscription_id', kind: 'id' },
  { header: 'Subscription status', path: 'subscription.status', kind: 'status' },
  { header: 'Checkout', path: 'checkout_id', kind: 'id' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Order>[];
