// Events at run time: the outbox the store writes them to (outbox.ts), the worker that delivers
// them to webhook endpoints (delivery.ts) and the CLI event stream (listen.ts).
import type { Clock } from '../clock.js';
import type { Outbox, Store } from '../store/index.js';
import { DEFAULT_RETRY, DeliveryWorker, type RetrySchedule } from './delivery.js';
import { ListenHub, type ListenOptions } from './listen.js';
import { createOutbox, type EventObserver } from './outbox.js';
import type { Lookup, SelfAddress } from './self-address.js';

export { DEFAULT_RETRY, type RetrySchedule } from './delivery.js';
export type { ListenOptions } from './listen.js';
export type { EventObserver } from './outbox.js';

export interface EventOptions {
  /** The delivery schedule (tests shorten it); the real service's by default. */
  retry?: Partial<RetrySchedule>;
  listen?: ListenOptions;
  /** How a delivery resolves its endpoint's host name (tests point a name at the service). */
  lookup?: Lookup;
}

export class Events {
  readonly worker: DeliveryWorker;
  readonly hub: ListenHub;
  /** Where the store's transactions write their events (Store.connect). */
  readonly outbox: Outbox;
  private readonly observers = new Set<EventObserver>();

  /** `baseUrl`: the service's, in the events' data; `self`: its address, which no delivery may reach. */
  constructor(
    store: Store,
    clock: Clock,
    baseUrl: string,
    readonly self: SelfAddress,
    opts: EventOptions = {},
  ) {
    const retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.worker = new DeliveryWorker(store, clock, retry, self, opts.lookup);
    this.hub = new ListenHub(store, clock, opts.listen);
    this.outbox = createOutbox(store, clock, baseUrl, this.observers, (rows) => {
      this.worker.wake();
      this.hub.publish(rows);
    });
  }

  /**
   * Shows `observer` each transaction's events inside it, before COMMIT (a throw rolls the change
   * back): tests watch the changes' events, or make the outbox fail. Returns the way to stop.
   */
  observe(observer: EventObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Delivers what is pending (after a restart too) and from then on what commits. */
  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    this.hub.closeAll();
    await this.worker.stop();
  }
}
