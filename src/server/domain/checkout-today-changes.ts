// What the seller (CheckoutUpdate) and the buyer (CheckoutUpdatePublic, CheckoutConfirm) change on
// an open session in today's generation, and what a confirm must have: the real service's
// `_update_checkout`, `update` and `_confirm_inner` (checkout/service.py at c6c3645e). Unlike the
// seed's, the product is chosen among the session's own (`product_id`), the amount follows it,
// a discount that no longer applies is dropped, the required custom fields are checked at confirm
// only (validate_required) and the confirm's values replace the stored ones, the name is not
// required, and a recurring product's customer may have one subscription unless the organization
// allows more (403 AlreadyActiveSubscriptionError).

import type { Address } from '../../shared/shapes.js';
import { json, parseJson } from '../store/index.js';
import type { CheckoutRow } from '../store/rows.js';
import { todaysAmounts } from './checkout-amounts.js';
import { checkCustomFields } from './checkout-rules.js';
import {
  checkoutLocale,
  checkoutTaxId,
  defaultPrice,
  hasAddress,
  inCurrency,
  pricesOf,
  todaysCustomAmountProblem,
  todaysDiscount,
  todaysTax,
  trialEnd,
  upfront,
} from './checkout-today.js';
import { Invalid, invalid, NamedRefusal, NotOpenCheckout, type Problem } from './errors.js';
import type { Metadata } from './metadata.js';
import type { Work } from './work.js';

/** Who changes the session: the seller, the buyer, or the buyer confirming. */
export type TodaysActor = 'seller' | 'customer' | 'confirm';

/** A body of today's (only the keys sent are set: pydantic's model_fields_set). */
export interface TodaysChanges {
  custom_field_data?: Record<string, unknown>;
  product_id?: string | null;
  product_price_id?: string | null;
  amount?: number | null;
  seats?: number | null;
  is_business_customer?: boolean | null;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_billing_name?: string | null;
  customer_billing_address?: Address | null;
  customer_tax_id?: string | null;
  locale?: string | null;
  // The seller's.
  trial_interval?: string | null;
  trial_interval_count?: number | null;
  metadata?: Metadata;
  currency?: string | null;
  discount_id?: string | null;
  allow_discount_codes?: boolean | null;
  require_billing_address?: boolean | null;
  allow_trial?: boolean | null;
  customer_ip_address?: string | null;
  customer_metadata?: Metadata | null;
  success_url?: string | null;
  return_url?: string | null;
  embed_origin?: string | null;
  // The buyer's.
  payment_method_type?: string | null;
  discount_code?: string | null;
  confirmation_token_id?: string | null;
}

const has = (body: TodaysChanges, key: keyof TodaysChanges) => Object.hasOwn(body, key);

/** The session's product, prices, discount and amounts as they are now. */
export function todaysView(w: Work, row: CheckoutRow) {
  const { store } = w;
  const product = store.row('products', row.product_id)!;
  const discount = row.discount_id ? (store.row('discounts', row.discount_id) ?? null) : null;
  const amounts = todaysAmounts(
    row,
    product.is_recurring === 1,
    pricesOf(store, product.id),
    discount,
  );
  return { product, discount, amounts };
}

/** Applies `body` to open session `row` (`_update_checkout`); the row as changed. */
export function applyTodaysChanges(
  w: Work,
  row: CheckoutRow,
  body: TodaysChanges,
  actor: TodaysActor,
): CheckoutRow {
  const { store, clock } = w;
  if (row.status !== 'open') throw new NotOpenCheckout(row.id, row.status);
  const c: CheckoutRow = { ...row };
  const currency = actor === 'seller' ? body.currency : undefined;
  const selectPrices = (productId: string, currencies: string[], loc: string, input: unknown) => {
    const set = inCurrency(pricesOf(store, productId), currencies);
    if (!set) throw invalid([loc], 'Product is not available in the specified currency.', input);
    return set;
  };
  const reprice = (productId: string, price: ReturnType<typeof defaultPrice>, cur: string) => {
    c.product_id = productId;
    c.product_price_id = price.id;
    c.currency = cur;
    c.amount = upfront(price);
  };
  if (currency && body.product_id == null) {
    const set = selectPrices(c.product_id, [currency], 'currency', currency);
    reprice(c.product_id, defaultPrice(set.prices), set.currency);
  } else if (body.product_id != null) {
    const input = body.product_id;
    const id = input.toLowerCase();
    if (!store.checkouts.productIds(c.id).concat(c.product_id).includes(id))
      throw invalid(['product_id'], 'Product is not available in this checkout.', input);
    const product = store.row('products', id)!;
    if (product.is_archived === 1) throw invalid(['product_id'], 'Product is archived.', input);
    if (body.product_price_id != null) {
      const price = pricesOf(store, id).find((p) => p.id === body.product_price_id!.toLowerCase());
      if (!price)
        throw invalid(
          ['product_price_id'],
          'Price is not available in this checkout.',
          body.product_price_id,
        );
      reprice(id, price, price.price_currency ?? 'usd');
    } else if (currency) {
      const set = selectPrices(id, [currency], 'currency', currency);
      reprice(id, defaultPrice(set.prices), set.currency);
    } else {
      const fallback = store.row('organizations', c.organization_id)?.default_presentment_currency;
      const set = selectPrices(id, [c.currency ?? 'usd', fallback ?? 'usd'], 'product_id', input);
      reprice(id, defaultPrice(set.prices), set.currency);
    }
  }
  const product = store.row('products', c.product_id)!;
  const price = store.row('prices', c.product_price_id)!;
  // A discount that does not apply to the product selected now is dropped.
  if (c.discount_id) {
    const d = store.row('discounts', c.discount_id);
    const limited = d ? store.discounts.productIds(d.id) : [];
    const otherCurrency = d?.type === 'fixed' && d.currency && d.currency !== c.currency;
    if (!d || otherCurrency || (limited.length && !limited.includes(c.product_id)))
      c.discount_id = null;
  }
  if (price.amount_type === 'custom' && body.amount != null) {
    const problem = todaysCustomAmountProblem(price, body.amount);
    if (problem) throw new Invalid([problem]);
    c.amount = body.amount;
  }
  if (body.seats != null)
    throw invalid(['seats'], 'Seats can only be set for seat-based pricing.', body.seats);
  const cur = c.currency ?? 'usd';
  if (actor === 'seller') {
    if (body.discount_id != null) {
      const id = body.discount_id.toLowerCase();
      const find = () => store.inOrganization('discounts', c.organization_id, 'id', id);
      c.discount_id = todaysDiscount(w, product, cur, find, 'discount_id', body.discount_id);
      c.discount_locked = 1;
    } else if (has(body, 'discount_id')) {
      c.discount_id = null;
      c.discount_locked = 0;
    }
  } else if (c.allow_discount_codes === 1) {
    const code = body.discount_code?.trim();
    if (code != null) {
      const find = () => store.discounts.byCode(c.organization_id, code);
      c.discount_id = todaysDiscount(w, product, cur, find, 'discount_code', code);
      c.discount_locked = 0;
    } else if (has(body, 'discount_code')) {
      c.discount_id = null;
      c.discount_locked = 0;
    }
  }
  if (body.customer_billing_address)
    c.customer_billing_address = json(body.customer_billing_address);
  const disablingBusiness = body.is_business_customer === false;
  if (disablingBusiness || (has(body, 'customer_tax_id') && body.customer_tax_id == null)) {
    c.customer_tax_id = null;
  } else {
    const number = body.customer_tax_id ?? c.customer_tax_id;
    if (number != null) {
      const address =
        body.customer_billing_address ??
        parseJson<Address | null>(c.customer_billing_address ?? 'null');
      if (!address)
        throw invalid(
          ['customer_billing_address'],
          'Country is required to validate tax ID.',
          null,
          'missing',
        );
      c.customer_tax_id = checkoutTaxId(number, address.country);
    }
  }
  if (actor === 'confirm' || has(body, 'custom_field_data')) {
    const sent = body.custom_field_data ?? {};
    const checked = checkCustomFields(store, c.product_id, sent);
    if (actor === 'confirm') {
      requiredFields(w, c.product_id, checked);
      c.custom_field_data = json(checked);
    } else {
      c.custom_field_data = json({ ...parseJson<object>(c.custom_field_data), ...checked });
    }
  }
  // The other fields sent are set as they are (the customer's email stays the customer's).
  const copied: (keyof TodaysChanges & keyof CheckoutRow)[] = [
    'customer_name',
    'customer_billing_name',
    'locale',
  ];
  if (!c.customer_id) copied.push('customer_email');
  if (actor === 'seller')
    copied.push(
      'trial_interval',
      'trial_interval_count',
      'customer_ip_address',
      'success_url',
      'return_url',
      'embed_origin',
    );
  else copied.push('payment_method_type');
  const record = c as unknown as Record<string, unknown>;
  for (const key of copied) if (has(body, key)) record[key] = body[key] ?? null;
  const flags = ['is_business_customer', 'allow_trial'] as const;
  const sellerFlags = ['allow_discount_codes', 'require_billing_address'] as const;
  for (const key of actor === 'seller' ? [...flags, ...sellerFlags] : flags)
    if (body[key] != null) record[key] = body[key] ? 1 : 0;
  if (actor === 'seller') {
    if (has(body, 'metadata')) c.metadata = json(body.metadata ?? {});
    if (body.customer_metadata != null) c.customer_metadata = json(body.customer_metadata);
  }
  if (disablingBusiness) c.customer_billing_name = null;
  c.locale = checkoutLocale(store, c.organization_id, c.locale ?? null);
  c.trial_end = trialEnd(c, product, clock.now());
  assertOnlySubscription(w, c);
  return c;
}

/** The product's required custom fields among the confirm's values (validate_required). */
function requiredFields(w: Work, productId: string, data: Record<string, unknown>): void {
  const problems: Problem[] = [];
  for (const f of w.store.products.attachedFields(productId)) {
    const value = data[f.slug];
    if (f.attach_required === 1 && (value === undefined || value === null))
      problems.push({
        type: 'missing',
        loc: ['custom_field_data', f.slug],
        msg: 'Field required',
        input: data,
      });
  }
  if (problems.length) throw new Invalid(problems);
}

/**
 * `_validate_subscription_uniqueness`: a recurring product sold to a customer (by id, or by
 * email) who has a subscription of the organization is refused, unless the organization allows
 * several or the session upgrades one.
 */
function assertOnlySubscription(w: Work, c: CheckoutRow): void {
  const { store } = w;
  const org = store.row('organizations', c.organization_id);
  const settings = parseJson<Record<string, unknown> | null>(org?.subscription_settings ?? 'null');
  if (settings?.allow_multiple_subscriptions === true) return;
  if (store.row('products', c.product_id)?.is_recurring !== 1 || c.subscription_id) return;
  if (!c.customer_id && !c.customer_email) return;
  if (store.checkouts.hasBillableSubscription(c.organization_id, c.customer_id, c.customer_email))
    throw new NamedRefusal(
      403,
      'AlreadyActiveSubscriptionError',
      'You already have an active subscription.',
    );
}

/**
 * The seller's or the buyer's update (`update`): the changes, the tax, and the payment form's
 * fields cleared when no payment form is needed any more.
 */
export function finishTodaysChange(w: Work, c: CheckoutRow): CheckoutRow {
  c.tax_amount = todaysTax(w.store, c);
  const { amounts } = todaysView(w, c);
  if (!amounts.paymentFormRequired) {
    c.payment_method_type = null;
    if (c.require_billing_address !== 1) {
      c.is_business_customer = 0;
      c.customer_tax_id = null;
      c.customer_billing_name = null;
    }
  }
  return c;
}

/** Writes the columns of `c` that differ from `row`. */
export function saveChanges(w: Work, row: CheckoutRow, c: CheckoutRow): void {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c))
    if ((row as unknown as Record<string, unknown>)[k] !== v) set[k] = v;
  if (Object.keys(set).length) w.store.update('checkouts', row.id, set, w.clock.iso());
}

/**
 * What a confirm must have (`_confirm_inner`): an email unless the customer is known; with a
 * payment form, a billing address and its required parts; a business's billing name and address;
 * the full address where it is required; a payment token where a payment form is shown. A price
 * archived since is refused.
 */
export function todaysConfirmProblems(w: Work, c: CheckoutRow, body: TodaysChanges): Problem[] {
  const { amounts } = todaysView(w, c);
  const price = w.store.row('prices', c.product_price_id)!;
  const problems: Problem[] = [];
  if (price.is_archived === 1)
    problems.push({
      type: 'value_error',
      loc: ['product_price_id'],
      msg: 'Price is archived.',
      input: price.id,
    });
  const address = parseJson<Record<string, unknown> | null>(c.customer_billing_address ?? 'null');
  const fields = new Set<string>();
  if (!c.customer_id) fields.add('customer_email');
  const fullRequired = isBillingAddressRequired(c);
  if (amounts.paymentFormRequired) {
    fields.add('customer_billing_address');
    const country = address?.country;
    for (const part of requiredAddressParts(country, fullRequired || country === 'US'))
      fields.add(`customer_billing_address.${part}`);
  }
  if (c.is_business_customer === 1)
    fields.add('customer_billing_name').add('customer_billing_address');
  for (const field of fields) {
    const path = field.split('.');
    const value =
      path.length === 2 ? address?.[path[1]!] : (c as unknown as Record<string, unknown>)[field];
    if (value == null)
      problems.push({ type: 'missing', loc: path, msg: 'Field is required.', input: null });
  }
  if (fullRequired && !hasAddress(address))
    problems.push({
      type: 'value_error',
      loc: ['customer_billing_address'],
      msg: 'Full billing address is required.',
      input: address,
    });
  if (amounts.paymentFormRequired && !body.confirmation_token_id)
    problems.push({
      type: 'missing',
      loc: ['confirmation_token_id'],
      msg: 'Confirmation token is required.',
      input: null,
    });
  return problems;
}

/**
 * The parts of a billing address a confirm requires: the country, a US or Canadian state, and
 * where the whole address is wanted (`full`) the street, the city and the postal code.
 */
export function requiredAddressParts(country: unknown, full: boolean): string[] {
  const parts = ['country', ...(country === 'US' || country === 'CA' ? ['state'] : [])];
  if (full) parts.push('line1', 'city', 'postal_code');
  return parts;
}

/** is_billing_address_required: the seller's setting, a business, or a payment method that needs it. */
export const isBillingAddressRequired = (c: CheckoutRow) =>
  c.require_billing_address === 1 ||
  c.is_business_customer === 1 ||
  c.payment_method_type === 'upi';
