// Product, discount and organization in each context form (spec §2.3, §2.5, §2.6).
import * as z from 'zod';
import {
  attachedCustomField,
  benefit,
  dateTime,
  id,
  int,
  jsonObject,
  media,
  nullable,
  price,
  timestamps,
} from './common.js';

export const organization = z.looseObject({
  ...timestamps,
  name: nullable(z.string()),
  slug: nullable(z.string()),
  avatar_url: nullable(z.string()),
  bio: nullable(z.string()),
  company: nullable(z.string()),
  blog: nullable(z.string()),
  location: nullable(z.string()),
  email: nullable(z.string()),
  social_username: nullable(z.string()),
  pledge_minimum_amount: nullable(int),
  pledge_badge_show_amount: nullable(z.boolean()),
  default_upfront_split_to_contributors: nullable(int),
  profile_settings: nullable(
    z.looseObject({
      enabled: nullable(z.boolean()),
      description: nullable(z.string()),
      featured_projects: nullable(z.array(id)),
      featured_organizations: nullable(z.array(id)),
      links: nullable(z.array(z.string())),
      subscribe: nullable(
        z.looseObject({
          promote: nullable(z.boolean()),
          show_count: nullable(z.boolean()),
          count_free: nullable(z.boolean()),
          all: nullable(z.boolean()),
        }),
      ),
      accent_color: nullable(z.string()),
    }),
  ),
  feature_settings: nullable(z.looseObject({ issue_funding_enabled: nullable(z.boolean()) })),
});

/** The product embedded in an order (and in a full discount's `products`). */
export const orderProduct = z.looseObject({
  ...timestamps,
  name: nullable(z.string()),
  description: nullable(z.string()),
  is_recurring: nullable(z.boolean()),
  is_archived: nullable(z.boolean()),
  organization_id: nullable(id),
});

/** The product embedded in a checkout session. */
export const product = orderProduct.extend({
  prices: nullable(z.array(price)),
  benefits: nullable(z.array(benefit)),
  medias: nullable(z.array(media)),
});

export const adminSubscriptionProduct = product.extend({
  metadata: nullable(jsonObject),
  attached_custom_fields: nullable(z.array(attachedCustomField)),
});

export const customerPortalProduct = product.extend({ organization: nullable(organization) });

export const discountShort = z.looseObject({
  duration: nullable(z.string()),
  type: nullable(z.string()),
  amount: nullable(int),
  currency: nullable(z.string()),
  id,
  name: nullable(z.string()),
  code: nullable(z.string()),
});

export const discount = discountShort.extend({
  created_at: dateTime,
  modified_at: nullable(dateTime),
  metadata: nullable(jsonObject),
  starts_at: nullable(dateTime),
  ends_at: nullable(dateTime),
  max_redemptions: nullable(int),
  redemptions_count: nullable(int),
  organization_id: nullable(id),
  // Beyond the spec's list (api-facts.md); optional so older generations still parse.
  products: nullable(z.array(orderProduct)).optional(),
});

export type Organization = z.output<typeof organization>;
export type OrderProduct = z.output<typeof orderProduct>;
export type Product = z.output<typeof product>;
export type AdminSubscriptionProduct = z.output<typeof adminSubscriptionProduct>;
export type CustomerPortalProduct = z.output<typeof customerPortalProduct>;
export type DiscountShort = z.output<typeof discountShort>;
export type Discount = z.output<typeof discount>;
