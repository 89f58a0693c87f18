// Checkout session (spec §2.2): the get/update form and the confirmed form.
import * as z from 'zod';
import {
  address,
  attachedCustomField,
  dateTime,
  id,
  int,
  jsonObject,
  nullable,
  price,
  timestamps,
} from './common.js';
import { discountShort, organization, product } from './product.js';

const checkoutBase = z.looseObject({
  ...timestamps,
  custom_field_data: nullable(jsonObject),
  payment_processor: nullable(z.string()),
  status: nullable(z.string()),
  client_secret: nullable(z.string()),
  url: nullable(z.string()),
  expires_at: nullable(dateTime),
  success_url: nullable(z.string()),
  embed_origin: nullable(z.string()),
  amount: nullable(int),
  tax_amount: nullable(int),
  subtotal_amount: nullable(int),
  total_amount: nullable(int),
  currency: nullable(z.string()),
  product_id: nullable(id),
  product_price_id: nullable(id),
  discount_id: nullable(id),
  allow_discount_codes: nullable(z.boolean()),
  is_discount_applicable: nullable(z.boolean()),
  is_free_product_price: nullable(z.boolean()),
  is_payment_required: nullable(z.boolean()),
  is_payment_setup_required: nullable(z.boolean()),
  is_payment_form_required: nullable(z.boolean()),
  customer_id: nullable(id),
  customer_name: nullable(z.string()),
  customer_email: nullable(z.string()),
  customer_ip_address: nullable(z.string()),
  customer_billing_address: nullable(address),
  customer_tax_id: nullable(z.string()),
  payment_processor_metadata: nullable(jsonObject),
  product: nullable(product),
  product_price: nullable(price),
  discount: nullable(discountShort),
  attached_custom_fields: nullable(z.array(attachedCustomField)),
});

/** Returned by get and update. */
export const checkout = checkoutBase.extend({
  metadata: nullable(jsonObject),
  subscription_id: nullable(id),
  customer_metadata: nullable(jsonObject),
});

/** Returned by confirm: no metadata/subscription_id/customer_metadata, plus the session token. */
export const confirmedCheckout = checkoutBase.extend({
  customer_session_token: nullable(z.string()),
  // Beyond the spec's list (api-facts.md); optional so older generations still parse.
  organization: nullable(organization).optional(),
});

export type Checkout = z.output<typeof checkout>;
export type ConfirmedCheckout = z.output<typeof confirmedCheckout>;
