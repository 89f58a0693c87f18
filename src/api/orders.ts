// Orders (spec §4.2 #12–13; filters and sorting: api-facts.md).
import type { ApiClient } from './client.js';
import type {
  CustomerOrderSortCriterion,
  OrderSortCriterion,
  PriceType,
  Sorting,
} from './enums.js';
import type { PageOptions } from './paginate.js';
import { type Resource, resource } from './schemas.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface OrderFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  product_price_type?: Many<PriceType>;
  discount_id?: Many<string>;
  customer_id?: Many<string>;
  sorting?: readonly Sorting<OrderSortCriterion>[];
}

export function list(
  client: ApiClient,
  filters: OrderFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/orders/', { ...paging, query: { ...filters }, schema: resource });
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  return client.request('GET', `/v1/orders/${segment(id)}`, {
    schema: resource,
    notFound: `order ${id}`,
  });
}

export interface CustomerPortalOrderFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  product_price_type?: Many<PriceType>;
  subscription_id?: Many<string>;
  /** Case-insensitive substring of the product name. */
  query?: string;
  sorting?: readonly Sorting<CustomerOrderSortCriterion>[];
}

/** The customer's own orders (GET /v1/customer-portal/orders/). */
export function listCustomerPortal(
  client: ApiClient,
  filters: CustomerPortalOrderFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/customer-portal/orders/', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

export async function getCustomerPortal(client: ApiClient, id: string): Promise<Resource> {
  return client.request('GET', `/v1/customer-portal/orders/${segment(id)}`, {
    schema: resource,
    notFound: `order ${id}`,
  });
}
