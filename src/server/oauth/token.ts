// POST /v1/oauth2/token (spec endpoint 16, §5.2 steps 3–5): authorization_code and refresh_token.
import { createHash } from 'node:crypto';
import type { Router, Service } from '../app.js';
import { HttpError } from '../errors.js';
import { hashToken } from '../ids.js';
import type { OAuthCodeRow } from '../store/rows.js';
import { PKCE_VALUE } from './authorize-request.js';
import { subjectClaims } from './claims.js';
import { authenticateClient, type OAuthClient, sameRedirectUri } from './clients.js';
import { invalidGrant, invalidRequest, invalidScope, oauthError } from './errors.js';
import {
  CODE_ACCESS_SECONDS,
  findByRefreshToken,
  type Grant,
  type Issued,
  issueTokens,
  REFRESH_ACCESS_SECONDS,
  revokeFamily,
  revokePair,
} from './grants.js';
import { formRoute } from './http.js';
import { atHash, type SigningKeys } from './keys.js';
import { beyond, splitScope, unknownScopes } from './scopes.js';

/** Spec §5.2 step 4: exactly these fields, id_token only when openid was granted. */
function tokenResponse(issued: Issued, scope: string, idToken: string | null) {
  return {
    token_type: 'Bearer',
    access_token: issued.accessToken,
    expires_in: issued.expiresIn,
    ...(issued.refreshToken === null ? {} : { refresh_token: issued.refreshToken }),
    scope,
    ...(idToken === null ? {} : { id_token: idToken }),
  };
}

function pkceMatches(row: OAuthCodeRow, verifier: string): boolean {
  if (row.code_challenge_method === 'S256') {
    return (
      createHash('sha256').update(verifier, 'ascii').digest('base64url') === row.code_challenge
    );
  }
  return verifier === row.code_challenge;
}

interface Redeemed {
  grant: Grant;
  nonce: string | null;
  issued: Issued;
}

/**
 * One transaction: the code is burned and the tokens issued together, so a replay racing the
 * first exchange still finds tokens to revoke. Failures that must stay committed (a burned
 * code, a killed family) are returned from the transaction, then thrown.
 */
function redeemCode(
  service: Service,
  client: OAuthClient,
  body: Record<string, string>,
): Redeemed | HttpError {
  const { store, clock } = service;
  if (!body.code) return invalidRequest('code is required.');
  const hash = hashToken(body.code);
  const now = clock.iso();
  return store.tx(() => {
    const row = store.oauthClients.code(hash);
    // Another client's code is not burned: that would let anyone cancel a login.
    if (!row || row.client_id !== client.client_id) {
      return invalidGrant('The authorization code is invalid.');
    }
    if (row.used_at) {
      revokeFamily(store, hash, now);
      return invalidGrant('The authorization code was already used.');
    }
    store.oauthClients.useCode(hash, now);
    if (row.expires_at <= now) return invalidGrant('The authorization code has expired.');
    if (body.redirect_uri === undefined || !sameRedirectUri(body.redirect_uri, row.redirect_uri)) {
      return invalidGrant('redirect_uri does not match the authorization request.');
    }
    const problem = pkceProblem(row, body.code_verifier);
    if (problem) return problem;
    const grant: Grant = {
      client_id: client.client_id,
      sub_type: row.sub_type,
      user_id: row.user_id,
      organization_id: row.organization_id,
      scope: row.scope,
      auth_time: row.auth_time,
      code_hash: hash,
    };
    const withRefresh = client.grant_types.includes('refresh_token');
    const issued = issueTokens(service, grant, CODE_ACCESS_SECONDS, withRefresh);
    return { grant, nonce: row.nonce, issued };
  });
}

function pkceProblem(row: OAuthCodeRow, verifier: string | undefined): HttpError | null {
  if (!row.code_challenge) {
    // A verifier for a code issued without a challenge is a PKCE downgrade (RFC 9700 §2.1.1).
    return verifier === undefined
      ? null
      : invalidGrant('No code_challenge was sent with the authorization request.');
  }
  if (!verifier) return invalidRequest('code_verifier is required.');
  if (!PKCE_VALUE.test(verifier)) {
    return invalidRequest('code_verifier must be 43-128 characters [A-Za-z0-9-._~].');
  }
  return pkceMatches(row, verifier) ? null : invalidGrant('PKCE verification failed.');
}

function refresh(service: Service, client: OAuthClient, body: Record<string, string>) {
  const { store, clock } = service;
  if (!body.refresh_token) throw invalidRequest('refresh_token is required.');
  const now = clock.iso();
  const row = findByRefreshToken(store, body.refresh_token);
  if (!row || row.client_id !== client.client_id) {
    throw invalidGrant('The refresh token is invalid.');
  }
  const reused = () => {
    // A rotated-away token coming back means a copy is loose: the whole family dies.
    store.tx(() => revokeFamily(store, row.code_hash, now));
    return invalidGrant('The refresh token was already used or revoked.');
  };
  if (row.revoked_at) throw reused();
  const granted = splitScope(row.scope);
  const requested = body.scope ? splitScope(body.scope) : granted;
  const unknown = unknownScopes(requested);
  if (unknown.length) throw invalidScope(`Unknown scope: ${unknown.join(' ')}.`);
  const extra = beyond(requested, granted);
  // RFC 6749 §6: a refresh may narrow the scope, never widen it.
  if (extra.length) throw invalidScope(`Scope not granted: ${extra.join(' ')}.`);
  const grant: Grant = {
    client_id: row.client_id,
    sub_type: row.sub_type,
    user_id: row.user_id,
    organization_id: row.organization_id,
    scope: requested.join(' '),
    auth_time: row.auth_time,
    code_hash: row.code_hash ?? row.id,
  };
  // Rotation: the old pair dies now, so its access token stops working at once (api-facts).
  const issued = store.tx(() =>
    revokePair(store, row.id, now)
      ? issueTokens(service, grant, REFRESH_ACCESS_SECONDS, true)
      : null,
  );
  if (!issued) throw reused();
  // api-facts: no id_token on refresh.
  return tokenResponse(issued, grant.scope, null);
}

async function exchangeCode(
  service: Service,
  keys: SigningKeys,
  client: OAuthClient,
  body: Record<string, string>,
) {
  const redeemed = redeemCode(service, client, body);
  if (redeemed instanceof HttpError) throw redeemed;
  const { grant, nonce, issued } = redeemed;
  const scopes = splitScope(grant.scope);
  let idToken: string | null = null;
  if (scopes.includes('openid')) {
    idToken = await keys.sign(service.clock.now(), {
      iss: service.baseUrl,
      aud: client.client_id,
      ...subjectClaims(service.store, grant, scopes),
      auth_time: grant.auth_time,
      ...(nonce ? { nonce } : {}),
      at_hash: atHash(issued.accessToken),
    });
  }
  return tokenResponse(issued, grant.scope, idToken);
}

export function registerToken({ app, service }: Router, keys: SigningKeys): void {
  formRoute(app, '/v1/oauth2/token', (req, body) => {
    const grantType = body.grant_type;
    if (!grantType) throw invalidRequest('grant_type is required.');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw oauthError(400, 'unsupported_grant_type', `Unsupported grant_type: ${grantType}.`);
    }
    const { client } = authenticateClient(service.store, req, body, true);
    if (!client.grant_types.includes(grantType)) {
      throw oauthError(400, 'unauthorized_client', `This client may not use ${grantType}.`);
    }
    return grantType === 'authorization_code'
      ? exchangeCode(service, keys, client, body)
      : refresh(service, client, body);
  });
}
