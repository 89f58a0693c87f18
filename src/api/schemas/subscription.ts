// Subscription (spec §2.10) in its admin, customer-portal and order-embedded forms.
import * as z from 'zod';
import {
  customer,
  dateTime,
  id,
  int,
  jsonObject,
  nullable,
  price,
  timestamps,
  user,
} from './common.js';
import { adminSubscriptionProduct, customerPortalProduct, discount } from './product.js';

const subscriptionBase = z.looseObject({
  ...timestamps,
  amount: nullable(int),
  currency: nullable(z.string()),
  recurring_interval: nullable(z.string()),
  status: nullable(z.string()),
  current_period_start: nullable(dateTime),
  current_period_end: nullable(dateTime),
  cancel_at_period_end: nullable(z.boolean()),
  canceled_at: nullable(dateTime),
  started_at: nullable(dateTime),
  ends_at: nullable(dateTime),
  ended_at: nullable(dateTime),
  customer_id: nullable(id),
  product_id: nullable(id),
  price_id: nullable(id),
  discount_id: nullable(id),
  checkout_id: nullable(id),
  customer_cancellation_reason: nullable(z.string()),
  customer_cancellation_comment: nullable(z.string()),
  user_id: nullable(id),
});

export const orderSubscription = subscriptionBase.extend({ metadata: nullable(jsonObject) });

export const adminSubscription = subscriptionBase.extend({
  metadata: nullable(jsonObject),
  custom_field_data: nullable(jsonObject),
  customer: nullable(customer),
  user: nullable(user),
  product: nullable(adminSubscriptionProduct),
  price: nullable(price),
  discount: nullable(discount),
});

export const customerPortalSubscription = subscriptionBase.extend({
  product: nullable(customerPortalProduct),
  price: nullable(price),
});

export type OrderSubscription = z.output<typeof orderSubscription>;
export type AdminSubscription = z.output<typeof adminSubscription>;
export type CustomerPortalSubscription = z.output<typeof customerPortalSubscription>;
