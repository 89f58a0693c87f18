// The checkout session's JSON (spec §2.2): amounts derived from price and discount, and the
// confirmed form that drops metadata, subscription_id, customer_metadata (spec §2.2 notes).
import { checkoutAmounts, shownStatus } from '../domain/checkout-amounts.js';
import type { CheckoutRow } from '../store/rows.js';
import {
  address,
  checkoutAttachedFields,
  discountShort,
  organization,
  price,
  product,
} from './catalogue.js';
import { j, type Loader, type R } from './loader.js';

export function checkoutView(l: Loader, r: CheckoutRow, now: string, sessionToken?: string): R {
  const productRow = l.row('products', r.product_id)!;
  const priceRow = l.row('prices', r.product_price_id)!;
  const discount = l.row('discounts', r.discount_id);
  const amounts = checkoutAmounts(r, priceRow, discount);
  const { amount, currency, subtotal, tax, total, free } = amounts;
  const { paymentRequired, paymentSetupRequired, paymentFormRequired } = amounts;
  // success_url is always a string (spec §2.2): without the seller's, the real service points
  // at its own confirmation page.
  const successUrl =
    typeof r.success_url === 'string'
      ? r.success_url.replaceAll('{CHECKOUT_ID}', r.id)
      : `${l.baseUrl}/checkout/${r.client_secret}/confirmation`;
  const out: R = {
    id: r.id,
    created_at: r.created_at,
    modified_at: r.modified_at ?? null,
    custom_field_data: j(r.custom_field_data),
    payment_processor: 'stripe',
    status: shownStatus(r, now),
    client_secret: r.client_secret,
    url: `${l.baseUrl}/checkout/${r.client_secret}`,
    expires_at: r.expires_at,
    success_url: successUrl,
    embed_origin: r.embed_origin ?? null,
    amount,
    tax_amount: tax,
    currency,
    subtotal_amount: subtotal,
    total_amount: total,
    product_id: r.product_id,
    product_price_id: r.product_price_id,
    discount_id: r.discount_id ?? null,
    allow_discount_codes: r.allow_discount_codes === 1,
    // Checkout.is_discount_applicable at f179ede58c (the seed generation): a fixed price only.
    is_discount_applicable: priceRow.amount_type === 'fixed',
    is_free_product_price: free,
    is_payment_required: paymentRequired,
    is_payment_setup_required: paymentSetupRequired,
    is_payment_form_required: paymentFormRequired,
    customer_id: r.customer_id ?? null,
    customer_name: r.customer_name ?? null,
    customer_email: r.customer_email ?? null,
    customer_ip_address: r.customer_ip_address ?? null,
    customer_billing_address: address(r.customer_billing_address),
    customer_tax_id: r.customer_tax_id ?? null,
    payment_processor_metadata: j(r.payment_processor_metadata),
    metadata: j(r.metadata),
    product: product(l, productRow, 'checkout'),
    product_price: price(priceRow),
    discount: discount ? discountShort(discount) : null,
    subscription_id: r.subscription_id ?? null,
    attached_custom_fields: checkoutAttachedFields(l, r.product_id),
    customer_metadata: j(r.customer_metadata),
  };
  if (sessionToken !== undefined) {
    delete out.metadata;
    delete out.subscription_id;
    delete out.customer_metadata;
    out.customer_session_token = sessionToken;
    const org = l.row('organizations', r.organization_id);
    out.organization = org ? organization(org) : null;
  }
  return out;
}

/** The form the buyer's side reads (SDK CheckoutPublic): no seller's metadata, the organization. */
export function checkoutPublicView(l: Loader, r: CheckoutRow, now: string): R {
  const {
    metadata: _m,
    subscription_id: _s,
    customer_metadata: _c,
    ...rest
  } = checkoutView(l, r, now);
  const org = l.row('organizations', r.organization_id);
  return { ...rest, organization: org ? organization(org) : null };
}
