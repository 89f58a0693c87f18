// What a web page in the developer's browser may make the local service do (issue 12). The
// service listens on loopback, but a browser is on loopback too: any page it shows can send
// requests here. So no request is trusted for where it comes from alone:
// - the Host header must name this service (hosts.ts), or DNS rebinding reads everything;
// - /__local/ (no authentication at all) answers only pages of this machine;
// - the API answers pages exactly as the real service's CORS policy lets them (below), and
//   what the real service keeps to a signed-in browser session — client registration and the
//   consent form — answers only this machine's pages.
// Forms are no way around this: every JSON endpoint refuses a form body (body.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { isLocalPath } from './faults.js';
import { syncHook } from './hooks.js';
import { type HostPolicy, trustedOrigin } from './hosts.js';

// The real API's CORS (server/polar/app.py configure_cors at the spec's generation): any
// origin, no credentials, every method, the Authorization header, through starlette 0.41's
// CORSMiddleware. Its frontend-only configuration (credentials for polar.sh) has no
// counterpart here: the local service has no cookies and no web app. Today's adds the version
// header (app.py configure_cors at c6c3645e: allow_headers Authorization, Polar-Version; the
// version middleware exposes it on answers, versions.ts).
const ALL_METHODS = 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT';
const ALLOWED_HEADERS = [
  'Accept',
  'Accept-Language',
  'Authorization',
  'Content-Language',
  'Content-Type',
  'Polar-Version',
];
const PREFLIGHT = {
  'access-control-allow-methods': ALL_METHODS,
  'access-control-max-age': '600',
  'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
};
const LOCAL_PREFLIGHT = { ...PREFLIGHT, 'access-control-allow-methods': 'GET, POST, PUT, DELETE' };

const isApiPath = (path: string) => path.startsWith('/v1/') || path.startsWith('/.well-known/');

/** Writes that need a signed-in browser session (WebUser) on the real service. */
const needsSession = (method: string, path: string) =>
  method === 'POST' && (path === '/v1/oauth2/register' || path === '/oauth2/authorize');

function refuse(detail: string): HttpError {
  return new HttpError(403, { error: 'NotPermitted', detail });
}

function plain(reply: FastifyReply, status: number, text: string, headers: object) {
  return reply.code(status).headers(headers).type('text/plain; charset=utf-8').send(text);
}

/** Starlette's preflight answer: 400 naming what is not allowed, else 200 "OK". */
function apiPreflight(req: FastifyRequest, reply: FastifyReply) {
  const headers = { 'access-control-allow-origin': '*', ...PREFLIGHT };
  const failures: string[] = [];
  const method = String(req.headers['access-control-request-method']);
  if (!ALL_METHODS.split(', ').includes(method)) failures.push('method');
  const requested = req.headers['access-control-request-headers'];
  const allowed = ALLOWED_HEADERS.map((h) => h.toLowerCase());
  if (requested !== undefined) {
    if (requested.split(',').some((h) => !allowed.includes(h.trim().toLowerCase())))
      failures.push('headers');
  }
  if (failures.length) return plain(reply, 400, `Disallowed CORS ${failures.join(', ')}`, headers);
  return plain(reply, 200, 'OK', headers);
}

export function registerGuard(app: FastifyInstance, hosts: HostPolicy): void {
  app.addHook(
    'onRequest',
    syncHook((req, reply) => {
      const port = req.socket.localPort ?? 0;
      const host = req.headers.host;
      if (!hosts.accepts(host, port)) {
        const name = host?.replace(/:\d+$/, '') || '(none)';
        throw refuse(
          `Host "${host ?? ''}" is not an address of this service; requests for other host names are refused, so that no web page can reach it by DNS rebinding. To serve under this name, start billing serve with --allowed-host ${name}.`,
        );
      }
      const origin = req.headers.origin;
      if (origin === undefined) return;
      const path = req.url.split('?', 1)[0]!;
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'];
      if (isApiPath(path)) {
        if (preflight) return apiPreflight(req, reply);
        // Starlette names the origin instead of * when a cookie is sent (still no credentials).
        if (req.headers.cookie === undefined) reply.header('access-control-allow-origin', '*');
        else reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      }
      const trusted = trustedOrigin(origin, hosts, port);
      if (!isApiPath(path) && trusted) {
        // The control surface and the pages answer this machine's pages, naming their origin.
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
        if (preflight) return plain(reply, 200, 'OK', LOCAL_PREFLIGHT);
      }
      if (trusted) return;
      if (isLocalPath(req.url) || (preflight && !isApiPath(path))) {
        throw refuse(
          `/__local/ and the sandbox's own pages answer only this machine; the web page at ${origin} may not use them.`,
        );
      }
      if (needsSession(req.method, path)) {
        throw refuse(
          `${path} answers only this machine's pages and programs, as the real service answers only its own signed-in web app; the web page at ${origin} may not use it.`,
        );
      }
    }),
  );
}
