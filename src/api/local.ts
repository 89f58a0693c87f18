// The local service's control surface (`billing serve` only, not the real API): its test clock.
// POST /__local/clock moves it and processes what fell due (renewals, expiries, ends).
import { object, string } from './check.js';
import type { ApiClient } from './client.js';

export type ClockState = {
  /** The service's now, ISO 8601. */
  now: string;
  offset_seconds?: number;
  /** What moving the clock processed, by kind: ids (or counts) per kind. */
  processed?: Record<string, unknown>;
} & Record<string, unknown>;

const clockState = object<ClockState>({ now: string });

/** A clock move: reset, then set, then advance (the service applies them in that order). */
export interface ClockMove {
  advance_seconds?: number;
  set?: string;
  reset?: true;
}

export async function clock(client: ApiClient): Promise<ClockState> {
  return client.request('GET', '/__local/clock', { auth: false, schema: clockState });
}

export async function moveClock(client: ApiClient, move: ClockMove): Promise<ClockState> {
  // Not idempotent: an advance sent twice moves the clock twice.
  return client.request('POST', '/__local/clock', {
    auth: false,
    body: move,
    schema: clockState,
  });
}

/**
 * Moves the clock and, while the service says something remains on the way (it does so much per
 * request), on to where it was going: the clock all the way, as `billing clock` brings it (that
 * one also shows progress). A service that moves no further is an error, not a loop.
 */
export async function moveClockAllTheWay(client: ApiClient, move: ClockMove): Promise<ClockState> {
  let state = await moveClock(client, move);
  while (remaining(state) > 0) {
    const next = await moveClock(client, { set: state.until as string });
    if (remaining(next) >= remaining(state) && next.now === state.now)
      throw new Error(`the local service moved the clock no further on its way to ${state.until}`);
    state = next;
  }
  return state;
}

const remaining = (state: ClockState) =>
  typeof state.remaining === 'number' && typeof state.until === 'string' ? state.remaining : 0;
