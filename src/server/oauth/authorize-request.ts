// Validation of an authorization request (spec §5.2 step 1, api-facts "Authorize"). Problems found
// before the client and redirect URI are trusted are shown on a page; later ones are redirected.
import type { Store } from '../store/index.js';
import { loadClient, type OAuthClient, redirectUriMatches } from './clients.js';
import { beyond, splitScope, unknownScopes } from './scopes.js';

export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  scope: string[];
  state: string | null;
  nonce: string | null;
  code_challenge: string | null;
  code_challenge_method: 'S256' | 'plain' | null;
  sub_type: 'user' | 'organization';
}

export type Checked =
  | { ok: true; client: OAuthClient; request: AuthorizeRequest }
  | { ok: false; redirect: false; error: string; description: string }
  | {
      ok: false;
      redirect: true;
      redirectUri: string;
      state: string | null;
      error: string;
      description: string;
    };

type Query = Record<string, unknown>;

// RFC 7636 §4.2 / §4.1: challenges and verifiers are 43–128 unreserved characters.
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;
const MAX_PARAM = 2048;

class Problem extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** RFC 6749 §3.1: a parameter must not be sent twice. */
function single(query: Query, name: string): string | null {
  const value = query[name];
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new Problem('invalid_request', `${name} was sent twice.`);
  if (value.length > MAX_PARAM) throw new Problem('invalid_request', `${name} is too long.`);
  return value;
}

function checkTrusted(client: OAuthClient, query: Query): AuthorizeRequest {
  const responseType = single(query, 'response_type');
  if (!responseType) throw new Problem('invalid_request', 'response_type is required.');
  if (responseType !== 'code') {
    throw new Problem('unsupported_response_type', 'Only response_type=code is supported.');
  }
  const responseMode = single(query, 'response_mode');
  if (responseMode && responseMode !== 'query') {
    throw new Problem('invalid_request', 'Only response_mode=query is supported.');
  }
  if (
    !client.response_types.includes('code') ||
    !client.grant_types.includes('authorization_code')
  ) {
    throw new Problem(
      'unauthorized_client',
      'This client may not use the authorization code flow.',
    );
  }
  const scope = splitScope(single(query, 'scope'));
  // RFC 6749 §3.3: without a default the request fails as invalid_scope.
  if (!scope.length) throw new Problem('invalid_scope', 'The scope parameter is required.');
  const unknown = unknownScopes(scope);
  if (unknown.length) throw new Problem('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  const extra = beyond(scope, splitScope(client.scope));
  if (extra.length) {
    throw new Problem('invalid_scope', `This client may not request: ${extra.join(' ')}.`);
  }
  const challenge = single(query, 'code_challenge');
  const method = single(query, 'code_challenge_method');
  if (method && !challenge) {
    throw new Problem('invalid_request', 'code_challenge_method was sent without code_challenge.');
  }
  if (method && method !== 'S256' && method !== 'plain') {
    throw new Problem('invalid_request', 'code_challenge_method must be S256 or plain.');
  }
  if (challenge && !PKCE_VALUE.test(challenge)) {
    throw new Problem(
      'invalid_request',
      'code_challenge must be 43-128 characters [A-Za-z0-9-._~].',
    );
  }
  // Spec §5.4: public clients have no secret, so PKCE is what binds the code to them.
  if (!challenge && client.token_endpoint_auth_method === 'none') {
    throw new Problem('invalid_request', 'Public clients must send a PKCE code_challenge.');
  }
  const subType = single(query, 'sub_type') ?? 'user';
  if (subType !== 'user' && subType !== 'organization') {
    throw new Problem('invalid_request', 'sub_type must be user or organization.');
  }
  const state = single(query, 'state');
  const nonce = single(query, 'nonce');
  // The local service has no login session to reuse, so a silent request can never succeed.
  const prompt = single(query, 'prompt');
  if (prompt?.split(' ').includes('none')) {
    throw new Problem('login_required', 'The user must choose an account and consent.');
  }
  return {
    client_id: client.client_id,
    redirect_uri: '',
    scope,
    state,
    nonce,
    code_challenge: challenge,
    // RFC 7636 §4.3: the method defaults to plain.
    code_challenge_method: challenge ? ((method as 'S256' | 'plain' | null) ?? 'plain') : null,
    sub_type: subType,
  };
}

export function checkAuthorizeRequest(store: Store, query: Query): Checked {
  let clientId: string | null;
  let redirectUri: string | null;
  try {
    clientId = single(query, 'client_id');
    redirectUri = single(query, 'redirect_uri');
  } catch (err) {
    const p = err as Problem;
    return { ok: false, redirect: false, error: p.error, description: p.description };
  }
  const page = (description: string, error = 'invalid_request'): Checked => ({
    ok: false,
    redirect: false,
    error,
    description,
  });
  if (!clientId) return page('client_id is required.');
  const client = loadClient(store, clientId);
  if (!client) return page('Unknown client_id.', 'invalid_client');
  // OIDC Core §3.1.2.1 makes redirect_uri required; never guess a default.
  if (!redirectUri) return page('redirect_uri is required.');
  if (!redirectUriMatches(client.redirect_uris, redirectUri)) {
    return page('redirect_uri is not registered for this client.');
  }
  const rawState = query.state;
  const state = typeof rawState === 'string' ? rawState : null;
  try {
    const request = checkTrusted(client, query);
    return { ok: true, client, request: { ...request, redirect_uri: redirectUri } };
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    return { ok: false, redirect: true, redirectUri, state, ...errFields(err) };
  }
}

function errFields(p: Problem) {
  return { error: p.error, description: p.description };
}

/** redirect_uri with the response parameters appended (RFC 6749 §4.1.2). */
export function withParams(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.append(k, v);
  return url.href;
}
