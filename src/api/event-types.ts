// Event types (today's API only: /v1/event-types/…): each name of your events with its
// statistics and label, and the label's change. The service makes a name's event type when it is
// first ingested; the system's names have none (listed with a null id) and cannot be relabelled
// (event_type/service.py at c6c3645e).

import { object, string } from './check.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Body, Query } from './today.js';

type Many<T> = T | readonly T[];

export type EventTypeUpdate = Body<'event-types:update'>;
/** A list's row: a system name's has no id (EventTypeWithStats). */
export type EventTypeRow = { name: string } & Record<string, unknown>;
const row = object<EventTypeRow>({ name: string });

/** What the service sorts by: it accepts `label` too, and ignores it (list_with_stats). */
export const EVENT_TYPE_SORTS = ['name', 'occurrences', 'first_seen', 'last_seen'] as const;
export type EventTypeSort =
  | (typeof EVENT_TYPE_SORTS)[number]
  | `-${(typeof EVENT_TYPE_SORTS)[number]}`;

const eventTypes = resourceClient<never, EventTypeUpdate>('/v1/event-types/', 'event type');

export interface EventTypeFilters {
  organization_id?: Many<string>;
  customer_id?: Many<string>;
  external_customer_id?: Many<string>;
  /** In the name or the label, without case. */
  query?: string;
  /** Count only events without a parent. */
  root_events?: boolean;
  /** Count only the children of this event. */
  parent_id?: string;
  source?: 'user' | 'system';
  sorting?: readonly EventTypeSort[];
}

export function list(
  client: ApiClient,
  filters: EventTypeFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<EventTypeRow, void, undefined> {
  client.needsToday('event types');
  const query = {
    organization_id: filters.organization_id,
    customer_id: filters.customer_id,
    external_customer_id: filters.external_customer_id,
    query: filters.query,
    root_events: filters.root_events,
    parent_id: filters.parent_id,
    source: filters.source,
    sorting: filters.sorting,
  } satisfies Query<'event-types:list'>;
  return client.paginate('/v1/event-types/', { ...paging, query, schema: row });
}

export async function update(
  client: ApiClient,
  id: string,
  body: EventTypeUpdate,
): Promise<Resource> {
  client.needsToday('event types');
  return eventTypes.update(client, id, body);
}
