import type { SeedSubscription } from '../../../api/seed.js';
import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

// Today's service stores a subscription's amount after the discount still applying
// (models/subscription.py update_amount_and_currency at c6c3645e); the seed's, its price's.
const AMOUNT_NOTE = "after the discount on API 2026-04 and later; before it on the seed's";

export const SUBSCRIPTION_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'PRODUCT', path: 'product.name', hide: 5 },
  {
    header: 'AMOUNT',
    path: 'amount',
    kind: 'money',
    currencyPath: 'currency',
    note: AMOUNT_NOTE,
  },
  { header: 'EVERY', path: 'recurring_interval', hide: 2 },
  { header: 'STARTED', path: 'started_at', kind: 'time', hide: 1 },
  { header: 'RENEWS', path: 'current_period_end', kind: 'time', hide: 4 },
  { header: 'CANCELS', path: 'cancel_at_period_end', kind: 'bool', hide: 3 },
] satisfies ColumnOf<Schemas['Subscription'] & SeedSubscription>[];

export const SUBSCRIPTION_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Status', path: 'status', kind: 'status' },
  { header: 'Product', path: 'product.name' },
  // The seed's generation has one price; today's a list of them (and a trial).
  { header: 'Price ID', path: 'price_id', kind: 'id', ifPresent: true },
  { header: 'Prices', path: 'prices', kind: 'prices', ifPresent: true },
  { header: 'Amount', path: 'amount', kind: 'money', currencyPath: 'currency', note: AMOUNT_NOTE },
  { header: 'Interval', path: 'recurring_interval' },
  // The discount the subscription carries (its renewals are discounted while it lasts).
  { header: 'Discount', path: 'discount.name', kind: 'discount' },
  { header: 'Period', path: 'current_period_start', kind: 'time' },
  { header: 'Period ends', path: 'current_period_end', kind: 'time' },
  { header: 'Cancels at period end', path: 'cancel_at_period_end', kind: 'bool' },
  { header: 'Trial ends', path: 'trial_end', kind: 'time', ifPresent: true },
  { header: 'Customer', path: 'customer.email' },
] satisfies ColumnOf<Schemas['Subscription'] & SeedSubscription>[];

/** The seller's list: whose subscription it is comes second. */
export const SELLER_SUBSCRIPTION_COLUMNS: Column[] = [
  SUBSCRIPTION_COLUMNS[0]!,
  SUBSCRIPTION_COLUMNS[1]!,
  // Whose it is stays; the product gives way after the rest (never cut to one prefix).
  { header: 'CUSTOMER', path: 'customer.email' },
  ...SUBSCRIPTION_COLUMNS.slice(2),
];
