// Webhooks: the outbox (events), the endpoints, each endpoint's copy of an event (pending until
// delivered) and the delivery attempts. The delivery worker (webhooks/delivery.ts) reads what is
// due and records each attempt; the CLI stream replays the outbox.
import type { EventType } from '../domain/events.js';
import type { Db } from './db.js';
import { type Listed, list, type Page, Where } from './lists.js';
import type {
  EventRow,
  Table,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEventRow,
} from './rows.js';
import type { Visibility } from './visibility.js';

/** A delivery due now: the event's copy, its endpoint and the body to send. */
export interface DueDelivery {
  webhook_event_id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
  secret: string;
  payload: string;
}

/** A delivery attempt with the event it sent (the API's WebhookDelivery). */
export interface DeliveryListed extends WebhookDeliveryRow {
  event_created_at: string;
  event_modified_at: string | null;
  last_http_code: number | null;
  event_succeeded: number | null;
  type: EventType;
  payload: string;
}

/**
 * The deliveries' filters (the seed's: one endpoint; today's: webhook/service.py list_deliveries
 * at c6c3645e). Timestamps are exclusive bounds of the delivery's creation; `query` is matched,
 * case-insensitively and unescaped as ILIKE does, in the delivery's id, its event's id and its
 * HTTP code.
 */
export interface DeliveryFilter {
  endpoint_id?: readonly string[];
  start_timestamp?: string;
  end_timestamp?: string;
  succeeded?: boolean;
  query?: string;
  http_code_class?: '2xx' | '3xx' | '4xx' | '5xx';
  event_type?: readonly string[];
}

function deliveryWhere(where: Where, f: DeliveryFilter): void {
  const inList = (column: string, values: readonly string[]) =>
    where.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  if (f.endpoint_id?.length) inList('d.endpoint_id', f.endpoint_id);
  if (f.start_timestamp !== undefined) where.add('d.created_at > ?', f.start_timestamp);
  if (f.end_timestamp !== undefined) where.add('d.created_at < ?', f.end_timestamp);
  if (f.succeeded !== undefined) where.add('d.succeeded = ?', f.succeeded ? 1 : 0);
  if (f.query !== undefined)
    where.add(
      "(d.id LIKE '%' || ? || '%' OR d.webhook_event_id LIKE '%' || ? || '%' OR CAST(d.http_code AS TEXT) LIKE '%' || ? || '%')",
      f.query,
      f.query,
      f.query,
    );
  if (f.http_code_class !== undefined) {
    const low = Number(f.http_code_class[0]) * 100;
    where.add('d.http_code >= ? AND d.http_code < ?', low, low + 100);
  }
  if (f.event_type?.length) inList('ev.type', f.event_type);
}

const ENDPOINT_TABLES: readonly Table[] = ['webhook_endpoints'];

/** The body an endpoint `w` gets of event `ev`: in the generation it was created with. */
const PAYLOAD_OF_ENDPOINT =
  'CASE WHEN w.api_version IS NULL THEN ev.payload ELSE coalesce(ev.payload_today, ev.payload) END';

/** Endpoints are the seller's: those of the organizations the request sees. */
const scopeSql = (alias: string, visible: Visibility, params: unknown[]) =>
  visible.sellerSql(`${alias}.organization_id`, params);

export class Webhooks {
  constructor(private readonly db: Db) {}

  // ---- the outbox

  /** Writes one event to the outbox; its row with the sequence number it got. */
  insertEvent(row: Omit<EventRow, 'seq'>): EventRow {
    const r = this.db.run(
      `INSERT INTO events (id, organization_id, type, timestamp, payload, payload_today)
       VALUES (?, ?, ?, ?, ?, ?)`,
      row.id,
      row.organization_id,
      row.type,
      row.timestamp,
      row.payload,
      row.payload_today ?? null,
    );
    return { seq: Number(r.lastInsertRowid), ...row };
  }

  /** The organization's events after `seq`, oldest first (the CLI stream's replay). */
  eventsAfter(organizationId: string, seq: number, limit: number): EventRow[] {
    return this.db.all<EventRow>(
      `SELECT * FROM events WHERE organization_id = ? AND seq > ? AND payload <> ''
       ORDER BY seq LIMIT ?`,
      organizationId,
      seq,
      limit,
    );
  }

  /**
   * The organization's newest `limit` events after `seq`, oldest first, and how many there are
   * in all (more than `limit`: the older ones are left out).
   */
  newestEventsAfter(
    organizationId: string,
    seq: number,
    limit: number,
  ): { rows: EventRow[]; total: number } {
    const rows = this.db.all<EventRow>(
      `SELECT * FROM events WHERE organization_id = ? AND seq > ? AND payload <> ''
       ORDER BY seq DESC LIMIT ?`,
      organizationId,
      seq,
      limit + 1,
    );
    const total =
      rows.length <= limit
        ? rows.length
        : this.db.get<{ n: number }>(
            "SELECT count(*) AS n FROM events WHERE organization_id = ? AND seq > ? AND payload <> ''",
            organizationId,
            seq,
          )!.n;
    return { rows: rows.slice(0, limit).reverse(), total };
  }

  event(id: string): EventRow | undefined {
    return this.db.get<EventRow>('SELECT * FROM events WHERE id = ?', id);
  }

  /**
   * The enabled endpoints of the organization subscribed to `type`, each with whether it takes
   * today's generation's shapes (memoised until an endpoint write).
   */
  subscribed(organizationId: string, type: EventType): { id: string; today: boolean }[] {
    return this.db
      .memo<{ id: string; today: boolean }[]>('webhook-subscriptions', ENDPOINT_TABLES)
      .get(`${organizationId} ${type}`, () =>
        this.db
          .all<{ id: string; api_version: string | null }>(
            `SELECT id, api_version FROM webhook_endpoints WHERE organization_id = ? AND deleted_at IS NULL
             AND enabled = 1 AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = ?)
             ORDER BY created_at, id`,
            organizationId,
            type,
          )
          .map((r) => ({ id: r.id, today: r.api_version != null })),
      );
  }

  /** The event's copy for an endpoint, due at `dueMs` (wall clock). */
  insertWebhookEvent(id: string, eventId: string, endpointId: string, now: string, dueMs: number) {
    this.db.insert('webhook_events', {
      id,
      created_at: now,
      modified_at: null,
      event_id: eventId,
      endpoint_id: endpointId,
      last_http_code: null,
      succeeded: null,
      attempts: 0,
      next_attempt_at: dueMs,
    });
  }

  // ---- endpoints

  listEndpoints(
    visible: Visibility,
    filter: { organization_id: readonly string[] },
    page: Page,
  ): Listed<WebhookEndpointRow> {
    const where = new Where()
      .scope((p) => scopeSql('w', visible, p))
      .add('w.deleted_at IS NULL')
      .matching('w', filter);
    const order = 'w.created_at DESC, w.id DESC';
    return list(this.db, { columns: 'w.*', from: 'webhook_endpoints w', where, order, page });
  }

  /** The endpoint `id` the scope sees, unless deleted. */
  endpoint(visible: Visibility, id: string): WebhookEndpointRow | undefined {
    const params: unknown[] = [id];
    const sql = scopeSql('w', visible, params);
    return this.db.get<WebhookEndpointRow>(
      `SELECT w.* FROM webhook_endpoints w WHERE w.id = ? AND w.deleted_at IS NULL AND ${sql}`,
      ...params,
    );
  }

  /** The organization's endpoint with this URL (billing serve --webhook finds its own again). */
  endpointByUrl(organizationId: string, url: string): WebhookEndpointRow | undefined {
    return this.db.get<WebhookEndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE organization_id = ? AND url = ? AND deleted_at IS NULL
       ORDER BY created_at LIMIT 1`,
      organizationId,
      url,
    );
  }

  /** A deleted endpoint gets nothing more: its pending deliveries are dropped. */
  deleteEndpoint(id: string, now: string): void {
    this.db.update('webhook_endpoints', id, { deleted_at: now }, now);
    this.db.run(
      'UPDATE webhook_events SET next_attempt_at = NULL WHERE endpoint_id = ? AND next_attempt_at IS NOT NULL',
      id,
    );
  }

  // ---- events of endpoints and their deliveries

  /** The webhook event `id` of an endpoint the scope sees. */
  webhookEvent(visible: Visibility, id: string): WebhookEventRow | undefined {
    const params: unknown[] = [id];
    const sql = scopeSql('w', visible, params);
    return this.db.get<WebhookEventRow>(
      `SELECT e.* FROM webhook_events e JOIN webhook_endpoints w ON w.id = e.endpoint_id
       WHERE e.id = ? AND w.deleted_at IS NULL AND ${sql}`,
      ...params,
    );
  }

  /** Due again now, for a new round of attempts (a redelivery). */
  schedule(id: string, dueMs: number): void {
    this.db.run(
      'UPDATE webhook_events SET attempts = 0, next_attempt_at = ? WHERE id = ?',
      dueMs,
      id,
    );
  }

  /**
   * Up to `limit` deliveries due at `nowMs`, the earliest due first, at most one per endpoint and
   * none for the endpoints in `busy` (one delivery at a time per endpoint). Order is by when each
   * is due, not by when its event happened: a failed delivery due again after its backoff comes
   * after the newer events due before it (as the real service, which promises no order).
   */
  due(nowMs: number, busy: ReadonlySet<string>, limit: number): DueDelivery[] {
    // Endpoint by endpoint, each one's oldest due event through its index: the cost does not
    // grow with the events queued behind a delivery in flight.
    const heads: { id: string; endpoint_id: string; attempts: number; at: number; seq: number }[] =
      [];
    const endpoints = this.db
      .memo<string[]>('webhook-endpoints', ENDPOINT_TABLES)
      .get('live', () =>
        this.db
          .all<{ id: string }>('SELECT id FROM webhook_endpoints WHERE deleted_at IS NULL')
          .map((r) => r.id),
      );
    for (const id of endpoints) {
      if (busy.has(id)) continue;
      const head = this.db.get<(typeof heads)[number]>(
        `SELECT id, endpoint_id, attempts, next_attempt_at AS at, rowid AS seq FROM webhook_events
         WHERE endpoint_id = ? AND next_attempt_at <= ? ORDER BY next_attempt_at, rowid LIMIT 1`,
        id,
        nowMs,
      );
      if (head) heads.push(head);
    }
    heads.sort((a, b) => a.at - b.at || a.seq - b.seq);
    return heads.slice(0, limit).map((h) => {
      const found = this.db.get<Pick<DueDelivery, 'url' | 'secret' | 'payload'>>(
        `SELECT w.url, w.secret, ${PAYLOAD_OF_ENDPOINT} AS payload FROM webhook_events e
         JOIN webhook_endpoints w ON w.id = e.endpoint_id JOIN events ev ON ev.id = e.event_id
         WHERE e.id = ?`,
        h.id,
      )!;
      return { ...found, webhook_event_id: h.id, endpoint_id: h.endpoint_id, attempts: h.attempts };
    });
  }

  /**
   * The endpoint's next `limit` deliveries due at `nowMs`, in the order `due` takes them (one
   * query through the index on `(endpoint_id, next_attempt_at)`): the delivery worker sends them
   * one after another without asking again between two.
   */
  dueOf(endpointId: string, nowMs: number, limit: number): DueDelivery[] {
    return this.db.all<DueDelivery>(
      `SELECT e.id AS webhook_event_id, e.endpoint_id, e.attempts, w.url, w.secret,
       ${PAYLOAD_OF_ENDPOINT} AS payload FROM webhook_events e
       JOIN webhook_endpoints w ON w.id = e.endpoint_id JOIN events ev ON ev.id = e.event_id
       WHERE e.endpoint_id = ? AND e.next_attempt_at <= ? AND w.deleted_at IS NULL
       ORDER BY e.next_attempt_at, e.rowid LIMIT ?`,
      endpointId,
      nowMs,
      limit,
    );
  }

  /**
   * A value that stays the same object until the endpoints are written (an update, a deletion,
   * a reset): deliveries read before that are not sent after it.
   */
  endpointsVersion(): object {
    return this.db.memo<object>('webhook-endpoints-version', ENDPOINT_TABLES).get('v', () => ({}));
  }

  /** When the next delivery falls due (epoch ms), if any is pending (as `due` sees them). */
  nextDue(): number | undefined {
    return (
      this.db.get<{ at: number | null }>(
        `SELECT min(e.next_attempt_at) AS at FROM webhook_events e
         JOIN webhook_endpoints w ON w.id = e.endpoint_id
         WHERE e.next_attempt_at IS NOT NULL AND w.deleted_at IS NULL`,
      )?.at ?? undefined
    );
  }

  /**
   * Records one attempt: the delivery row, and the event's state — delivered, given up
   * (`nextMs` null after a failure) or due again at `nextMs`.
   */
  recordAttempt(
    delivery: WebhookDeliveryRow,
    outcome: { attempts: number; succeeded: boolean; nextMs: number | null },
  ): void {
    const { webhook_event_id: id, http_code: code, created_at: now } = delivery;
    const succeeded = outcome.succeeded ? 1 : outcome.nextMs === null ? 0 : undefined;
    const { changes } = this.db.run(
      `UPDATE webhook_events SET attempts = ?, next_attempt_at = ?, modified_at = ?,
       last_http_code = coalesce(?, last_http_code), succeeded = coalesce(?, succeeded) WHERE id = ?`,
      outcome.attempts,
      outcome.succeeded ? null : outcome.nextMs,
      now,
      code,
      succeeded ?? null,
      id,
    );
    // Gone meanwhile (a reset of the local service): nothing to record.
    if (Number(changes) > 0) this.db.insert('webhook_deliveries', delivery);
  }

  /** The delivery attempts to the endpoints the scope sees, newest first. */
  listDeliveries(visible: Visibility, filter: DeliveryFilter, page: Page): Listed<DeliveryListed> {
    const where = new Where().scope((p) => scopeSql('w', visible, p)).add('w.deleted_at IS NULL');
    deliveryWhere(where, filter);
    return list(this.db, {
      columns: `d.*, e.created_at AS event_created_at, e.modified_at AS event_modified_at,
        e.last_http_code, e.succeeded AS event_succeeded, ev.type, ${PAYLOAD_OF_ENDPOINT} AS payload`,
      from: `webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
        JOIN webhook_events e ON e.id = d.webhook_event_id JOIN events ev ON ev.id = e.event_id`,
      where,
      order: 'd.created_at DESC, d.rowid DESC',
      page,
    });
  }
}
