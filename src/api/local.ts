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
