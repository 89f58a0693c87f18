// Usage events in today's generation (the seed's has none), read from polarsource/polar at
// c6c3645e: the EventsIngest body (event/schemas.py EventCreateCustomer | EventCreateExternal-
// Customer, EventMetadataInput with its _cost and _llm), the Event form (UserEvent, SystemEvent)
// and EventName. The body is read by hand, not by zod: an ingest of 1 000 events is the hot path
// (issue 27: 50 000 events/s), and pydantic's union reports each member's problems under its name.
import type { components } from '../../shared/openapi/2026-10.js';
import { Invalid, type Loc, type Problem } from '../domain/errors.js';
import { charLength } from '../domain/values.js';
import { UUID_RE } from '../ids.js';
import type { CustomerRow, UsageEventRow } from '../store/rows.js';
import { customer } from './customers.js';

type Schemas = components['schemas'];

/** One event as ingested, before the rules that need the store. */
export interface EventInput {
  /** Epoch milliseconds. */
  ts: number;
  name: string;
  organization_id: string | null;
  external_id: string | null;
  parent_id: string | null;
  metadata: Record<string, unknown>;
  customer_id: string | null;
  member_id: string | null;
  external_customer_id: string | null;
  external_member_id: string | null;
}

const UUID4_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt _](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const ISO_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const isDict = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const p = (type: string, loc: Loc, msg: string, input: unknown, ctx?: object): Problem =>
  ctx ? { type, loc, msg, input, ctx: ctx as Record<string, unknown> } : { type, loc, msg, input };

/** An AwareDatetime that is in the past of `now` (schemas.py is_past_timestamp), in ms. */
function readTimestamp(v: unknown, loc: Loc, now: number, out: Problem[]): number {
  const ms = awareTime(v, loc, out);
  if (ms === undefined) return 0;
  if (ms > now) {
    out.push(
      p('value_error', loc, 'Value error, Timestamp must be in the past.', v, { error: {} }),
    );
  }
  return ms;
}

/** pydantic's AwareDatetime from JSON or a query string, in epoch milliseconds. */
export function awareTime(v: unknown, loc: Loc, out: Problem[]): number | undefined {
  let ms: number;
  if (typeof v === 'number' && Number.isFinite(v)) {
    // pydantic reads a number as Unix time: seconds, or milliseconds beyond 2e10.
    ms = Math.abs(v) > 2e10 ? v : v * 1000;
  } else if (typeof v === 'string') {
    // The common form (ISO 8601 in UTC, as JSON.stringify writes a Date) parses directly.
    if (v.length === 24 && v[23] === 'Z' && v[10] === 'T' && ISO_UTC_RE.test(v)) {
      ms = Date.parse(v);
      if (!Number.isNaN(ms)) return ms;
    }
    const m = DATETIME_RE.exec(v);
    if (!m) {
      out.push(p('datetime_from_date_parsing', loc, 'Input should be a valid datetime', v));
      return undefined;
    }
    if (!m[8]) {
      out.push(p('timezone_aware', loc, 'Input should have timezone info', v));
      return undefined;
    }
    const frac = (m[7] ?? '').padEnd(3, '0').slice(0, 3);
    const zone = /^[Zz]$/.test(m[8])
      ? 'Z'
      : m[8].replace(/^([+-]\d{2}):?(\d{2})?$/, (_, h, mm) => `${h}:${mm ?? '00'}`);
    ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}.${frac}${zone}`);
    if (Number.isNaN(ms)) {
      out.push(p('datetime_from_date_parsing', loc, 'Input should be a valid datetime', v));
      return undefined;
    }
  } else {
    out.push(p('datetime_type', loc, 'Input should be a valid datetime', v));
    return undefined;
  }
  return ms;
}

function optionalString(v: Record<string, unknown>, key: string, loc: Loc, out: Problem[]) {
  const value = v[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    out.push(p('string_type', [...loc, key], 'Input should be a valid string', value));
    return null;
  }
  return value;
}

function uuid4(value: unknown, loc: Loc, out: Problem[]): string | null {
  if (typeof value !== 'string' || !UUID_RE.test(value)) {
    out.push(p('uuid_parsing', loc, 'Input should be a valid UUID', value));
    return null;
  }
  if (!UUID4_RE.test(value)) {
    out.push(p('uuid_version', loc, 'UUID version 4 expected', value, { expected_version: 4 }));
    return null;
  }
  return value.toLowerCase();
}

/** A MetadataValue: a string of 1 to 500 characters, an int, a float or a bool. */
function metadataValue(v: unknown, loc: Loc, out: Problem[]): void {
  if (typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return;
  if (typeof v === 'string') {
    // A string no longer than 500 UTF-16 units has at most 500 characters: counted only beyond.
    const n = v.length <= 500 ? v.length : charLength(v);
    if (n < 1)
      out.push(
        p('string_too_short', [...loc, 'str'], 'String should have at least 1 character', v, {
          min_length: 1,
        }),
      );
    else if (n > 500)
      out.push(
        p('string_too_long', [...loc, 'str'], 'String should have at most 500 characters', v, {
          max_length: 500,
        }),
      );
    return;
  }
  out.push(
    p('string_type', [...loc, 'str'], 'Input should be a valid string', v),
    p('int_type', [...loc, 'int'], 'Input should be a valid integer', v),
    p('float_type', [...loc, 'float'], 'Input should be a valid number', v),
    p('bool_type', [...loc, 'bool'], 'Input should be a valid boolean', v),
  );
}

/** CostMetadata: amount a Decimal (≤ 17 digits, ≤ 12 decimals), currency matching `usd`. */
const DECIMAL_RE = /^[+-]?(\d*)(?:\.(\d*))?$/;
function cost(v: unknown, loc: Loc, out: Problem[]): unknown {
  if (!isDict(v)) {
    out.push(p('dict_type', loc, 'Input should be a valid dictionary', v));
    return v;
  }
  const result: Record<string, unknown> = {};
  if (!('amount' in v)) out.push(p('missing', [...loc, 'amount'], 'Field required', v));
  else {
    const text = typeof v.amount === 'number' ? String(v.amount) : v.amount;
    const m = typeof text === 'string' ? DECIMAL_RE.exec(text.trim()) : null;
    if (!m || (m[1] === '' && (m[2] ?? '') === '')) {
      out.push(
        p('decimal_parsing', [...loc, 'amount'], 'Input should be a valid decimal', v.amount),
      );
    } else {
      const whole = m[1]!.replace(/^0+/, '');
      const decimals = (m[2] ?? '').replace(/0+$/, '');
      if (decimals.length > 12)
        out.push(
          p(
            'decimal_max_places',
            [...loc, 'amount'],
            'Decimal input should have no more than 12 decimal places',
            v.amount,
            { decimal_places: 12 },
          ),
        );
      else if (whole.length + decimals.length > 17)
        out.push(
          p(
            'decimal_max_digits',
            [...loc, 'amount'],
            'Decimal input should have no more than 17 digits in total',
            v.amount,
            { max_digits: 17 },
          ),
        );
      else if (whole.length > 5)
        out.push(
          p(
            'decimal_whole_digits',
            [...loc, 'amount'],
            'Decimal input should have no more than 5 digits before the decimal point',
            v.amount,
            { whole_digits: 5 },
          ),
        );
      // Stored as Decimal's text, as the real JSONB column keeps it.
      result.amount = String(text).trim();
    }
  }
  if (!('currency' in v)) out.push(p('missing', [...loc, 'currency'], 'Field required', v));
  else if (typeof v.currency !== 'string')
    out.push(p('string_type', [...loc, 'currency'], 'Input should be a valid string', v.currency));
  else if (!v.currency.includes('usd'))
    out.push(
      p(
        'string_pattern_mismatch',
        [...loc, 'currency'],
        "String should match pattern 'usd'",
        v.currency,
        { pattern: 'usd' },
      ),
    );
  else result.currency = v.currency;
  return result;
}

const LLM_STRINGS = ['vendor', 'model'] as const;
const LLM_INTS = ['input_tokens', 'output_tokens', 'total_tokens'] as const;
function llm(v: unknown, loc: Loc, out: Problem[]): unknown {
  if (!isDict(v)) {
    out.push(p('dict_type', loc, 'Input should be a valid dictionary', v));
    return v;
  }
  for (const key of [
    'vendor',
    'model',
    'prompt',
    'response',
    'input_tokens',
    'cached_input_tokens',
    'output_tokens',
    'total_tokens',
  ]) {
    const value = v[key];
    const required =
      (LLM_STRINGS as readonly string[]).includes(key) ||
      (LLM_INTS as readonly string[]).includes(key);
    if (value === undefined) {
      if (required) out.push(p('missing', [...loc, key], 'Field required', v));
      continue;
    }
    if (key === 'prompt' || key === 'response') {
      if (value !== null && typeof value !== 'string')
        out.push(p('string_type', [...loc, key], 'Input should be a valid string', value));
    } else if ((LLM_STRINGS as readonly string[]).includes(key)) {
      if (typeof value !== 'string')
        out.push(p('string_type', [...loc, key], 'Input should be a valid string', value));
    } else if (typeof value !== 'number' || !Number.isInteger(value))
      out.push(p('int_type', [...loc, key], 'Input should be a valid integer', value));
  }
  return v;
}

function metadata(v: unknown, loc: Loc, out: Problem[]): Record<string, unknown> {
  if (v === undefined) return {};
  if (!isDict(v)) {
    out.push(p('dict_type', loc, 'Input should be a valid dictionary', v));
    return {};
  }
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    if (key === '_cost') result[key] = cost(value, [...loc, key], out);
    else if (key === '_llm') result[key] = llm(value, [...loc, key], out);
    else {
      metadataValue(value, [...loc, key], out);
      result[key] = value;
    }
  }
  return result;
}

/** One item of `events`: EventCreateCustomer, else EventCreateExternalCustomer. */
function readEvent(v: unknown, loc: Loc, now: number, out: Problem[]): EventInput | undefined {
  const members = ['EventCreateCustomer', 'EventCreateExternalCustomer'];
  if (!isDict(v)) {
    for (const m of members)
      out.push(
        p(
          'model_attributes_type',
          [...loc, m],
          'Input should be a valid dictionary or object to extract fields from',
          v,
        ),
      );
    return undefined;
  }
  // The fields both members share, then each member's own.
  const base: Problem[] = [];
  const at = (m: string, key: string) => [...loc, m, key];
  const ts = v.timestamp === undefined ? now : readTimestamp(v.timestamp, ['timestamp'], now, base);
  let name = '';
  if (!('name' in v)) base.push(p('missing', ['name'], 'Field required', v));
  else if (typeof v.name !== 'string')
    base.push(p('string_type', ['name'], 'Input should be a valid string', v.name));
  else if (v.name.length > 128 && charLength(v.name) > 128)
    base.push(
      p('string_too_long', ['name'], 'String should have at most 128 characters', v.name, {
        max_length: 128,
      }),
    );
  else name = v.name;
  const organizationId =
    v.organization_id === undefined || v.organization_id === null
      ? null
      : uuid4(v.organization_id, ['organization_id'], base);
  const externalId = optionalString(v, 'external_id', [], base);
  const parentId = optionalString(v, 'parent_id', [], base);
  const meta = metadata(v.metadata, ['metadata'], base);

  const asCustomer: Problem[] = [];
  let customerId: string | null = null;
  let memberId: string | null = null;
  if (!('customer_id' in v)) asCustomer.push(p('missing', ['customer_id'], 'Field required', v));
  else customerId = uuid4(v.customer_id, ['customer_id'], asCustomer);
  if (v.member_id !== undefined && v.member_id !== null)
    memberId = uuid4(v.member_id, ['member_id'], asCustomer);

  const asExternal: Problem[] = [];
  let externalCustomerId: string | null = null;
  if (!('external_customer_id' in v))
    asExternal.push(p('missing', ['external_customer_id'], 'Field required', v));
  else if (typeof v.external_customer_id !== 'string')
    asExternal.push(
      p(
        'string_type',
        ['external_customer_id'],
        'Input should be a valid string',
        v.external_customer_id,
      ),
    );
  else externalCustomerId = v.external_customer_id;
  const externalMemberId = optionalString(v, 'external_member_id', [], asExternal);

  const event = {
    ts,
    name,
    organization_id: organizationId,
    external_id: externalId,
    parent_id: parentId,
    metadata: meta,
  };
  if (!base.length && !asCustomer.length)
    return {
      ...event,
      customer_id: customerId,
      member_id: memberId,
      external_customer_id: null,
      external_member_id: null,
    };
  if (!base.length && !asExternal.length)
    return {
      ...event,
      customer_id: null,
      member_id: null,
      external_customer_id: externalCustomerId,
      external_member_id: externalMemberId,
    };
  const [customerMember, externalMember] = members as [string, string];
  for (const [member, own] of [
    [customerMember, asCustomer],
    [externalMember, asExternal],
  ] as const)
    for (const problem of [...base, ...own]) {
      const [key, ...rest] = problem.loc;
      out.push({ ...problem, loc: [...at(member, String(key)), ...rest] });
    }
  return undefined;
}

/** EventsIngest: every event, or a 422 with every problem of every event. */
export function readIngest(body: unknown, now: number): EventInput[] {
  if (!isDict(body))
    throw new Invalid([
      p(
        'model_attributes_type',
        [],
        'Input should be a valid dictionary or object to extract fields from',
        body ?? null,
      ),
    ]);
  if (!('events' in body)) throw new Invalid([p('missing', ['events'], 'Field required', body)]);
  if (!Array.isArray(body.events))
    throw new Invalid([p('list_type', ['events'], 'Input should be a valid list', body.events)]);
  const problems: Problem[] = [];
  const events: EventInput[] = [];
  body.events.forEach((item, i) => {
    const e = readEvent(item, ['events', i], now, problems);
    if (e) events.push(e);
  });
  if (problems.length) throw new Invalid(problems);
  return events;
}

/** event/system.py SYSTEM_EVENT_LABELS (the ones the sandbox records). */
export const SYSTEM_LABELS: Readonly<Record<string, string>> = {
  'meter.credited': 'Meter Credited',
  'meter.reset': 'Meter Reset',
};

/**
 * A name's label in the lists of names and event types: a system name's own, else its event
 * type's (`typeLabel`), else the name (event_type/service.py _resolve_label at c6c3645e).
 */
export const nameLabel = (name: string, source: string, typeLabel?: string): string =>
  (source === 'system' ? SYSTEM_LABELS[name] : undefined) ?? typeLabel ?? name;

/**
 * An event's label (models/event.py Event.label at c6c3645e): a system event's own; a user
 * event's, its type's label, or the value of its metadata at the type's label property
 * selector when that is set and not empty (kit/metadata.py get_nested_metadata_value).
 */
export function labelOf(
  name: string,
  source: string,
  type?: { label: string; label_property_selector: string | null },
  metadata?: unknown,
): string {
  if (source === 'system') return SYSTEM_LABELS[name] ?? name;
  if (!type) return name;
  if (type.label_property_selector) {
    let v: unknown = metadata;
    for (const part of type.label_property_selector.split('.')) {
      v =
        v && typeof v === 'object' && !Array.isArray(v)
          ? (v as Record<string, unknown>)[part]
          : undefined;
      if (v === undefined || v === null) break;
    }
    // Python's truthiness and str(): 0, '', false, {} and [] fall back to the type's label.
    const empty = Array.isArray(v)
      ? !v.length
      : v && typeof v === 'object'
        ? !Object.keys(v).length
        : !v;
    if (!empty)
      return typeof v === 'boolean'
        ? 'True'
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  }
  return type.label;
}

/** The Event form; `customers` resolves an event's customer by id or external id. */
export function event(
  r: UsageEventRow,
  customerOf: (r: UsageEventRow) => CustomerRow | undefined,
  childCount: number,
  type?: { label: string; label_property_selector: string | null },
): Schemas['Event'] {
  const c = customerOf(r);
  const metadata = JSON.parse(r.metadata);
  return {
    id: r.id,
    timestamp: new Date(r.ts).toISOString(),
    organization_id: r.organization_id,
    customer_id: r.customer_id,
    customer: c ? customer(c) : null,
    external_customer_id: r.external_customer_id,
    member_id: r.member_id,
    external_member_id: r.external_member_id,
    child_count: childCount,
    parent_id: r.parent_id,
    label: labelOf(r.name, r.source, type, metadata),
    name: r.name,
    source: r.source,
    metadata,
  } as Schemas['Event'];
}

/** EventName; `label`: its event types' label where the organizations agree on one. */
export function eventName(
  s: {
    name: string;
    source: string;
    occurrences: number;
    first_seen: number;
    last_seen: number;
  },
  label?: string,
): Schemas['EventName'] {
  return {
    name: s.name,
    label: nameLabel(s.name, s.source, label),
    source: s.source as Schemas['EventSource'],
    occurrences: s.occurrences,
    first_seen: new Date(s.first_seen).toISOString(),
    last_seen: new Date(s.last_seen).toISOString(),
  };
}
