// A checkout session in today's generation (Polar-Version 2026-04/2026-10), as the real service's
// CheckoutService.create makes one (checkout/service.py at c6c3645e): for a list of products the
// buyer may switch between (CheckoutProductsCreate; the deprecated single product and single
// price forms still taken), the first selected at its default price in the checkout's currency;
// the customer found by id, by the subscription it upgrades or by the seller's external id, its
// details filling in what the seller did not send; a billing address beyond the country makes the
// full address required; the trial of the product (or the checkout's own) ends the session's
// need for a payment. It stays open 24 hours (CHECKOUT_TTL_SECONDS, config.py at c6c3645e).
import { token, uuid } from '../ids.js';
import type { Store, Visibility } from '../store/index.js';
import { json, parseJson } from '../store/index.js';
import type { CheckoutRow, CustomerRow, PriceRow, ProductRow } from '../store/rows.js';
import { isFreePrice, todaysAmounts } from './checkout-amounts.js';
import { checkCustomFields, discountProblem } from './checkout-rules.js';
import { Invalid, invalid, type Problem } from './errors.js';
import type { Metadata } from './metadata.js';
import { validateTaxId } from './tax-ids.js';
import type { Work } from './work.js';

/** How long a session made in today's generation stays open. */
export const TODAYS_CHECKOUT_TTL_MS = 24 * 3600_000;

type Address = Record<string, unknown> & { country: string };

/** The body, as CheckoutProductsCreate (or a deprecated form) has it after validation. */
export interface TodaysCheckoutDraft {
  products?: string[];
  product_id?: string;
  product_price_id?: string;
  currency?: string | null;
  amount?: number | null;
  seats?: number | null;
  discount_id?: string | null;
  allow_discount_codes: boolean;
  require_billing_address: boolean;
  allow_trial: boolean;
  trial_interval?: string | null;
  trial_interval_count?: number | null;
  customer_id?: string | null;
  /** Undefined when not sent: a returning business customer is then one again. */
  is_business_customer?: boolean;
  external_customer_id?: string | null;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_ip_address?: string | null;
  customer_billing_name?: string | null;
  customer_billing_address?: Address | null;
  customer_tax_id?: string | null;
  customer_metadata: Metadata;
  metadata: Metadata;
  custom_field_data: Record<string, unknown>;
  subscription_id?: string | null;
  success_url?: string | null;
  return_url?: string | null;
  embed_origin?: string | null;
  locale?: string | null;
}

/**
 * A product's prices as today's Product.prices lists them: its catalog prices that are not
 * archived, fixed and custom (static) ones first, oldest first.
 */
export function pricesOf(store: Store, productId: string): PriceRow[] {
  const rank = (p: PriceRow) => (isStatic(p) ? 0 : 1);
  return store.products
    .activePrices(productId)
    .filter((p) => (p.source ?? 'catalog') === 'catalog')
    .sort((a, b) => rank(a) - rank(b));
}

const isStatic = (p: PriceRow) => ['fixed', 'custom', 'free'].includes(p.amount_type);

/** The prices of `prices` in the first of `currencies` that has any (PriceSet.from_prices). */
export function inCurrency(prices: readonly PriceRow[], currencies: readonly string[]) {
  for (const currency of currencies) {
    const found = prices.filter((p) => (p.price_currency ?? 'usd') === currency);
    if (found.length) return { currency, prices: found };
  }
  return undefined;
}

/** PriceSet.get_default_price: the first static price, else the first. */
export const defaultPrice = (prices: readonly PriceRow[]) => prices.find(isStatic) ?? prices[0]!;

/** What the price asks up front (calculate_upfront_amount for one static price). */
export function upfront(price: PriceRow, custom?: number | null): number {
  if (price.amount_type === 'fixed') return price.price_amount ?? 0;
  if (price.amount_type === 'custom')
    return custom ?? price.preset_amount ?? price.minimum_amount ?? CUSTOM_MINIMUM;
  return 0;
}

/** A custom price's minimum when it has none (ProductPriceCustomBase, 7589c27494). */
const CUSTOM_MINIMUM = 50;
/** The smallest and largest payment in usd (kit/currency.py MINIMUM/MAXIMUM_PRICE_PER_CURRENCY). */
const CURRENCY_MINIMUM = 50;
const CURRENCY_MAXIMUM = 99_999_999;

/** validate_custom_price_amount (product/custom_price.py at c6c3645e): 0 or within the bounds. */
export function todaysCustomAmountProblem(price: PriceRow, amount: number): Problem | undefined {
  const loc = ['amount'];
  const minimum = price.minimum_amount ?? CUSTOM_MINIMUM;
  const at = (type: string, msg: string, ctx: Record<string, unknown>) => ({
    type,
    loc,
    msg,
    input: amount,
    ctx,
  });
  if (amount < minimum)
    return at('greater_than_equal', 'Amount is below minimum.', { ge: minimum });
  if (amount > 0 && amount < CURRENCY_MINIMUM)
    return at('invalid_amount', 'Amount must be 0 or at least $0.50.', {
      allowed: [0],
      ge: CURRENCY_MINIMUM,
    });
  if (price.maximum_amount != null && amount > price.maximum_amount)
    return at('less_than_equal', 'Amount is above maximum.', { le: price.maximum_amount });
  if (amount > CURRENCY_MAXIMUM)
    return at('less_than_equal', 'Amount must be at most $999,999.99.', { le: CURRENCY_MAXIMUM });
  return undefined;
}

/**
 * `_get_validated_discount`: a discount of the organization that applies to the product now, a
 * product some price of which takes discounts; `loc` is discount_id or discount_code.
 */
export function todaysDiscount(
  w: Work,
  product: ProductRow,
  currency: string,
  found: () => ReturnType<Store['discounts']['byCode']>,
  loc: 'discount_id' | 'discount_code',
  input: string,
): string {
  const { store, clock } = w;
  // The real problem's input is the discount_id sent: none for a code.
  const shown = loc === 'discount_id' ? input : null;
  if (!pricesOf(store, product.id).some((p) => !isFreePrice(p) && isStatic(p)))
    throw invalid([loc], 'Discounts are not applicable to this product.', shown);
  const d = found();
  const other = d?.type === 'fixed' && d.currency && d.currency !== currency;
  if (!d || other || discountProblem(store, d, product.id, clock.iso()))
    throw invalid([loc], 'Discount does not exist.', shown);
  return d.id;
}

/** The tax ID a session keeps for `number` billed in `country` ("Invalid tax ID."). */
export function checkoutTaxId(number: string, country: string): string {
  try {
    return validateTaxId(number, country)[0];
  } catch (err) {
    if (err instanceof Invalid) throw invalid(['customer_tax_id'], 'Invalid tax ID.', number);
    throw err;
  }
}

/** `address` has more than a country and a state (Address.has_address). */
export const hasAddress = (a: Record<string, unknown> | null | undefined) =>
  !!a && ['line1', 'line2', 'city', 'postal_code'].some((k) => a[k] != null);

/** `from` plus `count` trial intervals (TrialInterval.get_end), a month's end kept in range. */
export function afterTrial(from: Date, interval: string, count: number): Date {
  const end = new Date(from);
  if (interval === 'day' || interval === 'week')
    end.setUTCDate(end.getUTCDate() + count * (interval === 'week' ? 7 : 1));
  else {
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + count * (interval === 'year' ? 12 : 1));
    const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, last));
  }
  return end;
}

/** The trial a session gives (active_trial_interval and _count): undefined without one. */
export function activeTrial(row: CheckoutRow, product: ProductRow) {
  if (row.allow_trial === 0 || product.is_recurring !== 1) return undefined;
  const interval = row.trial_interval ?? product.trial_interval ?? null;
  const count = row.trial_interval_count ?? product.trial_interval_count ?? null;
  return { interval, count };
}

/** `_update_trial_end`: when the session's trial ends if it starts now; null without one. */
export function trialEnd(row: CheckoutRow, product: ProductRow, now: Date): string | null {
  const trial = activeTrial(row, product);
  if (!trial?.interval || !trial.count) return null;
  return afterTrial(now, trial.interval, trial.count).toISOString();
}

/** The organization's setting (feature_settings.checkout_localization_enabled). */
function localized(store: Store, organizationId: string): boolean {
  const org = store.row('organizations', organizationId);
  const settings = parseJson<Record<string, unknown> | null>(org?.feature_settings ?? 'null');
  return settings?.checkout_localization_enabled === true;
}

/** The session's locale: `en` until the organization turns localization on. */
export const checkoutLocale = (store: Store, organizationId: string, locale: string | null) =>
  localized(store, organizationId) ? locale : 'en';

/** The products offered, each one the seller's, live and not a draft (every problem at once). */
function offered(store: Store, visible: Visibility, ids: readonly string[]): ProductRow[] {
  const problems: Problem[] = [];
  const products: ProductRow[] = [];
  ids.forEach((raw, index) => {
    const p = visible.own(store.row('products', raw.toLowerCase()));
    const loc = ['products', index];
    if (!p) problems.push({ type: 'value_error', loc, msg: 'Product does not exist.', input: raw });
    else if (p.is_archived === 1)
      problems.push({ type: 'value_error', loc, msg: 'Product is archived.', input: raw });
    else if (p.visibility === 'draft')
      problems.push({ type: 'value_error', loc, msg: 'Product is a draft.', input: raw });
    else products.push(p);
  });
  if (new Set(products.map((p) => p.organization_id)).size > 1)
    problems.push({
      type: 'value_error',
      loc: ['products'],
      msg: 'Products must all belong to the same organization.',
      input: ids,
    });
  if (problems.length) throw new Invalid(problems);
  return products;
}

/** The organization's currency (default_presentment_currency), the sandbox's being usd. */
const currencyOf = (store: Store, organizationId: string) =>
  store.row('organizations', organizationId)?.default_presentment_currency ?? 'usd';

/** The products offered, the one selected and its price and currency, by the draft's form. */
function sold(w: Work, visible: Visibility, draft: TodaysCheckoutDraft) {
  const { store } = w;
  if (draft.product_price_id !== undefined) {
    const loc = ['product_price_id'];
    const input = draft.product_price_id;
    const price = store.row('prices', input.toLowerCase());
    const product = price && visible.own(store.row('products', price.product_id));
    if (!price || !product) throw invalid(loc, 'Price does not exist.', input);
    if (price.is_archived === 1) throw invalid(loc, 'Price is archived.', input);
    if (product.is_archived === 1) throw invalid(loc, 'Product is archived.', input);
    return { products: [product], product, price, currency: price.price_currency ?? 'usd' };
  }
  const many = draft.products !== undefined;
  const loc = many ? ['products', 0] : ['product_id'];
  const products = many
    ? offered(store, visible, draft.products!)
    : offered(store, visible, [draft.product_id!]);
  const product = products[0]!;
  const currencies = draft.currency
    ? [draft.currency]
    : [currencyOf(store, product.organization_id)];
  const set = inCurrency(pricesOf(store, product.id), currencies);
  if (!set) {
    const msg = 'Product is not available in the specified currency.';
    throw invalid(loc, msg, many ? draft.products![0] : draft.product_id);
  }
  return { products, product, price: defaultPrice(set.prices), currency: set.currency };
}

/**
 * The customer the session is for: the one of the free subscription it upgrades, the one named
 * by customer_id, or the one with the seller's external id (none yet: made at confirm).
 */
function customerOf(w: Work, organizationId: string, draft: TodaysCheckoutDraft) {
  const { store } = w;
  if (draft.subscription_id != null) {
    const input = draft.subscription_id;
    const sub = store.row('subscriptions', input);
    if (!sub || sub.organization_id !== organizationId)
      throw invalid(['subscription_id'], 'Subscription does not exist.', input);
    const price = store.row('prices', sub.price_id);
    if (price && !isFreePrice(price))
      throw invalid(['subscription_id'], 'Only free subscriptions can be upgraded.', input);
    return { customer: store.row('customers', sub.customer_id) ?? null, subscriptionId: sub.id };
  }
  if (draft.customer_id != null) {
    const c = store.row('customers', draft.customer_id);
    if (!c || c.deleted_at || c.organization_id !== organizationId)
      throw invalid(['customer_id'], 'Customer does not exist.', draft.customer_id);
    return { customer: c, subscriptionId: null };
  }
  if (draft.external_customer_id != null) {
    const c = store.inOrganization(
      'customers',
      organizationId,
      'external_id',
      draft.external_customer_id,
    );
    return { customer: c && !c.deleted_at ? c : null, subscriptionId: null };
  }
  return { customer: null, subscriptionId: null };
}

/** Creates the session; its id. Emits checkout.created. */
export function createTodaysCheckout(
  w: Work,
  visible: Visibility,
  draft: TodaysCheckoutDraft,
): string {
  const { store, clock, tx } = w;
  const at = clock.now();
  const { products, product, price, currency } = sold(w, visible, draft);
  const orgId = product.organization_id;
  if (draft.amount != null && price.amount_type === 'custom') {
    const problem = todaysCustomAmountProblem(price, draft.amount);
    if (problem) throw new Invalid([problem]);
  }
  let discountId: string | null = null;
  if (draft.discount_id != null) {
    const id = draft.discount_id.toLowerCase();
    const find = () => store.inOrganization('discounts', orgId, 'id', id);
    discountId = todaysDiscount(w, product, currency, find, 'discount_id', draft.discount_id);
  }
  let taxId: string | null = null;
  if (draft.customer_tax_id != null) {
    if (draft.customer_billing_address == null)
      throw invalid(
        ['customer_billing_address'],
        'Country is required to validate tax ID.',
        null,
        'missing',
      );
    taxId = checkoutTaxId(draft.customer_tax_id, draft.customer_billing_address.country);
  }
  // No seat-based prices in the sandbox: seats are for those only.
  if (draft.seats != null)
    throw invalid(['seats'], 'Seats can only be set for seat-based pricing.', draft.seats);
  const { customer, subscriptionId } = customerOf(w, orgId, draft);
  const customFields = checkCustomFields(store, product.id, draft.custom_field_data);
  const address = draft.customer_billing_address ?? null;
  const fullAddress =
    hasAddress(address) || (address?.state != null && !['US', 'CA'].includes(address.country));
  const id = uuid();
  const row: CheckoutRow = {
    id,
    created_at: at.toISOString(),
    modified_at: null,
    organization_id: orgId,
    status: 'open',
    client_secret: token('polar_c_'),
    expires_at: new Date(at.getTime() + TODAYS_CHECKOUT_TTL_MS).toISOString(),
    success_url: draft.success_url ?? null,
    embed_origin: draft.embed_origin ?? null,
    amount: upfront(price, price.amount_type === 'custom' ? draft.amount : null),
    tax_amount: null,
    currency,
    product_id: product.id,
    product_price_id: price.id,
    discount_id: discountId,
    discount_locked: discountId ? 1 : 0,
    allow_discount_codes: draft.allow_discount_codes ? 1 : 0,
    customer_id: customer?.id ?? null,
    customer_name: draft.customer_name ?? null,
    customer_email: draft.customer_email ?? null,
    customer_ip_address: draft.customer_ip_address ?? null,
    customer_billing_address: address ? json(address) : null,
    customer_tax_id: taxId,
    payment_processor_metadata: '{}',
    metadata: json(draft.metadata),
    customer_metadata: json(draft.customer_metadata),
    custom_field_data: json(customFields),
    subscription_id: subscriptionId,
    return_url: draft.return_url ?? null,
    require_billing_address: draft.require_billing_address || fullAddress ? 1 : 0,
    is_business_customer: draft.is_business_customer ? 1 : 0,
    external_customer_id: draft.external_customer_id ?? null,
    customer_billing_name: draft.customer_billing_name ?? null,
    locale: draft.locale ?? null,
    payment_method_type: null,
    allow_trial: draft.allow_trial ? 1 : 0,
    trial_interval: draft.trial_interval ?? null,
    trial_interval_count: draft.trial_interval_count ?? null,
    trial_end: null,
  };
  if (customer) prefill(row, customer, draft.is_business_customer === undefined);
  row.locale = checkoutLocale(store, orgId, row.locale ?? null);
  row.trial_end = trialEnd(row, product, at);
  row.tax_amount = todaysTax(store, row);
  store.insert('checkouts', row);
  store.checkouts.offer(
    id,
    products.map((p) => p.id),
  );
  tx.emit({ type: 'checkout.created', id });
  return id;
}

/**
 * An existing customer fills in what the seller did not send: the email, the billing name, the
 * address, the tax ID and (not a team's) the name, and the locale; a customer with a billing name
 * of its own and an address is a business, unless the seller said.
 */
function prefill(row: CheckoutRow, c: CustomerRow, businessUnsaid: boolean): void {
  row.customer_email ??= c.email;
  row.customer_billing_name ??= c.billing_name ?? c.name ?? null;
  row.customer_billing_address ??= c.billing_address ?? null;
  row.customer_tax_id ??= c.tax_id ? parseJson<string[]>(c.tax_id)[0]! : null;
  if (c.type !== 'team') row.customer_name ??= c.name ?? null;
  row.locale ??= c.locale ?? null;
  const address = parseJson<Record<string, unknown> | null>(c.billing_address ?? 'null');
  if (businessUnsaid && c.billing_name != null && hasAddress(address)) row.is_business_customer = 1;
}

/**
 * The session's tax after a change (`_update_checkout_tax`): 0 when no payment form is needed;
 * with a billing address the tax computed for it (the sandbox computes none: 0); without one, as
 * it was.
 */
export function todaysTax(store: Store, row: CheckoutRow): number | null {
  const product = store.row('products', row.product_id)!;
  const discount = row.discount_id ? (store.row('discounts', row.discount_id) ?? null) : null;
  const prices = pricesOf(store, product.id);
  const amounts = todaysAmounts(
    { ...row, tax_amount: 0 },
    product.is_recurring === 1,
    prices,
    discount,
  );
  if (!amounts.paymentFormRequired) return 0;
  if (row.customer_billing_address) return 0;
  return row.tax_amount ?? null;
}
