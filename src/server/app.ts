// The fastify application: parsers, auth hook, error mapping and the route modules.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { parseJson } from '../shared/json.js';
import { authenticate, authorize, type Kind, type Principal } from './auth.js';
import type { Clock } from './clock.js';
import type { Store } from './db.js';
import { HttpError } from './errors.js';
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

export function buildApp(service: Service, register: ((r: Router) => void)[]): FastifyInstance {
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

  // Invalid JSON is a 422 with a pydantic-shaped item, like the real service.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    // Deeper than this, echoing the body in a 422 `input` would overflow JSON.stringify's stack.
    const deep = nestedBeyond(text, MAX_JSON_DEPTH);
    try {
      if (deep !== undefined) throw new Error(`Too deeply nested at position ${deep}`);
      // Integers beyond 2^53 stay exact (spec §8 metadata): raw JSON values that JSON.stringify
      // writes back digit for digit, into storage and responses alike.
      done(null, parseJson(text));
    } catch (err) {
      // The loc carries the error's offset, as Python's json does; V8 omits it at the end.
      const pos = /Unexpected end of JSON input/.test(String(err))
        ? text.length
        : /position (\d+)/.exec(String(err))?.[1];
      done(
        new HttpError(422, {
          error: 'RequestValidationError',
          detail: [
            {
              type: 'json_invalid',
              loc: ['body', Number(pos ?? 0)],
              msg: 'JSON decode error',
              input: {},
              ctx: { error: 'Invalid JSON' },
            },
          ],
        }),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

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
    if (status === 415) {
      return reply
        .code(415)
        .send({ error: 'UnsupportedMediaType', detail: 'Send the body as application/json.' });
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

const MAX_JSON_DEPTH = 256;

/** The offset where `text` nests arrays/objects deeper than `max`, ignoring strings. */
function nestedBeyond(text: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return undefined;
}

/** FastAPI's redirect_slashes: the other slash form of a collection path answers 307. */
export function slashRedirect(app: FastifyInstance, from: string, to: string): void {
  app.all(from, (req, reply) => {
    const q = req.url.indexOf('?');
    reply.redirect(to + (q >= 0 ? req.url.slice(q) : ''), 307);
  });
}
