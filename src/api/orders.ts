// Orders (spec §4.2 #12–13; filters and sorting: api-facts.md). Today's generation names the
// price-type filter `product_billing_type` (an unknown query parameter is ignored, so the old
// name would list every order).
import type { ApiClient } from './client.js';
import type { PriceType } from './enums.js';
import { checkSorting, many, noPortalOrganization, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Query } from './today.js';

type Many<T> = T | readonly T[];

const orders = resourceClient('/v1/orders/', 'order');
const myOrders = resourceClient('/v1/customer-portal/orders/', 'order');

export interface OrderFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  product_price_type?: Many<PriceType>;
  discount_id?: Many<string>;
  customer_id?: Many<string>;
  /** Criteria of either generation, `-` for descending (checked per generation when sent). */
  sorting?: readonly string[];
}

export function list(
  client: ApiClient,
  filters: OrderFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.orders);
  // Each filter named: a name today's service does not have would be a type error here (the
  // price type's is product_billing_type; an unknown one would be ignored).
  const query = client.today
    ? ({
        organization_id: filters.organization_id,
        product_id: filters.product_id,
        product_billing_type: many(filters.product_price_type),
        discount_id: filters.discount_id,
        customer_id: filters.customer_id,
        sorting: sorting as Query<'orders:list'>['sorting'],
      } satisfies Query<'orders:list'>)
    : { ...filters };
  return orders.list(client, query, paging);
}

export const get = orders.get;

export interface CustomerPortalOrderFilters {
  organization_id?: Many<string>;
  product_id?: Many<string>;
  product_price_type?: Many<PriceType>;
  subscription_id?: Many<string>;
  /** Case-insensitive substring of the product name. */
  query?: string;
  sorting?: readonly string[];
}

/** The customer's own orders (GET /v1/customer-portal/orders/). */
export function listCustomerPortal(
  client: ApiClient,
  filters: CustomerPortalOrderFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const op = 'customer_portal:orders:list';
  const sorting = checkSorting(client, filters.sorting, SORTS.myOrders);
  noPortalOrganization(client, filters.organization_id);
  // Today's portal is one customer of one organization: it has no organization filter.
  const query = client.today
    ? ({
        product_id: filters.product_id,
        product_billing_type: many(filters.product_price_type),
        subscription_id: filters.subscription_id,
        query: filters.query,
        sorting: sorting as Query<typeof op>['sorting'],
      } satisfies Query<typeof op>)
    : { ...filters };
  return myOrders.list(client, query, paging);
}

export const getCustomerPortal = myOrders.get;
