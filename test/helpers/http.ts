// Scripted answers over real HTTP (issue 25): one server on 127.0.0.1 answers for every host a
// test names, and `connect` routes the CLI's connections to it, so each request runs through
// the transport that ships (node:http, timeouts, body caps) and back. Scripts read as undici's
// MockAgent did before: intercept → reply, times, persist, delay. Nothing reaches the network:
// a host not scripted is not found (a name) or refuses (an address).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer } from 'node:net';
import type { Connect } from '../../src/api/transport.js';

/** A request as the server received it. */
export interface Seen {
  origin: string;
  method: string;
  /** The path and query, as sent. */
  path: string;
  /** Lower-case names, as on the wire (host and connection included). */
  headers: Record<string, string>;
  /** The body as text; undefined when there was none. */
  body?: string;
}

type Matcher = string | RegExp | ((value: string) => boolean);

export interface Match {
  /** The path and query; a string matches whatever the order of the query's parameters. */
  path: Matcher;
  /** Default GET. */
  method?: Matcher;
  headers?: Record<string, Matcher> | ((headers: Record<string, string>) => boolean);
  body?: Matcher;
}

export interface ReplyOptions {
  headers?: Record<string, string | string[]>;
}

export interface Reply {
  statusCode: number;
  /** An object is sent as JSON, anything else as text. */
  data?: unknown;
  responseOptions?: ReplyOptions;
}

interface Interceptor extends Match {
  answer: (seen: Seen) => Reply | 'reset';
  /** A step of the script that is a refused connection, not an answer. */
  refused?: true;
  times: number;
  invoked: number;
  persist: boolean;
  delayMs: number;
}

/** How many times an answer is given, and when. */
export class Scope {
  constructor(private readonly i: Interceptor) {}
  /** Answers this many matching requests (default 1). */
  times(n: number): this {
    this.i.times = n;
    return this;
  }
  /** Answers every matching request. */
  persist(): this {
    this.i.persist = true;
    return this;
  }
  /** Waits this long before answering (a slow server). */
  delay(ms: number): this {
    this.i.delayMs = ms;
    return this;
  }
}

export class Intercept {
  constructor(
    private readonly match: Match,
    private readonly add: (i: Interceptor) => void,
  ) {}

  /** `statusCode, data, options`, or a function of the request that returns all three. */
  reply(fn: (seen: Seen) => Reply): Scope;
  reply(statusCode: number, data?: unknown, options?: ReplyOptions): Scope;
  reply(
    first: number | ((seen: Seen) => Reply),
    data?: unknown,
    responseOptions: ReplyOptions = {},
  ): Scope {
    return this.scope(
      typeof first === 'function'
        ? first
        : (seen) => ({
            statusCode: first,
            data: typeof data === 'function' ? data(seen) : data,
            responseOptions,
          }),
    );
  }

  /** The server resets the connection once the request has come (RST): no answer at all. */
  reset(): Scope {
    return this.scope(() => 'reset');
  }

  private scope(answer: Interceptor['answer']): Scope {
    const i: Interceptor = {
      ...this.match,
      answer,
      times: 1,
      invoked: 0,
      persist: false,
      delayMs: 0,
    };
    this.add(i);
    return new Scope(i);
  }
}

/** The scripted answers of one origin (`https://api.billing.test`, `http://127.0.0.1:8787`). */
export class ScriptedHost {
  /** Answers and refused connections, in the order they are to happen. */
  readonly interceptors: Interceptor[] = [];
  readonly hostname: string;
  readonly port: number;
  /** The Host header a request for this origin carries. */
  readonly host: string;

  constructor(readonly origin: string) {
    const url = new URL(origin);
    this.hostname = url.hostname;
    this.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    this.host = url.host;
  }

  intercept(match: Match): Intercept {
    return new Intercept(match, (i) => this.interceptors.push(i));
  }

  /**
   * `times` connections are refused, as where nothing listens, once the answers scripted before
   * are given (the server closes each connection while a refusal is still to come, so the next
   * request needs a new one).
   */
  refuse(times = 1): void {
    this.interceptors.push({
      path: '',
      answer: () => 'reset',
      refused: true,
      times,
      invoked: 0,
      persist: false,
      delayMs: 0,
    });
  }

  /** Whether a new connection now is refused (and counted as such). */
  refusesNext(): boolean {
    const next = this.interceptors.find((i) => i.invoked < i.times);
    if (!next?.refused) return false;
    next.invoked++;
    return true;
  }

  /** Whether a refused connection is still to come. */
  get refusing(): boolean {
    return this.interceptors.some((i) => i.refused && i.invoked < i.times);
  }

  /** The first interceptor still answering that matches `seen`, as MockAgent picks one. */
  take(seen: Seen): Interceptor | undefined {
    const path = sortedQuery(seen.path);
    const found = this.interceptors.find(
      (i) =>
        !i.refused &&
        (i.persist || i.invoked < i.times) &&
        matches(typeof i.path === 'string' ? sortedQuery(i.path) : i.path, path) &&
        matches(i.method ?? 'GET', seen.method) &&
        (i.body === undefined || matches(i.body, seen.body ?? '')) &&
        headersMatch(i.headers, seen.headers),
    );
    if (found) found.invoked++;
    return found;
  }
}

function matches(m: Matcher, value: string): boolean {
  if (typeof m === 'string') return m === value;
  if (m instanceof RegExp) return m.test(value);
  return m(value) === true;
}

function headersMatch(want: Match['headers'], got: Record<string, string>): boolean {
  if (want === undefined) return true;
  if (typeof want === 'function') return want(got);
  return Object.entries(want).every(([name, m]) => matches(m, got[name.toLowerCase()] ?? ''));
}

/** The query's parameters in order, so `?b=2&a=1` and `?a=1&b=2` are the same request. */
function sortedQuery(path: string): string {
  const parts = path.split('?');
  if (parts.length !== 2) return path;
  const query = new URLSearchParams(parts[1]);
  query.sort();
  return `${parts[0]}?${query}`;
}

function body(data: unknown): string | Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (typeof data === 'object' && data !== null) return JSON.stringify(data);
  return data === undefined || data === null ? '' : String(data);
}

export class ScriptedServer {
  private readonly hosts = new Map<string, ScriptedHost>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Every request received, as `METHOD path`. */
  readonly history: string[] = [];
  /** Requests no interceptor answered (they got a 501). */
  readonly unmatched: string[] = [];
  /** Told after each answer is given: a test can wait on what a handler received. */
  onAnswered?: () => void;

  private constructor(
    private readonly server: Server,
    private readonly port: number,
    /** A port nothing listens on: where a refused connection goes. */
    private readonly closedPort: number,
  ) {
    server.on('request', (req, res) => this.handle(req, res));
  }

  static async start(): Promise<ScriptedServer> {
    const server = createServer({ keepAliveTimeout: 60_000 });
    server.listen(0, '127.0.0.1');
    const spare = createTcpServer().listen(0, '127.0.0.1');
    await Promise.all([once(server, 'listening'), once(spare, 'listening')]);
    const closedPort = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    return new ScriptedServer(server, (server.address() as AddressInfo).port, closedPort);
  }

  /** The scripted answers of `origin` (made on first use). */
  host(origin: string): ScriptedHost {
    const key = new URL(origin).origin;
    let host = this.hosts.get(key);
    if (!host) {
      host = new ScriptedHost(key);
      this.hosts.set(key, host);
    }
    return host;
  }

  /** For Environment.connect / TransportOptions.connect. */
  readonly connect: Connect = (to) => {
    // A host is known once something is scripted for it.
    const host = [...this.hosts.values()].find(
      (h) => h.hostname === to.host && h.port === to.port && h.interceptors.length > 0,
    );
    if (host?.refusesNext()) return connect(this.closedPort, '127.0.0.1');
    if (host) return connect(this.port, '127.0.0.1');
    if (/^[\d.]+$|:/.test(to.host)) return connect(this.closedPort, '127.0.0.1');
    // A name no script knows: the lookup fails, as DNS would say.
    return connect({
      host: to.host,
      port: to.port,
      lookup: (hostname, _options, callback) => {
        const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
          syscall: 'getaddrinfo',
          hostname,
        });
        (callback as (e: Error, address: string, family: number) => void)(err, '', 4);
      },
    });
  };

  /** What is scripted and was not asked for. */
  pending(): string[] {
    const left: string[] = [];
    for (const host of this.hosts.values()) {
      for (const i of host.interceptors) {
        if (i.invoked >= i.times) continue;
        left.push(
          i.refused
            ? `${host.origin}: ${i.times - i.invoked} refused connection(s)`
            : `${host.origin} ${String(i.method ?? 'GET')} ${String(i.path)}`,
        );
      }
    }
    return left;
  }

  /** Throws unless every scripted answer was given. */
  assertNoPendingInterceptors(): void {
    const pending = this.pending();
    if (pending.length > 0) throw new Error(`scripted, never asked for:\n${pending.join('\n')}`);
  }

  /** Throws unless every request had a scripted answer. */
  assertEveryRequestScripted(): void {
    if (this.unmatched.length > 0) {
      throw new Error(`asked for, not scripted:\n${this.unmatched.join('\n')}`);
    }
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // MockAgent sent no Date; a real one would move the CLI's view of the server's clock.
    res.sendDate = false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const host = [...this.hosts.values()].find((h) => h.host === req.headers.host);
    const seen: Seen = {
      origin: host?.origin ?? `http://${req.headers.host}`,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers as Record<string, string>,
      ...(text === '' ? {} : { body: text }),
    };
    this.history.push(`${seen.method} ${seen.path}`);
    const interceptor = host?.take(seen);
    if (!interceptor) {
      this.unmatched.push(`${seen.origin} ${seen.method} ${seen.path}`);
      res.writeHead(501, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: `nothing scripted for ${seen.method} ${seen.path}` }));
      this.onAnswered?.();
      return;
    }
    if (interceptor.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, interceptor.delayMs);
        this.timers.add(timer);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (res.destroyed) return;
    }
    const answer = interceptor.answer(seen);
    if (answer === 'reset') req.socket.resetAndDestroy();
    else {
      if (host?.refusing) res.shouldKeepAlive = false;
      res.writeHead(answer.statusCode, answer.responseOptions?.headers ?? {});
      res.end(body(answer.data));
    }
    this.onAnswered?.();
  }
}
