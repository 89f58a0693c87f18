// The real service's CLI event stream as today's generation (API version 2026-10) builds it, for
// the listen suites to replay: polarsource/polar at c6c3645e639ee8eeaa05aa0835cf8e39e330382f,
// server/polar/cli/endpoints.py (listen, transform_webhook_events), server/polar/webhook/
// eventstream.py (publish_webhook_event: the body as a string, a fresh webhook_event_id),
// server/polar/eventstream/service.py (publish: a fresh id, the message as pydantic's compact
// JSON) and server/polar/eventstream/endpoints.py (subscribe: `{"type": "reconnect"}` once the
// connection has lived MAX_SSE_CONNECTION_LIFETIME). Written here from reading those files, none
// of their code copied: a webhook message is re-encoded by Python's json.dumps (", " and ": ",
// ensure_ascii), signed by Standard Webhooks keyed with the organization id without dashes,
// framed by sse_starlette (`data:` lines, CRLF, no `id:`; `: ping - <time>` comments).
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Python's json.dumps(value) with its defaults: separators ", " and ": ", ensure_ascii. */
export function pythonJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    // A float's repr is Python's own: the stream's messages hold none, so none is pretended.
    if (!Number.isSafeInteger(value)) throw new Error(`pythonJson: ${value} is not an int`);
    return String(value);
  }
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value).map(([k, v]) => `${pythonString(k)}: ${pythonJson(v)}`);
    return `{${members.join(', ')}}`;
  }
  throw new Error(`pythonJson: ${typeof value}`);
}

const SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * A string as ensure_ascii writes it: `"` and `\` and the short control escapes, everything else
 * outside space..tilde as \uXXXX in lower-case hex, per UTF-16 code unit (so a character beyond
 * the BMP is its surrogate pair, as Python computes it). `/` is left alone.
 */
function pythonString(s: string): string {
  let out = '"';
  for (const unit of s.split('')) {
    const code = unit.charCodeAt(0);
    if (SHORT[unit]) out += SHORT[unit];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += unit;
  }
  return `${out}"`;
}

/** Python's str() of an aware UTC datetime, as utc_now() gives it. */
export function pythonTime(at: Date): string {
  const iso = at.toISOString(); // 2026-11-23T12:00:00.123Z
  const micros = at.getUTCMilliseconds() * 1000;
  const fraction = micros === 0 ? '' : `.${String(micros).padStart(6, '0')}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00:00`;
}

/** The stream's secret: the organization id without its dashes. */
export const secretOf = (organizationId: string) => organizationId.replaceAll('-', '');

/** The first message: json.dumps of {"key": "connected", "ts": str(utc_now()), "secret"}. */
export function connectedMessage(organizationId: string, at = new Date()): string {
  return pythonJson({ key: 'connected', ts: pythonTime(at), secret: secretOf(organizationId) });
}

export interface RealEvent {
  /** The message as the stream carries it (one `data:` line). */
  message: string;
  /** The webhook body: what is signed, and what a handler must receive byte for byte. */
  body: string;
  type: string;
  /** The message's own id, fresh per message. */
  id: string;
  headers: Record<string, string>;
}

/**
 * One webhook as transform_webhook_events sends it: the published message (fresh id, fresh
 * webhook_event_id, the body a string) loaded and re-dumped by json.dumps with signed headers.
 */
export function webhookMessage(organizationId: string, body: string, at = new Date()): RealEvent {
  const id = randomUUID();
  const webhookEventId = randomUUID();
  // str(int(ts.timestamp())): whole seconds; the library signs the same floor.
  const key = Buffer.from(secretOf(organizationId), 'utf8');
  const headers = {
    'user-agent': 'polar.sh webhooks',
    'content-type': 'application/json',
    'webhook-id': webhookEventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key, { format: 'raw' }).sign(webhookEventId, at, body),
  };
  const message = pythonJson({
    id,
    key: 'webhook.created',
    payload: { webhook_event_id: webhookEventId, payload: body },
    headers,
  });
  const type = (JSON.parse(body) as { type: string }).type;
  return { message, body, type, id, headers };
}

/**
 * A message of another key on the organization's channel, passed on untouched: pydantic's
 * compact model_dump_json (server/polar/organization_review/appeal_case.py publishes this one).
 */
export const otherKeyMessage = () =>
  `{"id":"${randomUUID()}","key":"appeal_case.updated","payload":{}}`;

/** What subscribe() yields when the connection has lived its time, just before it ends. */
export const RECONNECT_MESSAGE = '{"type": "reconnect"}';

/** One message as sse_starlette frames it. */
export const frame = (data: string) => `data: ${data}\r\n\r\n`;

/** sse_starlette's heartbeat, every 15 s. */
export const ping = (at = new Date()) => `: ping - ${pythonTime(at)}\r\n\r\n`;

/**
 * Webhook bodies whose bytes would change if anything re-serialised them: non-ASCII text (raw
 * here, \uXXXX in the message), escaped quotes, `\/`, `\u00e9` written as an escape, 1.0 and 1e3,
 * a big integer, a space after a colon, an escaped newline. Types today's SDK knows.
 */
export const TRICKY_BODIES: readonly string[] = [
  '{"type":"order.created","timestamp":"2026-11-23T12:00:00.123456Z","data":{"id":"a7c0b3e2-9f41-4d6a-8b25-1c3e5f7a9b0d","customer":{"name":"Zoë \\"Z\\" Ørsted","city":"東京"},"url":"https:\\/\\/example.com\\/thanks","subtotal_amount":1.0,"tax_amount":1e3,"big":12345678901234567891}}',
  '{"type": "subscription.updated", "timestamp": "2026-11-23T12:00:01Z", "data": {"id": "5d2e8f10-3b7c-4a9e-b1d4-6f8a0c2e4b57", "note": "Ren\\u00e9e \\ud83c\\udf89 — 🎉\\nline two", "amount": 1.50}}',
  '{"type":"checkout.created","timestamp":"2026-11-23T12:00:02Z","data":{"id":"e4f6a8c0-1d3b-4e5f-a7c9-0b2d4f6a8c1e","metadata":{"k\\\\ey":"tab\\there","empty":""},"amount":-0.0}}',
];
