// Order (spec §2.11).
import * as z from 'zod';
import {
  address,
  customer,
  id,
  int,
  jsonObject,
  nullable,
  price,
  timestamps,
  user,
} from './common.js';
import { discount, orderProduct } from './product.js';
import { orderSubscription } from './subscription.js';

export const order = z.looseObject({
  ...timestamps,
  metadata: nullable(jsonObject),
  custom_field_data: nullable(jsonObject),
  amount: nullable(int),
  tax_amount: nullable(int),
  currency: nullable(z.string()),
  billing_reason: nullable(z.string()),
  billing_address: nullable(address),
  customer_id: nullable(id),
  product_id: nullable(id),
  product_price_id: nullable(id),
  discount_id: nullable(id),
  subscription_id: nullable(id),
  checkout_id: nullable(id),
  user_id: nullable(id),
  customer: nullable(customer),
  user: nullable(user),
  product: nullable(orderProduct),
  product_price: nullable(price),
  discount: nullable(discount),
  subscription: nullable(orderSubscription),
});

export type Order = z.output<typeof order>;
