// What the webhooks verbs share: event types checked, columns, and the secret kept off every
// output but `webhooks create`'s.
import { VALUES } from '../../../api/generation.js';
import type { Resource } from '../../../api/schemas.js';
import type { Schemas } from '../../../api/today.js';
import { UsageError } from '../../../errors.js';
import { clip } from '../../input.js';
import type { Column, ColumnOf } from '../../io/cells.js';

const EVENT_TYPES: readonly string[] = VALUES.webhookEventType;

export const EVENTS_HELP =
  'event types, comma-separated or repeated, or "all" (either API generation\'s: ' +
  `${EVENT_TYPES.join(', ')})`;

/**
 * --events values: known types (of either generation), each once, in the API's order; `all`
 * is every type of the generation in use, which is known only when the command runs.
 */
export function eventTypes(values: string[] | undefined): string[] | 'all' | undefined {
  if (!values?.length) return undefined;
  const given = new Set(values.flatMap((v) => v.split(',')).map((s) => s.trim()));
  if (given.has('all')) return 'all';
  for (const type of given) {
    if (!EVENT_TYPES.includes(type)) {
      throw new UsageError(
        `--events: "${clip(type)}" is not an event type; valid: ${EVENT_TYPES.join(', ')}, all`,
      );
    }
  }
  return EVENT_TYPES.filter((t) => given.has(t));
}

/** An endpoint URL: http(s) with a host (the local service also takes loopback http). */
export function endpointUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag}: "${clip(value)}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${flag}: must be an http or https URL, got ${clip(url.protocol)}`);
  }
  return value;
}

/** The endpoint as printed by every verb but create: without its signing secret. */
export function withoutSecret(endpoint: Resource): Resource {
  const { secret: _secret, ...rest } = endpoint;
  return rest as Resource;
}

export const ENDPOINT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'URL', path: 'url' },
  { header: 'EVENTS', path: 'events', hide: 2 },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<Schemas['WebhookEndpoint']>[];

export const ENDPOINT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'URL', path: 'url' },
  { header: 'Format', path: 'format' },
  { header: 'Events', path: 'events' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
] satisfies ColumnOf<Schemas['WebhookEndpoint']>[];

export const DELIVERY_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'CREATED', path: 'created_at', kind: 'time' },
  { header: 'EVENT', path: 'webhook_event.type' },
  { header: 'EVENT ID', path: 'webhook_event.id', kind: 'id', hide: 2 },
  { header: 'HTTP', path: 'http_code' },
  { header: 'OK', path: 'succeeded', kind: 'bool', hide: 1 },
] satisfies ColumnOf<Schemas['WebhookDelivery']>[];
