// The rows of each table (store/schema.ts) as TypeScript sees them: booleans are 0/1, JSON objects
// TEXT, timestamps ISO strings. Store modules return these; nothing outside store/ reads SQL.
import type {
  BENEFIT_TYPES,
  CHECKOUT_STATUSES,
  CUSTOM_FIELD_TYPES,
  DISCOUNT_DURATIONS,
  DISCOUNT_TYPES,
  LICENSE_KEY_STATUSES,
  ORDER_BILLING_REASONS,
  PRICE_AMOUNT_TYPES,
  PRICE_TYPES,
  RECURRING_INTERVALS,
  SUBSCRIPTION_STATUSES,
} from '../../shared/api-facts.js';

// Enumerated columns take the API's value sets (api-facts "Enumerations").
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type LicenseKeyStatus = (typeof LICENSE_KEY_STATUSES)[number];
export type BillingReason = (typeof ORDER_BILLING_REASONS)[number];
export type PriceType = (typeof PRICE_TYPES)[number];
export type PriceAmountType = (typeof PRICE_AMOUNT_TYPES)[number];
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export type DiscountDuration = (typeof DISCOUNT_DURATIONS)[number];
export type BenefitType = (typeof BENEFIT_TYPES)[number] | 'meter_credit';
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
/** 0 or 1. */
export type Flag = number;

export interface Stamped {
  id: string;
  created_at: string;
  modified_at: string | null;
}

export interface MetaRow {
  key: string;
  value: string;
}

export interface UserRow {
  id: string;
  created_at: string;
  email: string;
  email_verified: Flag;
  public_name: string;
  avatar_url: string | null;
  code_host_username: string | null;
}

export interface OrganizationRow extends Stamped {
  name: string;
  slug: string;
  avatar_url: string | null;
  bio: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  email: string | null;
  social_username: string | null;
  billing_email: string | null;
  pledge_minimum_amount: number;
  pledge_badge_show_amount: Flag;
  default_upfront_split_to_contributors: number | null;
  default_badge_custom_content: string | null;
  total_monthly_spending_limit: number | null;
  per_user_monthly_spending_limit: number | null;
  profile_settings: string;
  feature_settings: string;
  subscription_settings: string;
  // Today's generation's facts (issue 26; the seed's leaves them out). A column absent from an
  // insert takes its default: the sandbox's organizations are active, in usd, taxed by location.
  website?: string | null;
  /** JSON array of {platform, url}. */
  socials?: string;
  /** JSON object: the business details (OrganizationDetails). */
  details?: string;
  country?: string | null;
  status?: string;
  details_submitted_at?: string | null;
  /** JSON objects as stored; null: the real defaults (today/organizations.ts). */
  customer_email_settings?: string | null;
  customer_portal_settings?: string | null;
  dispute_settings?: string | null;
  /** JSON array of host patterns. */
  embed_hosts?: string;
  default_presentment_currency?: string;
  default_tax_behavior?: string;
  sso_enforced?: Flag;
}

export interface UserOrganizationRow {
  user_id: string;
  organization_id: string;
}

export interface ProductRow extends Stamped {
  organization_id: string;
  name: string;
  description: string | null;
  is_recurring: Flag;
  is_archived: Flag;
  metadata: string;
  // Today's generation's facts (issue 26): the seed's API leaves them out.
  /** `public`, `private` or `draft`. */
  visibility?: ProductVisibility;
  /**
   * The product's own billing interval (null: a one-time product, or a legacy recurring one
   * whose prices carry their intervals; their `legacy` is 1) and its count, e.g. 3 months.
   */
  recurring_interval?: TodayInterval | null;
  recurring_interval_count?: number | null;
  trial_interval?: TodayInterval | null;
  trial_interval_count?: number | null;
  meter_interval?: TodayInterval | null;
  meter_interval_count?: number | null;
}

/** Today's intervals (RecurringInterval, TrialInterval of the 2026-10 document). */
export type TodayInterval = 'day' | 'week' | 'month' | 'year';
export type ProductVisibility = 'draft' | 'private' | 'public';

export interface PriceRow extends Stamped {
  product_id: string;
  /** metered_unit: today's generation only (issue 27); the seed's shows none of them. */
  amount_type: PriceAmountType | 'metered_unit';
  is_archived: Flag;
  price_currency: string | null;
  price_amount: number | null;
  type: PriceType;
  /**
   * The seed's view of the interval (a legacy price's own, else the product's); a price of a
   * product made in today's generation may read `day` or `week` here.
   */
  recurring_interval: RecurringInterval | null;
  /** A custom (pay-what-you-want) price's bounds and preset; null on the other kinds. */
  minimum_amount?: number | null;
  maximum_amount?: number | null;
  preset_amount?: number | null;
  // Today's generation's facts (issue 26).
  /** `catalog` (the product's own) or `ad_hoc` (made for one checkout). */
  source?: 'catalog' | 'ad_hoc';
  tax_behavior?: 'location' | 'inclusive' | 'exclusive' | null;
  /**
   * 1: a recurring price that carries its own interval, its product having none (the real
   * LegacyRecurringProductPrice); 0: `type` and `recurring_interval` mirror the product's.
   */
  legacy?: Flag;
  /** A metered_unit price (issue 27): its meter, unit amount (a decimal string) and cap. */
  meter_id?: string | null;
  unit_amount?: string | null;
  cap_amount?: number | null;
}

export interface BenefitRow extends Stamped {
  organization_id: string;
  type: BenefitType;
  description: string;
  selectable: Flag;
  deletable: Flag;
  properties: string;
  /** A deleted benefit keeps its row (its grants point at it) and is gone from the API. */
  deleted_at?: string | null;
  // Today's generation's facts (issue 26).
  metadata?: string;
  visibility?: ProductVisibility;
}

export interface ProductBenefitRow {
  product_id: string;
  benefit_id: string;
  order: number;
}

export interface MediaRow {
  id: string;
  created_at: string;
  organization_id: string;
  name: string;
  path: string;
  mime_type: string;
  size: number;
  storage_version: string | null;
  version: string | null;
  checksum_etag: string | null;
  checksum_sha256_base64: string | null;
  checksum_sha256_hex: string | null;
  last_modified_at: string | null;
  service: string;
  is_uploaded: Flag;
  content: string;
}

export interface ProductMediaRow {
  product_id: string;
  media_id: string;
  order: number;
}

export interface CustomFieldRow extends Stamped {
  organization_id: string;
  metadata: string;
  type: CustomFieldType;
  slug: string;
  name: string;
  properties: string;
  /** Set by DELETE /v1/custom-fields/{id}: gone from reads and from every product. */
  deleted_at?: string | null;
}

/** A custom field as attached to one product. */
export interface AttachedFieldRow extends CustomFieldRow {
  attach_order: number;
  attach_required: Flag;
}

export interface ProductCustomFieldRow {
  product_id: string;
  custom_field_id: string;
  order: number;
  required: Flag;
}

export interface DiscountRow extends Stamped {
  organization_id: string;
  name: string;
  code: string | null;
  type: DiscountType;
  amount: number | null;
  currency: string | null;
  basis_points: number | null;
  duration: DiscountDuration;
  duration_in_months: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  redemptions_count: number;
  metadata: string;
  /** Set by DELETE /v1/discounts/{id}: gone from its reads, and no checkout may use it. */
  deleted_at?: string | null;
  /**
   * A fixed discount's amount per currency (JSON; today's `amounts`); null on a row from before
   * it, whose one amount is `amount` in `currency`. `amount`/`currency` are kept as the real
   * model's backward-compatible properties: the amount in the organization's currency.
   */
  amounts?: string | null;
  /** Today's: how often one customer may redeem it (the sandbox stores and serves it). */
  max_redemptions_per_customer?: number | null;
}

export interface DiscountProductRow {
  discount_id: string;
  product_id: string;
}

export interface CustomerRow extends Stamped {
  organization_id: string;
  email: string;
  email_verified: Flag;
  name: string | null;
  billing_address: string | null;
  tax_id: string | null;
  metadata: string;
  avatar_url: string | null;
  user_id: string | null;
  /** Set by DELETE /v1/customers/{id}: the customer is gone from its lists and reads. */
  deleted_at?: string | null;
  // Today's generation's facts (issue 26; the seed's leaves them out).
  /** The seller's own id for the customer: unique in the organization, cleared by a delete. */
  external_id?: string | null;
  /** `individual` or `team`; null: a customer from before types (individual). */
  type?: CustomerType | null;
  /** The name on invoices when it is not the customer's name (`_billing_name`). */
  billing_name?: string | null;
  locale?: string | null;
}

export type CustomerType = 'individual' | 'team';

// The rows of what is sold and bought, the credentials, and the map of every table.
export * from './rows-commerce.js';
export * from './rows-events.js';
export * from './rows-usage.js';
