// Products and their prices (GET/POST /v1/products/, GET/PATCH /v1/products/{id}; the official
// SDK 0.20.2's products.* calls). Prices are never deleted: a PATCH whose `prices` leaves one
// out archives it.
import { array, nullish, object, string } from './check.js';
import type { ApiClient } from './client.js';
import type { PriceType, ProductSortCriterion, RecurringInterval, Sorting } from './enums.js';
import type { PageOptions } from './paginate.js';
import { type Resource, resource } from './schemas.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface ProductFilters {
  organization_id?: Many<string>;
  /** Case-insensitive substring of the name. */
  query?: string;
  is_archived?: boolean;
  is_recurring?: boolean;
  benefit_id?: Many<string>;
  sorting?: readonly Sorting<ProductSortCriterion>[];
}

/** A new price, as product create and update take it. */
export type PriceCreate =
  | {
      type: PriceType;
      amount_type: 'fixed';
      price_amount: number;
      price_currency?: string;
      recurring_interval?: RecurringInterval;
    }
  | { type: PriceType; amount_type: 'free'; recurring_interval?: RecurringInterval }
  | { type: 'one_time'; amount_type: 'custom'; price_currency?: string };

export interface ProductCreate {
  name: string;
  description?: string | null;
  prices: PriceCreate[];
  organization_id?: string | null;
}

export interface ProductUpdate {
  name?: string;
  description?: string | null;
  is_archived?: boolean;
  /** The whole set: `{id}` keeps a price, a new one is added, every other one is archived. */
  prices?: ({ id: string } | PriceCreate)[];
}

/** A product whose price ids `products update --add-price/--archive-price` computes with. */
export type ProductWithPrices = Resource & { prices?: Resource[] | null };
const productWithPrices = object<ProductWithPrices>({
  id: string,
  prices: nullish(array(resource)),
});

export function list(
  client: ApiClient,
  filters: ProductFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/products/', { ...paging, query: { ...filters }, schema: resource });
}

export async function get(client: ApiClient, id: string): Promise<ProductWithPrices> {
  return client.request('GET', `/v1/products/${segment(id)}`, {
    schema: productWithPrices,
    notFound: `product ${id}`,
  });
}

export async function create(
  client: ApiClient,
  body: ProductCreate | Record<string, unknown>,
): Promise<Resource> {
  return client.request('POST', '/v1/products/', { body, schema: resource });
}

export async function update(
  client: ApiClient,
  id: string,
  body: ProductUpdate | Record<string, unknown>,
): Promise<Resource> {
  return client.request('PATCH', `/v1/products/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `product ${id}`,
  });
}
