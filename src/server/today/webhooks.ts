// Webhook endpoints and deliveries in today's generation (webhook/schemas.py at c6c3645e; the
// 2026-10 document's WebhookEndpoint, WebhookEndpointCreate/Update, WebhookDelivery): an endpoint
// has a `name` and can be disabled, takes today's event types, and remembers that it was created
// under today's version (its deliveries take today's shapes: webhooks/outbox.ts).
import * as z from 'zod';
import { ENUMS } from '../../shared/openapi/2026-10.facts.js';
import type { components } from '../../shared/openapi/2026-10.js';
import { b, j, stamps } from '../serialize/loader.js';
import type { WebhookEndpointRow } from '../store/rows.js';
import type { DeliveryFilter, DeliveryListed } from '../store/webhooks.js';
import { boolParam, enumList, type Query, stringParam, uuidList } from '../validate.js';
import { dateParam } from './subscriptions.js';

type Schemas = components['schemas'];

export function webhookEndpoint(r: WebhookEndpointRow): Schemas['WebhookEndpoint'] {
  return {
    ...stamps(r),
    id: r.id,
    url: r.url,
    name: r.name ?? null,
    format: r.format as Schemas['WebhookFormat'],
    secret: r.secret,
    organization_id: r.organization_id,
    events: j(r.events) as Schemas['WebhookEventType'][],
    enabled: r.enabled === undefined ? true : b(r.enabled),
  };
}

export function webhookDelivery(r: DeliveryListed): Schemas['WebhookDelivery'] {
  return {
    ...stamps(r),
    id: r.id,
    succeeded: b(r.succeeded),
    http_code: r.http_code ?? null,
    response: r.response ?? null,
    webhook_event: {
      created_at: r.event_created_at,
      modified_at: r.event_modified_at ?? null,
      id: r.webhook_event_id,
      last_http_code: r.last_http_code ?? null,
      succeeded: r.event_succeeded === null ? null : b(r.event_succeeded),
      // The sandbox skips no event and archives none.
      skipped: false,
      payload: r.payload,
      type: r.type as Schemas['WebhookEventType'],
      is_archived: false,
    },
  };
}

/** Today's event types: every one an endpoint may name (the sandbox emits some of them). */
export const eventTypes = z.array(z.enum(ENUMS.WebhookEventType));

/** Today's create and update bodies besides the seed's fields (routes/webhooks.ts). */
export const todaysFields = {
  name: z.string().nullish(),
  events: eventTypes,
};
export const enabled = z.boolean().nullish();

const HTTP_CODE_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/**
 * GET /v1/webhooks/deliveries' filters in today's generation (webhook/endpoints.py
 * list_webhook_deliveries at c6c3645e): endpoints and event types as multi-value filters, the
 * timestamps aware date-times, http_code_class one of the four classes.
 */
export function deliveriesFilter(query: Query): DeliveryFilter {
  const http = enumList(query, 'http_code_class', HTTP_CODE_CLASSES).at(-1);
  return {
    endpoint_id: uuidList(query, 'endpoint_id'),
    start_timestamp: dateParam(query, 'start_timestamp', true),
    end_timestamp: dateParam(query, 'end_timestamp', true),
    succeeded: boolParam(query, 'succeeded'),
    query: stringParam(query, 'query'),
    http_code_class: http as DeliveryFilter['http_code_class'],
    event_type: enumList(query, 'event_type', ENUMS.WebhookEventType),
  };
}
