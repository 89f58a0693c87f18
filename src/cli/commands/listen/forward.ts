// Delivers one event to the handler under development, as the service would: a POST of the body
// exactly as signed with its signed headers. Bounded: a time limit for the whole exchange and
// only the start of the answer read. A handler that is down, slow or failing is a result to
// report, never an exception; only Ctrl+C ends a delivery early.
import type { StreamEvent } from '../../../api/event-stream.js';
import { classifyConnectionError, RequestTimeoutError } from '../../../api/retry.js';
import { type Body, type Transport, tracer } from '../../../api/transport.js';
import type { Context } from '../../context.js';
import { safeText } from '../../io/safe.js';

export interface Delivery {
  /** The handler's status; absent when it gave none. */
  status?: number;
  /** Why there is no status: `connection refused`, `timed out after 10s`. */
  failure?: string;
  ms: number;
}

/** The handler's answer is read up to this much (for --debug), then dropped. */
const ANSWER_BYTES = 64 * 1024;

/**
 * What the handler gets of the headers the stream sent: the Standard Webhooks ones (webhook-*)
 * and the two a delivery of the service carries. Anything else (authorization, cookie, host,
 * x-forwarded-for, framing) would be the stream's say over the developer's handler.
 */
function forwarded(name: string): boolean {
  return name.startsWith('webhook-') || name === 'content-type' || name === 'user-agent';
}

export class Forwarder {
  private readonly trace: (line: string) => void;

  constructor(
    /** The run's transport (its connections are closed with the run's). */
    private readonly transport: Transport,
    readonly url: URL,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal,
    debug: ((line: string) => void) | undefined,
  ) {
    this.trace = tracer(debug);
  }

  async send(event: StreamEvent): Promise<Delivery> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const dropped: string[] = [];
    for (const [name, value] of Object.entries(event.headers)) {
      const key = name.toLowerCase();
      if (forwarded(key)) headers[key] = value;
      else dropped.push(key);
    }
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    this.trace(`→ POST ${this.url.href} (event ${event.id}, ${event.type})`);
    if (dropped.length) this.trace(`  not forwarded: ${safeText(dropped.join(', '))}`);
    // One time limit for the whole exchange: the answer's headers, then the start of its body.
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new RequestTimeoutError(this.timeoutMs)),
      this.timeoutMs,
    );
    try {
      const res = await this.transport.open({
        method: 'POST',
        url: this.url,
        headers,
        body: event.body,
        connectTimeoutMs: this.timeoutMs,
        timeoutMs: this.timeoutMs,
        signals: [this.signal, timeout.signal],
        // No proxy: the handler is usually on this machine, which a corporate proxy cannot reach.
        direct: true,
      });
      const answer = await readStart(res.body);
      this.trace(`← ${res.status} POST ${this.url.href} ${ms()}ms`);
      if (answer !== '') this.trace(`← ${answer}`);
      return { status: res.status, ms: ms() };
    } catch (err) {
      if (this.signal.aborted) throw err;
      const failure = classifyConnectionError(err, this.timeoutMs).cause;
      this.trace(`✗ POST ${this.url.href} ${failure} ${ms()}ms`);
      return { failure, ms: ms() };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The first bytes of an answer, as text; the rest is not waited for. */
async function readStart(body: Body): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString('utf8').trim();
}

/** A forwarder to `url` over the run's transport. */
export async function createForwarder(
  ctx: Context,
  url: string,
  timeoutMs: number,
): Promise<Forwarder> {
  return new Forwarder(await ctx.transport(), new URL(url), timeoutMs, ctx.signal, ctx.trace);
}
