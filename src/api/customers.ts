// Customers: the seller's CRUD (GET/POST /v1/customers/, GET/PATCH/DELETE /v1/customers/{id};
// the official SDK 0.20.2's customers.* calls). Today's generation adds the seller's own id for
// a customer (external_id) and reads one by it.
import { UsageError } from '../errors.js';
import type { Address } from '../shared/shapes.js';
import type { ApiClient } from './client.js';
import { checkSorting, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import { type Resource, resource } from './schemas.js';
import type { Query } from './today.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface CustomerFilters {
  organization_id?: Many<string>;
  /** Matches the email or the name (case-insensitive substring). */
  query?: string;
  /** Criteria of either generation, checked per generation when sent. */
  sorting?: readonly string[];
}

export interface CustomerCreate {
  email: string;
  /** Today's generation: the seller's own id of the customer. */
  external_id?: string | null;
  name?: string | null;
  billing_address?: Address | null;
  tax_id?: string[] | null;
  organization_id?: string | null;
}

export type CustomerUpdate = Partial<Omit<CustomerCreate, 'organization_id'>>;

const customers = resourceClient<CustomerCreate, CustomerUpdate | Record<string, unknown>>(
  '/v1/customers/',
  'customer',
);

export function list(
  client: ApiClient,
  filters: CustomerFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.customers);
  const query = client.today
    ? ({
        organization_id: filters.organization_id,
        query: filters.query,
        sorting: sorting as Query<'customers:list'>['sorting'],
      } satisfies Query<'customers:list'>)
    : { ...filters };
  return customers.list(client, query, paging);
}

export const get = customers.get;

export async function create(client: ApiClient, body: CustomerCreate): Promise<Resource> {
  externalIdNeedsToday(client, body);
  return customers.create(client, body);
}

/** The seed's service ignores a field it does not know: an external id would be lost. */
function externalIdNeedsToday(client: ApiClient, body: object): void {
  if (!client.today && (body as { external_id?: unknown }).external_id !== undefined) {
    throw new UsageError(
      "external_id needs today's API (2026-04 or later): this service's generation would drop it",
    );
  }
}

/** The seed's generation has no customer by external id: said before anything is sent. */
export function externalLookupNeedsToday(client: ApiClient): void {
  if (!client.today) {
    throw new UsageError(
      "customers by external id need today's API (2026-04 or later): set api_version, or pass --api-version 2026-10",
    );
  }
}

/** A customer by the seller's own id (today's generation: GET /v1/customers/external/{id}). */
export async function getExternal(client: ApiClient, externalId: string): Promise<Resource> {
  externalLookupNeedsToday(client);
  return client.request('GET', `/v1/customers/external/${segment(externalId)}`, {
    schema: resource,
    notFound: `customer with external id ${externalId}`,
  });
}

/** Who a customer state is asked for: the customer's id, or the seller's own id of it. */
export type CustomerKey = { id: string } | { externalId: string };

/**
 * A customer's state (today's generation: GET /v1/customers/{id}/state, or
 * /v1/customers/external/{external_id}/state): the customer with its active subscriptions,
 * granted benefits and active meters. The caller checks the generation first (needsToday).
 */
export async function state(client: ApiClient, key: CustomerKey): Promise<Resource> {
  const [path, noun] =
    'id' in key
      ? [`/v1/customers/${segment(key.id)}/state`, `customer ${key.id}`]
      : [
          `/v1/customers/external/${segment(key.externalId)}/state`,
          `customer with external id ${key.externalId}`,
        ];
  return client.request('GET', path, { schema: resource, notFound: noun });
}

export async function update(
  client: ApiClient,
  id: string,
  body: CustomerUpdate | Record<string, unknown>,
): Promise<Resource> {
  externalIdNeedsToday(client, body);
  return customers.update(client, id, body);
}

export const remove = customers.remove;

/** Deletes a customer by the seller's own id (today's DELETE /v1/customers/external/{id}). */
export async function removeExternal(client: ApiClient, externalId: string): Promise<void> {
  externalLookupNeedsToday(client);
  await client.request('DELETE', `/v1/customers/external/${segment(externalId)}`, {
    notFound: `customer with external id ${externalId}`,
  });
}
