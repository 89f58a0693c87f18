// Subscriptions: admin update and the customer portal (spec §4.2 #4–6; api-facts.md).
import type { ApiClient } from './client.js';
import type {
  CancellationReason,
  ProrationBehavior,
  Sorting,
  SubscriptionSortCriterion,
} from './enums.js';
import type { PageOptions } from './paginate.js';
import { type Resource, resource } from './schemas.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface CustomerPortalSubscriptionFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  /** true: trialing or active; false: canceled or unpaid. */
  active?: boolean;
  /** Case-insensitive substring of the product name. */
  query?: string;
  sorting?: readonly Sorting<SubscriptionSortCriterion>[];
}

/** Either a price change or a cancellation, never both (api-facts.md "Request bodies"). */
export type SubscriptionUpdate =
  | { product_price_id: string; proration_behavior?: ProrationBehavior }
  | {
      cancel_at_period_end?: boolean;
      revoke?: true;
      customer_cancellation_reason?: CancellationReason | null;
      customer_cancellation_comment?: string | null;
    };

export type CustomerPortalSubscriptionUpdate =
  | { product_price_id: string }
  | {
      cancel_at_period_end?: boolean;
      cancellation_reason?: CancellationReason | null;
      cancellation_comment?: string | null;
    };

export function listCustomerPortal(
  client: ApiClient,
  filters: CustomerPortalSubscriptionFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/customer-portal/subscriptions/', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

export async function update(
  client: ApiClient,
  id: string,
  body: SubscriptionUpdate,
): Promise<Resource> {
  return client.request('PATCH', `/v1/subscriptions/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `subscription ${id}`,
  });
}

export async function updateCustomerPortal(
  client: ApiClient,
  id: string,
  body: CustomerPortalSubscriptionUpdate,
): Promise<Resource> {
  return client.request('PATCH', `/v1/customer-portal/subscriptions/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `subscription ${id}`,
  });
}
