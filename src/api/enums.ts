// The API's value sets (src/shared/api-facts.ts), for validating flags, with their types.
// Response schemas accept any string in these fields so that a value the service adds later
// does not break reading.
import type {
  BENEFIT_TYPES,
  CANCELLATION_REASONS,
  CHECKOUT_SORT_CRITERIA,
  CHECKOUT_STATUSES,
  CUSTOMER_ORDER_SORT_CRITERIA,
  CUSTOMER_SORT_CRITERIA,
  DISCOUNT_DURATIONS,
  DISCOUNT_SORT_CRITERIA,
  LICENSE_KEY_STATUSES,
  ORDER_SORT_CRITERIA,
  ORGANIZATION_SORT_CRITERIA,
  PRICE_TYPES,
  PRODUCT_SORT_CRITERIA,
  PRORATION_BEHAVIORS,
  RECURRING_INTERVALS,
  SCOPES,
  SELLER_SUBSCRIPTION_SORT_CRITERIA,
  SUBSCRIPTION_SORT_CRITERIA,
  SUBSCRIPTION_STATUSES,
} from '../shared/api-facts.js';

export * from '../shared/api-facts.js';

export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type LicenseKeyStatus = (typeof LICENSE_KEY_STATUSES)[number];
export type PriceType = (typeof PRICE_TYPES)[number];
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];
export type OrderSortCriterion = (typeof ORDER_SORT_CRITERIA)[number];
export type SubscriptionSortCriterion = (typeof SUBSCRIPTION_SORT_CRITERIA)[number];
export type SellerSubscriptionSortCriterion = (typeof SELLER_SUBSCRIPTION_SORT_CRITERIA)[number];
export type CustomerSortCriterion = (typeof CUSTOMER_SORT_CRITERIA)[number];
export type CustomerOrderSortCriterion = (typeof CUSTOMER_ORDER_SORT_CRITERIA)[number];
export type Scope = (typeof SCOPES)[number];
export type ProductSortCriterion = (typeof PRODUCT_SORT_CRITERIA)[number];
export type DiscountSortCriterion = (typeof DISCOUNT_SORT_CRITERIA)[number];
export type CheckoutSortCriterion = (typeof CHECKOUT_SORT_CRITERIA)[number];
export type OrganizationSortCriterion = (typeof ORGANIZATION_SORT_CRITERIA)[number];
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
export type DiscountDuration = (typeof DISCOUNT_DURATIONS)[number];
export type BenefitType = (typeof BENEFIT_TYPES)[number];

/** A sort criterion as sent: the name, optionally prefixed with `-` for descending. */
export type Sorting<C extends string> = C | `-${C}`;
