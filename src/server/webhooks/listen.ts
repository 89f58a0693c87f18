// The CLI event stream, GET /v1/cli/listen/{organization_id} (api-facts "Events"): Server-Sent
// Events as the real service sends them (polar/cli/endpoints.py): first
// {"key":"connected","ts","secret"}, then one {"id","key":"webhook.created","payload":
// {"webhook_event_id","payload"},"headers"} per event of the organization, signed with the
// stream's secret (the organization id without dashes, as the real service derives it).
// Beyond the real service: each message carries the event's id as its SSE `id`, and a client
// that reconnects with `Last-Event-ID` first gets the events it missed, from the outbox.
// Heartbeats are SSE comments. A client that does not read is not buffered for without bound:
// past the limit its connection is closed (it can reconnect and resume with Last-Event-ID).
import type { ServerResponse } from 'node:http';
import type { Clock } from '../clock.js';
import type { Store } from '../store/index.js';
import type { EventRow } from '../store/rows.js';
import { signedHeaders } from './delivery.js';

export interface ListenOptions {
  /** Between heartbeat comments. */
  heartbeatMs?: number;
  /** Bytes queued for a client that does not read before its connection is closed. */
  maxBufferedBytes?: number;
  /** Events replayed after a Last-Event-ID, at most. */
  maxReplay?: number;
}

const DEFAULTS: Required<ListenOptions> = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxReplay: 1000,
};

/** The stream's signing secret: the organization id without dashes (the real service's). */
export const listenSecret = (organizationId: string) => organizationId.replaceAll('-', '');

/** Python's str(datetime) of an aware UTC time, as the real service's `ts`. */
function pythonTime(d: Date): string {
  return `${d.toISOString().replace('T', ' ').slice(0, -1)}000+00:00`;
}

/** One event as a stream message; the payload's bytes are those that were signed. */
export function listenMessage(row: EventRow, secret: string, at = new Date()): string {
  const id = JSON.stringify(row.id);
  const headers = JSON.stringify(signedHeaders(secret, row.id, row.payload, at));
  return `{"id":${id},"key":"webhook.created","payload":{"webhook_event_id":${id},"payload":${row.payload}},"headers":${headers}}`;
}

class Listener {
  private queue: string[] = [];
  private queued = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    readonly organizationId: string,
    private readonly opts: Required<ListenOptions>,
    onClose: () => void,
  ) {
    this.heartbeat = setInterval(
      () => this.write(`: ping - ${pythonTime(new Date())}\r\n\r\n`),
      opts.heartbeatMs,
    );
    res.on('close', () => {
      clearInterval(this.heartbeat);
      onClose();
    });
    res.on('drain', () => this.flush());
  }

  /** Sends one event. */
  event(row: EventRow): void {
    const data = listenMessage(row, listenSecret(this.organizationId));
    this.write(`id: ${row.id}\r\ndata: ${data}\r\n\r\n`);
  }

  write(frame: string): void {
    if (this.res.destroyed) return;
    if (!this.queue.length && !this.res.writableNeedDrain) {
      this.res.write(frame);
      return;
    }
    this.queue.push(frame);
    this.queued += Buffer.byteLength(frame);
    // The client stopped reading: close rather than hold its events without bound.
    if (this.queued > this.opts.maxBufferedBytes) this.res.destroy();
  }

  private flush(): void {
    while (this.queue.length && !this.res.writableNeedDrain) {
      const frame = this.queue.shift()!;
      this.queued -= Buffer.byteLength(frame);
      this.res.write(frame);
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.res.end();
  }
}

export class ListenHub {
  private readonly byOrganization = new Map<string, Set<Listener>>();
  private readonly opts: Required<ListenOptions>;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    opts: ListenOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Committed events, to the clients of their organizations. */
  publish(rows: readonly EventRow[]): void {
    for (const row of rows) {
      const listeners = this.byOrganization.get(row.organization_id);
      if (listeners) for (const l of listeners) l.event(row);
    }
  }

  /** Starts a stream on `res` (hijacked from fastify); `lastEventId` resumes after that event. */
  open(res: ServerResponse, organizationId: string, lastEventId: string | undefined): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const set = this.byOrganization.get(organizationId) ?? new Set<Listener>();
    this.byOrganization.set(organizationId, set);
    const listener = new Listener(res, organizationId, this.opts, () => {
      set.delete(listener);
      if (!set.size && this.byOrganization.get(organizationId) === set)
        this.byOrganization.delete(organizationId);
    });
    const connected = {
      key: 'connected',
      ts: pythonTime(this.clock.now()),
      secret: listenSecret(organizationId),
    };
    listener.write(`data: ${JSON.stringify(connected)}\r\n\r\n`);
    // Synchronous from here to the registration: no event can commit in between.
    const after = lastEventId ? this.store.webhooks.event(lastEventId) : undefined;
    if (after && after.organization_id === organizationId) {
      const missed = this.store.webhooks.eventsAfter(
        organizationId,
        after.seq,
        this.opts.maxReplay,
      );
      for (const row of missed) listener.event(row);
    }
    set.add(listener);
  }

  /** Ends every stream (the service is stopping). */
  closeAll(): void {
    for (const set of this.byOrganization.values()) for (const l of set) l.close();
    this.byOrganization.clear();
  }

  /** Open streams (tests). */
  get size(): number {
    let n = 0;
    for (const set of this.byOrganization.values()) n += set.size;
    return n;
  }
}
