// Usage events (today's API only: /v1/events/…, which the seed's generation does not have):
// ingest a batch, list with filters, get one. The real service de-duplicates an ingested event
// by (organization_id, external_id) and counts it in `duplicates` (event/repository.py
// insert_batch at c6c3645e): a batch whose events all carry an external_id may be sent again.

import { count, nullish, object } from './check.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Answer, Body, Query } from './today.js';

type Many<T> = T | readonly T[];

const events = resourceClient('/v1/events/', 'event');

/** One event as ingested (EventCreateCustomer | EventCreateExternalCustomer). */
export type EventCreate = Body<'events:ingest'>['events'][number];
export type Ingested = Answer<'events:ingest'>;

const ingested = object<Ingested>({ inserted: count, duplicates: nullish(count) });

/** The most events one request carries. */
export const INGEST_BATCH = 1000;

/**
 * POST /v1/events/ingest. Safe to repeat (`idempotent`) when every event has an external_id:
 * the service skips what it already has, so a retry after a lost answer adds nothing twice.
 */
export async function ingest(
  client: ApiClient,
  batch: EventCreate[],
  opts: { signal?: AbortSignal } = {},
): Promise<Ingested> {
  client.needsToday('events');
  const idempotent = batch.every((e) => typeof e.external_id === 'string');
  return client.request('POST', '/v1/events/ingest', {
    body: { events: batch } satisfies Body<'events:ingest'>,
    schema: ingested,
    idempotent,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

export interface EventFilters {
  organization_id?: Many<string>;
  customer_id?: Many<string>;
  external_customer_id?: Many<string>;
  meter_id?: string;
  name?: Many<string>;
  source?: Many<'user' | 'system'>;
  /** Inclusive bounds, ISO 8601. */
  start_timestamp?: string;
  end_timestamp?: string;
  /** Text search (the service asks for an organization with it). */
  query?: string;
  sorting?: readonly ('timestamp' | '-timestamp')[];
}

export function list(
  client: ApiClient,
  filters: EventFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  client.needsToday('events');
  const query = {
    organization_id: filters.organization_id,
    customer_id: filters.customer_id,
    external_customer_id: filters.external_customer_id,
    meter_id: filters.meter_id,
    name: filters.name,
    source: filters.source,
    start_timestamp: filters.start_timestamp,
    end_timestamp: filters.end_timestamp,
    query: filters.query,
    sorting: filters.sorting,
  } satisfies Query<'events:list'>;
  return events.list(client, query, paging);
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  client.needsToday('events');
  return events.get(client, id);
}
