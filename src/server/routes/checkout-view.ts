// The checkout session's JSON (spec §2.2): amounts derived from price and discount, and the
// confirmed form that drops metadata, subscription_id, customer_metadata (spec §2.2 notes).
import { parseJson, type Row } from '../db.js';
import {
  address,
  checkoutAttachedFields,
  discountShort,
  type Loader,
  organization,
  price,
  product,
} from '../serialize.js';

type R = Record<string, unknown>;
const j = (v: unknown): unknown => parseJson(v);

export function discountAmount(
  discount: Row | null,
  amount: number,
  currency: string | null,
): number {
  if (!discount) return 0;
  if (discount.type === 'percentage')
    return Math.round((amount * (discount.basis_points as number)) / 10_000);
  if (discount.currency && currency && discount.currency !== currency) return 0;
  return Math.min(amount, discount.amount as number);
}

export function checkoutView(
  l: Loader,
  r: Row,
  now: string,
  sessionToken?: string,
): R & { is_payment_form_required: boolean } {
  const productRow = l.row('products', r.product_id)!;
  const priceRow = l.row('prices', r.product_price_id)!;
  const discount = l.row('discounts', r.discount_id);
  const amount = (r.amount as number | null) ?? 0;
  const currency = (r.currency as string | null) ?? null;
  const subtotal = amount - discountAmount(discount, amount, currency);
  const tax = (r.tax_amount as number | null) ?? 0;
  const total = subtotal + tax;
  const isFree = priceRow.amount_type === 'free';
  const isPaymentRequired = total > 0;
  const isPaymentSetupRequired = priceRow.type === 'recurring' && !isFree;
  // An open session past expires_at is shown as expired, as the real service's expiry job does.
  const status = r.status === 'open' && (r.expires_at as string) <= now ? 'expired' : r.status;
  // success_url is always a string (spec §2.2): without the seller's, the real service points
  // at its own confirmation page.
  const successUrl =
    typeof r.success_url === 'string'
      ? r.success_url.replaceAll('{CHECKOUT_ID}', r.id as string)
      : `${l.baseUrl}/checkout/${r.client_secret}/confirmation`;
  const out: R & { is_payment_form_required: boolean } = {
    id: r.id,
    created_at: r.created_at,
    modified_at: r.modified_at ?? null,
    custom_field_data: j(r.custom_field_data),
    payment_processor: 'stripe',
    status,
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
    is_discount_applicable: priceRow.amount_type !== 'free',
    is_free_product_price: isFree,
    is_payment_required: isPaymentRequired,
    is_payment_setup_required: isPaymentSetupRequired,
    is_payment_form_required: isPaymentRequired || isPaymentSetupRequired,
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
    attached_custom_fields: checkoutAttachedFields(l, r.product_id as string),
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
