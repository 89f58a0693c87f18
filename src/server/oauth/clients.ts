// OAuth clients: lookup, redirect URI rules and client authentication at the token, revocation
// and introspection endpoints.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TOKEN_ENDPOINT_AUTH_METHODS } from '../../shared/api-facts.js';
import { hashToken } from '../ids.js';
import type { Store } from '../store/index.js';
import { invalidClient, invalidRequest } from './errors.js';

export type AuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export interface ClientMetadata {
  client_name: string;
  client_uri: string | null;
  logo_uri: string | null;
  tos_uri: string | null;
  policy_uri: string | null;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  scope: string;
}

export interface OAuthClient extends ClientMetadata {
  client_id: string;
  client_secret: string | null;
  client_id_issued_at: number;
  client_secret_expires_at: number;
  token_endpoint_auth_method: AuthMethod;
}

export function loadClient(store: Store, clientId: string): OAuthClient | undefined {
  const row = store.oauthClients.byId(clientId);
  if (!row) return undefined;
  const { metadata, ...rest } = row;
  return { ...(JSON.parse(metadata) as ClientMetadata), ...rest } as OAuthClient;
}

// Loopback URIs as written, parsed by hand rather than by URL so that tricks such as
// `http://127.0.0.1:1@evil.test/` or `http://localhost.evil.test/` cannot normalise into a match.
// Scheme and host are case-insensitive (RFC 3986 §3.1, §3.2.2): `http://LocalHost/cb` is loopback.
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(?::(\d{1,5}))?((?:\/[^?#]*)?(?:\?[^#]*)?)$/i;

function loopbackParts(uri: string): { host: string; port: number | null; rest: string } | null {
  const m = LOOPBACK.exec(uri);
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host: m[1]!.toLowerCase(), port, rest: m[3] || '/' };
}

/**
 * The same redirect URI (the token endpoint's check): the same string, as the real service
 * compares them (api-facts "Redirect URIs").
 */
export function sameRedirectUri(a: string, b: string): boolean {
  return a === b;
}

/**
 * RFC 8252 §7.3: a registered http://127.0.0.1/... or http://localhost/... URI matches any port
 * (same host, path and query; scheme and host without case); everything else must match a
 * registered URI exactly, as the real service compares them (api-facts "Redirect URIs").
 */
export function redirectUriMatches(registered: string[], requested: string): boolean {
  if (registered.some((r) => sameRedirectUri(r, requested))) return true;
  const req = loopbackParts(requested);
  if (!req) return false;
  return registered.some((r) => {
    const reg = loopbackParts(r);
    return reg !== null && reg.host === req.host && reg.rest === req.rest;
  });
}

/** Spec §5.1 / api-facts: https, or http only on localhost / 127.0.0.1; no fragment or userinfo. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI.`;
  }
  if (url.hash || uri.includes('#')) return `${uri} must not contain a fragment.`;
  if (url.username || url.password) return `${uri} must not contain user information.`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return loopbackParts(uri)
      ? null
      : `${uri}: plain http is only allowed on localhost or 127.0.0.1.`;
  }
  return `${uri}: the scheme must be https (or http on localhost).`;
}

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  return timingSafeEqual(Buffer.from(hashToken(a), 'hex'), Buffer.from(hashToken(b), 'hex'));
}

function basicCredentials(header: string): { id: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before being joined.
  const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export interface AuthenticatedClient {
  client: OAuthClient;
  method: AuthMethod;
}

/**
 * Client authentication (RFC 6749 §2.3). With `strict`, a client must use the method it
 * registered (the token endpoint, as the reference service's authlib does); otherwise a
 * confidential client may use either secret method.
 */
export function authenticateClient(
  store: Store,
  req: FastifyRequest,
  body: Record<string, string>,
  strict: boolean,
): AuthenticatedClient {
  const header = req.headers.authorization;
  let id: string | undefined;
  let secret: string | undefined;
  let method: AuthMethod;
  if (header) {
    const basic = basicCredentials(header);
    if (!basic) throw invalidClient('Client authentication failed.', true);
    if (body.client_secret !== undefined) {
      throw invalidRequest('Use only one client authentication method.');
    }
    if (body.client_id !== undefined && body.client_id !== basic.id) {
      throw invalidClient('client_id does not match the Authorization header.', true);
    }
    ({ id, secret } = basic);
    method = 'client_secret_basic';
  } else {
    id = body.client_id;
    secret = body.client_secret;
    method = secret === undefined ? 'none' : 'client_secret_post';
  }
  const isBasic = method === 'client_secret_basic';
  if (!id) throw invalidClient('Client authentication failed: no client_id.', isBasic);
  const client = loadClient(store, id);
  if (!client) throw invalidClient('Client authentication failed: unknown client.', isBasic);
  const registered = client.token_endpoint_auth_method;
  if (registered === 'none') {
    if (method !== 'none') {
      throw invalidClient('This public client has no secret to authenticate with.', isBasic);
    }
    return { client, method };
  }
  if (method === 'none' || (strict && method !== registered)) {
    throw invalidClient(`This client must authenticate with ${registered}.`, isBasic);
  }
  if (!client.client_secret || !sameSecret(secret ?? '', client.client_secret)) {
    throw invalidClient('Client authentication failed.', isBasic);
  }
  return { client, method };
}
