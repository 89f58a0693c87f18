// A lock per key that refuses rather than queues: the real service locks a checkout while its
// payment processor answers, and a second confirm meets the lock (409 CheckoutLocked) instead of
// waiting behind it. In memory: one service process holds every lock. Whoever must wait instead
// (the hosted page's second click) waits for the release, not on a timer.

export class KeyedLock {
  private readonly held = new Map<string, { released: Promise<void>; release(): void }>();

  /** Takes the lock of `key`; false when someone holds it. */
  tryAcquire(key: string): boolean {
    if (this.held.has(key)) return false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held.set(key, { released, release });
    return true;
  }

  release(key: string): void {
    this.held.get(key)?.release();
    this.held.delete(key);
  }

  /** Resolves once the holder of `key`'s lock releases it; at once when nobody holds it. */
  released(key: string): Promise<void> {
    return this.held.get(key)?.released ?? Promise.resolve();
  }
}
