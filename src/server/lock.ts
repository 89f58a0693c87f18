// A lock per key that refuses rather than queues: the real service locks a checkout while its
// payment processor answers, and a second confirm meets the lock (409 CheckoutLocked) instead of
// waiting behind it. In memory: one service process holds every lock.

export class KeyedLock {
  private readonly held = new Set<string>();

  /** Takes the lock of `key`; false when someone holds it. */
  tryAcquire(key: string): boolean {
    if (this.held.has(key)) return false;
    this.held.add(key);
    return true;
  }

  release(key: string): void {
    this.held.delete(key);
  }
}
