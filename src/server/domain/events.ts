// Events a state change causes (api-facts "Events"). Domain code emits them on the transaction it
// runs in (Tx.emit, store/db.ts), after the change, once the rows are as the event reports them:
// the store's outbox (webhooks/outbox.ts) serializes the resource right then and writes the
// event's row inside the same transaction, so an event is stored if and only if its change is.
// After COMMIT the webhook worker and the CLI stream are told.
import type { WEBHOOK_EVENT_TYPES } from '../../shared/api-facts.js';
import type { Table } from '../store/rows.js';

export type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface DomainEvent {
  type: EventType;
  /** The id of the resource the event is about (its `data` is that resource's API form). */
  id: string;
  /**
   * A benefit grant's properties before the change: the real BenefitGrantWebhook's
   * `previous_properties` (benefit/service/benefit_grant.py `_send_webhook` at f179ede58c).
   */
  previous_properties?: unknown;
}

/** What an event is about: the part of its type before the dot. */
export type Resource = EventType extends `${infer R}.${string}` ? R : never;

/**
 * The tables whose rows each resource's events report. A transaction that changes one emits an
 * event of that resource, or says why it sends none (Tx.unannounced): store/db.ts refuses the
 * change otherwise, so a forgotten event fails the tests of its change. A new resource with
 * events adds its tables here.
 */
export const ANNOUNCED_TABLES = {
  organization: ['organizations'],
  product: ['products', 'prices'],
  checkout: ['checkouts'],
  order: ['orders'],
  subscription: ['subscriptions'],
  benefit: ['benefits'],
  benefit_grant: ['benefit_grants'],
} as const satisfies Record<Resource, readonly Table[]>;

/** Every table of ANNOUNCED_TABLES: what demo data, written without events, says it changes. */
export const ALL_ANNOUNCED: readonly Table[] = Object.values(ANNOUNCED_TABLES).flat();
