// The life of `billing listen`: connect, verify and hand on each event, and when the stream
// drops or the service restarts, reconnect with a capped, jittered backoff, resuming after the
// last event id the server set (Last-Event-ID; the real service sets none) and never handing on
// an event id twice. When the service asks for it (the real one every 10 minutes), reconnect at
// once and quietly. Only Ctrl+C, a refusal (token, scope, organization) or a first connection
// that fails ends it.
import { setTimeout as delay } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { listen, type StreamEvent } from '../../../api/event-stream.js';
import { backoffDelay, type RetryPolicy } from '../../../api/retry.js';
import { ApiError, BillingError, NetworkError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { createForwarder } from './forward.js';
import type { ListenOptions } from './listen.js';
import { ListenOutput } from './output.js';

export interface Timing {
  /** Nothing on the stream for this long (heartbeats every 15 s): it is taken as lost. */
  idleTimeoutMs: number;
  /** One delivery to the handler, answer included (the service's own limit). */
  forwardTimeoutMs: number;
  /** Between reconnection attempts: full jitter under an exponential ceiling. */
  backoff: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>;
  random: () => number;
  /**
   * A connection that asks to be reconnected before it has lived this long, and right after
   * another did, waits the backoff first: a service asking again and again is not hammered.
   */
  quickReconnectMs: number;
}

export const DEFAULT_TIMING: Timing = {
  idleTimeoutMs: 45_000,
  forwardTimeoutMs: 10_000,
  backoff: { baseDelayMs: 250, maxDelayMs: 10_000 },
  random: Math.random,
  quickReconnectMs: 1000,
};

/** Event ids already handed on, the oldest forgotten past `max`. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max = 10_000) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** False when `id` was seen already. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
}

/** An outage worth waiting out: the service down, restarting, or busy. */
function transient(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return err instanceof ApiError && (err.status >= 500 || err.status === 429 || err.status === 408);
}

export async function session(opts: ListenOptions, organization: string, ctx: Context) {
  const timing: Timing = { ...DEFAULT_TIMING, ...opts.timing };
  const policy: RetryPolicy = { ...timing.backoff, maxAttempts: Infinity, maxRetryAfterMs: 0 };
  const client = await ctx.api('seller');
  const out = new ListenOutput(ctx);
  const forwarder = opts.forward
    ? await createForwarder(ctx, opts.forward, timing.forwardTimeoutMs)
    : undefined;
  const only = opts.events ? new Set(opts.events) : undefined;
  const seen = new RecentIds();
  let signer: Webhook | undefined;
  /** The run's signing secret: the first the stream announced. */
  let secret: string | undefined;
  /** The last other secret warned about, so a reconnection announcing it again is quiet. */
  let refused: string | undefined;
  let connected = false;
  let lastEventId: string | undefined;
  let lostAt: number | undefined;
  let attempt = 0;
  /** Reconnections asked for in a row by connections younger than quickReconnectMs. */
  let quickAsks = 0;

  const handle = async (e: StreamEvent): Promise<void> => {
    // The stream's own id of the event when it gives one (the local service's SSE id stays the
    // same when an event is sent again; the message's ids are fresh each time, as the real one's).
    const key = e.lastEventId ?? e.id;
    if (seen.has(key)) return;
    if (only && !only.has(e.type)) return;
    const at = ctx.now();
    if (opts.verify) {
      try {
        if (!signer) throw new Error('no secret yet');
        signer.verify(e.body, e.headers, { jsonParse: false });
      } catch (err) {
        // Not remembered: a forged copy sent first must not make the real event a repeat.
        out.untrusted(at, e, err instanceof Error ? err.message : String(err));
        return;
      }
    }
    seen.add(key);
    if (opts.json) await out.json(e);
    if (forwarder) await out.delivered(at, e, await forwarder.send(e), forwarder.url, opts.json);
  };

  for (;;) {
    let cause: string;
    let asked = false;
    const opened = performance.now();
    try {
      const messages = listen(client, organization, {
        lastEventId,
        idleTimeoutMs: timing.idleTimeoutMs,
        signal: ctx.signal,
      });
      for await (const m of messages) {
        if (m.kind === 'connected') {
          if (secret === undefined) {
            // The stream's secret signs its events: the UTF-8 bytes as they are. The first one
            // is kept for the whole run: a stream cannot change what it is checked against.
            secret = m.secret;
            signer = new Webhook(Buffer.from(m.secret, 'utf8'), { format: 'raw' });
          } else if (m.secret !== secret && m.secret !== refused) {
            refused = m.secret;
            out.secretChanged(opts.verify);
          }
          if (!connected) {
            out.banner({ organization, secret: m.secret, ...bannerOf(opts) });
          } else if (lostAt !== undefined) out.reconnected(performance.now() - lostAt);
          connected = true;
          lostAt = undefined;
          attempt = 0;
        } else if (m.kind === 'reconnect') {
          asked = true;
          break;
        } else if (m.kind === 'resume-incomplete') {
          out.missed(m.detail);
        } else if (m.kind === 'unreadable') {
          out.unreadable(m.reason);
          if (m.id !== undefined) lastEventId = m.id;
        } else {
          await handle(m);
          if (m.lastEventId !== undefined) lastEventId = m.lastEventId;
        }
        if (out.closed) return;
      }
      ctx.signal.throwIfAborted();
      if (asked) {
        // Not an outage: no warning, and at once unless the service keeps asking straight away.
        quickAsks = performance.now() - opened < timing.quickReconnectMs ? quickAsks + 1 : 0;
        if (quickAsks > 1) {
          await delay(backoffDelay(quickAsks - 1, policy, timing.random()), undefined, {
            signal: ctx.signal,
          });
        }
        continue;
      }
      if (!connected) {
        throw new BillingError('the service ended the event stream before it was connected');
      }
      cause = 'the service ended the event stream';
    } catch (err) {
      if (ctx.signal.aborted || !connected || !transient(err)) throw err;
      cause = (err as Error).message;
    }
    if (lostAt === undefined) {
      lostAt = performance.now();
      out.lost(cause);
    }
    await delay(backoffDelay(++attempt, policy, timing.random()), undefined, {
      signal: ctx.signal,
    });
  }
}

function bannerOf(opts: ListenOptions) {
  return {
    ...(opts.forward ? { forward: opts.forward } : {}),
    ...(opts.events ? { events: opts.events } : {}),
    verify: opts.verify,
    json: opts.json,
  };
}
