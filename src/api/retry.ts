// When to try again, how long to wait, and whether a failed request may have reached the server.

export interface RetryPolicy {
  /** Total tries, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is shortened to it. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRetryAfterMs: 30_000,
};

/** Statuses that say "later" without the request having done anything we can rely on. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Exponential backoff with full jitter: `attempt` is the number of tries made so far and
 * `jitter` a random number in [0, 1).
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, jitter: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(jitter * ceiling);
}

/** Retry-After as delta-seconds or an HTTP-date, in ms from `nowMs`; undefined if unusable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** What went wrong below HTTP, in words for the user and facts for the retry decision. */
export interface ConnectionFailure {
  /** Shown in parentheses: `cannot reach <origin> (<cause>)`. */
  cause: string;
  /** Worth trying again for a request that is safe to repeat. */
  retryable: boolean;
  /** True only when the request certainly never left this machine. */
  notSent: boolean;
}

export class RequestTimeoutError extends Error {
  readonly code = 'BILLING_REQUEST_TIMEOUT';
  constructor(readonly timeoutMs: number) {
    super(`request timed out after ${timeoutMs}ms`);
  }
}

function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown) => {
    if (!e || typeof e !== 'object' || seen.has(e)) return;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    visit((e as { cause?: unknown }).cause);
    // Happy-eyeballs connects fail with an AggregateError of one error per address.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const inner of errors) visit(inner);
  };
  visit(err);
  return codes;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

export function classifyConnectionError(err: unknown, timeoutMs: number): ConnectionFailure {
  const codes = codesOf(err);
  const has = (...names: string[]) => names.some((n) => codes.includes(n));
  // Refused and connect timeouts happen before a single byte of the request is written, so
  // even a POST can be sent again; nothing else is certain (see ApiClient.request).
  if (has('ECONNREFUSED')) return { cause: 'connection refused', retryable: true, notSent: true };
  if (has('BILLING_CONNECT_TIMEOUT')) {
    return { cause: 'connect timed out', retryable: true, notSent: true };
  }
  if (has('ENOTFOUND')) return { cause: 'host not found', retryable: false, notSent: true };
  if (has('EAI_AGAIN')) return { cause: 'DNS lookup failed', retryable: true, notSent: true };
  if (has('EHOSTUNREACH', 'ENETUNREACH')) {
    return { cause: 'network unreachable', retryable: false, notSent: true };
  }
  if (has('BILLING_REQUEST_TIMEOUT')) {
    return { cause: `timed out after ${seconds(timeoutMs)}`, retryable: true, notSent: false };
  }
  if (has('ECONNRESET', 'EPIPE')) {
    return { cause: 'connection reset', retryable: true, notSent: false };
  }
  if (has('ECONNABORTED')) {
    return { cause: 'connection closed unexpectedly', retryable: true, notSent: false };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { cause: message || 'unknown network error', retryable: false, notSent: false };
}
