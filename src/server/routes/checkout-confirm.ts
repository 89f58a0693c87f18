// One confirm at a time per checkout, whoever asks: the API's client confirm and the hosted
// page's Pay button take the same lock and wait for the same payment processor before the
// confirm's transaction (domain/checkouts.ts confirmCheckout) runs.
import { setTimeout as delay } from 'node:timers/promises';
import type { Service } from '../app.js';
import { assertConfirmable, type CheckoutChanges } from '../domain/checkouts.js';
import { CheckoutLocked } from '../domain/errors.js';
import { KeyedLock } from '../lock.js';
import type { CheckoutRow } from '../store/rows.js';

const locks = new WeakMap<Service, KeyedLock>();

function lockOf(service: Service): KeyedLock {
  let lock = locks.get(service);
  if (!lock) {
    lock = new KeyedLock();
    locks.set(service, lock);
  }
  return lock;
}

export interface HeldConfirm {
  id: string;
  changes: CheckoutChanges;
}

/**
 * Before the transaction: the checks that need no lock (410 past expiry, 403 not open), the
 * lock (409 when another confirm holds it: the real service's confirms meet the lock instead of
 * queueing behind it), then the body's changes and the payment processor's round trip.
 */
export async function holdForConfirm(
  service: Service,
  row: CheckoutRow,
  changes: () => CheckoutChanges,
): Promise<{ held: HeldConfirm; release(): void }> {
  assertConfirmable(row, service.clock.iso());
  const lock = lockOf(service);
  if (!lock.tryAcquire(row.id)) throw new CheckoutLocked();
  const release = () => lock.release(row.id);
  try {
    const held = { id: row.id, changes: changes() };
    await service.processor(row.id);
    return { held, release };
  } catch (err) {
    release();
    throw err;
  }
}

/** Resolves once no confirm of checkout `id` holds its lock (the page's second click waits). */
export async function confirmSettled(service: Service, id: string): Promise<void> {
  const lock = lockOf(service);
  while (!lock.tryAcquire(id)) await delay(10);
  lock.release(id);
}
