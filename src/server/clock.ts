// The service clock: wall time plus an offset that /__local/clock can advance (kept in meta, so
// it survives restarts with --db).
import type { Store } from './store/index.js';

export class Clock {
  private offset: number;
  constructor(private readonly store: Store) {
    this.offset = Number(store.getMeta('clock_offset_ms') ?? 0);
  }
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  iso(): string {
    return this.now().toISOString();
  }
  /** How far (ms) the clock is ahead of wall time (behind when negative). */
  get offsetMs(): number {
    return this.offset;
  }
  get offsetSeconds(): number {
    return this.offset / 1000;
  }
  /** The offset (ms) that would put the clock at `at`; nothing changes. */
  offsetTo(at: Date): number {
    return Math.round(at.getTime() - Date.now());
  }
  advance(seconds: number): void {
    this.setOffset(this.offset + seconds * 1000);
  }
  reset(): void {
    this.setOffset(0);
  }
  setOffset(ms: number): void {
    this.offset = Math.round(ms);
    this.store.setMeta('clock_offset_ms', String(this.offset));
  }
}
