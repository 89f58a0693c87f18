// The service clock's commands, POST /__local/clock and /__local/reset, one at a time: a move
// yields the event loop while it processes what falls due (domain/due.ts: each item its own unit
// of work, so much per move), and no other move or reset may run in between. A move does so much
// work and no more: when something remains, the clock stands where the work got to, and the
// answer says how much remains and the time it was going to (`until`); moving it there again goes
// on (billing clock does so until nothing remains).
import type { Clock } from '../clock.js';
import { type Processed, processDue } from '../domain/due.js';
import { invalid } from '../domain/errors.js';
import type { Store } from '../store/index.js';

// Within a century either way, so the clock stays a valid four-digit-year ISO date-time.
export const CENTURY_SECONDS = 100 * 365.25 * 86_400;

/** A move: reset, then set, then advance (each optional; none moves nothing). */
export interface ClockMove {
  advance_seconds?: number;
  /** An ISO date-time with an offset. */
  set?: string;
  reset?: boolean;
}

export interface ClockView {
  now: string;
  offset_seconds: number;
}

export interface Moved extends ClockView {
  processed: Processed;
  remaining: number;
  until: string;
}

export class ClockControl {
  private last: Promise<void> = Promise.resolve();

  /** `reseed`: back to the seed's rows, for a reset (index.ts). */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly reseed: () => void,
  ) {}

  view(): ClockView {
    return { now: this.clock.iso(), offset_seconds: this.clock.offsetSeconds };
  }

  /** Processes what falls due on the way, then moves the clock, if nothing remains. */
  move(request: ClockMove): Promise<Moved> {
    return this.inTurn(async () => {
      const { clock } = this;
      // One reading of the wall: a `set` goes exactly where it says, not a tick later.
      const wall = clock.wallMs();
      const offsetMs = this.requestedOffset(request, wall);
      const until = new Date(wall + (offsetMs ?? clock.offsetMs));
      const outcome = await processDue({ store: this.store, clock }, until, clock.dueLimits);
      if (offsetMs !== undefined && outcome.remaining === 0) clock.setOffset(offsetMs);
      return {
        ...this.view(),
        processed: outcome.processed,
        remaining: outcome.remaining,
        until: until.toISOString(),
      };
    });
  }

  /** Every row back to the seed's and the clock to wall time, in one unit of work. */
  reset(): Promise<ClockView> {
    return this.inTurn(async () => {
      this.store.tx(() => this.reseed());
      return this.view();
    });
  }

  /** Runs `fn` once the moves and resets asked for before it have ended. */
  private async inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const before = this.last;
    let end!: () => void;
    this.last = new Promise<void>((resolve) => {
      end = resolve;
    });
    await before;
    try {
      return await fn();
    } finally {
      end();
    }
  }

  /** The offset a move asks for (none: it moves nothing), checked as a whole first. */
  private requestedOffset(move: ClockMove, wall: number): number | undefined {
    const { clock } = this;
    // Reset, then set, then advance: a refused request changes nothing.
    let offsetMs = move.reset ? 0 : clock.offsetMs;
    if (move.set) {
      this.withinCentury(move.set);
      offsetMs = clock.offsetTo(new Date(move.set), wall);
    }
    if (move.advance_seconds) {
      // Each advance is bounded, and so is their sum: the clock stays within a century.
      const from = offsetMs / 1000;
      const offset = from + move.advance_seconds;
      if (Math.abs(offset) > CENTURY_SECONDS) {
        const [type, msg] =
          offset > 0
            ? [
                'less_than_equal',
                `Input should be less than or equal to ${Math.floor(CENTURY_SECONDS - from)}`,
              ]
            : [
                'greater_than_equal',
                `Input should be greater than or equal to ${Math.ceil(-CENTURY_SECONDS - from)}`,
              ];
        throw invalid(['advance_seconds'], msg, move.advance_seconds, type);
      }
      offsetMs += move.advance_seconds * 1000;
    }
    return move.reset || move.set || move.advance_seconds ? offsetMs : undefined;
  }

  /** Refuses a `set` more than a century from now, either way, as pydantic's le and ge would. */
  private withinCentury(set: string): void {
    const at = Date.parse(set);
    const reach = CENTURY_SECONDS * 1000;
    const wall = this.clock.wallMs();
    const [min, max] = [wall - reach, wall + reach];
    if (at >= min && at <= max) return;
    const [key, type, words, limit] =
      at > max
        ? (['le', 'less_than_equal', 'less', max] as const)
        : (['ge', 'greater_than_equal', 'greater', min] as const);
    const iso = new Date(limit).toISOString();
    const msg = `Input should be ${words} than or equal to ${iso}`;
    throw invalid(['set'], msg, set, type, { [key]: iso });
  }
}
