// Refunds (today's API only: GET and POST /v1/refunds/, which the seed's generation does not
// have). Each call checks the client's generation first: against the seed's a refund would be
// the router's bare 404, so the CLI says what is missing instead.
import type { ApiClient } from './client.js';
import { checkSorting, many } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Body, Query } from './today.js';

type Many<T> = T | readonly T[];

const refunds = resourceClient<Body<'refunds:create'>>('/v1/refunds/', 'refund');

export type RefundCreate = Body<'refunds:create'>;

/** The reasons a seller may give (RefundCreate's, without the service's own dispute_prevention). */
export const REFUND_REASONS = [
  'customer_request',
  'duplicate',
  'fraudulent',
  'satisfaction_guarantee',
  'service_disruption',
  'other',
] as const satisfies readonly RefundCreate['reason'][];

/** Sort criteria of the refund list (refunds:list); `-` for descending. */
export const REFUND_SORTS = { seed: [] as string[], operation: 'refunds:list' };

export interface RefundFilters {
  order_id?: Many<string>;
  customer_id?: Many<string>;
  subscription_id?: Many<string>;
  organization_id?: Many<string>;
  /** true: only those that succeeded; false: only the others. */
  succeeded?: boolean;
  sorting?: readonly string[];
}

export function list(
  client: ApiClient,
  filters: RefundFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  client.needsToday('refunds');
  const sorting = checkSorting(client, filters.sorting, REFUND_SORTS);
  const query = {
    order_id: many(filters.order_id),
    customer_id: many(filters.customer_id),
    subscription_id: many(filters.subscription_id),
    organization_id: many(filters.organization_id),
    succeeded: filters.succeeded,
    sorting: sorting as Query<'refunds:list'>['sorting'],
  } satisfies Query<'refunds:list'>;
  return refunds.list(client, query, paging);
}

/** POST /v1/refunds/: refunds `amount` (minor units, before tax) of an order. */
export async function create(client: ApiClient, body: RefundCreate): Promise<Resource> {
  client.needsToday('refunds');
  return refunds.create(client, body);
}
