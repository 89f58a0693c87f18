// What the event suites share: a webhook receiver on a random loopback port that records every
// request (body, headers, when) and answers what the test scripts (200 by default), deliveries
// verified with the official SDK's validateEvent, and the forms of the webhook API.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { components, webhooks } from '../conformance/sdk.js';
import type { Json, Shape } from './helpers.js';

export interface Received {
  body: string;
  headers: Record<string, string>;
  /** performance.now() when the body was complete. */
  at: number;
}

export type Answer = (n: number, req: Received) => number | Promise<number>;

export interface Receiver {
  url: string;
  received: Received[];
  /** What the receiver answers from now on (n counts requests from 1). */
  answer: Answer;
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') out[k] = v;
  return out;
}

export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = { answer } as Receiver;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      body += d;
    });
    req.on('end', async () => {
      const r = { body, headers: headersOf(req), at: performance.now() };
      received.push(r);
      for (const w of [...waiters]) if (received.length >= w.count) w.resolve();
      const status = await receiver.answer(received.length, r);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    waitFor(count: number, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise<Received[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} deliveries arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice());
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export interface Verified {
  type: string;
  /** The body as JSON (snake_case, as sent). */
  json: { type: string; timestamp: string; data: Record<string, unknown> & { id: string } };
  /** What the SDK parsed (camelCase models). */
  parsed: unknown;
}

/**
 * The delivery verified and parsed by the SDK 0.20.2's validateEvent. That SDK has a model for
 * `subscription.uncanceled` but validateEvent does not know the type (it throws "Unknown event
 * type"): for that one the signature is checked with the same Standard Webhooks library and the
 * body parsed with the SDK's WebhookSubscriptionUncanceledPayload model.
 */
export function verify(r: Received, secret: string): Verified {
  const json = JSON.parse(r.body) as Verified['json'];
  if (json.type === 'subscription.uncanceled') {
    // The SDK's own validateEvent refuses it: keep that visible.
    let refused: unknown;
    try {
      webhooks.validateEvent(r.body, r.headers, secret);
    } catch (err) {
      refused = err;
    }
    if (
      !(refused instanceof Error) ||
      !String((refused as { cause?: unknown }).cause ?? refused.message).includes(
        'Unknown event type',
      )
    )
      throw new Error(`validateEvent accepted subscription.uncanceled: ${String(refused)}`);
    new Webhook(Buffer.from(secret, 'utf8').toString('base64')).verify(r.body, r.headers);
    const parsed = components.WebhookSubscriptionUncanceledPayload$inboundSchema.parse(json);
    return { type: json.type, json, parsed };
  }
  const parsed = webhooks.validateEvent(r.body, r.headers, secret);
  return { type: json.type, json, parsed };
}

export const WEBHOOK_ENDPOINT: Shape = {
  created_at: 'datetime',
  modified_at: 'datetime?',
  id: 'uuid',
  url: 'string',
  format: 'string',
  secret: 'string',
  organization_id: 'uuid',
  events: 'array',
};
export const WEBHOOK_DELIVERY: Shape = {
  created_at: 'datetime',
  modified_at: 'datetime?',
  id: 'uuid',
  http_code: 'integer?',
  succeeded: 'boolean',
  response: 'string?',
  webhook_event: {
    created_at: 'datetime',
    modified_at: 'datetime?',
    id: 'uuid',
    type: 'string',
    last_http_code: 'integer?',
    succeeded: 'boolean?',
    payload: 'string',
  },
};

/** The deliveries list once it has `count` items (they are recorded after each answer). */
export async function waitForDeliveries(
  list: () => Promise<{ body: Json }>,
  count: number,
): Promise<Json> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await list();
    if (r.body.items.length >= count || Date.now() > deadline) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What can count rows: a running service's store (read-only accessor). */
interface Counts {
  count(from: string, where: string, ...params: unknown[]): number;
}

/**
 * Resolves once `endpointId` has nothing left to be delivered: every copy of an event for it has
 * been answered or given up (none is due any more). What its receiver got by then is all it
 * will get — an observable end, instead of waiting "a while" for nothing to arrive.
 */
export async function settled(store: Counts, endpointId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (
    store.count('webhook_events', 'endpoint_id = ? AND next_attempt_at IS NOT NULL', endpointId) > 0
  ) {
    if (Date.now() > deadline) throw new Error(`deliveries to ${endpointId} are still pending`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
