// Meters (today's API only: /v1/meters/…): list, get, create, update (archiving is an update)
// and the quantities of a meter over time.
import { array, object, string } from './check.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Answer, Body, Query, Schemas } from './today.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export type MeterCreate = Body<'meters:create'>;
export type MeterUpdate = Body<'meters:update'>;
export type Filter = Schemas['Filter'];
export type FilterClause = Schemas['FilterClause'];
export type Aggregation = MeterCreate['aggregation'];
export type Quantities = Answer<'meters:quantities'>;
export type TimeInterval = Schemas['TimeInterval'];

export const TIME_INTERVALS = [
  'hour',
  'day',
  'week',
  'month',
  'year',
] as const satisfies readonly TimeInterval[];

const meters = resourceClient<MeterCreate, MeterUpdate>('/v1/meters/', 'meter');

export interface MeterFilters {
  organization_id?: Many<string>;
  query?: string;
  is_archived?: boolean;
  sorting?: readonly string[];
}

export function list(
  client: ApiClient,
  filters: MeterFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  client.needsToday('meters');
  const query = {
    organization_id: filters.organization_id,
    query: filters.query,
    is_archived: filters.is_archived,
    sorting: filters.sorting as Query<'meters:list'>['sorting'],
  } satisfies Query<'meters:list'>;
  return meters.list(client, query, paging);
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  client.needsToday('meters');
  return meters.get(client, id);
}

export async function create(client: ApiClient, body: MeterCreate): Promise<Resource> {
  client.needsToday('meters');
  return meters.create(client, body);
}

export async function update(client: ApiClient, id: string, body: MeterUpdate): Promise<Resource> {
  client.needsToday('meters');
  return meters.update(client, id, body);
}

export interface QuantityQuery {
  start_timestamp: string;
  end_timestamp: string;
  interval: TimeInterval;
  timezone?: string;
  customer_id?: Many<string>;
  external_customer_id?: Many<string>;
}

const quantities = object<Quantities>({
  quantities: array(object({ timestamp: string })),
});

/** GET /v1/meters/{id}/quantities: the meter's quantity per interval, and the total. */
export async function getQuantities(
  client: ApiClient,
  id: string,
  q: QuantityQuery,
): Promise<Quantities> {
  client.needsToday('meters');
  const query = {
    start_timestamp: q.start_timestamp,
    end_timestamp: q.end_timestamp,
    interval: q.interval,
    timezone: q.timezone as Query<'meters:quantities'>['timezone'],
    customer_id: q.customer_id,
    external_customer_id: q.external_customer_id,
  } satisfies Query<'meters:quantities'>;
  return client.request('GET', `/v1/meters/${segment(id)}/quantities`, {
    query,
    schema: quantities,
    notFound: `meter ${id}`,
  });
}
