// Issuing, finding and revoking OAuth token pairs (one oauth2_tokens row per access/refresh pair).
import type { Service } from '../app.js';
import { hashToken, token, uuid } from '../ids.js';
import type { Store } from '../store/index.js';
import type { TokenPair } from '../store/oauth-tokens.js';

export const CODE_ACCESS_SECONDS = 864_000; // api-facts: access tokens from a code.
export const REFRESH_ACCESS_SECONDS = 3600; // api-facts: access tokens from a refresh.

export interface Grant {
  client_id: string;
  sub_type: string;
  user_id: string | null;
  organization_id: string | null;
  scope: string;
  auth_time: number;
  /** The code the whole refresh chain descends from: the token family. */
  code_hash: string;
}

export interface Issued {
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
}

/** Inserts a new pair; must run inside the caller's transaction. */
export function issueTokens(
  service: Service,
  grant: Grant,
  expiresIn: number,
  withRefresh: boolean,
): Issued {
  const { store, clock } = service;
  const org = grant.sub_type === 'organization';
  const accessToken = token(org ? 'polar_at_o_' : 'polar_at_u_');
  const refreshToken = withRefresh ? token(org ? 'polar_rt_o_' : 'polar_rt_u_') : null;
  const now = clock.now();
  store.insert('oauth2_tokens', {
    id: uuid(),
    created_at: now.toISOString(),
    client_id: grant.client_id,
    sub_type: grant.sub_type,
    user_id: grant.user_id,
    organization_id: grant.organization_id,
    scope: grant.scope,
    access_token_hash: hashToken(accessToken),
    refresh_token_hash: refreshToken === null ? null : hashToken(refreshToken),
    access_expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString(),
    auth_time: grant.auth_time,
    revoked_at: null,
    code_hash: grant.code_hash,
  });
  return { accessToken, refreshToken, expiresIn };
}

export function findByAccessToken(store: Store, value: string): TokenPair | undefined {
  return store.oauthTokens.byAccessHash(hashToken(value));
}

export function findByRefreshToken(store: Store, value: string): TokenPair | undefined {
  return store.oauthTokens.byRefreshHash(hashToken(value));
}

/** Revokes one pair: both its access and its refresh token (api-facts "Revoke"). */
export function revokePair(store: Store, id: string, now: string): boolean {
  return store.oauthTokens.revokePair(id, now);
}

/**
 * Kills every token descended from one authorization code. A replayed code or a reused refresh
 * token means a copy is in someone else's hands (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
 */
export function revokeFamily(store: Store, codeHash: string | null, now: string): void {
  if (codeHash) store.oauthTokens.revokeFamily(codeHash, now);
}
