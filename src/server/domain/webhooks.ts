// Webhook endpoints of a seller's organization (the real service's webhook service): create with a
// secret the service generates unless one is sent, update what is sent, delete (no further
// deliveries), and redeliver an event (a new round of attempts, at once).
import { token, uuid } from '../ids.js';
import { json } from '../store/index.js';
import type { WebhookEndpointRow, WebhookEventRow } from '../store/rows.js';
import type { EventType } from './events.js';
import type { Work } from './work.js';

/** The real service's prefix of generated endpoint secrets (WEBHOOK_SECRET_PREFIX). */
export const WEBHOOK_SECRET_PREFIX = 'polar_whs_';

export interface EndpointFields {
  url: string;
  format: string;
  events: EventType[];
  secret?: string | null;
  // Today's generation's.
  name?: string | null;
  enabled?: boolean | null;
}

/**
 * `apiVersion`: the version the endpoint is created under (sandbox-only, never serialized): its
 * deliveries take that generation's shapes; none, the seed's.
 */
export function createEndpoint(
  { store, clock }: Work,
  organizationId: string,
  fields: EndpointFields,
  id = uuid(),
  apiVersion: string | null = null,
): WebhookEndpointRow {
  store.insert('webhook_endpoints', {
    id,
    created_at: clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    url: fields.url,
    format: fields.format,
    secret: fields.secret ?? token(WEBHOOK_SECRET_PREFIX),
    events: json(fields.events),
    deleted_at: null,
    api_version: apiVersion,
    name: fields.name ?? null,
    enabled: 1,
  });
  return store.row('webhook_endpoints', id)!;
}

/** Only the fields sent and not null change (the real service's exclude_unset, exclude_none). */
export function updateEndpoint(
  { store, clock }: Work,
  row: WebhookEndpointRow,
  changes: Partial<EndpointFields>,
): void {
  const set: Record<string, unknown> = {};
  if (changes.url != null) set.url = changes.url;
  if (changes.format != null) set.format = changes.format;
  if (changes.secret != null) set.secret = changes.secret;
  if (changes.events != null) set.events = json(changes.events);
  if (changes.name != null) set.name = changes.name;
  if (changes.enabled != null) set.enabled = changes.enabled ? 1 : 0;
  if (Object.keys(set).length) store.update('webhook_endpoints', row.id, set, clock.iso());
}

/** A fresh secret the service generates (today's PATCH …/secret). */
export function resetEndpointSecret({ store, clock }: Work, row: WebhookEndpointRow): void {
  store.update('webhook_endpoints', row.id, { secret: token(WEBHOOK_SECRET_PREFIX) }, clock.iso());
}

export function deleteEndpoint({ store, clock }: Work, row: WebhookEndpointRow): void {
  store.webhooks.deleteEndpoint(row.id, clock.iso());
}

/** Due again now (by wall time, as every delivery), whatever happened before: a fresh round. */
export function redeliver({ store, clock }: Work, event: WebhookEventRow): void {
  store.webhooks.schedule(event.id, clock.wallMs());
}
