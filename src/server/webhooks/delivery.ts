// Delivers the outbox to the webhook endpoints, at least once, as the real service does, which
// promises no order (api-facts "Events"; polar f179ede58c server/polar/webhook/service.py
// enqueues one `webhook_event.send` job per endpoint and event, and tasks.py retries a failed
// one later with arq's Retry while the other jobs go on). Each due copy of an event is POSTed
// with its Standard Webhooks signature; a 2xx delivers it, anything else (a non-2xx, no answer
// within the timeout, a refused connection) is retried after an exponential backoff with jitter,
// up to a cap of attempts, each attempt a delivery row. State lives in the database only, so a
// restart (even after kill -9) resumes whatever was due. The requests (send.ts) run with bounded
// concurrency, one at a time per endpoint (a handler under a debugger is not flooded): first
// attempts go in the order the events happened, but a failed one waits for its retry while the
// newer ones go ahead (a retry is overtaken). Each reads at most a little of the answer: a slow
// receiver never holds up the API. No delivery reaches the service's own address
// (self-address.ts): send.ts checks the connection where it is made.
//
// Between two deliveries to one endpoint as little as possible happens (issue 30): an endpoint's
// due deliveries are read in one query, a batch its lane sends one after another, each as soon as
// the previous answer is in; the attempts answered are written after the next request has left,
// together in one transaction. A crash before that write loses no event: the copies are still
// due in the database, and are sent again (at least once).
import type { Clock } from '../clock.js';
import { uuid } from '../ids.js';
import type { Store } from '../store/index.js';
import type { DueDelivery } from '../store/webhooks.js';
import type { Lookup, SelfAddress } from './self-address.js';
import { type Outcome, Sender, signedHeaders } from './send.js';

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
/** The longest an answered attempt waits to be written with others. */
const FLUSH_MS = 10;
/** Due deliveries of one endpoint read at once (its lane sends them one at a time). */
const BATCH = 64;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const signedAt = (d: DueDelivery, at: Date) =>
  signedHeaders(d.secret, d.webhook_event_id, d.payload, at);

/** An attempt answered, not yet written. */
interface Answered {
  delivery: DueDelivery;
  outcome: Outcome;
  /** When the answer came (ISO, the service's clock; wall ms). */
  at: string;
  atMs: number;
}

/** The wait after attempt `attempt` (1-based), jittered by `random`. */
export function backoffMs(attempt: number, s: RetrySchedule, random = Math.random): number {
  const full = Math.min(s.baseMs * 2 ** Math.min(attempt, 32), s.maxBackoffMs);
  return Math.round(full / 2 + random() * (full / 2));
}

export class DeliveryWorker {
  private readonly sender: Sender;
  /** Endpoints whose lane is running: one delivery in flight at a time each. */
  private readonly busy = new Set<string>();
  /** Attempts answered and not yet written (flush): their copies are still due in the database. */
  private answered: Answered[] = [];
  /** The lanes' next deliveries, to sign once this turn's requests are written. */
  private toSign: DueDelivery[] = [];
  /** Headers signed ahead, by webhook event id (one per lane at most). */
  private readonly signed = new Map<string, { d: DueDelivery; headers: Record<string, string> }>();
  private flushing = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private running = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly retry: RetrySchedule = DEFAULT_RETRY,
    self?: SelfAddress,
    lookup?: Lookup,
  ) {
    this.sender = new Sender(retry.timeoutMs, self, lookup);
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

  /**
   * Deliveries in flight are dropped: still pending in the database, sent again on restart. The
   * attempts already answered are written first.
   */
  async stop(): Promise<void> {
    this.flush();
    this.stopped = true;
    clearTimeout(this.timer);
    await this.sender.destroy();
  }

  private pump(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const free = CONCURRENCY - this.busy.size;
    if (free > 0) {
      for (const d of this.store.webhooks.due(this.clock.wallMs(), this.busy, free)) {
        this.busy.add(d.endpoint_id);
        void this.lane(d).finally(() => {
          // What the lane got answered is written before another lane of the endpoint reads it
          // as still due.
          this.flush();
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

  /**
   * One endpoint's deliveries, one at a time, starting with `first`: each batch read at once and
   * sent in order, the next request as soon as the previous answer is in. It ends when nothing of
   * the endpoint is due, after a batch when every lane is taken, or when the endpoints were
   * written meanwhile (deleted, a new URL or secret, a reset): what was read before is not sent;
   * the pump reads again.
   */
  private async lane(first: DueDelivery): Promise<void> {
    const version = this.store.webhooks.endpointsVersion();
    let batch = [first];
    while (batch.length) {
      for (let i = 0; i < batch.length; i++) {
        const d = batch[i]!;
        if (this.stopped || this.store.webhooks.endpointsVersion() !== version) return;
        const outcome = await this.post(d, batch[i + 1]);
        if (this.stopped) return;
        // Written after the next request has left (post schedules it), or when the lane ends.
        this.answered.push({
          delivery: d,
          outcome,
          at: this.clock.iso(),
          atMs: this.clock.wallMs(),
        });
      }
      // The batch's attempts are written before the endpoint's due copies are read again.
      this.flush();
      // Every lane taken: this one gives its place back, and the pump takes the earliest due
      // of all endpoints (one that never runs dry keeps no other waiting).
      if (this.busy.size >= CONCURRENCY) return;
      batch = this.store.webhooks.dueOf(first.endpoint_id, this.clock.wallMs(), BATCH);
    }
  }

  /**
   * After the requests dispatched this turn have been written: the answered attempts are written
   * and the lanes' next deliveries signed while their receivers answer.
   */
  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      // Written together, a few turns' worth in one transaction (at most FLUSH_MS late; at once
      // when the batch ends).
      if (this.answered.length && !this.flushTimer)
        this.flushTimer = setTimeout(() => this.flush(), FLUSH_MS);
      const next = this.toSign;
      this.toSign = [];
      // Left behind by lanes that ended early (an endpoint written): dropped now and then.
      if (this.signed.size >= 4 * CONCURRENCY) this.signed.clear();
      for (const d of next)
        this.signed.set(d.webhook_event_id, { d, headers: signedAt(d, new Date()) });
    });
  }

  /**
   * The delivery's signed headers: those signed ahead (scheduleFlush) for this very reading of
   * it (an endpoint's new secret is read again), while they are of this second, which is all
   * the header says of when.
   */
  private headersOf(d: DueDelivery): Record<string, string> {
    const now = new Date();
    const ahead = this.signed.get(d.webhook_event_id);
    if (ahead) this.signed.delete(d.webhook_event_id);
    if (
      ahead?.d === d &&
      ahead.headers['webhook-timestamp'] === String(Math.floor(now.getTime() / 1000))
    )
      return ahead.headers;
    return signedAt(d, now);
  }

  /** Writes the answered attempts, in the order they were answered, in one transaction. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.answered.length || this.stopped) return;
    const answered = this.answered;
    this.answered = [];
    this.store.tx(() => {
      for (const a of answered) this.record(a);
    });
  }

  private record({ delivery: d, outcome, at, atMs }: Answered): void {
    const attempts = d.attempts + 1;
    const succeeded = outcome.code !== null && outcome.code >= 200 && outcome.code < 300;
    const nextMs =
      succeeded || attempts >= this.retry.maxAttempts
        ? null
        : atMs + backoffMs(attempts, this.retry);
    this.store.webhooks.recordAttempt(
      {
        id: uuid(),
        created_at: at,
        modified_at: null,
        webhook_event_id: d.webhook_event_id,
        endpoint_id: d.endpoint_id,
        http_code: outcome.code,
        succeeded: succeeded ? 1 : 0,
        response: outcome.response,
      },
      { attempts, succeeded, nextMs },
    );
  }

  /** Sends the delivery; `next`, the lane's next one, is signed meanwhile. */
  private post(d: DueDelivery, next?: DueDelivery): Promise<Outcome> {
    const sent = this.sender.send(d.url, this.headersOf(d), d.payload);
    // Undici writes a request on a reused connection in this turn's check phase (it first
    // looks for bytes the idle socket got): the answered attempts are written, and the next
    // delivery signed, after that.
    if (next) this.toSign.push(next);
    if (this.answered.length || next) this.scheduleFlush();
    return sent;
  }
}
