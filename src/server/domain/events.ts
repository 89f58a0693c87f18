// Events a state change causes (api-facts "Events"). Domain code emits them on the transaction it
// runs in (Tx.emit, store/db.ts); they reach the store's sink just before COMMIT, inside the same
// transaction, and never when it rolls back. The sink does nothing yet: the webhooks issue makes
// it write an outbox table, so an event is stored if and only if its change is.
import type { WEBHOOK_EVENT_TYPES } from '../../shared/api-facts.js';

export type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface DomainEvent {
  type: EventType;
  /** The id of the resource the event is about (its `data` is that resource's API form). */
  id: string;
}
