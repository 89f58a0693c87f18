// The one HTTP client (style.md §6): base URL, auth, user agent, timeouts, retries, error
// bodies, response validation and pagination. Resource modules stay thin on top of it.
import { STATUS_CODES } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { AuthError, BillingError, UsageError } from '../errors.js';
import type { ApiVersion } from '../shared/api-versions.js';
import type { Check, Field, Output } from './check.js';
import { connectionFailure, responseFailure } from './failures.js';
import { header } from './http-errors.js';
import { type FetchPage, type PageOptions, paginate } from './paginate.js';
import { redact } from './redact.js';
import {
  backoffDelay,
  classifyConnectionError,
  DEFAULT_RETRY,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  type RetryPolicy,
} from './retry.js';
import { paginated } from './schemas.js';
import { type Answer, type Env, ResponseTooLargeError, Transport, tracer } from './transport.js';
import { buildUrl, type Query } from './url.js';
import { parseResponse } from './validate.js';

export type { Env } from './transport.js';
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiClientOptions {
  baseUrl: string;
  token?: TokenSource;
  /** The run's one transport (Context.transport()); absent: the client's own, made from `env`. */
  transport?: Transport;
  /** Read for HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case) by the client's own transport. */
  env?: Env;
  /** The CLI version for the User-Agent header. */
  version?: string;
  /** Sent as `Polar-Version` on every request; absent: none (the seed's generation). */
  apiVersion?: ApiVersion;
  userAgent?: string;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Answers larger than this end the command (default 32 MiB; issue 12). */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  /** Receives the --debug trace, one redacted line at a time. */
  debug?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source, 0 ≤ x < 1. */
  random?: () => number;
  /** Clock for HTTP-date Retry-After values. */
  now?: () => number;
  /**
   * When the server rejects the token sent (401): what to say instead of the generic "log in"
   * advice, which is wrong for a customer session or a token from the environment.
   */
  onRejected?: () => { message: string; hint: string } | undefined;
  /** Told before each wait between two attempts, e.g. to show it on a terminal. */
  onRetry?: (retry: RetryNotice) => void;
  /** Called once on a 401 invalid_token; true means "token refreshed, send again". */
  onUnauthorized?: () => Promise<boolean>;
  /** Aborts every request (the user pressed Ctrl-C). */
  signal?: AbortSignal;
}

export interface RetryNotice {
  /** What failed: `503 Service Unavailable`, `connection refused`. */
  reason: string;
  waitMs: number;
  /** The attempt about to be made, and how many there can be. */
  attempt: number;
  of: number;
}

export interface RequestOptions<S extends Check<unknown> = Check<unknown>> {
  query?: Query;
  body?: unknown;
  schema?: S;
  /** false: never send Authorization (public endpoints). Default true. */
  auth?: boolean;
  /** Safe to send twice. Default: every method but POST (this API's PATCHes set values). */
  idempotent?: boolean;
  /** Names the subject in a 404 message, e.g. `order 0b4c…`. */
  notFound?: string;
  signal?: AbortSignal;
  /** The media type asked for (default application/json). */
  accept?: string;
  /** The body of a success as text, unparsed (a CSV export). */
  raw?: boolean;
  /** Extra headers (`billing api -H`); they replace the client's own of the same name. */
  headers?: Readonly<Record<string, string>>;
}

export interface StreamOptions {
  /** Sent as Last-Event-ID: a server that keeps its events resumes after that one. */
  lastEventId?: string;
  /** No byte for this long, heartbeats included: the stream is taken as lost. */
  idleTimeoutMs: number;
  /** Names the subject in a 404 message. */
  notFound?: string;
  signal?: AbortSignal;
}

export function defaultUserAgent(version: string, nodeVersion: string = process.version): string {
  return `billing-cli/${version} node/${nodeVersion}`;
}

export class ApiClient {
  readonly baseUrl: string;
  /** The `Polar-Version` sent, or undefined for the seed's generation. */
  readonly apiVersion?: ApiVersion;
  /**
   * How far the server's clock is ahead of this machine's (behind when negative), from the
   * Date of its last answer (to the second); undefined before one. The local service's test
   * clock moves it.
   */
  clockSkewMs?: number;
  private readonly opts: ApiClientOptions;
  private readonly retry: RetryPolicy;
  private readonly connectTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly userAgent: string;
  private readonly trace: (line: string) => void;
  /** The transport made here, when none was given: closed by close(). */
  private ownTransport?: Transport;

  constructor(opts: ApiClientOptions) {
    this.opts = opts;
    this.baseUrl = opts.baseUrl;
    this.apiVersion = opts.apiVersion;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
    this.requestTimeoutMs = opts.requestTimeoutMs ?? 30_000;
    this.userAgent = opts.userAgent ?? defaultUserAgent(opts.version ?? '0.0.0-dev');
    this.trace = tracer(opts.debug);
  }

  /** The given transport, or one of the client's own (made on first use). */
  private transport(): Transport {
    if (this.opts.transport) return this.opts.transport;
    this.ownTransport ??= new Transport({ env: this.opts.env ?? {} });
    return this.ownTransport;
  }

  /** Closes the connections of the client's own transport (a given one belongs to its owner). */
  async close(): Promise<void> {
    const own = this.ownTransport;
    this.ownTransport = undefined;
    await own?.close();
  }

  /**
   * A GET whose body keeps coming (Server-Sent Events), as it arrives: token, user agent,
   * --debug trace and timeouts as for request(); an error answer throws as request()'s would
   * (a rejected token included). Never retried: the caller reconnects as it sees fit. The body
   * throws a NetworkError when the stream breaks or goes silent for `idleTimeoutMs`.
   */
  async stream(path: string, opts: StreamOptions): Promise<AsyncIterable<Buffer>> {
    const url = buildUrl(this.baseUrl, path);
    const { openStream } = await import('./stream.js');
    const transport = this.transport();
    for (let refreshed = false; ; refreshed = true) {
      const token = await this.token();
      const headers: Record<string, string> = {
        'user-agent': this.userAgent,
        accept: 'text/event-stream',
        'cache-control': 'no-store',
        ...this.versionHeader(),
      };
      if (token) headers.authorization = `Bearer ${token}`;
      if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
      const signals = [this.opts.signal, opts.signal].filter((s) => s !== undefined);
      const opened = await openStream({
        transport,
        url,
        headers,
        connectTimeoutMs: this.connectTimeoutMs,
        headersTimeoutMs: this.requestTimeoutMs,
        idleTimeoutMs: opts.idleTimeoutMs,
        maxErrorBytes: this.opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        signals,
        trace: this.trace,
      }).catch((err: unknown) => {
        if (signals.some((s) => s.aborted)) throw err;
        if (err instanceof ResponseTooLargeError) throw tooLarge(err, 'GET', path, true);
        const failure = classifyConnectionError(err, this.requestTimeoutMs);
        throw connectionFailure('GET', url, failure, { attempt: 1, idempotent: true, cause: err });
      });
      if ('body' in opened) return opened.body;
      const { answer } = opened;
      const tokenSent = token !== undefined;
      const invalid = answer.status === 401 && tokenSent && isInvalidToken(answer.text);
      if (invalid && !refreshed && (await this.opts.onUnauthorized?.())) continue;
      if (invalid) {
        const rejected = this.opts.onRejected?.();
        if (rejected) throw new AuthError(rejected.message, { hint: rejected.hint });
      }
      throw responseFailure(answer, {
        method: 'GET',
        path,
        notFound: opts.notFound,
        attempt: 1,
        idempotent: true,
        tokenSent,
      });
    }
  }

  request<S extends Check<unknown>>(
    method: Method,
    path: string,
    opts: RequestOptions<S> & { schema: S },
  ): Promise<Output<S>>;
  request<T = unknown>(method: Method, path: string, opts?: RequestOptions): Promise<T>;
  async request(method: Method, path: string, opts: RequestOptions = {}): Promise<unknown> {
    let url = buildUrl(this.baseUrl, path, opts.query);
    let redirects = 0;
    // POST is never repeated once it may have reached the server: a checkout confirm or a
    // license-key activation sent twice could be applied twice. Only a refused or timed-out
    // connect, where not a byte was written, is retried (classifyConnectionError.notSent).
    const idempotent = opts.idempotent ?? method !== 'POST';
    const max = Math.max(1, this.retry.maxAttempts);
    const transport = this.transport();
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const token = opts.auth === false ? undefined : await this.token();
      let answer: Answer;
      try {
        answer = await this.send(transport, method, url, token, opts);
      } catch (err) {
        if (this.opts.signal?.aborted || opts.signal?.aborted) throw err;
        if (err instanceof ResponseTooLargeError) throw tooLarge(err, method, path, idempotent);
        const failure = classifyConnectionError(err, this.requestTimeoutMs);
        if (failure.retryable && (idempotent || failure.notSent) && attempt < max) {
          const wait = backoffDelay(attempt, this.retry, this.random());
          await this.pause(wait, attempt, max, failure.cause);
          continue;
        }
        throw connectionFailure(method, url, failure, { attempt, idempotent, cause: err });
      }
      const { status } = answer;
      this.noteDate(answer.headers);
      // The real service redirects a path without its trailing slash (307, FastAPI's
      // redirect_slashes), and may move others: followed with the same method and body, on the
      // same origin only (the token goes nowhere else), a few times at most.
      const next = sameOriginRedirect(status, header(answer.headers, 'location'), url);
      if (next && redirects < MAX_REDIRECTS) {
        redirects++;
        this.trace(`… following ${status} to ${redact(next.pathname + next.search)}`);
        url = next;
        attempt--;
        continue;
      }
      if (status >= 200 && status < 300) {
        return opts.raw ? answer.text : parseResponse(answer.text, status, path, opts.schema);
      }
      if (status === 401 && token && !refreshed && isInvalidToken(answer.text)) {
        refreshed = true;
        // The refreshed retry is a second chance for the token, not a transport retry.
        if (await this.opts.onUnauthorized?.()) {
          attempt--;
          continue;
        }
      }
      const retryAfterMs = parseRetryAfter(header(answer.headers, 'retry-after'), this.now());
      if (RETRYABLE_STATUSES.has(status) && idempotent && attempt < max) {
        const wait =
          retryAfterMs !== undefined
            ? Math.min(retryAfterMs, this.retry.maxRetryAfterMs)
            : backoffDelay(attempt, this.retry, this.random());
        await this.pause(wait, attempt, max, `${status} ${STATUS_CODES[status] ?? ''}`.trim());
        continue;
      }
      const { notFound } = opts;
      const tokenSent = token !== undefined;
      // Only for invalid_token: a plain 401 means this kind of token is not accepted here.
      if (status === 401 && tokenSent && isInvalidToken(answer.text)) {
        const rejected = this.opts.onRejected?.();
        if (rejected) throw new AuthError(rejected.message, { hint: rejected.hint });
      }
      throw responseFailure(answer, {
        method,
        path,
        notFound,
        retryAfterMs,
        attempt,
        idempotent,
        tokenSent,
      });
    }
  }

  /** Yields every item of a list endpoint, prefetching the next page (see paginate.ts). */
  paginate<S extends Check<unknown> & Field>(
    path: string,
    opts: PageOptions & { schema: S; query?: Query; headers?: RequestOptions['headers'] },
  ): AsyncGenerator<Output<S>, void, undefined> {
    const schema = paginated(opts.schema as Check<Output<S>> & Field);
    const { headers } = opts;
    const fetchPage: FetchPage<Output<S>> = (page, limit, signal) =>
      this.request('GET', path, {
        query: { ...opts.query, page, limit },
        schema,
        signal,
        ...(headers ? { headers } : {}),
      });
    return paginate(fetchPage, opts);
  }

  private async token(): Promise<string | undefined> {
    const source = this.opts.token;
    const value = typeof source === 'function' ? await source() : source;
    return value || undefined;
  }

  private async send(
    transport: Transport,
    method: Method,
    url: URL,
    token: string | undefined,
    opts: RequestOptions,
  ) {
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      accept: opts.accept ?? 'application/json',
      ...this.versionHeader(),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      headers[name.toLowerCase()] = value;
    }
    return transport.send({
      method,
      url,
      headers,
      body,
      connectTimeoutMs: this.connectTimeoutMs,
      timeoutMs: this.requestTimeoutMs,
      maxBodyBytes: this.opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      signals: [this.opts.signal, opts.signal].filter((s) => s !== undefined),
      trace: this.trace,
    });
  }

  private noteDate(headers: Answer['headers']): void {
    const at = Date.parse(header(headers, 'date') ?? '');
    if (!Number.isNaN(at)) this.clockSkewMs = at - this.now();
  }

  /** Today's generation (a `Polar-Version` is sent) or the seed's (none). */
  get today(): boolean {
    return this.apiVersion !== undefined;
  }

  /** The one-line refusal of `what` (plural: "refunds", "meters") on the seed's generation. */
  needsToday(what: string): void {
    if (!this.today)
      throw new UsageError(
        `${what} need today's API (2026-04 or later): set api_version, or pass --api-version 2026-10`,
      );
  }

  private versionHeader(): Record<string, string> {
    return this.apiVersion ? { 'polar-version': this.apiVersion } : {};
  }

  private async pause(ms: number, attempt: number, max: number, reason: string) {
    this.trace(`… retrying in ${ms}ms (attempt ${attempt + 1} of ${max})`);
    this.opts.onRetry?.({ reason, waitMs: ms, attempt: attempt + 1, of: max });
    const sleep =
      this.opts.sleep ?? ((t: number) => delay(t, undefined, { signal: this.opts.signal }));
    await sleep(ms);
  }

  private random(): number {
    return (this.opts.random ?? Math.random)();
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }
}

export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Redirects followed for one request. */
const MAX_REDIRECTS = 5;

/**
 * Where a 307 or 308 sends the request, when it stays on the same origin; 301, 302 and 303 are
 * not followed (they may turn a write into a GET).
 */
function sameOriginRedirect(status: number, location: string | undefined, from: URL) {
  if ((status !== 307 && status !== 308) || !location) return undefined;
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return undefined;
  }
  return next.origin === from.origin ? next : undefined;
}

function tooLarge(err: ResponseTooLargeError, method: string, path: string, idempotent: boolean) {
  const mib = Math.round((err.limit / 1024 / 1024) * 100) / 100;
  const applied =
    !idempotent && err.status >= 200 && err.status < 300 ? '; the request was applied' : '';
  return new BillingError(
    `response too large: the answer to ${method} ${redact(path)} is over ${mib} MiB; stopped reading${applied}`,
    {
      hint: 'If it is expected to be this big, raise the limit: billing config set max_response_mb <MiB>',
    },
  );
}

function isInvalidToken(text: string): boolean {
  try {
    return (JSON.parse(text) as { error?: unknown } | null)?.error === 'invalid_token';
  } catch {
    return false;
  }
}
