// Checkout links in today's generation (Polar-Version 2026-04/2026-10), read from
// polarsource/polar at c6c3645e: checkout_link/schemas.py (CheckoutLink and its products,
// CheckoutLinkCreateProducts and the deprecated CheckoutLinkCreateProduct and
// CheckoutLinkCreateProductPrice, CheckoutLinkUpdate). A link's `url` is the service's own
// redirect, which opens a fresh session (CHECKOUT_BASE_URL, config.py).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import type { CheckoutLinkChanges, CheckoutLinkDraft } from '../domain/checkout-links.js';
import { httpUrl } from '../fields.js';
import { b, j, type Loader, stamps } from '../serialize/loader.js';
import type { CheckoutLinkRow } from '../store/rows.js';
import { literal, union, withDefault } from '../validate-models.js';
import { discountBase } from './discounts.js';
import { metadataInput } from './metadata.js';
import { product } from './products.js';

type Schemas = components['schemas'];

/** The address that opens a fresh session for the link (GET …/{client_secret}/redirect). */
export const linkUrl = (baseUrl: string, clientSecret: string) =>
  `${baseUrl}/v1/checkout-links/${encodeURIComponent(clientSecret)}/redirect`;

/** The CheckoutLink form. */
export function checkoutLink(l: Loader, r: CheckoutLinkRow): Schemas['CheckoutLink'] {
  const products = l
    .offered('checkout_link', r.id)
    .map((id) => l.row('products', id))
    .filter((p) => p !== null)
    .map((p): Schemas['CheckoutLinkProduct'] => {
      const { attached_custom_fields: _a, benefits, ...rest } = product(l, p);
      return {
        ...rest,
        benefits: benefits.map((x) => ({
          id: x.id,
          created_at: x.created_at,
          modified_at: x.modified_at,
          type: x.type,
          description: x.description,
          selectable: x.selectable,
          deletable: x.deletable,
          is_deleted: x.is_deleted,
          organization_id: x.organization_id,
        })),
      };
    });
  const discount = l.row('discounts', r.discount_id);
  return {
    id: r.id,
    ...stamps(r),
    trial_interval: r.trial_interval as Schemas['TrialInterval'] | null,
    trial_interval_count: r.trial_interval_count ?? null,
    metadata: (j(r.metadata) ?? {}) as Record<string, string>,
    payment_processor: 'stripe',
    client_secret: r.client_secret,
    success_url: r.success_url ?? null,
    return_url: r.return_url ?? null,
    label: r.label ?? null,
    allow_discount_codes: b(r.allow_discount_codes),
    require_billing_address: b(r.require_billing_address),
    discount_id: r.discount_id ?? null,
    seats: r.seats ?? null,
    organization_id: r.organization_id,
    products,
    discount: discount ? discountBase(discount) : null,
    url: linkUrl(l.baseUrl, r.client_secret),
  };
}

// ---- request bodies

const TRIAL_INTERVALS = ['day', 'week', 'month', 'year'] as const;
const successUrl = httpUrl.transform((v) => v.replaceAll('%7BCHECKOUT_ID%7D', '{CHECKOUT_ID}'));
const seats = z.number().int().min(1).max(10_000);

const createBase = {
  metadata: withDefault(metadataInput, () => ({})),
  trial_interval: z.enum(TRIAL_INTERVALS).nullish(),
  trial_interval_count: z.number().int().min(1).max(1000).nullish(),
  payment_processor: literal('PaymentProcessor', 'stripe'),
  label: z.string().nullish(),
  allow_discount_codes: withDefault(z.boolean(), () => true),
  require_billing_address: withDefault(z.boolean(), () => false),
  discount_id: z.uuid().nullish(),
  seats: seats.nullish(),
  success_url: successUrl.nullish(),
  return_url: httpUrl.nullish(),
};

/**
 * CheckoutLinkCreate: by a single price, a single product, or a list of products (tried in the
 * real union's order, problems under each member's name when none fits).
 */
export const createBody = union<CheckoutLinkDraft>([
  [
    'CheckoutLinkCreateProductPrice',
    z.object({
      ...createBase,
      product_price_id: z.uuid(),
    }) as unknown as z.ZodType<CheckoutLinkDraft>,
  ],
  [
    'CheckoutLinkCreateProduct',
    z.object({ ...createBase, product_id: z.uuid() }) as unknown as z.ZodType<CheckoutLinkDraft>,
  ],
  [
    'CheckoutLinkCreateProducts',
    z.object({
      ...createBase,
      products: z.array(z.uuid()).min(1),
    }) as unknown as z.ZodType<CheckoutLinkDraft>,
  ],
]);

/** CheckoutLinkUpdate. */
export const updateBody = z.object({
  trial_interval: z.enum(TRIAL_INTERVALS).nullish(),
  trial_interval_count: z.number().int().min(1).max(1000).nullish(),
  metadata: metadataInput.optional(),
  products: z.array(z.uuid()).min(1).nullish(),
  label: z.string().nullish(),
  allow_discount_codes: z.boolean().nullish(),
  require_billing_address: z.boolean().nullish(),
  discount_id: z.uuid().nullish(),
  seats: seats.nullish(),
  success_url: successUrl.nullish(),
  return_url: httpUrl.nullish(),
});

/** Only the keys the body sent (exclude_unset). */
export function updateChanges(
  parsed: z.output<typeof updateBody>,
  sent: unknown,
): CheckoutLinkChanges {
  const keys = sent && typeof sent === 'object' ? Object.keys(sent) : [];
  return Object.fromEntries(
    Object.entries(parsed).filter(([k]) => keys.includes(k)),
  ) as CheckoutLinkChanges;
}
