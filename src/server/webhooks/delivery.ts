// Delivers the outbox to the webhook endpoints, at least once and in no promised order, as the
// real service does (api-facts "Events"; polar f179ede58c server/polar/webhook/service.py
// enqueues one `webhook_event.send` job per endpoint and event, and tasks.py retries a failed
// one later with arq's Retry while the other jobs go on). Each due copy of an event is POSTed
// with its Standard Webhooks signature; a 2xx delivers it, anything else (a non-2xx, no answer
// within the timeout, a refused connection) is retried after an exponential backoff with jitter,
// up to a cap of attempts, each attempt a delivery row. State lives in the database only, so a
// restart (even after kill -9) resumes whatever was due. The requests run on undici with bounded
// concurrency, one at a time per endpoint (a handler under a debugger is not flooded): first
// attempts go in the order the events happened, but a failed one waits for its retry while the
// newer ones go ahead (a retry is overtaken). Each reads at most a little of the answer: a slow
// receiver never holds up the API. No delivery reaches the service's own address
// (self-address.ts): the connection is checked where it is made.
import { Webhook } from 'standardwebhooks';
import { Agent, buildConnector, request } from 'undici';
import type { Clock } from '../clock.js';
import { uuid } from '../ids.js';
import type { Store } from '../store/index.js';
import type { DueDelivery } from '../store/webhooks.js';
import { type Lookup, type SelfAddress, SelfAddressError, systemLookup } from './self-address.js';

export interface RetrySchedule {
  /** Attempts per round before an event is given up (the real service's MAX_RETRIES). */
  maxAttempts: number;
  /**
   * The wait after attempt n is `baseMs × 2^n`, capped at `maxBackoffMs`, then jittered into
   * [½, 1] of itself (the real service's compute_backoff: 5 s × 2^n, 7 days at most).
   */
  baseMs: number;
  maxBackoffMs: number;
  /**
   * One attempt's limit: connecting, the answer's headers and the part of its body read. The
   * real service's is 20 s (polar f179ede58c server/polar/webhook/tasks.py: httpx's
   * `client.post(..., timeout=20.0)`).
   */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetrySchedule = {
  maxAttempts: 10,
  baseMs: 5_000,
  maxBackoffMs: 7 * 86_400_000,
  timeoutMs: 20_000,
};

/** Deliveries in flight at once, across endpoints. */
const CONCURRENCY = 16;
/** The part of an answer kept in the delivery row (the real service keeps 2048 characters). */
const RESPONSE_CHARS = 2048;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const USER_AGENT = 'polar.sh webhooks';

/** The wait after attempt `attempt` (1-based), jittered by `random`. */
export function backoffMs(attempt: number, s: RetrySchedule, random = Math.random): number {
  const full = Math.min(s.baseMs * 2 ** Math.min(attempt, 32), s.maxBackoffMs);
  return Math.round(full / 2 + random() * (full / 2));
}

/** The Standard Webhooks headers of one delivery of `payload`, signed with `secret`'s UTF-8. */
export function signedHeaders(
  secret: string,
  id: string,
  payload: string,
  at = new Date(),
): Record<string, string> {
  // The key is the secret's UTF-8 bytes as they are (the real service base64-encodes them for
  // its library, which decodes them again).
  const signature = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).sign(
    id,
    at,
    payload,
  );
  return {
    'user-agent': USER_AGENT,
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

interface Outcome {
  code: number | null;
  response: string | null;
}

export class DeliveryWorker {
  private readonly agent: Agent;
  /** Endpoints with a delivery in flight. */
  private readonly busy = new Set<string>();
  private readonly aborts = new Set<AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private running = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly retry: RetrySchedule = DEFAULT_RETRY,
    self?: SelfAddress,
    lookup: Lookup = systemLookup,
  ) {
    this.agent = new Agent({
      connections: 4,
      connect: self
        ? guardedConnector(self, lookup, retry.timeoutMs)
        : { timeout: retry.timeoutMs },
      headersTimeout: retry.timeoutMs,
      bodyTimeout: retry.timeoutMs,
    });
  }

  /** Starts delivering what is due (after a restart: whatever was pending). */
  start(): void {
    this.running = true;
    this.wake();
  }

  /** Something may be due now (an event committed, a redelivery). */
  wake(): void {
    if (!this.running || this.stopped || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Deliveries in flight are dropped: still pending in the database, sent again on restart. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const a of this.aborts) a.abort();
    await this.agent.destroy().catch(() => {});
  }

  private pump(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const free = CONCURRENCY - this.busy.size;
    if (free > 0) {
      for (const d of this.store.webhooks.due(this.clock.wallMs(), this.busy, free)) {
        this.busy.add(d.endpoint_id);
        void this.deliver(d).finally(() => {
          this.busy.delete(d.endpoint_id);
          this.wake();
        });
      }
    }
    // Wake up for the next retry, unless deliveries in flight will wake us first.
    if (this.busy.size) return;
    const next = this.store.webhooks.nextDue();
    if (next !== undefined) {
      const wait = Math.min(Math.max(next - this.clock.wallMs(), 0), MAX_TIMER_MS);
      this.timer = setTimeout(() => this.pump(), wait);
      this.timer.unref();
    }
  }

  private async deliver(d: DueDelivery): Promise<void> {
    const outcome = await this.post(d);
    if (this.stopped) return;
    const attempts = d.attempts + 1;
    const succeeded = outcome.code !== null && outcome.code >= 200 && outcome.code < 300;
    const nextMs =
      succeeded || attempts >= this.retry.maxAttempts
        ? null
        : this.clock.wallMs() + backoffMs(attempts, this.retry);
    const now = this.clock.iso();
    this.store.tx(() =>
      this.store.webhooks.recordAttempt(
        {
          id: uuid(),
          created_at: now,
          modified_at: null,
          webhook_event_id: d.webhook_event_id,
          endpoint_id: d.endpoint_id,
          http_code: outcome.code,
          succeeded: succeeded ? 1 : 0,
          response: outcome.response,
        },
        { attempts, succeeded, nextMs },
      ),
    );
  }

  private async post(d: DueDelivery): Promise<Outcome> {
    const headers = signedHeaders(d.secret, d.webhook_event_id, d.payload);
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), this.retry.timeoutMs);
    try {
      const res = await request(d.url, {
        method: 'POST',
        headers,
        body: d.payload,
        dispatcher: this.agent,
        signal: abort.signal,
      });
      let text = '';
      res.body.setEncoding('utf8');
      for await (const chunk of res.body) {
        text += chunk as string;
        // Enough kept: the rest of the answer is not read (the stream is destroyed).
        if (text.length >= RESPONSE_CHARS) break;
      }
      text = text.replaceAll('\0', '').slice(0, RESPONSE_CHARS);
      return { code: res.statusCode, response: text || null };
    } catch (err) {
      if (err instanceof SelfAddressError) return { code: null, response: err.message };
      if (abort.signal.aborted)
        return { code: null, response: `No answer within ${this.retry.timeoutMs / 1000} s` };
      return { code: null, response: (err as Error).message || String(err) };
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
  }
}

/**
 * Connects only to addresses that are not the service's own: the name is resolved here, every
 * address it has is checked, and the connection goes to the address checked (TLS still names
 * the host). Refused, the delivery fails without a request being made.
 */
function guardedConnector(
  self: SelfAddress,
  lookup: Lookup,
  timeout: number,
): buildConnector.connector {
  const connect = buildConnector({ timeout });
  return (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    lookup(opts.hostname).then(
      (found) => {
        const own = found.find((a) => self.isOwnAddress(a.address, port));
        if (own) {
          const why = `${opts.hostname} is ${own.address}, this service's own address at port ${port}`;
          callback(
            new SelfAddressError(`Not sent: ${why}; a delivery never calls the service itself.`),
            null,
          );
          return;
        }
        const first = found[0];
        if (!first) callback(new Error(`${opts.hostname} has no address`), null);
        else connect({ ...opts, hostname: first.address }, callback);
      },
      (err: Error) => callback(err, null),
    );
  };
}
