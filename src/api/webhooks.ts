// Webhook endpoints, their deliveries and redelivery (/v1/webhooks/…, as the real API; the
// official SDK 0.20.2 has no calls for them). An endpoint's `secret` signs its deliveries: the
// CLI prints it only when the endpoint is created.
import { UsageError } from '../errors.js';
import { WEBHOOK_EVENT_TYPES } from '../shared/api-facts.js';
import { ENUMS } from '../shared/openapi/2026-10.facts.js';
import type { ApiClient } from './client.js';
import { generationName } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import { type Resource, resource } from './schemas.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface EndpointCreate {
  url: string;
  /** Event types, or every type of the generation in use. */
  events: string[] | 'all';
  /** The real service's formats: raw (JSON as is), discord, slack. */
  format: 'raw' | 'discord' | 'slack';
  /** The seed's generation: chosen by the caller, or generated when absent. */
  secret?: string;
  organization_id?: string;
}

export type EndpointUpdate = Partial<Omit<EndpointCreate, 'organization_id'>>;

/**
 * The body as the generation in use takes it: `all` made its event types, each type one it
 * knows; today's makes every secret itself (a secret given would be ignored, so it is refused).
 */
function bodyFor<B extends EndpointUpdate>(client: ApiClient, body: B): B {
  if (client.today && body.secret !== undefined) {
    throw new UsageError(
      `${generationName(client)} makes every endpoint's secret itself: drop --secret`,
    );
  }
  if (body.events === undefined) return body;
  const known: readonly string[] = client.today ? ENUMS.WebhookEventType : WEBHOOK_EVENT_TYPES;
  if (body.events === 'all') return { ...body, events: [...known] };
  const unknown = body.events.filter((type) => !known.includes(type));
  if (unknown.length) {
    throw new UsageError(`${unknown.join(', ')}: not an event type of ${generationName(client)}`, {
      hint: `Its types: ${known.join(', ')}`,
    });
  }
  return body;
}

const endpoints = resourceClient<EndpointCreate, EndpointUpdate>(
  '/v1/webhooks/endpoints',
  'webhook endpoint',
);

export function list(
  client: ApiClient,
  filters: { organization_id?: Many<string> } = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return endpoints.list(client, { ...filters }, paging);
}

export async function create(client: ApiClient, body: EndpointCreate): Promise<Resource> {
  return endpoints.create(client, bodyFor(client, body));
}

export async function update(
  client: ApiClient,
  id: string,
  body: EndpointUpdate,
): Promise<Resource> {
  return endpoints.update(client, id, bodyFor(client, body));
}

export const { get, remove } = endpoints;

/** The seed's generation has no secret rotation: a usage error, before anything is asked. */
export function assertRotation(client: ApiClient): void {
  if (!client.today)
    throw new UsageError(
      `rotating a secret needs today's API (2026-04 or later): ${generationName(client)} has no such call`,
      {
        hint: 'Set api_version, or pass --api-version 2026-10; or choose one: billing webhooks update <id> --secret <new-secret>',
      },
    );
}

/**
 * A new signing secret for the endpoint, made by the service (today's PATCH
 * /v1/webhooks/endpoints/{id}/secret; the seed's generation has no such call). The old secret
 * stops verifying at once: not retried, as a second call would replace the first answer's.
 */
export async function rotateSecret(client: ApiClient, id: string): Promise<Resource> {
  assertRotation(client);
  return client.request('PATCH', `/v1/webhooks/endpoints/${segment(id)}/secret`, {
    schema: resource,
    notFound: `webhook endpoint ${id}`,
    idempotent: false,
  });
}

/** Delivery attempts, newest first (each with its event). */
export function deliveries(
  client: ApiClient,
  filters: { endpoint_id?: Many<string> } = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/webhooks/deliveries', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

/** Queues the event for delivery again (202). */
export async function redeliver(client: ApiClient, eventId: string): Promise<void> {
  await client.request('POST', `/v1/webhooks/events/${segment(eventId)}/redeliver`, {
    notFound: `webhook event ${eventId}`,
    // Sent twice, it is delivered twice: not retried once it may have arrived.
    idempotent: false,
  });
}
