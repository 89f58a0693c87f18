// Work a change queues for after its commit (Tx.enqueue, store/db.ts), as the real service queues
// jobs for its workers (polar.worker.enqueue_job) and hears from its payment processor later: a
// confirmed checkout's payment succeeds after the confirm is answered (purchase.ts). Each job
// runs in a transaction of its own that also deletes it, right after the commit that queued it,
// so its events follow the change's in the outbox; jobs left by a kill -9 run when the service
// starts again.
import type { Clock } from '../clock.js';
import type { Store } from '../store/index.js';
import { generateInvoice } from './orders.js';
import { settleCheckout } from './purchase.js';
import { refundProcessed } from './refunds.js';

export type JobKind = 'checkout.payment_succeeded' | 'refund.processed' | 'order.invoice';

export interface Job {
  kind: JobKind;
  /** The id of the resource the job is about. */
  ref: string;
}

export class JobRunner {
  private running = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Runs every pending job, oldest first; the jobs they queue run in the same loop. */
  run(): void {
    // A job's own commit calls back here: the loop below picks up what it queued.
    if (this.running) return;
    this.running = true;
    const { store, clock } = this;
    try {
      for (let [job] = store.jobs.pending(); job; [job] = store.jobs.pending()) {
        const { id, kind, ref } = job;
        store.tx((tx) => {
          store.jobs.finish(id);
          const w = { store, clock, tx };
          if (kind === 'checkout.payment_succeeded') settleCheckout(w, ref);
          else if (kind === 'refund.processed') refundProcessed(w, ref);
          else if (kind === 'order.invoice') generateInvoice(w, ref);
        });
      }
    } finally {
      this.running = false;
    }
  }
}
