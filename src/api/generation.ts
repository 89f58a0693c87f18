// What differs between the API generations beyond names, decided once per client from the
// version it sends (api-facts.md "API generations"): the value sets a request may use.
import { UsageError } from '../errors.js';
import {
  BENEFIT_TYPES,
  CANCELLATION_REASONS,
  CHECKOUT_SORT_CRITERIA,
  CHECKOUT_STATUSES,
  CUSTOMER_ORDER_SORT_CRITERIA,
  CUSTOMER_SORT_CRITERIA,
  DISCOUNT_SORT_CRITERIA,
  ORDER_SORT_CRITERIA,
  ORGANIZATION_SORT_CRITERIA,
  PRODUCT_SORT_CRITERIA,
  PRORATION_BEHAVIORS,
  RECURRING_INTERVALS,
  SELLER_SUBSCRIPTION_SORT_CRITERIA,
  SUBSCRIPTION_SORT_CRITERIA,
  SUBSCRIPTION_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from '../shared/api-facts.js';
import { ENUMS, SORTING } from '../shared/openapi/2026-10.facts.js';
import type { ApiClient } from './client.js';

/** A list's sort criteria in each generation: the seed's as api-facts.md lists them, today's by operation. */
export interface SortSpec {
  seed: readonly string[];
  operation: string;
}

export const SORTS = {
  orders: { seed: ORDER_SORT_CRITERIA, operation: 'orders:list' },
  myOrders: { seed: CUSTOMER_ORDER_SORT_CRITERIA, operation: 'customer_portal:orders:list' },
  subscriptions: { seed: SELLER_SUBSCRIPTION_SORT_CRITERIA, operation: 'subscriptions:list' },
  mySubscriptions: {
    seed: SUBSCRIPTION_SORT_CRITERIA,
    operation: 'customer_portal:subscriptions:list',
  },
  customers: { seed: CUSTOMER_SORT_CRITERIA, operation: 'customers:list' },
  products: { seed: PRODUCT_SORT_CRITERIA, operation: 'products:list' },
  discounts: { seed: DISCOUNT_SORT_CRITERIA, operation: 'discounts:list' },
  checkouts: { seed: CHECKOUT_SORT_CRITERIA, operation: 'checkouts:list' },
  organizations: { seed: ORGANIZATION_SORT_CRITERIA, operation: 'organizations:list' },
} as const satisfies Record<string, SortSpec>;

/** Every criterion either generation knows, for checking --sort before the version is known. */
export function anySorting(spec: SortSpec): string[] {
  return [...new Set([...spec.seed, ...(SORTING[spec.operation] ?? [])])];
}

/** The generation a client speaks, as people name it in messages. */
export function generationName(client: ApiClient): string {
  return client.apiVersion ? `API version ${client.apiVersion}` : "the service's API generation";
}

/**
 * Sort criteria checked against the generation in use (the CLI accepts either generation's
 * names): one the service would refuse is a usage error before anything is sent.
 */
export function checkSorting<S extends string>(
  client: ApiClient,
  sorting: readonly S[] | undefined,
  spec: SortSpec,
): readonly S[] | undefined {
  if (!sorting) return sorting;
  const known = client.today ? (SORTING[spec.operation] ?? []) : spec.seed;
  for (const criterion of sorting) {
    const name = criterion.replace(/^-/, '');
    if (!known.includes(name)) {
      throw new UsageError(
        `sort criterion "${name}" is not one of ${generationName(client)}'s for this list`,
        { hint: `Criteria: ${known.join(', ')}` },
      );
    }
  }
  return sorting;
}

/** The values of both generations, the seed's first: what a flag accepts. */
function both<A extends string, B extends string>(seed: readonly A[], today: readonly B[]) {
  return [...new Set<A | B>([...seed, ...today])];
}

/** Value sets of either generation; the service in use judges the other's. */
export const VALUES = {
  subscriptionStatus: both(SUBSCRIPTION_STATUSES, ENUMS.SubscriptionStatus),
  benefitType: both(BENEFIT_TYPES, ENUMS.BenefitType),
  cancellationReason: both(CANCELLATION_REASONS, ENUMS.CustomerCancellationReason),
  prorationBehavior: both(PRORATION_BEHAVIORS, ENUMS.SubscriptionProrationBehavior),
  recurringInterval: both(RECURRING_INTERVALS, ENUMS.RecurringInterval),
  webhookEventType: both(WEBHOOK_EVENT_TYPES, ENUMS.WebhookEventType),
  checkoutStatus: both(CHECKOUT_STATUSES, ENUMS.CheckoutStatus),
};

/**
 * Today's customer portal is one customer of one organization: it takes no organization
 * filter, and dropping one given would widen the list without a word.
 */
export function noPortalOrganization(client: ApiClient, organization: unknown): void {
  if (client.today && organization !== undefined && organization !== null) {
    throw new UsageError(
      `the customer portal of ${generationName(client)} has no organization filter: a ` +
        "customer session is one organization's",
    );
  }
}

/** A multi-value filter as an array (today's typed queries take arrays or scalars). */
export function many<T>(value: T | readonly T[] | undefined): T[] | undefined {
  return value === undefined ? undefined : ([] as T[]).concat(value);
}
