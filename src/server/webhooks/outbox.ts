// The outbox (api-facts "Events"): each event a change emits is serialized as the API shows its
// resource at that moment and written, in the change's own transaction, to `events`, with a copy
// due for every endpoint of the organization subscribed to its type. What is committed survives
// kill -9 and is delivered from there; after COMMIT the delivery worker and the CLI stream hear of it.
// An event carries a body per generation (issue 26): the seed's, which endpoints created without
// a Polar-Version and the CLI stream get, and today's, written when an endpoint created under
// today's version is subscribed. An event type only today's generation has (customer.*) has no
// seed's body, and is stored only when such an endpoint wants it.
import type { Clock } from '../clock.js';
import { type DomainEvent, isSeedEventType } from '../domain/events.js';
import { withUsage } from '../domain/meter-billing.js';
import { uuid } from '../ids.js';
import { eventData } from '../serialize/events.js';
import type { Loader } from '../serialize/loader.js';
import type { Outbox, Store } from '../store/index.js';
import type { EventRow } from '../store/rows.js';
import { customerOf, organizationOf, todaysEventData } from '../today/events.js';

const gone = (event: DomainEvent) => new Error(`${event.type}: no resource ${event.id}`);

/** The body every receiver of the event gets, in this order (api-facts "Events"). */
export function eventPayload(event: DomainEvent, timestamp: string, data: unknown): string {
  return JSON.stringify({ type: event.type, timestamp, data });
}

/** Sees each transaction's events inside it, before COMMIT; a throw rolls the change back. */
export type EventObserver = (events: readonly DomainEvent[]) => void;

export function createOutbox(
  store: Store,
  clock: Clock,
  baseUrl: string,
  observers: ReadonlySet<EventObserver>,
  committed: (events: readonly EventRow[]) => void,
): Outbox {
  /** Stores one event with the bodies its readers need; undefined when nobody can read it. */
  const record = (l: Loader, event: DomainEvent): EventRow | undefined => {
    const timestamp = clock.iso();
    const seed = isSeedEventType(event.type);
    // Today's-only types are looked at only as far as needed to know that nobody wants them.
    const organizationId = seed ? undefined : organizationOf(l, event);
    if (!seed && organizationId === undefined) throw gone(event);
    if (organizationId && !store.webhooks.subscribed(organizationId, event.type).length)
      return undefined;
    const found = seed ? eventData(l, event, timestamp) : todaysEventData(l, event, timestamp);
    // A change announced a resource that is not there: a bug, and the change is undone.
    if (!found) throw gone(event);
    const endpoints = store.webhooks.subscribed(found.organizationId, event.type);
    const today = endpoints.some((e) => e.today);
    const todays = !today ? undefined : seed ? todaysEventData(l, event, timestamp)! : found;
    const row = store.webhooks.insertEvent({
      id: uuid(),
      organization_id: found.organizationId,
      type: event.type,
      timestamp,
      payload: seed ? eventPayload(event, timestamp, found.data) : '',
      payload_today: todays ? eventPayload(event, timestamp, todays.data) : null,
    });
    // Deliveries fall due by wall time (webhooks/delivery.ts), this one at once.
    const due = clock.wallMs();
    for (const endpoint of endpoints)
      store.webhooks.insertWebhookEvent(uuid(), row.id, endpoint.id, timestamp, due);
    return row;
  };

  return {
    store(event) {
      return record(withUsage(store.loader(baseUrl), { store, clock }), event);
    },
    sealed(events) {
      for (const observe of observers) observe(events);
      // One customer.state_changed per customer whose state the transaction changed (the real
      // one is debounced per customer), after its events.
      const l = withUsage(store.loader(baseUrl), { store, clock });
      const customers = new Set(events.map((e) => customerOf(l, e)).filter((c) => c != null));
      const rows: EventRow[] = [];
      for (const id of customers) {
        const row = record(l, { type: 'customer.state_changed', id });
        if (row) rows.push(row);
      }
      return rows;
    },
    committed,
  };
}
