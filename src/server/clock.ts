// The service clock: wall time plus an offset that /__local/clock can advance (kept in meta, so
// it survives restarts with --db).
import type { Store } from './db.js';

export class Clock {
  private offsetMs: number;
  constructor(private readonly store: Store) {
    this.offsetMs = Number(store.getMeta('clock_offset_ms') ?? 0);
  }
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  iso(): string {
    return this.now().toISOString();
  }
  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
  advance(seconds: number): void {
    this.set(this.offsetMs + seconds * 1000);
  }
  setTime(at: Date): void {
    this.set(at.getTime() - Date.now());
  }
  reset(): void {
    this.set(0);
  }
  private set(offsetMs: number): void {
    this.offsetMs = Math.round(offsetMs);
    this.store.setMeta('clock_offset_ms', String(this.offsetMs));
  }
}
