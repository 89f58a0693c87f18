// Events a state change causes (api-facts "Events"). Domain code emits them on the transaction it
// runs in (Tx.emit, store/db.ts), after the change, once the rows are as the event reports them:
// the store's outbox (webhooks/outbox.ts) serializes the resource right then and writes the
// event's row inside the same transaction, so an event is stored if and only if its change is.
// After COMMIT the webhook worker and the CLI stream are told.
import { WEBHOOK_EVENT_TYPES } from '../../shared/api-facts.js';
import type { ENUMS } from '../../shared/openapi/2026-10.facts.js';
import type { Table } from '../store/rows.js';

/** An event type of either generation: today's list holds every one of the seed's. */
export type EventType = (typeof ENUMS.WebhookEventType)[number];
/** The seed's (WEBHOOK_EVENT_TYPES): what an endpoint created without a version may subscribe to. */
export type SeedEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The types the sandbox emits: the seed's, and today's where the sandbox makes the change (issue
 * 26). A resource that starts emitting today's types adds them here, its serializer in
 * today/events.ts and its tables in ANNOUNCED_TABLES. Types of today's that only today's
 * generation has are stored only when an endpoint of today's is subscribed (webhooks/outbox.ts).
 */
export const EMITTED_EVENT_TYPES = [
  ...WEBHOOK_EVENT_TYPES,
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.state_changed',
  // Discounts (discount/service.py `_send_webhook` at c6c3645e): every create, update and delete.
  'discount.created',
  'discount.updated',
  'discount.deleted',
  // An open session past its expiry (checkout/tasks.py checkout_expired at c6c3645e).
  'checkout.expired',
  // Subscriptions (subscription/service.py at c6c3645e): a renewal, a pause and a resume.
  'subscription.cycled',
  'subscription.paused',
  'subscription.resumed',
  // Orders and refunds (order/service.py, refund/service.py at c6c3645e).
  'order.updated',
  'order.paid',
  'order.refunded',
  'refund.created',
  'refund.updated',
  // meter_credit grants credit again at each renewal (issue 27; benefit/service.py cycle).
  'benefit_grant.cycled',
] as const satisfies readonly EventType[];
export type EmittedEventType = (typeof EMITTED_EVENT_TYPES)[number];

const SEED_TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** Whether the seed's generation has events of this type (else only today's endpoints get it). */
export const isSeedEventType = (type: string): type is SeedEventType => SEED_TYPES.has(type);

export interface DomainEvent {
  type: EmittedEventType;
  /** The id of the resource the event is about (its `data` is that resource's API form). */
  id: string;
  /**
   * A benefit grant's properties before the change: the real BenefitGrantWebhook's
   * `previous_properties` (benefit/service/benefit_grant.py `_send_webhook` at f179ede58c).
   */
  previous_properties?: unknown;
}

/** What an event is about: the part of its type before the dot. */
export type Resource = EmittedEventType extends `${infer R}.${string}` ? R : never;

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
  // Today's customer.* (customer/repository.py at c6c3645e: every create, update and soft
  // delete of a customer sends one).
  customer: ['customers'],
  // A redemption counts without one (store/discounts.ts `redeem`).
  discount: ['discounts', 'discount_products'],
  refund: ['refunds'],
} as const satisfies Record<Resource, readonly Table[]>;

/** Every table of ANNOUNCED_TABLES: what demo data, written without events, says it changes. */
export const ALL_ANNOUNCED: readonly Table[] = Object.values(ANNOUNCED_TABLES).flat();
