// Subscriptions: admin update and the customer portal (spec §4.2 #4–6; api-facts.md). Today's
// generation reads one of the seller's by id, moves a subscription to another product (not
// price), previews what that move costs, and lists the portal's without an organization filter.
import type { ApiClient } from './client.js';
import type { CancellationReason } from './enums.js';
import { checkSorting, noPortalOrganization, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import { type Resource, resource } from './schemas.js';
import type { Body, Query, Schemas } from './today.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface CustomerPortalSubscriptionFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  /** true: trialing or active; false: canceled or unpaid. */
  active?: boolean;
  /** Case-insensitive substring of the product name. */
  query?: string;
  /** Criteria of either generation, checked per generation when sent. */
  sorting?: readonly string[];
}

export interface SubscriptionFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  customer_id?: Many<string>;
  discount_id?: Many<string>;
  /** true: trialing or active; false: past_due, canceled or unpaid (the revoked statuses). */
  active?: boolean;
  sorting?: readonly string[];
}

/**
 * Either a change or a cancellation, never both (api-facts.md "Request bodies"): the seed's
 * generation moves to a price, today's to a product (SubscriptionUpdateBase).
 */
export type SubscriptionUpdate =
  | { product_price_id: string; proration_behavior?: 'invoice' | 'prorate' }
  | Body<'subscriptions:update'>
  | {
      cancel_at_period_end?: boolean;
      revoke?: true;
      customer_cancellation_reason?: CancellationReason | null;
      customer_cancellation_comment?: string | null;
    };

export type CustomerPortalSubscriptionUpdate =
  | { product_price_id: string }
  | Body<'customer_portal:subscriptions:update'>
  | {
      cancel_at_period_end?: boolean;
      cancellation_reason?: CancellationReason | null;
      cancellation_comment?: string | null;
    };

const subscriptions = resourceClient<never, SubscriptionUpdate>(
  '/v1/subscriptions/',
  'subscription',
);
const mySubscriptions = resourceClient<never, CustomerPortalSubscriptionUpdate>(
  '/v1/customer-portal/subscriptions/',
  'subscription',
);

/** The seller's subscriptions (GET /v1/subscriptions/). */
export function list(
  client: ApiClient,
  filters: SubscriptionFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.subscriptions);
  // Each filter named: a name today's service does not have would be a type error here.
  const query = client.today
    ? ({
        organization_id: filters.organization_id,
        product_id: filters.product_id,
        customer_id: filters.customer_id,
        discount_id: filters.discount_id,
        active: filters.active,
        sorting: sorting as Query<'subscriptions:list'>['sorting'],
      } satisfies Query<'subscriptions:list'>)
    : { ...filters };
  return subscriptions.list(client, query, paging);
}

/** One of the seller's subscriptions (today's generation; the seed's has no such read). */
export const get = subscriptions.get;

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
export const getCustomerPortal = mySubscriptions.get;

export function listCustomerPortal(
  client: ApiClient,
  filters: CustomerPortalSubscriptionFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const op = 'customer_portal:subscriptions:list';
  const sorting = checkSorting(client, filters.sorting, SORTS.mySubscriptions);
  noPortalOrganization(client, filters.organization_id);
  // Today's portal is one customer of one organization: it has no organization filter.
  const query = client.today
    ? ({
        product_id: filters.product_id,
        active: filters.active,
        query: filters.query,
        sorting: sorting as Query<typeof op>['sorting'],
      } satisfies Query<typeof op>)
    : { ...filters };
  return mySubscriptions.list(client, query, paging);
}

export const update = subscriptions.update;
export const updateCustomerPortal = mySubscriptions.update;

/** What a change would cost (today's SubscriptionChargePreview). */
export type ChargePreview = Schemas['SubscriptionChargePreview'];

/**
 * What moving the subscription to a product would cost, changing nothing (today's generation:
 * POST /v1/subscriptions/{id}/change-preview, a route the real service keeps out of its public
 * description, or the customer portal's with `mine`).
 */
export async function changePreview(
  client: ApiClient,
  id: string,
  body:
    | Schemas['SubscriptionChangePreviewProduct']
    | Schemas['CustomerSubscriptionChangePreviewProduct'],
  mine = false,
): Promise<ChargePreview> {
  const base = mine ? '/v1/customer-portal/subscriptions' : '/v1/subscriptions';
  return (await client.request('POST', `${base}/${segment(id)}/change-preview`, {
    body,
    // A preview changes nothing: safe to send again.
    idempotent: true,
    notFound: `subscription ${id}`,
  })) as ChargePreview;
}
