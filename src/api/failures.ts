// The error a request ends with once the client stops trying: what happened, how many tries,
// and for a POST whether the server may already have acted on it.
import { type ApiError, NetworkError } from '../errors.js';
import { isLoopback } from '../shared/local.js';
import { apiErrorFromResponse } from './http-errors.js';
import { redact } from './redact.js';
import { type ConnectionFailure, RETRYABLE_STATUSES } from './retry.js';
import type { Answer } from './transport.js';

export const MAY_HAVE_APPLIED = 'the server may have applied this request; check before retrying';
export const NOT_APPLIED = 'the request was NOT applied';

export interface Attempts {
  attempt: number;
  idempotent: boolean;
}

function tries(n: number): string {
  return n === 1 ? '1 attempt' : `${n} attempts`;
}

export function responseFailure(
  answer: Answer,
  ctx: {
    method: string;
    path: string;
    notFound?: string;
    retryAfterMs?: number;
    tokenSent: boolean;
  } & Attempts,
): ApiError {
  const { status } = answer;
  const notes: string[] = [];
  if (RETRYABLE_STATUSES.has(status) && ctx.idempotent && ctx.attempt > 1) {
    notes.push(`gave up after ${tries(ctx.attempt)}`);
  }
  // A 429 is refused before any work; a 5xx may come from a proxy after the work was done.
  if (!ctx.idempotent && status === 429) notes.push(NOT_APPLIED);
  else if (!ctx.idempotent && status >= 500) notes.push(MAY_HAVE_APPLIED);
  const hint =
    status === 429 && ctx.retryAfterMs !== undefined
      ? `Try again in ${Math.ceil(ctx.retryAfterMs / 1000)}s.`
      : undefined;
  return apiErrorFromResponse(answer, { ...ctx, notes, hint });
}

export function connectionFailure(
  method: string,
  url: URL,
  failure: ConnectionFailure,
  ctx: Attempts & { cause: unknown },
): NetworkError {
  const after = ctx.attempt > 1 ? ` after ${tries(ctx.attempt)}` : '';
  if (failure.notSent) {
    // Nothing reached the server: it is down, or the address or the network is wrong.
    const hint = isLoopback(url)
      ? 'Start the local service with `billing serve`, or check the API base URL.'
      : 'Check your network connection, proxy settings and the API base URL.';
    const applied = ctx.idempotent ? '' : `; ${NOT_APPLIED}`;
    return new NetworkError(`cannot reach ${url.origin} (${failure.cause})${after}${applied}`, {
      hint,
      cause: ctx.cause,
    });
  }
  // The server was reached, then the answer never came or the connection broke: "start it" or
  // "check your network" would send the user the wrong way.
  if (!ctx.idempotent) {
    return new NetworkError(
      `${method} ${redact(url.origin + url.pathname)} failed (${failure.cause}); ${MAY_HAVE_APPLIED}`,
      {
        hint: 'Look the resource up to see whether the change took effect before running the command again.',
        cause: ctx.cause,
      },
    );
  }
  const timedOut = failure.cause.startsWith('timed out');
  const message = timedOut
    ? `no answer from ${url.origin} (${failure.cause})${after}`
    : `lost the connection to ${url.origin} (${failure.cause})${after}`;
  const hint = timedOut
    ? 'The server is up but slow to answer; try again, or allow more time with --request-timeout.'
    : 'The server is up but the connection broke; try again in a moment.';
  return new NetworkError(message, { hint, cause: ctx.cause });
}
