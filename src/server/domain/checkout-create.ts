// POST /v1/checkouts/custom/: a new open session for one of the seller's prices, as the real
// service's CheckoutService.create (checkout/service.py at the spec's generation): the price (or
// the product's first live price) must be the seller's and live, an amount only moves a custom
// price, within its bounds, a discount only applies to a fixed price, and an existing customer
// fills in what the seller did not send. It expires one hour later.
import { CURRENCIES } from '../../shared/api-facts.js';
import { token, uuid } from '../ids.js';
import type { Visibility } from '../store/index.js';
import { json, parseJson } from '../store/index.js';
import type { CheckoutRow, CustomerRow, PriceRow, ProductRow } from '../store/rows.js';
import { taxAfterChange } from './checkout-amounts.js';
import { checkCustomFields, customAmountProblem, discountProblem } from './checkout-rules.js';
import { Invalid, invalid } from './errors.js';
import type { Metadata } from './metadata.js';
import type { Work } from './work.js';

/** How long a new session stays open (the real Checkout's default expiry). */
export const CHECKOUT_TTL_MS = 3600_000;

/** The body, as CheckoutPriceCreate or CheckoutProductCreate has it after validation. */
export interface CheckoutDraft {
  product_price_id?: string;
  product_id?: string;
  amount?: number | null;
  discount_id?: string | null;
  allow_discount_codes: boolean;
  customer_id?: string | null;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_ip_address?: string | null;
  customer_billing_address?: Record<string, unknown> | null;
  customer_tax_id?: string | null;
  customer_metadata: Metadata;
  metadata: Metadata;
  custom_field_data: Record<string, unknown>;
  subscription_id?: string | null;
  success_url?: string | null;
  embed_origin?: string | null;
}

/** The price and product a draft sells; 422 naming the field otherwise. */
function sold(w: Work, visible: Visibility, draft: CheckoutDraft): [ProductRow, PriceRow] {
  const { store } = w;
  if (draft.product_price_id !== undefined) {
    const loc = ['product_price_id'];
    const input = draft.product_price_id;
    const price = store.row('prices', input);
    // Another organization's price is one this seller cannot write: as good as none.
    const product = price && visible.own(store.row('products', price.product_id));
    if (!price || !product) throw invalid(loc, 'Price does not exist.', input);
    if (price.is_archived === 1) throw invalid(loc, 'Price is archived.', input);
    if (product.is_archived === 1) throw invalid(loc, 'Product is archived.', input);
    return [product, price];
  }
  const loc = ['product_id'];
  const input = draft.product_id!;
  const product = visible.own(store.row('products', input));
  if (!product) throw invalid(loc, 'Product does not exist.', input);
  if (product.is_archived === 1) throw invalid(loc, 'Product is archived.', input);
  const first = store.products.activePrices(product.id)[0];
  if (!first) throw invalid(loc, 'Product does not exist.', input);
  return [product, first];
}

/**
 * The customer the session is for, if any: the customer of the free subscription it upgrades
 * (subscription_id: the real _get_validated_subscription), or the one named by customer_id.
 */
function customerOf(
  w: Work,
  organizationId: string,
  draft: CheckoutDraft,
): { customer: CustomerRow | null; subscriptionId: string | null } {
  const { store } = w;
  if (draft.subscription_id != null) {
    const loc = ['subscription_id'];
    const input = draft.subscription_id;
    const sub = store.row('subscriptions', input);
    if (!sub || sub.organization_id !== organizationId)
      throw invalid(loc, 'Subscription does not exist.', input);
    if (store.row('prices', sub.price_id)?.amount_type !== 'free')
      throw invalid(loc, 'Only free subscriptions can be upgraded.', input);
    // Upgraded when the payment succeeds (purchase.ts settleCheckout).
    return { customer: store.row('customers', sub.customer_id) ?? null, subscriptionId: sub.id };
  }
  if (draft.customer_id == null) return { customer: null, subscriptionId: null };
  const customer = store.row('customers', draft.customer_id);
  if (!customer || customer.deleted_at || customer.organization_id !== organizationId)
    throw invalid(['customer_id'], 'Customer does not exist.', draft.customer_id);
  return { customer, subscriptionId: null };
}

/** Creates the session; its id. Emits checkout.created. */
export function createCheckout(w: Work, visible: Visibility, draft: CheckoutDraft): string {
  const { store, clock, tx } = w;
  const at = clock.now();
  const now = at.toISOString();
  const [product, price] = sold(w, visible, draft);
  if (draft.amount != null && price.amount_type === 'custom') {
    const problem = customAmountProblem(price, draft.amount, ['amount']);
    if (problem) throw new Invalid([problem]);
  }
  let discountId: string | null = null;
  if (draft.discount_id != null) {
    const loc = ['discount_id'];
    if (price.amount_type !== 'fixed')
      throw invalid(loc, 'Discounts are only applicable to fixed prices.', draft.discount_id);
    const d = store.inOrganization('discounts', product.organization_id, 'id', draft.discount_id);
    const problem = discountProblem(store, d, product.id, now);
    // The real service looks the discount up among the product's own: any other is none.
    if (problem) throw invalid(loc, 'Discount does not exist.', draft.discount_id);
    discountId = d!.id;
  }
  if (draft.customer_tax_id != null && draft.customer_billing_address == null) {
    throw invalid(
      ['customer_billing_address'],
      'Country is required to validate tax ID.',
      null,
      'missing',
    );
  }
  const { customer, subscriptionId } = customerOf(w, product.organization_id, draft);
  const customFields = checkCustomFields(store, product.id, draft.custom_field_data);
  const amount =
    price.amount_type === 'fixed'
      ? price.price_amount
      : price.amount_type === 'custom'
        ? (draft.amount ?? price.preset_amount ?? 1000)
        : 0;
  const address = draft.customer_billing_address ?? parseJson(customer?.billing_address ?? 'null');
  const customerTaxId = customer?.tax_id ? parseJson<string[]>(customer.tax_id)[0] : null;
  const id = uuid();
  const row: CheckoutRow = {
    id,
    created_at: now,
    modified_at: null,
    organization_id: product.organization_id,
    status: 'open',
    client_secret: token('polar_c_'),
    expires_at: new Date(at.getTime() + CHECKOUT_TTL_MS).toISOString(),
    success_url: draft.success_url ?? null,
    embed_origin: draft.embed_origin ?? null,
    amount,
    tax_amount: null,
    currency: price.price_currency ?? CURRENCIES[0],
    product_id: product.id,
    product_price_id: price.id,
    discount_id: discountId,
    discount_locked: discountId ? 1 : 0,
    allow_discount_codes: draft.allow_discount_codes ? 1 : 0,
    customer_id: customer?.id ?? null,
    // An existing customer fills in what the seller did not send (the real prefill).
    customer_name: draft.customer_name ?? customer?.name ?? null,
    customer_email: draft.customer_email ?? customer?.email ?? null,
    customer_ip_address: draft.customer_ip_address ?? null,
    customer_billing_address: address ? json(address) : null,
    customer_tax_id: draft.customer_tax_id ?? customerTaxId ?? null,
    payment_processor_metadata: '{}',
    metadata: json(draft.metadata),
    customer_metadata: json(draft.customer_metadata),
    custom_field_data: json(customFields),
    subscription_id: subscriptionId,
  };
  const discount = discountId ? store.row('discounts', discountId)! : null;
  row.tax_amount = taxAfterChange(row, price, discount);
  store.insert('checkouts', row);
  tx.emit({ type: 'checkout.created', id });
  return id;
}
