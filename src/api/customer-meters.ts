// Customer meters (today's API only: GET /v1/customer-meters/): what a customer consumed of a
// meter, what they were credited, and the balance.
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Query } from './today.js';

type Many<T> = T | readonly T[];

const customerMeters = resourceClient('/v1/customer-meters/', 'customer meter');

export interface CustomerMeterFilters {
  organization_id?: Many<string>;
  customer_id?: Many<string>;
  external_customer_id?: Many<string>;
  meter_id?: Many<string>;
}

export function list(
  client: ApiClient,
  filters: CustomerMeterFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  client.needsToday('customer meters');
  const query = {
    organization_id: filters.organization_id,
    customer_id: filters.customer_id,
    external_customer_id: filters.external_customer_id,
    meter_id: filters.meter_id,
  } satisfies Query<'customer_meters:list'>;
  return customerMeters.list(client, query, paging);
}
