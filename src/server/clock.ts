// The service clock: wall time plus an offset that /__local/clock can advance (kept in meta, so
// it survives restarts with --db). What falls due while it moves is processed with the clock
// standing at each item's own time (`at`, domain/due.ts), so much per move (`dueLimits`). Wall
// time itself (`wallMs`) is read here too: webhook deliveries fall due by it, as their retries
// wait real seconds whatever the service clock says.
import { DUE_LIMITS, type DueLimits } from './domain/due.js';
import type { Store } from './store/index.js';

export class Clock {
  private offset: number;
  /** Epoch ms the clock stands at while `at` runs. */
  private pinned: number | undefined;
  /** How much one move of the clock processes (tests make it small). */
  readonly dueLimits: DueLimits;
  constructor(
    private readonly store: Store,
    dueLimits: Partial<DueLimits> = {},
  ) {
    this.offset = Number(store.meta.get('clock_offset_ms') ?? 0);
    this.dueLimits = { ...DUE_LIMITS, ...dueLimits };
  }
  now(): Date {
    return new Date(this.pinned ?? this.wallMs() + this.offset);
  }
  /** Epoch ms of wall time, which no offset moves. */
  wallMs(): number {
    return Date.now();
  }
  /**
   * Runs `fn` with the clock standing still at `when`: rows, events and their timestamps say
   * `when`. Synchronous work only (every request shares the clock).
   */
  at<T>(when: Date, fn: () => T): T {
    const outer = this.pinned;
    this.pinned = when.getTime();
    try {
      return fn();
    } finally {
      this.pinned = outer;
    }
  }
  iso(): string {
    return this.now().toISOString();
  }
  /** The second the Date header was last made for, and the header. */
  private dated = { second: Number.NaN, text: '' };
  /**
   * The clock's now as an HTTP date (the Date header of every answer), made once per second
   * the clock shows: the header says no more than the second (issue 30: a Date formatted per
   * request was ~1 % of `GET /v1/orders/{id}`).
   */
  httpDate(): string {
    const second = Math.floor((this.pinned ?? this.wallMs() + this.offset) / 1000);
    if (second !== this.dated.second)
      this.dated = { second, text: new Date(second * 1000).toUTCString() };
    return this.dated.text;
  }
  /** How far (ms) the clock is ahead of wall time (behind when negative). */
  get offsetMs(): number {
    return this.offset;
  }
  get offsetSeconds(): number {
    return this.offset / 1000;
  }
  /** The offset that puts the clock at `at`, from the wall time `wall` (read once by a caller). */
  offsetTo(at: Date, wall = this.wallMs()): number {
    return Math.round(at.getTime() - wall);
  }
  advance(seconds: number): void {
    this.setOffset(this.offset + seconds * 1000);
  }
  reset(): void {
    this.setOffset(0);
  }
  setOffset(ms: number): void {
    const offset = Math.round(ms);
    this.store.tx(() => this.store.meta.set('clock_offset_ms', String(offset)));
    this.offset = offset;
  }
}
