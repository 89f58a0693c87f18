// POST /v1/oauth2/register: RFC 7591 dynamic client registration with spec §5.1's rules.
// Registration is open (no token needed), as RFC 7591 §3 allows and as MCP-style clients
// expect. An API token of a user is refused, as the real service refuses it (apiTokenRefusal);
// the client has no owner: the real one records one only for a dashboard session.
import { OAUTH_GRANT_TYPES, TOKEN_ENDPOINT_AUTH_METHODS } from '../../shared/api-facts.js';
import type { Context, Router } from '../app.js';
import { ALL_SCOPES, REALM } from '../auth.js';
import { notJson, RawBody } from '../body.js';
import { NotPermitted } from '../domain/errors.js';
import { HttpError, insufficientScope, invalidToken } from '../errors.js';
import { hashToken, token } from '../ids.js';
import type { AuthMethod, ClientMetadata } from './clients.js';
import { redirectUriProblem } from './clients.js';
import { NO_STORE } from './errors.js';
import { checkQuota, checkSizes, sourceAddress } from './register-limits.js';
import { splitScope, unknownScopes } from './scopes.js';

// Named public method first in the error, as it has always read.
const METHODS: readonly AuthMethod[] = [...TOKEN_ENDPOINT_AUTH_METHODS].reverse();
const GRANTS: readonly string[] = OAUTH_GRANT_TYPES;

class Invalid extends HttpError {
  constructor(error: 'invalid_redirect_uri' | 'invalid_client_metadata', description: string) {
    super(400, { error, error_description: description }, { ...NO_STORE });
  }
}

const bad = (description: string) => new Invalid('invalid_client_metadata', description);

function optionalString(body: Record<string, unknown>, name: string): string | null {
  const v = body[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw bad(`${name} must be a string.`);
  return v;
}

function optionalUrl(body: Record<string, unknown>, name: string): string | null {
  const v = optionalString(body, name);
  if (v === null || v === '') return null;
  // These are shown as links on the consent page: only web URLs, never javascript: or data:.
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw bad(`${name} must be an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad(`${name} must be http(s).`);
  return v;
}

function stringList(
  body: Record<string, unknown>,
  name: string,
  fallback: readonly string[],
): string[] {
  const v = body[name];
  if (v === undefined || v === null) return [...fallback];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw bad(`${name} must be an array of strings.`);
  }
  return [...new Set(v as string[])];
}

export function clientMetadata(
  body: Record<string, unknown>,
): ClientMetadata & { method: AuthMethod } {
  const name = optionalString(body, 'client_name')?.trim();
  // Spec §5.1: the application name is shown to end users, so it is required here.
  if (!name) throw bad('client_name is required.');
  const redirectUris = stringList(body, 'redirect_uris', []);
  if (!redirectUris.length) throw new Invalid('invalid_redirect_uri', 'redirect_uris is required.');
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new Invalid('invalid_redirect_uri', problem);
  }
  // RFC 7591 §2 makes client_secret_basic the default, but the real service defaults to
  // client_secret_post, the form fields of spec §5.2 step 3 (client_id and client_secret).
  const method = (optionalString(body, 'token_endpoint_auth_method') ??
    'client_secret_post') as AuthMethod;
  if (!METHODS.includes(method)) {
    throw bad(`token_endpoint_auth_method must be one of ${METHODS.join(', ')}.`);
  }
  const grantTypes = stringList(body, 'grant_types', GRANTS);
  const badGrant = grantTypes.find((g) => !GRANTS.includes(g));
  if (badGrant) throw bad(`Unsupported grant type: ${badGrant}.`);
  if (!grantTypes.includes('authorization_code')) {
    throw bad('grant_types must include authorization_code.');
  }
  const responseTypes = stringList(body, 'response_types', ['code']);
  if (responseTypes.length !== 1 || responseTypes[0] !== 'code') {
    throw bad('response_types must be ["code"].');
  }
  const scopeText = optionalString(body, 'scope');
  const scopes = scopeText === null ? [...ALL_SCOPES] : splitScope(scopeText);
  if (!scopes.length) throw bad('scope must name at least one scope.');
  const unknown = unknownScopes(scopes);
  if (unknown.length) throw bad(`Unknown scope: ${unknown.join(' ')}.`);
  return {
    client_name: name,
    client_uri: optionalUrl(body, 'client_uri'),
    logo_uri: optionalUrl(body, 'logo_uri'),
    tos_uri: optionalUrl(body, 'tos_uri'),
    policy_uri: optionalUrl(body, 'policy_uri'),
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    response_types: responseTypes,
    scope: scopes.join(' '),
    method,
  };
}

/** RFC 7591 §3.2.1's registration information: where and with what token to manage the client. */
export function registrationInfo(base: string, clientId: string, registrationToken: string) {
  return {
    registration_client_uri: `${base}/v1/oauth2/register/${encodeURIComponent(clientId)}`,
    registration_access_token: registrationToken,
  };
}

/**
 * Who may register and manage clients (the real WebUserOrAnonymous): anyone without a token, and
 * a user signed in to the dashboard, which the sandbox has no sessions of. Today's generation
 * (auth/dependencies.py `_web_user_or_anonymous` at c6c3645e) refuses a user's API token, a
 * personal one or an OAuth access token, with 403 NotPermitted, and takes any other token's
 * subject (an organization, a customer) as anonymous. The seed's (the same file at c8191f69,
 * 2025-02) asked for the `web_default` scope, which no API token has: 403 insufficient_scope
 * for a user's token, and 401 invalid_token for the tokens it did not look up (an
 * organization's, a customer session's).
 */
export function apiTokenRefusal({ principal, today }: Context): Error | undefined {
  if (!principal) return undefined;
  if (today) return principal.kind === 'user' ? new NotPermitted('Not permitted') : undefined;
  return principal.kind === 'user'
    ? insufficientScope(REALM, ['web_default'])
    : invalidToken(
        REALM,
        'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
      );
}

export function registerRegistration({ write, service }: Router): void {
  const { store, clock } = service;
  write('POST', '/v1/oauth2/register', null, (req, ctx) => {
    const refusal = apiTokenRefusal(ctx);
    if (refusal) throw refusal;
    const body = req.body;
    if (body instanceof RawBody) throw notJson(body);
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw bad('The body must be a JSON object.');
    }
    checkSizes(body as Record<string, unknown>);
    const { method, ...meta } = clientMetadata(body as Record<string, unknown>);
    const address = sourceAddress(req.ip);
    const clientId = token('polar_ci_');
    const secret = method === 'none' ? null : token('polar_cs_');
    const now = clock.now();
    const issuedAt = Math.floor(now.getTime() / 1000);
    checkQuota(store, address);
    // RFC 7592 (authorization_server.py save_client at c6c3645e): the token that reads, changes
    // and deletes this registration; only its hash is kept.
    const registrationToken = token('polar_crt_');
    store.insert('oauth2_clients', {
      client_id: clientId,
      created_at: now.toISOString(),
      client_secret: secret,
      client_id_issued_at: issuedAt,
      client_secret_expires_at: 0,
      token_endpoint_auth_method: method,
      metadata: JSON.stringify(meta),
      user_id: null,
      registration_access_token_hash: hashToken(registrationToken),
      registered_from: address,
    });
    ctx.reply.code(201).headers(NO_STORE);
    return {
      client_id: clientId,
      ...(secret === null ? {} : { client_secret: secret }),
      client_id_issued_at: issuedAt,
      client_secret_expires_at: 0,
      token_endpoint_auth_method: method,
      ...meta,
      ...registrationInfo(service.baseUrl, clientId, registrationToken),
    };
  });
}
