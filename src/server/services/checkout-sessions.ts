// The buyer's side of a checkout session, one path for the API and the hosted page: its update
// and its confirm. A confirm holds the checkout's lock across the payment processor's round trip
// (a transaction cannot span an await: every request shares the connection), then confirms in
// one unit of work (domain/checkouts.ts), so a second confirm or a double click makes no second
// order. The lock is this instance's: one per service.
import type { Clock } from '../clock.js';
import {
  assertConfirmable,
  type CheckoutChanges,
  type ConfirmBody,
  confirmCheckout,
  updateCheckout,
} from '../domain/checkouts.js';
import { CheckoutLocked } from '../domain/errors.js';
import type { Work } from '../domain/work.js';
import { KeyedLock } from '../lock.js';
import type { Store } from '../store/index.js';

/** The payment processor's round trip on confirm, during which the checkout stays locked. */
export type Processor = (checkoutId: string) => Promise<void>;

/**
 * What a confirm does when another confirm of the checkout holds the lock: the API's refuses
 * (409, as the real service's confirms meet its lock instead of queueing), the hosted page's
 * waits for it to end and looks again (a double click then finds the session confirmed).
 */
export type WhenLocked = 'refuse' | 'wait';

export class CheckoutSessions {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly processor: Processor,
  ) {}

  /** The buyer's update of checkout `id` from the hosted page (the API's is a write route). */
  update(id: string, changes: CheckoutChanges): void {
    this.store.tx((tx) => updateCheckout(this.work(tx), id, changes, 'customer'));
  }

  /**
   * The buyer's confirm of checkout `id`, in the API's order of refusals: 410 past its expiry and
   * 403 not open (checked again after a wait), 409 locked, then the body's `changes` (parsed
   * under the lock: 422), the processor, and the confirm. `answer` runs inside the confirm's unit
   * of work: the payment's job runs right after its commit (domain/jobs.ts), and an answer read
   * later would show the job's work rather than the confirm's.
   */
  async confirm<T>(
    id: string,
    changes: () => ConfirmBody,
    whenLocked: WhenLocked,
    answer: (work: Work, token: string | null) => T,
  ): Promise<T> {
    for (;;) {
      assertConfirmable(this.store.row('checkouts', id)!, this.clock.iso());
      if (this.lock.tryAcquire(id)) break;
      if (whenLocked === 'refuse') throw new CheckoutLocked();
      await this.lock.released(id);
    }
    try {
      const parsed = changes();
      await this.processor(id);
      return this.store.tx((tx) => {
        const work = this.work(tx);
        const { token } = confirmCheckout(work, id, parsed);
        return answer(work, token);
      });
    } finally {
      this.lock.release(id);
    }
  }

  private work(tx: Work['tx']): Work {
    return { store: this.store, clock: this.clock, tx };
  }
}
