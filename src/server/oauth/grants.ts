// Issuing, finding and revoking OAuth token pairs (one oauth2_tokens row per access/refresh pair).
import type { Service } from '../app.js';
import type { Store } from '../db.js';
import { hashToken, token, uuid } from '../ids.js';

export const CODE_ACCESS_SECONDS = 864_000; // api-facts: access tokens from a code.
export const REFRESH_ACCESS_SECONDS = 3600; // api-facts: access tokens from a refresh.

export interface TokenRow {
  id: string;
  created_at: string;
  client_id: string;
  sub_type: string;
  user_id: string | null;
  organization_id: string | null;
  scope: string;
  access_expires_at: string;
  auth_time: number;
  revoked_at: string | null;
  code_hash: string | null;
  refresh_token_hash: string | null;
}

const COLUMNS =
  'id, created_at, client_id, sub_type, user_id, organization_id, scope, access_expires_at, auth_time, revoked_at, code_hash, refresh_token_hash';

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
  store.run(
    `INSERT INTO oauth2_tokens (id, created_at, client_id, sub_type, user_id, organization_id, scope,
     access_token_hash, refresh_token_hash, access_expires_at, auth_time, revoked_at, code_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    uuid(),
    now.toISOString(),
    grant.client_id,
    grant.sub_type,
    grant.user_id,
    grant.organization_id,
    grant.scope,
    hashToken(accessToken),
    refreshToken === null ? null : hashToken(refreshToken),
    new Date(now.getTime() + expiresIn * 1000).toISOString(),
    grant.auth_time,
    grant.code_hash,
  );
  return { accessToken, refreshToken, expiresIn };
}

export function findByAccessToken(store: Store, value: string): TokenRow | undefined {
  return store.get<TokenRow>(
    `SELECT ${COLUMNS} FROM oauth2_tokens WHERE access_token_hash = ?`,
    hashToken(value),
  );
}

export function findByRefreshToken(store: Store, value: string): TokenRow | undefined {
  return store.get<TokenRow>(
    `SELECT ${COLUMNS} FROM oauth2_tokens WHERE refresh_token_hash = ?`,
    hashToken(value),
  );
}

/** Revokes one pair: both its access and its refresh token (api-facts "Revoke"). */
export function revokePair(store: Store, id: string, now: string): boolean {
  return (
    store.run(
      'UPDATE oauth2_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
      now,
      id,
    ).changes > 0
  );
}

/**
 * Kills every token descended from one authorization code. A replayed code or a reused refresh
 * token means a copy is in someone else's hands (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
 */
export function revokeFamily(store: Store, codeHash: string | null, now: string): void {
  if (!codeHash) return;
  store.run(
    'UPDATE oauth2_tokens SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL',
    now,
    codeHash,
  );
}
