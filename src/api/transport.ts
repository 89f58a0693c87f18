// One exchange on the wire: the per-request timeout, the body cap, the --debug trace — over
// Node's own http/https by default, or over undici (undici-transport.ts) when a proxy is
// configured or a test injects a dispatcher. node:http is already in Node's snapshot; loading
// undici cost a quarter of a short command's time (bench/RESULTS.md).
import type { Agent as HttpAgent, IncomingMessage } from 'node:http';
import { redact } from './redact.js';
import { RequestTimeoutError } from './retry.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Exchange {
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

/** Sends one request and reads the whole answer; rejects with the timeout or transport error. */
export interface Transport {
  send(x: Exchange): Promise<Answer>;
  /** Closes the connections it keeps alive. */
  close(): Promise<void>;
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

/** No connection within the connect timeout: nothing was sent. */
export class ConnectTimeoutError extends Error {
  readonly code = 'BILLING_CONNECT_TIMEOUT';
  constructor(readonly timeoutMs: number) {
    super(`connect timed out after ${timeoutMs}ms`);
  }
}

/** Whether the environment names a proxy (HTTPS_PROXY / HTTP_PROXY, either case). */
export function proxyConfigured(env: Env): boolean {
  return Boolean(env.http_proxy || env.HTTP_PROXY || env.https_proxy || env.HTTPS_PROXY);
}

/** Reads a body up to `limit` bytes: beyond it the stream is dropped and the read fails. */
export async function readBody(
  body: AsyncIterable<Buffer> & { destroy(): void },
  declared: string | string[] | undefined,
  limit: number,
  status: number,
): Promise<string> {
  if (Number(declared) > limit) {
    body.destroy();
    throw new ResponseTooLargeError(limit, status);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new ResponseTooLargeError(limit, status);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Traces the exchange around `send`, and turns an abort by the timeout into its error. */
export async function traced(
  x: Exchange,
  send: (signal: AbortSignal) => Promise<Answer>,
): Promise<Answer> {
  const { method, url, trace } = x;
  trace(`→ ${method} ${url.href}`);
  if (x.headers['polar-version']) trace(`→ Polar-Version: ${x.headers['polar-version']}`);
  if (x.headers.authorization) trace(`→ Authorization: ${x.headers.authorization}`);
  if (x.body !== undefined) trace(`→ ${x.body}`);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new RequestTimeoutError(x.timeoutMs)), x.timeoutMs);
  const started = performance.now();
  const elapsed = () => `${Math.round(performance.now() - started)}ms`;
  try {
    const answer = await send(AbortSignal.any([timeout.signal, ...x.signals]));
    trace(`← ${answer.status} ${method} ${url.href} ${elapsed()}`);
    if (answer.text !== '') trace(`← ${answer.text}`);
    return answer;
  } catch (err) {
    const reason: unknown = timeout.signal.aborted ? timeout.signal.reason : err;
    trace(`✗ ${method} ${url.href} ${errorText(reason)} ${elapsed()}`);
    throw reason;
  } finally {
    clearTimeout(timer);
  }
}

/** Keep-alive requests over node:http and node:https (loaded when an https URL comes). */
export class NodeTransport implements Transport {
  private readonly agents = new Map<string, HttpAgent>();

  constructor(private readonly connectTimeoutMs: number) {}

  send(x: Exchange): Promise<Answer> {
    return traced(x, (signal) => this.request(x, signal));
  }

  private module(protocol: string) {
    return protocol === 'https:'
      ? process.getBuiltinModule('node:https')
      : process.getBuiltinModule('node:http');
  }

  private agent(protocol: string): HttpAgent {
    let agent = this.agents.get(protocol);
    if (!agent) {
      agent = new (this.module(protocol).Agent)({ keepAlive: true });
      this.agents.set(protocol, agent);
    }
    return agent;
  }

  private request(x: Exchange, signal: AbortSignal): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const req = this.module(x.url.protocol).request(x.url, {
        method: x.method,
        headers:
          x.body === undefined
            ? x.headers
            : { ...x.headers, 'content-length': String(Buffer.byteLength(x.body)) },
        agent: this.agent(x.url.protocol),
      });
      let connectTimer: NodeJS.Timeout | undefined;
      const onAbort = () => req.destroy(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        clearTimeout(connectTimer);
        signal.removeEventListener('abort', onAbort);
      };
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(
          () => req.destroy(new ConnectTimeoutError(this.connectTimeoutMs)),
          this.connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (err) => {
        done();
        reject(signal.aborted ? signal.reason : err);
      });
      req.on('response', (res: IncomingMessage) => {
        clearTimeout(connectTimer);
        const status = res.statusCode ?? 0;
        readBody(res, res.headers['content-length'], x.maxBodyBytes, status).then(
          (text) => {
            done();
            resolve({ status, headers: res.headers, text });
          },
          (err: unknown) => {
            done();
            reject(signal.aborted ? signal.reason : err);
          },
        );
      });
      req.end(x.body);
    });
  }

  async close(): Promise<void> {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
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
