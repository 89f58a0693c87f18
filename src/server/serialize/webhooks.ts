// The webhook API's JSON forms: endpoint, event (of an endpoint) and delivery, as the real
// service's WebhookEndpoint, WebhookEvent and WebhookDelivery (with the secret, the event's type
// and the delivery's response, which later versions of the real service added).
import type { WebhookEndpointRow } from '../store/rows.js';
import type { DeliveryListed } from '../store/webhooks.js';
import { b, j, type R, stamps } from './loader.js';

export function webhookEndpoint(r: WebhookEndpointRow): R {
  return {
    ...stamps(r),
    id: r.id,
    url: r.url,
    format: r.format,
    secret: r.secret,
    organization_id: r.organization_id,
    events: j(r.events),
  };
}

export function webhookDelivery(r: DeliveryListed): R {
  return {
    ...stamps(r),
    id: r.id,
    http_code: r.http_code ?? null,
    succeeded: b(r.succeeded),
    response: r.response ?? null,
    webhook_event: {
      created_at: r.event_created_at,
      modified_at: r.event_modified_at ?? null,
      id: r.webhook_event_id,
      type: r.type,
      last_http_code: r.last_http_code ?? null,
      succeeded: r.event_succeeded === null ? null : b(r.event_succeeded),
      payload: r.payload,
    },
  };
}
