// The outbox (api-facts "Events"): each event a change emits is serialized as the API shows its
// resource at that moment and written, in the change's own transaction, to `events`, with a copy
// due for every endpoint of the organization subscribed to its type. What is committed survives
// kill -9 and is delivered from there; after COMMIT the delivery worker and the CLI stream hear of it.
import type { Clock } from '../clock.js';
import type { DomainEvent } from '../domain/events.js';
import { uuid } from '../ids.js';
import { eventData } from '../serialize/events.js';
import type { Outbox, Store } from '../store/index.js';
import type { EventRow } from '../store/rows.js';

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
  return {
    store(event) {
      const timestamp = clock.iso();
      const found = eventData(store.loader(baseUrl), event, timestamp);
      // A change announced a resource that is not there: a bug, and the change is undone.
      if (!found) throw new Error(`${event.type}: no resource ${event.id}`);
      const row = store.webhooks.insertEvent({
        id: uuid(),
        organization_id: found.organizationId,
        type: event.type,
        timestamp,
        payload: eventPayload(event, timestamp, found.data),
      });
      // Deliveries fall due by wall time (webhooks/delivery.ts), this one at once.
      const due = clock.wallMs();
      for (const endpointId of store.webhooks.subscribed(found.organizationId, event.type))
        store.webhooks.insertWebhookEvent(uuid(), row.id, endpointId, timestamp, due);
      return row;
    },
    sealed(events) {
      for (const observe of observers) observe(events);
    },
    committed,
  };
}
