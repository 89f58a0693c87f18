// Events at run time: the outbox the store writes them to (outbox.ts), the worker that delivers
// them to webhook endpoints (delivery.ts) and the CLI event stream (listen.ts).
import type { Clock } from '../clock.js';
import type { Store } from '../store/index.js';
import { DEFAULT_RETRY, DeliveryWorker, type RetrySchedule } from './delivery.js';
import { ListenHub, type ListenOptions } from './listen.js';
import { createOutbox } from './outbox.js';
import type { Lookup, SelfAddress } from './self-address.js';

export { DEFAULT_RETRY, type RetrySchedule } from './delivery.js';
export type { ListenOptions } from './listen.js';

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

  /** `self`: the service's own address, which no delivery may reach. */
  constructor(
    store: Store,
    clock: Clock,
    baseUrl: () => string,
    readonly self: SelfAddress,
    opts: EventOptions = {},
  ) {
    const retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.worker = new DeliveryWorker(store, clock, retry, self, opts.lookup);
    this.hub = new ListenHub(store, clock, opts.listen);
    store.outbox = createOutbox(store, clock, baseUrl, (rows) => {
      this.worker.wake();
      this.hub.publish(rows);
    });
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
