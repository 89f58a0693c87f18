// Checkout links (today's API only: /v1/checkout-links/, checkout_link/endpoints.py at
// c6c3645e; the seed's generation has none). A link sells one or more products and its `url`
// opens a fresh checkout session each time it is followed. Each call checks the client's
// generation first: against the seed's a link would be the router's bare 404.
import type { ApiClient } from './client.js';
import { checkSorting, many } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Body, Query, Schemas } from './today.js';

/** Today's form of a new link: the products on offer (the older forms sell one product). */
export type CheckoutLinkCreate = Omit<Schemas['CheckoutLinkCreateProducts'], 'payment_processor'>;
export type CheckoutLinkUpdate = Body<'checkout-links:update'>;

const links = resourceClient<Body<'checkout-links:create'>, CheckoutLinkUpdate>(
  '/v1/checkout-links/',
  'checkout link',
);

/** Sort criteria of the link list (checkout-links:list); `-` for descending. */
export const CHECKOUT_LINK_SORTS = { seed: [] as string[], operation: 'checkout-links:list' };

/** The trial units a link may give (TrialInterval). */
export const TRIAL_INTERVALS = [
  'day',
  'week',
  'month',
  'year',
] as const satisfies readonly NonNullable<CheckoutLinkCreate['trial_interval']>[];

export interface CheckoutLinkFilters {
  organization_id?: string | readonly string[];
  product_id?: string | readonly string[];
  sorting?: readonly string[];
}

export function list(
  client: ApiClient,
  filters: CheckoutLinkFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  client.needsToday('checkout links');
  const sorting = checkSorting(client, filters.sorting, CHECKOUT_LINK_SORTS);
  const query = {
    organization_id: many(filters.organization_id),
    product_id: many(filters.product_id),
    sorting: sorting as Query<'checkout-links:list'>['sorting'],
  } satisfies Query<'checkout-links:list'>;
  return links.list(client, query, paging);
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  client.needsToday('checkout links');
  return links.get(client, id);
}

/** POST /v1/checkout-links/ (CheckoutLinkCreateProducts: the products on offer). */
export async function create(client: ApiClient, body: CheckoutLinkCreate): Promise<Resource> {
  client.needsToday('checkout links');
  // The only processor the service has; the body must name it (CheckoutLinkCreateBase).
  return links.create(client, { payment_processor: 'stripe', ...body });
}

/** PATCH: only what the body carries changes. */
export async function update(
  client: ApiClient,
  id: string,
  body: CheckoutLinkUpdate,
): Promise<Resource> {
  client.needsToday('checkout links');
  return links.update(client, id, body);
}

/** DELETE: the link's address stops working (the service keeps the sessions it opened). */
export async function remove(client: ApiClient, id: string): Promise<void> {
  client.needsToday('checkout links');
  await links.remove(client, id);
}
