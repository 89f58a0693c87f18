// Rows of events and what they cause (see rows.ts for the conventions): the outbox, the webhook
// endpoints, each endpoint's copy of an event and its delivery attempts, and benefit grants.
import type { EventType } from '../domain/events.js';
import type { Flag, Stamped } from './rows.js';

/**
 * The outbox: one row per event, written in the transaction of the change that caused it
 * (domain/events.ts). `seq` orders them (the CLI stream's replay); `payload` is the body every
 * endpoint receives, `{"type","timestamp","data"}`, serialized when the event was emitted.
 */
export interface EventRow {
  seq: number;
  id: string;
  organization_id: string;
  type: EventType;
  timestamp: string;
  payload: string;
  /**
   * The body in today's generation's shapes, for endpoints created under today's version: set
   * when one of them was subscribed when the event happened (webhooks/outbox.ts).
   */
  payload_today?: string | null;
}

export interface WebhookEndpointRow extends Stamped {
  organization_id: string;
  url: string;
  format: string;
  secret: string;
  /** JSON array of event types. */
  events: string;
  deleted_at: string | null;
  /**
   * The API version the endpoint was created with (sandbox-only, never serialized): its
   * deliveries take that generation's shapes. Null: created without one, the seed's.
   */
  api_version?: string | null;
  /** Today's generation's: a label, and whether events are delivered to it at all. */
  name?: string | null;
  enabled?: Flag;
}

/**
 * An event as one endpoint gets it (the API's WebhookEvent): its id is the `webhook-id` of each
 * delivery. `next_attempt_at` (epoch ms of the wall clock) is set while a delivery is due or
 * waiting for its retry, null once delivered or given up; `attempts` counts this round's tries.
 */
export interface WebhookEventRow extends Stamped {
  event_id: string;
  endpoint_id: string;
  last_http_code: number | null;
  succeeded: Flag | null;
  attempts: number;
  next_attempt_at: number | null;
}

/** One attempt to deliver a webhook event (the API's WebhookDelivery). */
export interface WebhookDeliveryRow extends Stamped {
  webhook_event_id: string;
  endpoint_id: string;
  http_code: number | null;
  succeeded: Flag;
  /** The receiver's answer (at most 2048 characters) or why there was none. */
  response: string | null;
}

/** A benefit granted to a customer by an order or a subscription (BenefitGrantWebhook). */
export interface BenefitGrantRow extends Stamped {
  organization_id: string;
  benefit_id: string;
  customer_id: string;
  user_id: string | null;
  order_id: string | null;
  subscription_id: string | null;
  granted_at: string | null;
  revoked_at: string | null;
  /** JSON: the license key's id and display key for a license_keys benefit, else {}. */
  properties: string;
}
