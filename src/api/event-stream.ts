// The CLI event stream, GET /v1/cli/listen/{organization_id} (api-facts "Events"; the real
// service's own CLI reads the same): Server-Sent Events, first {"key":"connected","ts","secret"},
// then one {"id","key":"webhook.created","payload":{"webhook_event_id","payload"},"headers"} per
// event, its headers signed (Standard Webhooks) with that secret, and, when the service wants the
// client to come back on a fresh connection, {"type":"reconnect"}. The local service also says
// {"key":"resume_incomplete","detail"} when a Last-Event-ID could not be resumed from. Read
// tolerantly: a message of another key is skipped, one that is not JSON or is too large to hold
// is handed over as unreadable.
import type { ApiClient } from './client.js';
import { MAX_EVENT_BYTES, serverSentEvents } from './sse.js';
import { segment } from './url.js';

export interface Connected {
  kind: 'connected';
  /** What the deliveries are signed with (the organization id, as the real service derives it). */
  secret: string;
}

export interface StreamEvent {
  kind: 'event';
  /**
   * The id the handler gets as `webhook-id`: the message's webhook_event_id (else the header,
   * else the message's own id). The real service makes it fresh for each message.
   */
  id: string;
  type: string;
  /** The event's body exactly as the message carries it: what the signature covers. */
  body: string;
  /** The signed headers to deliver it with. */
  headers: Record<string, string>;
  /**
   * The stream's last event id at this message, when the server set one with an SSE `id:` line
   * (the local service does, the real one does not): what a reconnection resumes after.
   */
  lastEventId?: string;
}

export interface Unreadable {
  kind: 'unreadable';
  /** Why, in a few words. */
  reason: string;
  /** The SSE id of the message, when it had one. */
  id?: string;
}

/**
 * The service ends this connection and wants the client back at once (the real service: once a
 * connection has lived 10 minutes).
 */
export interface Reconnect {
  kind: 'reconnect';
}

/**
 * The service could not resume after the Last-Event-ID sent (unknown to it, or older than what
 * it keeps): events of the outage may never come.
 */
export interface ResumeIncomplete {
  kind: 'resume-incomplete';
  /** The service's words, as sent (not yet made safe for a terminal). */
  detail: string;
}

export type StreamMessage = Connected | StreamEvent | Unreadable | Reconnect | ResumeIncomplete;

export interface ListenOptions {
  /** Resume after this event (a server that keeps events replays the ones after it). */
  lastEventId?: string;
  idleTimeoutMs: number;
  signal?: AbortSignal;
}

/** `16 MiB`, `17.5 MiB`, `512 KiB`, `80 bytes`. */
function size(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** The organization's events as they happen; ends when the server ends the stream. */
export async function* listen(
  client: ApiClient,
  organizationId: string,
  opts: ListenOptions,
): AsyncGenerator<StreamMessage, void, undefined> {
  const body = await client.stream(`/v1/cli/listen/${segment(organizationId)}`, {
    ...opts,
    notFound: `organization ${organizationId}`,
  });
  for await (const sse of serverSentEvents(body)) {
    if ('oversized' in sse) {
      // Skipped as it came, so a hostile or broken server cannot end the run or fill memory.
      const reason = `it was ${size(sse.oversized)}, over the ${size(MAX_EVENT_BYTES)} limit`;
      yield sse.id === undefined
        ? { kind: 'unreadable', reason }
        : { kind: 'unreadable', reason, id: sse.id };
      continue;
    }
    const message = readMessage(sse.data, sse.id);
    if (message) yield message;
  }
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One message of the stream; undefined for a kind this CLI does not know. */
export function readMessage(data: string, sseId?: string): StreamMessage | undefined {
  const unreadable = (reason: string): Unreadable =>
    sseId === undefined
      ? { kind: 'unreadable', reason }
      : { kind: 'unreadable', reason, id: sseId };
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return unreadable('not JSON');
  }
  if (!isObject(message)) return unreadable('not a JSON object');
  // Not a keyed message: the real service's subscribe() writes it as is when a connection has
  // lived its time (server/polar/eventstream/endpoints.py, MAX_SSE_CONNECTION_LIFETIME).
  if (message.key === undefined && message.type === 'reconnect') return { kind: 'reconnect' };
  if (message.key === 'connected') {
    return typeof message.secret === 'string' && message.secret !== ''
      ? { kind: 'connected', secret: message.secret }
      : unreadable('a connected message without its secret');
  }
  if (message.key === 'resume_incomplete') {
    const detail =
      typeof message.detail === 'string' && message.detail.trim() !== ''
        ? message.detail
        : 'the service could not resume where the stream left off';
    return { kind: 'resume-incomplete', detail };
  }
  if (message.key !== 'webhook.created') return undefined;
  const payload = message.payload;
  if (!isObject(payload)) return unreadable('an event without its payload');
  const body = bodyOf(data, payload.payload);
  if (body === undefined) return unreadable('an event without its payload');
  // The type as the body says it: the text delivered is what the handler will read.
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return unreadable('an event whose body is not JSON');
  }
  if (!isObject(parsed)) return unreadable('an event whose body is not a JSON object');
  if (typeof parsed.type !== 'string') return unreadable('an event without its type');
  const headers: Record<string, string> = {};
  if (isObject(message.headers)) {
    for (const [k, v] of Object.entries(message.headers)) if (typeof v === 'string') headers[k] = v;
  }
  const id = [payload.webhook_event_id, headers['webhook-id'], message.id, sseId].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  if (!id) return unreadable('an event without an id');
  const event: StreamEvent = { kind: 'event', id, type: parsed.type, body, headers };
  if (sseId !== undefined) event.lastEventId = sseId;
  return event;
}

/**
 * The body to deliver, or undefined when the message carries none. The real service sends it as
 * a string, the webhook body as JSON text (server/polar/webhook/eventstream.py): its value is the
 * body. The local service's older form nests it as an object: its text exactly as written in the
 * message, never re-serialised.
 */
function bodyOf(data: string, inner: unknown): string | undefined {
  if (typeof inner === 'string') return inner;
  if (!isObject(inner)) return undefined;
  return memberText(data, ['payload', 'payload']);
}

/**
 * The text of the member at `path` in valid JSON `text`, exactly as written: re-serializing
 * the parsed value could change its bytes (escapes, number forms) and so break the signature.
 */
export function memberText(text: string, path: readonly string[]): string | undefined {
  let at = 0;
  const ws = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
  };
  const skipString = () => {
    at++;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
  };
  /** Moves past one value; returns where it started. */
  const skipValue = (): number => {
    ws();
    const start = at;
    const c = text[at];
    if (c === '"') skipString();
    else if (c === '{' || c === '[') {
      let depth = 0;
      do {
        const d = text[at];
        if (d === '"') {
          skipString();
          continue;
        }
        if (d === '{' || d === '[') depth++;
        else if (d === '}' || d === ']') depth--;
        at++;
      } while (depth > 0 && at < text.length);
    } else while (at < text.length && !',}] \t\r\n'.includes(text[at]!)) at++;
    return start;
  };
  for (const key of path) {
    ws();
    if (text[at] !== '{') return undefined;
    at++;
    let found = false;
    for (;;) {
      ws();
      if (text[at] !== '"') return undefined;
      const keyStart = at;
      skipString();
      const name = JSON.parse(text.slice(keyStart, at)) as string;
      ws();
      at++; // the colon
      if (name === key) {
        found = true;
        break;
      }
      skipValue();
      ws();
      if (text[at] !== ',') return undefined;
      at++;
    }
    if (!found) return undefined;
  }
  const start = skipValue();
  return text.slice(start, at);
}
