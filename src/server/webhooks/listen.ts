// The CLI event stream, GET /v1/cli/listen/{organization_id} (api-facts "Events"): Server-Sent
// Events as the real service sends them (polar c6c3645e server/polar/cli/endpoints.py; the
// endpoint is of today's generation): first {"key": "connected", "ts", "secret"}, then one
// {"id", "key": "webhook.created", "payload": {"webhook_event_id", "payload": "<body>"},
// "headers"} per event of the organization — fresh ids, the body as a JSON string — signed with
// the stream's secret (the organization id without dashes, as the real service derives it), in
// Python's json.dumps form (python-json.ts).
// Beyond the real service: each message carries the event's id as its SSE `id`, and a client
// that reconnects with `Last-Event-ID` first gets the events it missed, from the outbox (the
// newest 1000 at most); when it cannot have them all (an id this service does not know, or more
// missed than that), one {"key":"resume_incomplete","detail"} says so first. Heartbeats are SSE
// comments. A client that does not read is not buffered for without bound: past the limit its
// connection is closed (it can reconnect and resume with Last-Event-ID). Streams are capped per
// organization and per token (issue 23: each one costs memory and every event's delivery), and
// an event's message is built once for all the streams of its organization.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Clock } from '../clock.js';
import type { Store } from '../store/index.js';
import type { EventRow } from '../store/rows.js';
import { pyJson, pyTime } from './python-json.js';
import { signedHeaders } from './send.js';

export interface ListenOptions {
  /** Between heartbeat comments. */
  heartbeatMs?: number;
  /** Bytes queued for a client that does not read before its connection is closed. */
  maxBufferedBytes?: number;
  /** Events replayed after a Last-Event-ID, at most. */
  maxReplay?: number;
  /** Streams open at once for one organization. */
  maxPerOrganization?: number;
  /** Streams open at once with one token. */
  maxPerToken?: number;
}

const DEFAULTS: Required<ListenOptions> = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxReplay: 1000,
  maxPerOrganization: 20,
  maxPerToken: 10,
};

/** The stream's signing secret: the organization id without dashes (the real service's). */
export const listenSecret = (organizationId: string) => organizationId.replaceAll('-', '');

/**
 * One event as a stream message, as the real service sends it to its CLI (today's generation;
 * the stream did not exist at the seed's): a fresh message id and a fresh webhook_event_id (the
 * real one is made per publication, not the id any endpoint's delivery carries), the body as a
 * JSON string of the bytes that were signed, and the signed headers; Python's json.dumps form.
 */
export function listenMessage(
  row: EventRow,
  secret: string,
  at = new Date(),
  fresh: () => string = randomUUID,
): string {
  const id = fresh();
  const webhookEventId = fresh();
  return pyJson({
    id,
    key: 'webhook.created',
    payload: { webhook_event_id: webhookEventId, payload: row.payload },
    headers: signedHeaders(secret, webhookEventId, row.payload, at),
  });
}

const dataFrame = (data: string) => Buffer.from(`data: ${data}\r\n\r\n`);

class Listener {
  private queue: Buffer[] = [];
  private queued = 0;

  constructor(
    private readonly res: ServerResponse,
    readonly organizationId: string,
    readonly tokenId: string,
    private readonly maxBufferedBytes: number,
    onClose: () => void,
  ) {
    res.on('close', onClose);
    res.on('drain', () => this.flush());
  }

  /** Sends a frame; the same Buffer may go to every stream of the organization. */
  write(frame: Buffer): void {
    if (this.res.destroyed) return;
    if (!this.queue.length && !this.res.writableNeedDrain) {
      this.res.write(frame);
      return;
    }
    this.queue.push(frame);
    this.queued += frame.length;
    // The client stopped reading: close rather than hold its events without bound.
    if (this.queued > this.maxBufferedBytes) this.res.destroy();
  }

  private flush(): void {
    while (this.queue.length && !this.res.writableNeedDrain) {
      const frame = this.queue.shift()!;
      this.queued -= frame.length;
      this.res.write(frame);
    }
  }

  close(): void {
    this.res.end();
  }
}

export class ListenHub {
  private readonly byOrganization = new Map<string, Set<Listener>>();
  private readonly byToken = new Map<string, number>();
  private readonly opts: Required<ListenOptions>;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Event messages built so far (tests: one per event and organization, however many listen). */
  messagesBuilt = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    opts: ListenOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Committed events, to the clients of their organizations: each message built once. */
  publish(rows: readonly EventRow[]): void {
    for (const row of rows) {
      // An event only today's generation has (no body at the seed's): not on this stream.
      if (!row.payload) continue;
      const listeners = this.byOrganization.get(row.organization_id);
      if (!listeners?.size) continue;
      const frame = this.eventFrame(row);
      for (const l of listeners) l.write(frame);
    }
  }

  /**
   * Why a new stream of `organizationId` with the token `tokenId` would be one too many, if it
   * would (the route answers 429 with it).
   */
  refusal(organizationId: string, tokenId: string): string | undefined {
    const { maxPerOrganization, maxPerToken } = this.opts;
    if ((this.byOrganization.get(organizationId)?.size ?? 0) >= maxPerOrganization)
      return `This organization already has ${maxPerOrganization} event streams open, the most this service allows at once. Close one (another billing listen) and try again.`;
    if ((this.byToken.get(tokenId) ?? 0) >= maxPerToken)
      return `This token already has ${maxPerToken} event streams open, the most this service allows at once. Close one (another billing listen) and try again.`;
    return undefined;
  }

  /**
   * Starts a stream on `res` (hijacked from fastify) for the token `tokenId`; `lastEventId`
   * resumes after that event. The route checked `refusal` first.
   */
  open(
    res: ServerResponse,
    organizationId: string,
    tokenId: string,
    lastEventId: string | undefined,
  ): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const set = this.byOrganization.get(organizationId) ?? new Set<Listener>();
    this.byOrganization.set(organizationId, set);
    this.byToken.set(tokenId, (this.byToken.get(tokenId) ?? 0) + 1);
    const listener = new Listener(res, organizationId, tokenId, this.opts.maxBufferedBytes, () =>
      this.forget(listener, set),
    );
    const connected = {
      key: 'connected',
      ts: pyTime(this.clock.now()),
      secret: listenSecret(organizationId),
    };
    listener.write(dataFrame(pyJson(connected)));
    // Synchronous from here to the registration: no event can commit in between.
    if (lastEventId) {
      const { rows, incomplete } = this.missed(organizationId, lastEventId);
      if (incomplete)
        listener.write(dataFrame(pyJson({ key: 'resume_incomplete', detail: incomplete })));
      for (const row of rows) listener.write(this.eventFrame(row));
    }
    set.add(listener);
    this.beat();
  }

  /** What a client that last saw `lastEventId` missed, and why it cannot have all of it. */
  private missed(
    organizationId: string,
    lastEventId: string,
  ): { rows: EventRow[]; incomplete?: string } {
    const after = this.store.webhooks.event(lastEventId);
    if (!after || after.organization_id !== organizationId) {
      const shown = JSON.stringify(lastEventId.slice(0, 80));
      return {
        rows: [],
        incomplete: `Cannot resume after Last-Event-ID ${shown}: it is not an event of this organization that this service knows (it was reset, or runs on another database). Events from before this connection are not sent again.`,
      };
    }
    const max = this.opts.maxReplay;
    const { rows, total } = this.store.webhooks.newestEventsAfter(organizationId, after.seq, max);
    if (total <= max) return { rows };
    return {
      rows,
      incomplete: `Cannot resume after Last-Event-ID ${after.id} in full: ${total} events happened since, more than the ${max} this service replays. The ${total - max} oldest of them are not sent; the newest ${max} follow.`,
    };
  }

  private eventFrame(row: EventRow): Buffer {
    this.messagesBuilt++;
    const data = listenMessage(row, listenSecret(row.organization_id));
    return Buffer.from(`id: ${row.id}\r\ndata: ${data}\r\n\r\n`);
  }

  private forget(listener: Listener, set: Set<Listener>): void {
    set.delete(listener);
    const { organizationId, tokenId } = listener;
    if (!set.size && this.byOrganization.get(organizationId) === set)
      this.byOrganization.delete(organizationId);
    const left = (this.byToken.get(tokenId) ?? 1) - 1;
    if (left > 0) this.byToken.set(tokenId, left);
    else this.byToken.delete(tokenId);
    if (!this.byOrganization.size) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** One heartbeat for every stream, while any is open: the same comment to each. */
  private beat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      const ping = Buffer.from(`: ping - ${pyTime(new Date())}\r\n\r\n`);
      for (const set of this.byOrganization.values()) for (const l of set) l.write(ping);
    }, this.opts.heartbeatMs);
  }

  /** Ends every stream (the service is stopping). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const set of this.byOrganization.values()) for (const l of set) l.close();
    this.byOrganization.clear();
    this.byToken.clear();
  }

  /** Open streams (tests). */
  get size(): number {
    let n = 0;
    for (const set of this.byOrganization.values()) n += set.size;
    return n;
  }
}
