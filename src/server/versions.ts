// The API generation a request speaks, read at the edge as the real service reads it
// (server/polar/kit/versioning.py APIVersionMiddleware, server/polar/version.py at c6c3645e):
// a `Polar-Version: YYYY-MM` header names one of today's versions (2026-04, 2026-10, the same
// shapes under two names); a malformed or unknown one is a 404 {"detail": "Not Found"} before
// any route runs, and every answer to a versioned request carries the header back. Without
// the header (or with an empty one) the sandbox answers in the seed's generation — the spec's
// and SDK 0.20.2's — where the real service would take its default, 2026-04 (README "Which API
// version"). Routes, parsers and serializers learn it from the request's Context.

import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_VERSIONS, type ApiVersion, VERSION_HEADER } from '../shared/api-versions.js';
import { syncHook } from './hooks.js';

export { type Generation, generationOf } from '../shared/api-versions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Today's version the request named; undefined: the seed's generation. */
    apiVersion?: ApiVersion;
  }
}

const VERSION_PATTERN = /^(\d{4})-(\d{2})$/;

/**
 * The version a header value names: undefined for none (absent or empty, as the real
 * middleware reads a falsy value), null for one that is malformed or not served.
 */
export function readVersion(value: string | string[] | undefined): ApiVersion | undefined | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  const m = VERSION_PATTERN.exec(raw);
  if (!m) return null;
  // APIVersion.parse reads the year and month as integers: `2026-10` only, never `2026-1`.
  const named = `${m[1]}-${m[2]}`;
  return (API_VERSIONS as readonly string[]).includes(named) ? (named as ApiVersion) : null;
}

/** The real middleware's answer to a version it does not serve (no Polar-Version on it). */
export function notFound(reply: FastifyReply) {
  return reply.code(404).send({ detail: 'Not Found' });
}

/**
 * Reads the header of every request, after the Host and Origin checks. The answer's header is
 * set on the raw response, so that every answer carries it: errors, 404s, a hijacked stream.
 */
export function registerVersions(app: FastifyInstance): void {
  app.addHook(
    'onRequest',
    syncHook((req, reply) => {
      const version = readVersion(req.headers[VERSION_HEADER.toLowerCase()]);
      if (version === null) return notFound(reply);
      if (version === undefined) return;
      req.apiVersion = version;
      reply.raw.setHeader(VERSION_HEADER, version);
      // Today's CORS exposes it to a page's script (app.py configure_cors at c6c3645e).
      if (req.headers.origin !== undefined)
        reply.raw.setHeader('access-control-expose-headers', VERSION_HEADER);
    }),
  );
}
