// Checkout sessions in today's generation (Polar-Version 2026-04/2026-10), read from
// polarsource/polar at c6c3645e: checkout/schemas.py (Checkout, CheckoutPublic,
// CheckoutPublicConfirmed; CheckoutProductsCreate and the deprecated CheckoutProductCreate and
// CheckoutPriceCreate; CheckoutUpdate, CheckoutUpdatePublic, CheckoutConfirmStripe) and
// models/checkout.py (the amounts, the payment flags, billing_address_fields, the trial). The
// products a session offers are its own (checkout_products); one made in the seed's generation
// offers the one it sells.
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { shownStatus, todaysAmounts } from '../domain/checkout-amounts.js';
import { activeTrial, type TodaysCheckoutDraft } from '../domain/checkout-today.js';
import { isBillingAddressRequired, type TodaysChanges } from '../domain/checkout-today-changes.js';
import { addressInput, emailAddress, httpUrl, optionalText } from '../fields.js';
import { address, checkoutAttachedFields } from '../serialize/catalogue.js';
import { b, j, type Loader, stamps } from '../serialize/loader.js';
import type { CheckoutRow, ProductRow } from '../store/rows.js';
import { chars, problem } from '../validate.js';
import { union, withDefault } from '../validate-models.js';
import { locale } from './customers.js';
import { checkoutDiscount } from './discounts.js';
import { metadataInput } from './metadata.js';
import { organization } from './organizations.js';
import { buyersProduct, price } from './products.js';

type Schemas = components['schemas'];
type Mode = Schemas['BillingAddressFieldMode'];

/** CheckoutProduct: the product with its prices, its public benefits and its medias. */
export function checkoutProduct(l: Loader, r: ProductRow): Schemas['CheckoutProduct'] {
  return buyersProduct(l, r);
}

/** Which parts of the billing address the form asks for (Checkout.billing_address_fields). */
function billingAddressFields(r: CheckoutRow): Schemas['CheckoutBillingAddressFields'] {
  const country = (j(r.customer_billing_address) as { country?: string } | null)?.country;
  const full = isBillingAddressRequired(r) || country === 'US';
  const mode = (on: boolean, off: Mode = 'disabled'): Mode => (on ? 'required' : off);
  return {
    country: 'required',
    state: mode(country === 'US' || country === 'CA', full ? 'optional' : 'disabled'),
    city: mode(full),
    postal_code: mode(full),
    line1: mode(full),
    line2: full ? 'optional' : 'disabled',
  };
}

/** The fields every form of a session shares (CheckoutBase), and what the forms add. */
function base(l: Loader, r: CheckoutRow, now: string) {
  const offered = l.offered('checkout', r.id);
  const ids = offered.length ? offered : [r.product_id];
  const productRows = ids.map((id) => l.row('products', id)).filter((p) => p !== null);
  const products = productRows.map((p) => checkoutProduct(l, p));
  const selected =
    products.find((p) => p.id === r.product_id) ??
    checkoutProduct(l, l.row('products', r.product_id)!);
  const productRow = l.row('products', r.product_id)!;
  const priceRow = l.row('prices', r.product_price_id)!;
  const discount = l.row('discounts', r.discount_id);
  const pricesOf = (id: string) =>
    l
      .productChildren('prices', id)
      .filter((p) => !p.is_archived && (p.source ?? 'catalog') === 'catalog');
  const amounts = todaysAmounts(r, b(productRow.is_recurring), pricesOf(r.product_id), discount);
  const trial = activeTrial(r, productRow);
  const org = l.row('organizations', r.organization_id)!;
  const tax_behavior: Schemas['Checkout']['tax_behavior'] =
    amounts.tax !== null && amounts.paymentFormRequired && r.customer_billing_address
      ? priceRow.tax_behavior === 'inclusive' || org.default_tax_behavior === 'inclusive'
        ? 'inclusive'
        : 'exclusive'
      : null;
  const successUrl =
    typeof r.success_url === 'string'
      ? r.success_url.replaceAll('{CHECKOUT_ID}', r.id)
      : `${l.baseUrl}/checkout/${r.client_secret}/confirmation`;
  return {
    id: r.id,
    ...stamps(r),
    custom_field_data: (j(r.custom_field_data) ?? {}) as Record<string, string>,
    payment_processor: 'stripe' as const,
    status: shownStatus(r, now),
    client_secret: r.client_secret,
    url: `${l.baseUrl}/checkout/${r.client_secret}`,
    expires_at: r.expires_at,
    success_url: successUrl,
    return_url: r.return_url ?? null,
    embed_origin: r.embed_origin ?? null,
    amount: amounts.amount,
    seats: null,
    min_seats: null,
    max_seats: null,
    discount_amount: amounts.discount,
    net_amount: amounts.net,
    tax_amount: amounts.tax,
    tax_behavior,
    total_amount: amounts.total,
    currency: r.currency ?? 'usd',
    allow_trial: r.allow_trial === undefined ? true : b(r.allow_trial),
    active_trial_interval: (trial?.interval ?? null) as Schemas['TrialInterval'] | null,
    active_trial_interval_count: trial?.count ?? null,
    trial_end: r.trial_end ?? null,
    organization_id: r.organization_id,
    product_id: r.product_id,
    product_price_id: r.product_price_id,
    discount_id: r.discount_id ?? null,
    allow_discount_codes: b(r.allow_discount_codes),
    require_billing_address: b(r.require_billing_address),
    is_discount_applicable: amounts.discountApplicable,
    is_free_product_price: amounts.free,
    is_payment_required: amounts.paymentRequired,
    is_payment_setup_required: amounts.paymentSetupRequired,
    is_payment_form_required: amounts.paymentFormRequired,
    customer_id: r.customer_id ?? null,
    is_business_customer: b(r.is_business_customer),
    customer_name: r.customer_name ?? null,
    customer_email: r.customer_email ?? null,
    customer_ip_address: r.customer_ip_address ?? null,
    customer_billing_name: r.customer_billing_name ?? null,
    customer_billing_address: address(r.customer_billing_address) as Schemas['Address'] | null,
    customer_tax_id: r.customer_tax_id ?? null,
    locale: r.locale ?? null,
    payment_method_type: r.payment_method_type ?? null,
    payment_processor_metadata: (j(r.payment_processor_metadata) ?? {}) as Record<string, string>,
    billing_address_fields: billingAddressFields(r),
    products,
    product: selected,
    product_price: price(priceRow, l),
    prices: Object.fromEntries(
      productRows.map((p) => [p.id, pricesOf(p.id).map((x) => price(x, l))]),
    ),
    discount: discount ? checkoutDiscount(discount) : null,
    attached_custom_fields: checkoutAttachedFields(
      l,
      r.product_id,
    ) as unknown as Schemas['AttachedCustomField'][],
    org,
  };
}

/** The Checkout form (an access token's). */
export function checkout(l: Loader, r: CheckoutRow, now: string): Schemas['Checkout'] {
  const { org: _o, ...rest } = base(l, r, now);
  return {
    ...rest,
    trial_interval: (r.trial_interval ?? null) as Schemas['TrialInterval'] | null,
    trial_interval_count: r.trial_interval_count ?? null,
    metadata: (j(r.metadata) ?? {}) as Record<string, string>,
    external_customer_id: r.external_customer_id ?? null,
    subscription_id: r.subscription_id ?? null,
    customer_metadata: (j(r.customer_metadata) ?? {}) as Record<string, string>,
  };
}

/** The CheckoutPublic form (the client secret's): no seller's metadata, the organization. */
export function checkoutPublic(l: Loader, r: CheckoutRow, now: string): Schemas['CheckoutPublic'] {
  const { org, ...rest } = base(l, r, now);
  const o = organization(org, now);
  return {
    ...rest,
    organization: {
      created_at: o.created_at,
      modified_at: o.modified_at,
      id: o.id,
      name: o.name,
      slug: o.slug,
      avatar_url: o.avatar_url,
      proration_behavior: o.proration_behavior,
      allow_customer_updates: o.allow_customer_updates,
    },
  };
}

/** CheckoutPublicConfirmed: the public form with the customer session's token, if any. */
export function checkoutConfirmed(
  l: Loader,
  r: CheckoutRow,
  now: string,
  token: string | null,
): Schemas['CheckoutPublicConfirmed'] {
  return { ...checkoutPublic(l, r, now), status: 'confirmed', customer_session_token: token };
}

// ---- request bodies

const TRIAL_INTERVALS = ['day', 'week', 'month', 'year'] as const;
/** SuccessUrl: an http(s) URL whose {CHECKOUT_ID} placeholder survives the normalization. */
const successUrl = httpUrl.transform((v) => v.replaceAll('%7BCHECKOUT_ID%7D', '{CHECKOUT_ID}'));
const currency = z.string().check((ctx) => {
  if (!/^[a-z]{3}$/.test(ctx.value))
    ctx.issues.push(problem(ctx.value, 'enum', 'Input should be a valid presentment currency'));
});
/** CustomerNameInput: at most 256 characters, an empty one is none. */
const customerName = chars(256)
  .nullish()
  .transform((v) => (v === '' ? null : v));
const ip = z.union([z.ipv4(), z.ipv6()]);
const seats = z.number().int().min(1).max(10_000);
const customFieldData = z.record(z.string(), z.unknown());
const trialCount = z.number().int().min(1).max(1000);

/** CheckoutUpdateBase: what both the seller and the buyer may change. */
const updateBase = {
  custom_field_data: customFieldData.optional(),
  product_id: z.uuid().nullish(),
  product_price_id: z.uuid().nullish(),
  amount: z.number().int().min(0).nullish(),
  seats: seats.nullish(),
  is_business_customer: z.boolean().nullish(),
  customer_name: customerName,
  customer_email: emailAddress.nullish(),
  customer_billing_name: optionalText,
  customer_billing_address: addressInput.nullish(),
  customer_tax_id: optionalText,
  locale: locale.nullish(),
};

const createBase = {
  trial_interval: z.enum(TRIAL_INTERVALS).nullish(),
  trial_interval_count: trialCount.nullish(),
  metadata: withDefault(metadataInput, () => ({})),
  custom_field_data: withDefault(customFieldData, () => ({})),
  discount_id: z.uuid().nullish(),
  allow_discount_codes: withDefault(z.boolean(), () => true),
  require_billing_address: withDefault(z.boolean(), () => false),
  amount: z.number().int().min(0).nullish(),
  seats: seats.nullish(),
  min_seats: seats.nullish(),
  max_seats: seats.nullish(),
  allow_trial: withDefault(z.boolean(), () => true),
  customer_id: z.uuid().nullish(),
  is_business_customer: z.boolean().optional(),
  external_customer_id: optionalText,
  customer_external_id: optionalText,
  customer_name: customerName,
  customer_email: emailAddress.nullish(),
  customer_ip_address: ip.nullish(),
  customer_billing_name: optionalText,
  customer_billing_address: addressInput.nullish(),
  customer_tax_id: optionalText,
  customer_metadata: withDefault(metadataInput, () => ({})),
  subscription_id: z.uuid().nullish(),
  success_url: successUrl.nullish(),
  return_url: httpUrl.nullish(),
  embed_origin: z.string().nullish(),
  locale: locale.nullish(),
};

const products = z
  .array(z.uuid())
  .min(1)
  .check((ctx) => {
    if (new Set(ctx.value.map((v) => v.toLowerCase())).size !== ctx.value.length)
      ctx.issues.push(
        problem(ctx.value, 'value_error', 'Value error, Product IDs must be unique.'),
      );
  });

type Created = z.output<z.ZodObject<typeof createBase>> & {
  products?: string[];
  product_id?: string;
  product_price_id?: string;
  currency?: string | null;
};

/**
 * CheckoutCreate: CheckoutProductsCreate, or the deprecated CheckoutProductCreate and
 * CheckoutPriceCreate the real service still takes (SkipJsonSchema): problems under each
 * member's name when none fits. Ad hoc `prices` are not taken (the sandbox sells catalog prices).
 */
export const createBody = union<Created>([
  [
    'CheckoutProductsCreate',
    z.object({
      ...createBase,
      currency: currency.nullish(),
      products,
      prices: z.null().optional(),
    }) as unknown as z.ZodType<Created>,
  ],
  [
    'CheckoutProductCreate',
    z.object({
      ...createBase,
      currency: currency.nullish(),
      product_id: z.uuid(),
    }) as unknown as z.ZodType<Created>,
  ],
  [
    'CheckoutPriceCreate',
    z.object({ ...createBase, product_price_id: z.uuid() }) as unknown as z.ZodType<Created>,
  ],
]);

/** The domain's draft of a parsed create body (`sent`: the keys of the body). */
export function createDraft(body: Created, sent: object): TodaysCheckoutDraft {
  const { customer_external_id, min_seats: _n, max_seats: _x, ...rest } = body;
  return {
    ...rest,
    external_customer_id: rest.external_customer_id ?? customer_external_id ?? null,
    is_business_customer: Object.hasOwn(sent, 'is_business_customer')
      ? (body.is_business_customer ?? false)
      : undefined,
    customer_billing_address:
      body.customer_billing_address as TodaysCheckoutDraft['customer_billing_address'],
  };
}

/** CheckoutUpdate: the seller's. */
export const updateBody = z.object({
  ...updateBase,
  trial_interval: z.enum(TRIAL_INTERVALS).nullish(),
  trial_interval_count: trialCount.nullish(),
  metadata: metadataInput.optional(),
  currency: currency.nullish(),
  discount_id: z.uuid().nullish(),
  allow_discount_codes: z.boolean().nullish(),
  require_billing_address: z.boolean().nullish(),
  allow_trial: z.boolean().nullish(),
  customer_ip_address: ip.nullish(),
  customer_metadata: metadataInput.nullish(),
  success_url: successUrl.nullish(),
  return_url: httpUrl.nullish(),
  embed_origin: z.string().nullish(),
});

/** CheckoutUpdatePublic: the buyer's. */
export const publicUpdateBody = z.object({
  ...updateBase,
  payment_method_type: optionalText,
  discount_code: z.string().nullish(),
  allow_trial: z.literal(false).nullish(),
});

/** CheckoutConfirmStripe: the buyer's last changes and the payment token. */
export const confirmBody = publicUpdateBody.extend({ confirmation_token_id: z.string().nullish() });

/** Only the keys the body sent (pydantic's model_fields_set), as the domain takes them. */
export function changes(parsed: object, sent: unknown): TodaysChanges {
  const keys = sent && typeof sent === 'object' ? Object.keys(sent) : [];
  return Object.fromEntries(
    Object.entries(parsed).filter(([k]) => keys.includes(k)),
  ) as TodaysChanges;
}
