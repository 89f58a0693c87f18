// The fastify application: parsers, auth hook, error mapping and the route modules.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { authenticate, authorize, type Kind, type Principal } from './auth.js';
import { notJson, RawBody, registerBodyParser } from './body.js';
import type { Clock } from './clock.js';
import type { Store } from './db.js';
import { HttpError } from './errors.js';
import { registerGuard } from './guard.js';
import type { HostPolicy } from './hosts.js';
import { Loader } from './serialize.js';

export interface Service {
  store: Store;
  clock: Clock;
  /** Public base URL of the API, e.g. http://127.0.0.1:8787. */
  baseUrl: string;
  /** Public URL hosting the authorization page. */
  authUrl: string;
  /** Re-seeds the database (for /__local/reset). */
  reseed(): void;
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

export type Handler = (
  req: FastifyRequest,
  ctx: { principal: Principal | undefined; loader: Loader; reply: FastifyReply },
) => unknown | Promise<unknown>;

export interface Router {
  app: FastifyInstance;
  service: Service;
  route(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    auth: RouteAuth | null,
    handler: Handler,
  ): void;
}

export const MAX_BODY_BYTES = 1024 * 1024;

export function buildApp(
  service: Service,
  register: ((r: Router) => void)[],
  hosts: HostPolicy,
): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    // Keep-alive clients (the CLI's undici agent) reuse sockets; don't linger on shutdown.
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // A malformed percent-escape or an over-long segment never reaches a route; answer in the
    // documented error shape rather than fastify's own (issue 8: bad input).
    frameworkErrors: (err, _req, reply) => {
      const detail =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path segment is longer than 500 characters.'
          : 'The URL path is not valid percent-encoded UTF-8.';
      (reply as FastifyReply).code(400).send({ error: 'BadRequest', detail });
    },
  });

  // First of all hooks: the Host and Origin checks (guard.ts, issue 12).
  registerGuard(app, hosts);
  // JSON bodies, and a raw body for anything else (body.ts, issue 12): routes refuse it below.
  registerBodyParser(app);

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof HttpError) {
      reply.code(err.status).headers(err.headers);
      return err.body === undefined ? reply.send() : reply.send(err.body);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) {
      return reply.code(413).send({
        error: 'RequestEntityTooLarge',
        detail: `Request body is larger than ${MAX_BODY_BYTES} bytes.`,
      });
    }
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: 'BadRequest', detail: (err as Error).message });
    }
    reply.log.error(err);
    return reply.code(500).send({ error: 'InternalServerError', detail: 'Internal Server Error' });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Not Found' }));

  const router: Router = {
    app,
    service,
    route(method, url, auth, handler) {
      app.route({
        method,
        url,
        handler: async (req, reply) => {
          // A bad token is refused even where no token is needed (api-facts "Errors").
          const principal = authenticate(service.store, service.clock, req.headers.authorization);
          if (auth) authorize(principal, auth.kinds, auth.scopes);
          // Every body of these routes is a JSON object; FastAPI refuses any other with a 422.
          if (req.body instanceof RawBody) throw notJson(req.body);
          const loader = new Loader(service.store, service.baseUrl);
          const result = await handler(req, { principal, loader, reply });
          if (reply.sent) return reply;
          return result;
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
