// The CLI's one HTTP path (issue 25): every request it sends — the API's, OAuth's, the event
// stream of `billing listen` and the deliveries that command forwards — goes out here, over
// Node's own http and https. node:http is in Node's start-up snapshot; undici took 50–100 ms to
// load (bench notes). A proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY) is Node's own agent support.
import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { BillingError } from '../errors.js';
import { redact } from './redact.js';
import { RequestTimeoutError } from './retry.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Opens a connection to `host`:`port` (net.connect's options); see TransportOptions.connect. */
export type Connect = (to: { host: string; port: number }) => Duplex;

export interface TransportOptions {
  /** Read for HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case); absent: no proxy. */
  env?: Env;
  /**
   * Opens each connection instead of a TCP connect to the request's host: tests route hosts to
   * in-process loopback servers, so everything above the socket is the code that ships.
   */
  connect?: Connect;
}

export interface Request {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  connectTimeoutMs: number;
  /** Until the whole answer is read (send), or until its headers come (open). */
  timeoutMs: number;
  signals: AbortSignal[];
  /** Straight to the host, never through a proxy (a handler on this machine). */
  direct?: boolean;
}

export interface Exchange extends Request {
  /** Answers larger than this are not read (a hostile server must not exhaust memory). */
  maxBodyBytes: number;
  trace: (line: string) => void;
}

/** A body read as it arrives; destroy() lets the connection go. */
export type Body = AsyncIterable<Buffer> & { destroy(err?: Error): void };

export interface Opened {
  status: number;
  headers: IncomingHttpHeaders;
  body: Body;
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

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'];
const PROXY_ENV = [...PROXY_VARIABLES, 'no_proxy', 'NO_PROXY'];

/** Node's agents take a proxy from `proxyEnv` since 22.21 and 24.5; older ones ignore it. */
function proxiesSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 24 || (major === 24 && minor >= 5) || (major === 22 && minor >= 21);
}

/** The proxy variables of `env`, or undefined when it names no proxy. */
function proxyEnv(env: Env, nodeVersion: string): Env | undefined {
  if (!PROXY_VARIABLES.some((name) => env[name])) return undefined;
  if (!proxiesSupported(nodeVersion)) {
    throw new BillingError(`a proxy is set, but Node.js ${nodeVersion} cannot use one`, {
      hint: 'Use Node.js 22.21 or newer (24.5 or newer on 24), or unset HTTPS_PROXY and HTTP_PROXY.',
    });
  }
  return Object.fromEntries(PROXY_ENV.filter((name) => env[name]).map((n) => [n, env[n]]));
}

/** Reads a body up to `limit` bytes: beyond it the stream is dropped and the read fails. */
export async function readBody(
  body: Body,
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
async function traced(
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

/** Keep-alive connections over node:http and node:https (loaded when an https URL comes). */
export class Transport {
  private readonly agents = new Map<string, HttpAgent>();
  private readonly proxy?: Env;

  constructor(
    private readonly opts: TransportOptions = {},
    nodeVersion = process.versions.node,
  ) {
    this.proxy = proxyEnv(opts.env ?? {}, nodeVersion);
  }

  /** Sends one request and reads its whole answer, within `timeoutMs`, traced. */
  send(x: Exchange): Promise<Answer> {
    return traced(x, async (signal) => {
      const res = await this.request(x, signal);
      const status = res.statusCode ?? 0;
      try {
        const text = await readBody(res, res.headers['content-length'], x.maxBodyBytes, status);
        return { status, headers: res.headers, text };
      } catch (err) {
        throw signal.aborted ? signal.reason : err;
      }
    });
  }

  /**
   * Sends one request and hands over its answer once the headers come (within `timeoutMs`),
   * the body unread. With `idleTimeoutMs`, a body that brings no byte for that long fails with
   * a RequestTimeoutError. Untraced: the caller says what it streams.
   */
  async open(x: Request & { idleTimeoutMs?: number }): Promise<Opened> {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new RequestTimeoutError(x.timeoutMs)),
      x.timeoutMs,
    );
    let res: IncomingMessage;
    try {
      res = await this.request(x, AbortSignal.any([timeout.signal, ...x.signals]));
    } catch (err) {
      throw timeout.signal.aborted ? timeout.signal.reason : err;
    } finally {
      clearTimeout(timer);
    }
    const idleMs = x.idleTimeoutMs;
    if (idleMs !== undefined) {
      const socket = res.socket;
      const onIdle = () => res.destroy(new RequestTimeoutError(idleMs));
      socket.setTimeout(idleMs);
      socket.on('timeout', onIdle);
      res.once('close', () => {
        socket.setTimeout(0);
        socket.off('timeout', onIdle);
      });
    }
    return { status: res.statusCode ?? 0, headers: res.headers, body: res };
  }

  /** Closes the connections it keeps alive, an open stream's included. */
  async close(): Promise<void> {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private module(protocol: string) {
    return protocol === 'https:'
      ? process.getBuiltinModule('node:https')
      : process.getBuiltinModule('node:http');
  }

  private agent(protocol: string, direct: boolean): HttpAgent {
    const proxyEnv = direct ? undefined : this.proxy;
    const key = `${protocol}${proxyEnv ? ' proxied' : ''}`;
    let agent = this.agents.get(key);
    if (!agent) {
      agent = new (this.module(protocol).Agent)({ keepAlive: true, ...(proxyEnv && { proxyEnv }) });
      const { connect } = this.opts;
      if (connect) {
        (agent as { createConnection: unknown }).createConnection = (to: {
          host: string;
          port: number;
        }) => connect({ host: to.host, port: Number(to.port) });
      }
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** The answer once its headers come; `signal` ends the exchange, the body's reading too. */
  private request(x: Request, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise<IncomingMessage>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const req = this.module(x.url.protocol).request(x.url, {
        method: x.method,
        headers:
          x.body === undefined
            ? x.headers
            : { ...x.headers, 'content-length': String(Buffer.byteLength(x.body)) },
        agent: this.agent(x.url.protocol, x.direct === true),
      });
      let res: IncomingMessage | undefined;
      let connectTimer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        req.destroy(signal.reason);
        res?.destroy(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const release = () => signal.removeEventListener('abort', onAbort);
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(
          () => req.destroy(new ConnectTimeoutError(x.connectTimeoutMs)),
          x.connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (err) => {
        clearTimeout(connectTimer);
        release();
        reject(signal.aborted ? signal.reason : err);
      });
      req.on('response', (answer: IncomingMessage) => {
        clearTimeout(connectTimer);
        res = answer;
        // The reader sees a failure through its iteration; unread, it must not crash the run.
        answer.on('error', () => {});
        answer.once('close', release);
        resolve(answer);
      });
      req.end(x.body);
    });
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
