// The bodies of the checkout endpoints as the real service's schemas take them (checkout/
// schemas.py at the spec's generation; api-facts "Request bodies"): the seller's create
// (CheckoutProductCreate | CheckoutPriceCreate, problems under the member's name as pydantic's
// union reports them) and update, the buyer's update and confirm.
import * as z from 'zod';
import type { CheckoutDraft } from '../domain/checkout-create.js';
import type { CheckoutChanges } from '../domain/checkouts.js';
import { chars, parseBody } from '../validate.js';
import { emptyToNone, literal, metadata, orNull, union, withDefault } from '../validate-models.js';

const address = z.object({
  line1: chars(256).nullish(),
  line2: chars(256).nullish(),
  postal_code: chars(32).nullish(),
  city: chars(128).nullish(),
  state: chars(128).nullish(),
  country: z.string().regex(/^[A-Z]{2}$/, 'Country must be an ISO 3166-1 alpha-2 code'),
});

// Stripe's bounds on an amount (the real schema's Amount).
const amount = z.number().int().min(50).max(99_999_999);
const email = z.email().max(320);
const successUrl = z.url({ protocol: /^https?$/ }).max(2048);
const customFieldData = z.record(z.string(), z.unknown());

const shared = {
  product_price_id: z.uuid().nullish(),
  amount: amount.nullish(),
  customer_name: chars(256).nullish(),
  customer_email: email.nullish(),
  customer_billing_address: address.nullish(),
  customer_tax_id: chars(64).nullish(),
  custom_field_data: customFieldData.nullish(),
};

const updateBody = z.object({
  ...shared,
  // metadata and customer_metadata are checked by checkMetadata (spec §8) for exact locations.
  metadata: z.unknown().optional(),
  customer_metadata: z.unknown().optional(),
  discount_id: z.uuid().nullish(),
  allow_discount_codes: z.boolean().nullish(),
  customer_ip_address: z.union([z.ipv4(), z.ipv6()]).nullish(),
  success_url: successUrl.nullish(),
  embed_origin: chars(256).nullish(),
});

const publicUpdateBody = z.object({ ...shared, discount_code: chars(256, 1).nullish() });

const confirmBody = z.object({
  ...shared,
  discount_code: chars(256, 1).nullish(),
  confirmation_token_id: chars(256, 1).nullish(),
});

// CheckoutCreateBase's fields in their pydantic order; the member adds what it sells.
const createBase = {
  metadata: metadata(() => ({})),
  custom_field_data: withDefault(customFieldData, () => ({})),
  payment_processor: orNull(literal('PaymentProcessor', 'stripe')),
  discount_id: orNull(z.uuid()),
  allow_discount_codes: withDefault(z.boolean(), () => true),
  amount: orNull(amount),
  customer_id: orNull(z.uuid()),
  customer_name: emptyToNone,
  customer_email: orNull(email),
  customer_ip_address: orNull(z.union([z.ipv4(), z.ipv6()])),
  customer_billing_address: orNull(address),
  customer_tax_id: emptyToNone,
  customer_metadata: metadata(() => ({})),
  subscription_id: orNull(z.uuid()),
  success_url: orNull(successUrl),
  embed_origin: orNull(chars(256)),
};

const createBody = union<CheckoutDraft>([
  [
    'CheckoutProductCreate',
    z.object({ ...createBase, product_id: z.uuid() }) as unknown as z.ZodType<CheckoutDraft>,
  ],
  [
    'CheckoutPriceCreate',
    z.object({ ...createBase, product_price_id: z.uuid() }) as unknown as z.ZodType<CheckoutDraft>,
  ],
]);

const lower = (id: string | undefined) => id?.toLowerCase();

export function parseCheckoutCreate(body: unknown): CheckoutDraft {
  const draft = parseBody(createBody, body);
  return {
    ...draft,
    product_price_id: lower(draft.product_price_id),
    product_id: lower(draft.product_id),
    discount_id: lower(draft.discount_id ?? undefined),
    customer_id: lower(draft.customer_id ?? undefined),
    subscription_id: lower(draft.subscription_id ?? undefined),
  };
}

export function parseCheckoutUpdate(body: unknown): CheckoutChanges {
  return parseBody(updateBody, body) as CheckoutChanges;
}

export function parsePublicUpdate(body: unknown): CheckoutChanges {
  return parseBody(publicUpdateBody, body) as CheckoutChanges;
}

export function parseConfirm(body: unknown): CheckoutChanges {
  return parseBody(confirmBody, body ?? {}) as CheckoutChanges;
}
