// Subscriptions: admin update and the customer portal (spec §4.2 #4–6; api-facts.md).
import type { ApiClient } from './client.js';
import type {
  CancellationReason,
  ProrationBehavior,
  SellerSubscriptionSortCriterion,
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

export interface SubscriptionFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  customer_id?: Many<string>;
  discount_id?: Many<string>;
  /** true: trialing or active; false: past_due, canceled or unpaid (the revoked statuses). */
  active?: boolean;
  sorting?: readonly Sorting<SellerSubscriptionSortCriterion>[];
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

/** The seller's subscriptions (GET /v1/subscriptions/). */
export function list(
  client: ApiClient,
  filters: SubscriptionFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/subscriptions/', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

/** The subscriptions of the organizations given (all the token sees without), as CSV text. */
export async function exportCsv(
  client: ApiClient,
  filters: { organization_id?: Many<string> } = {},
): Promise<string> {
  return client.request<string>('GET', '/v1/subscriptions/export', {
    query: { ...filters },
    accept: 'text/csv',
    raw: true,
  });
}

/** Ends a subscription now (DELETE /v1/subscriptions/{id}); its benefits are revoked. */
export async function revoke(client: ApiClient, id: string): Promise<Resource> {
  return client.request('DELETE', `/v1/subscriptions/${segment(id)}`, {
    schema: resource,
    notFound: `subscription ${id}`,
  });
}

/** One of the customer's own subscriptions. */
export async function getCustomerPortal(client: ApiClient, id: string): Promise<Resource> {
  return client.request('GET', `/v1/customer-portal/subscriptions/${segment(id)}`, {
    schema: resource,
    notFound: `subscription ${id}`,
  });
}

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
