// One exchange on the wire: the connection pool, the per-request timeout, the --debug trace.
import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import { redact } from './redact.js';
import { RequestTimeoutError } from './retry.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Exchange {
  dispatcher: Dispatcher;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Answers larger than this are not read (a hostile server must not exhaust memory). */
  maxBodyBytes: number;
  signals: AbortSignal[];
  trace: (line: string) => void;
}

/** The answer was cut off at `limit` bytes; `status` is what the server had answered. */
export class ResponseTooLargeError extends Error {
  readonly code = 'BILLING_RESPONSE_TOO_LARGE';
  constructor(
    readonly limit: number,
    readonly status: number,
  ) {
    super(`response larger than ${limit} bytes`);
  }
}

/** Keep-alive pool; behind EnvHttpProxyAgent only when the environment names a proxy. */
export function createDispatcher(env: Env, connectTimeoutMs: number, requestTimeoutMs: number) {
  const options = {
    connect: { timeout: connectTimeoutMs },
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
    keepAliveTimeout: 10_000,
  };
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? '';
  if (!httpProxy && !httpsProxy) return new Agent(options);
  // Empty strings, not undefined: undici would otherwise fall back to process.env.
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  return new EnvHttpProxyAgent({ ...options, httpProxy, httpsProxy, noProxy });
}

/** Sends one request and reads the whole body; rejects with the timeout or transport error. */
export async function exchange(x: Exchange): Promise<Answer> {
  const { method, url, trace } = x;
  trace(`→ ${method} ${url.href}`);
  if (x.headers.authorization) trace(`→ Authorization: ${x.headers.authorization}`);
  if (x.body !== undefined) trace(`→ ${x.body}`);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new RequestTimeoutError(x.timeoutMs)), x.timeoutMs);
  const started = performance.now();
  const elapsed = () => `${Math.round(performance.now() - started)}ms`;
  try {
    const res = await x.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: method as Dispatcher.HttpMethod,
      headers: x.headers,
      body: x.body,
      signal: AbortSignal.any([timeout.signal, ...x.signals]),
    });
    const text = await readBody(res, x.maxBodyBytes);
    trace(`← ${res.statusCode} ${method} ${url.href} ${elapsed()}`);
    if (text !== '') trace(`← ${text}`);
    return { status: res.statusCode, headers: res.headers, text };
  } catch (err) {
    const reason: unknown = timeout.signal.aborted ? timeout.signal.reason : err;
    trace(`✗ ${method} ${url.href} ${errorText(reason)} ${elapsed()}`);
    throw reason;
  } finally {
    clearTimeout(timer);
  }
}

async function readBody(res: Dispatcher.ResponseData, limit: number): Promise<string> {
  const declared = Number(res.headers['content-length']);
  if (declared > limit) {
    res.body.destroy();
    throw new ResponseTooLargeError(limit, res.statusCode);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      res.body.destroy();
      throw new ResponseTooLargeError(limit, res.statusCode);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function errorText(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

/** The --debug sink: every line is redacted first, then cut, so a cut never exposes a secret. */
export function tracer(debug: ((line: string) => void) | undefined, max = 8000) {
  return (line: string) => {
    if (!debug) return;
    const safe = redact(line);
    debug(
      safe.length > max ? `${safe.slice(0, max)}… (${safe.length - max} more characters)` : safe,
    );
  };
}
