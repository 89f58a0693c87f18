// The fastify application: parsers, the guard, the error mapping (errors.ts) and the router that
// the route modules register with. The router authenticates every request, and runs every write
// (POST/PATCH/PUT/DELETE) inside one unit of work (a store transaction), or, for a command, hands
// it to an application service that opens its own.
import type { Server } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ApiVersion } from '../shared/api-versions.js';
import { authenticate, authorize } from './auth.js';
import { notJson, RawBody, registerBodyParser } from './body.js';
import type { Clock } from './clock.js';
import { BadRequest } from './domain/errors.js';
import { withUsage } from './domain/meter-billing.js';
import type { Kind, Principal } from './domain/principal.js';
import type { Deps, Work } from './domain/work.js';
import { MAX_BODY_BYTES, toHttp } from './errors.js';
import { registerGuard } from './guard.js';
import { syncHook } from './hooks.js';
import type { HostPolicy } from './hosts.js';
import type { Loader } from './serialize.js';
import type { CheckoutSessions } from './services/checkout-sessions.js';
import type { ClockControl } from './services/clock-control.js';
import type { Store, Visibility } from './store/index.js';
import { type Generation, generationOf, notFound, registerVersions } from './versions.js';
import type { Events } from './webhooks/index.js';

export { MAX_BODY_BYTES } from './errors.js';

/**
 * What the routes are built over, made once the port is bound (index.ts), never changed after.
 * Routes read through the store and change through the router's units of work (`write`) or the
 * application services (services/) their commands call.
 */
export interface Service {
  readonly store: Store;
  readonly clock: Clock;
  /** Public base URL of the API, e.g. http://127.0.0.1:8787. */
  readonly baseUrl: string;
  /** Public URL hosting the authorization page. */
  readonly authUrl: string;
  /** The buyer's update and confirm of a checkout session (the API's and the hosted page's). */
  readonly checkoutSessions: CheckoutSessions;
  /** Moves of the service clock, and resets to the seed (/__local). */
  readonly clockControl: ClockControl;
  /** Webhook deliveries and the CLI event stream (webhooks/). */
  readonly events: Events;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export interface RouteAuth {
  kinds: Kind[];
  scopes: string[];
}

/**
 * A seller's routes of `resource` (user or organization tokens): reads take `<resource>:read`
 * or `:write`, writes `:write`, as the real service's scopes go.
 */
export function sellerAuth(resource: string): { READ: RouteAuth; WRITE: RouteAuth } {
  const kinds: Kind[] = ['user', 'organization'];
  return {
    READ: { kinds, scopes: [`${resource}:read`, `${resource}:write`] },
    WRITE: { kinds, scopes: [`${resource}:write`] },
  };
}

/** What a handler gets besides the request; one per request (its methods on the prototype). */
export class Context {
  private seen: Visibility | undefined;
  private rows: Loader | undefined;

  constructor(
    readonly principal: Principal | undefined,
    private readonly baseUrl: string,
    readonly reply: FastifyReply,
    readonly deps: Deps,
    /** Today's version the request named (versions.ts); undefined: the seed's generation. */
    readonly version: ApiVersion | undefined = undefined,
  ) {}

  /** The generation whose request shapes the route reads and whose answers it writes. */
  get generation(): Generation {
    return generationOf(this.version);
  }

  /** Whether the request speaks today's generation (2026-04 or 2026-10). */
  get today(): boolean {
    return this.version !== undefined;
  }

  /** The request's row cache, made on first use (an answer read from a memo needs none). */
  get loader(): Loader {
    this.rows ??= withUsage(this.deps.store.loader(this.baseUrl), this.deps);
    return this.rows;
  }

  /** The rows the principal may see; only on routes that need a principal. */
  get visible(): Visibility {
    if (!this.principal) throw new Error('no principal to see rows for');
    this.seen ??= this.deps.store.visibleTo(this.principal);
    return this.seen;
  }
}

/** A write handler's context: `work` carries the open unit of work (domain/work.ts). */
export interface WriteContext extends Context {
  work: Work;
}

/** Returned by a write handler that answers 204: sent after the commit, like every answer. */
export const NO_CONTENT = Symbol('no content');

/** GET too: a checkout link's address opens a session (routes/checkout-links.ts). */
type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'GET';

/**
 * Where a route exists. Without `only` it serves both generations (its handler reads
 * ctx.generation where they differ); with it, the other generation gets the router's 404
 * `{"detail": "Not Found"}`, as the real VersionedAPIRoute does not match (kit/versioning.py).
 */
export interface RouteOptions {
  only?: Generation;
}

export interface Router {
  app: FastifyInstance;
  service: Service;
  get(
    url: string,
    auth: RouteAuth | null,
    handler: (req: FastifyRequest, ctx: Context) => unknown,
    options?: RouteOptions,
  ): void;
  /** A change in one unit of work: the handler is synchronous, answered after the commit. */
  write(
    method: WriteMethod,
    url: string,
    auth: RouteAuth | null,
    handler: (req: FastifyRequest, ctx: WriteContext) => unknown,
    options?: RouteOptions,
  ): void;
  /**
   * A change that must wait on the way (a lock, the payment processor, the clock's slices): the
   * handler is async and calls an application service (services/), which opens its own units of
   * work between the waits.
   */
  command(
    method: WriteMethod,
    url: string,
    auth: RouteAuth | null,
    handler: (req: FastifyRequest, ctx: Context) => Promise<unknown>,
    options?: RouteOptions,
  ): void;
}

/** The app over `server`, already listening (listen.ts): it is handed its requests once ready. */
export function buildApp(
  service: Service,
  register: ((r: Router) => void)[],
  hosts: HostPolicy,
  server: Server,
): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    serverFactory: () => server,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // A malformed percent-escape or an over-long segment never reaches a route; answer in the
    // documented error shape rather than fastify's own (issue 8: bad input).
    frameworkErrors: (err, _req, reply) => {
      const detail =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path segment is longer than 500 characters.'
          : 'The URL path is not valid percent-encoded UTF-8.';
      const e = toHttp(new BadRequest(detail));
      (reply as FastifyReply).code(e.status).send(e.body);
    },
  });

  // First of all hooks: the Host and Origin checks (guard.ts, issue 12); then the API version
  // (versions.ts), which refuses a version it does not serve before anything else runs.
  registerGuard(app, hosts);
  registerVersions(app);
  // The Date of every answer is the service's own clock, the test clock included: a client
  // that shows times relative to the server's now (the CLI does) follows it (issue 24).
  app.addHook(
    'onRequest',
    syncHook((_req, reply) => {
      reply.header('date', service.clock.httpDate());
    }),
  );
  // JSON bodies, and a raw body for anything else (body.ts, issue 12): routes refuse it below.
  registerBodyParser(app);

  app.setErrorHandler((err, _req, reply) => {
    const e = toHttp(err);
    if (e.status >= 500) reply.log.error(err);
    reply.code(e.status).headers(e.headers);
    return e.body === undefined ? reply.send() : reply.send(e.body);
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Not Found' }));

  const { store, clock } = service;
  const deps: Deps = { store, clock };

  /** Whether the route exists in the request's generation; else the router's 404 is sent. */
  function exists(req: FastifyRequest, reply: FastifyReply, options?: RouteOptions): boolean {
    if (!options?.only || options.only === generationOf(req.apiVersion)) return true;
    notFound(reply);
    return false;
  }

  /** What every route does first; the context its handler gets. */
  function enter(req: FastifyRequest, reply: FastifyReply, auth: RouteAuth | null): Context {
    // A bad token is refused even where no token is needed (api-facts "Errors").
    const principal = authenticate(store, clock, req.headers.authorization);
    if (auth) authorize(principal, auth.kinds, auth.scopes);
    // Every body of these routes is a JSON object; FastAPI refuses any other with a 422.
    if (req.body instanceof RawBody) throw notJson(req.body);
    return new Context(principal, service.baseUrl, reply, deps, req.apiVersion);
  }

  /** Sends a route's result, unless the route has answered itself (a stream, a redirect). */
  function answer(reply: FastifyReply, result: unknown): void {
    if (!reply.sent) reply.send(result);
  }

  const router: Router = {
    app,
    service,
    get(url, auth, handler, options) {
      app.route({
        method: 'GET',
        url,
        // Not an async function: a route that answers at once (most GETs) costs no promise and
        // no turn of the microtask queue (issue 30).
        handler: (req, reply) => {
          if (!exists(req, reply, options)) return;
          const result = handler(req, enter(req, reply, auth));
          if (result instanceof Promise) return result.then((r) => answer(reply, r));
          answer(reply, result);
        },
      });
    },
    write(method, url, auth, handler, options) {
      app.route({
        method,
        url,
        handler: async (req, reply) => {
          if (!exists(req, reply, options)) return reply;
          const ctx = enter(req, reply, auth);
          const result = store.tx((tx) => {
            const out = handler(req, Object.assign(ctx, { work: { store, clock, tx } }));
            // A promise would let the transaction commit before the work is done.
            if (out instanceof Promise) throw new Error(`${method} ${url}: handler is async`);
            return out;
          });
          // Answered after COMMIT: a 2xx means the change is stored (it survives kill -9).
          if (result === NO_CONTENT) return reply.send();
          return reply.sent ? reply : result;
        },
      });
    },
    command(method, url, auth, handler, options) {
      app.route({
        method,
        url,
        handler: async (req, reply) => {
          if (!exists(req, reply, options)) return reply;
          const result = await handler(req, enter(req, reply, auth));
          if (result === NO_CONTENT) return reply.send();
          return reply.sent ? reply : result;
        },
      });
    },
  };
  for (const r of register) r(router);
  return app;
}

/** FastAPI's redirect_slashes: the other slash form of a collection path answers 307. */
export function slashRedirect(app: FastifyInstance, from: string, to: string): void {
  app.all(from, (req, reply) => {
    const q = req.url.indexOf('?');
    reply.redirect(to + (q >= 0 ? req.url.slice(q) : ''), 307);
  });
}
