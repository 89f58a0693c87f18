// The events `billing events ingest` reads: NDJSON (one event per line), a JSON array, or the
// API's own body {"events": […]}. Every event is checked before anything is sent, against the
// rules of the real service's EventCreate (event/schemas.py at c6c3645e): a name of at most 128
// characters, a customer_id (UUID) or an external_customer_id, an aware ISO 8601 timestamp,
// metadata values that are strings of 1 to 500 characters, numbers or booleans (_cost and _llm
// are the service's own structured keys). A bad event is one line naming where it is.
import type { EventCreate } from '../../../api/events.js';
import { UsageError } from '../../../errors.js';
import { clip } from '../../input.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
// AwareDatetime: a date-time with its offset.
const AWARE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const FIELDS = new Set([
  'name',
  'timestamp',
  'customer_id',
  'external_customer_id',
  'member_id',
  'external_member_id',
  'organization_id',
  'external_id',
  'parent_id',
  'metadata',
]);

export interface ReadEvents {
  events: EventCreate[];
  /** How many had no external_id and were given one. */
  generated: number;
  /** Where each event was: `line 12` (NDJSON) or `event 12` (JSON). */
  where: string[];
}

/** Where event `index` (0-based) was: `line 12` (NDJSON) or `event 12` (JSON). */
type Where = (index: number) => string;

export function readEvents(text: string, source: string): ReadEvents {
  const { items, where } = split(text, source);
  const events: EventCreate[] = [];
  let generated = 0;
  items.forEach((item, i) => {
    const event = check(item, `${source}: ${where(i)}`);
    if (event.external_id === undefined || event.external_id === null) {
      event.external_id = externalIdOf(i, item);
      generated++;
    }
    events.push(event);
  });
  return { events, generated, where: items.map((_, i) => where(i)) };
}

/**
 * The external_id of an event that has none: made from its position among the events (1, 2, …)
 * and its content, so that reading the same input again gives the same ids and the service
 * skips what it already has.
 */
export function externalIdOf(index: number, item: unknown): string {
  // node:crypto is loaded here, not with the program every command loads (bench: start-up).
  const hash = process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(`${index + 1}\n${JSON.stringify(item)}`);
  return `ingest_${hash.digest('hex').slice(0, 32)}`;
}

function split(text: string, source: string): { items: unknown[]; where: Where } {
  const start = text.trimStart();
  if (start.startsWith('[') || /^\{\s*"events"\s*:/.test(start)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${source}: invalid JSON: ${(err as Error).message.split('\n')[0]}`);
    }
    const items = Array.isArray(value) ? value : (value as { events?: unknown }).events;
    if (!Array.isArray(items))
      throw new UsageError(`${source}: "events" must be an array of events`);
    return { items, where: (i) => `event ${i + 1}` };
  }
  const items: unknown[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((line, n) => {
    if (line.trim() === '') return;
    try {
      items.push(JSON.parse(line));
    } catch {
      throw new UsageError(`${source}: line ${n + 1}: not JSON (one event object per line)`);
    }
    lines.push(n + 1);
  });
  return { items, where: (i) => `line ${lines[i]}` };
}

function check(item: unknown, at: string): EventCreate {
  const fail = (rule: string) => new UsageError(`${at}: ${rule}`);
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw fail('an event is a JSON object');
  const e = item as Record<string, unknown>;
  for (const key of Object.keys(e))
    if (!FIELDS.has(key)) throw fail(`"${clip(key, 40)}" is not a field of an event`);
  if (typeof e.name !== 'string' || e.name === '')
    throw fail('name: required, a text of 1 to 128 characters');
  if ([...e.name].length > 128) throw fail('name: at most 128 characters');
  const hasId = e.customer_id !== undefined;
  const hasExternal = e.external_customer_id !== undefined;
  if (hasId === hasExternal)
    throw fail('give exactly one of customer_id (UUID) and external_customer_id');
  if (hasId && (typeof e.customer_id !== 'string' || !UUID.test(e.customer_id)))
    throw fail('customer_id: must be a UUID');
  if (hasExternal && (typeof e.external_customer_id !== 'string' || e.external_customer_id === ''))
    throw fail('external_customer_id: must be a non-empty text');
  for (const key of ['organization_id', 'member_id'] as const)
    if (
      e[key] !== undefined &&
      e[key] !== null &&
      !(typeof e[key] === 'string' && UUID.test(e[key]))
    )
      throw fail(`${key}: must be a UUID`);
  for (const key of ['external_id', 'parent_id', 'external_member_id'] as const)
    if (e[key] !== undefined && e[key] !== null && typeof e[key] !== 'string')
      throw fail(`${key}: must be a text`);
  if (e.timestamp !== undefined) {
    const t = e.timestamp;
    if (typeof t !== 'string' || !AWARE.test(t) || Number.isNaN(Date.parse(t)))
      throw fail('timestamp: an ISO 8601 date-time with its offset (e.g. 2026-11-01T12:00:00Z)');
  }
  if (e.metadata !== undefined) checkMetadata(e.metadata, fail);
  return { ...e } as EventCreate;
}

function checkMetadata(value: unknown, fail: (rule: string) => UsageError): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail('metadata: must be an object');
  for (const [key, v] of Object.entries(value)) {
    if (key === '_cost' || key === '_llm') {
      if (typeof v !== 'object' || v === null) throw fail(`metadata.${key}: must be an object`);
      continue;
    }
    if (typeof v === 'string') {
      if (v === '' || [...v].length > 500)
        throw fail(`metadata.${clip(key, 40)}: a text of 1 to 500 characters`);
    } else if (typeof v !== 'number' && typeof v !== 'boolean') {
      throw fail(`metadata.${clip(key, 40)}: must be a text, a number or true/false`);
    }
  }
}
