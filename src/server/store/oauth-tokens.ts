// OAuth token pairs (one oauth2_tokens row per access/refresh pair) and the id_token signing keys.
import type { Db } from './db.js';
import type { OAuthTokenRow, SigningKeyRow } from './rows.js';

const COLUMNS =
  'id, created_at, client_id, sub_type, user_id, organization_id, scope, access_expires_at, auth_time, revoked_at, code_hash, refresh_token_hash';

export type TokenPair = Omit<OAuthTokenRow, 'access_token_hash'>;

export class OAuthTokens {
  constructor(private readonly db: Db) {}

  byAccessHash(hash: string): TokenPair | undefined {
    return this.db.get<TokenPair>(
      `SELECT ${COLUMNS} FROM oauth2_tokens WHERE access_token_hash = ?`,
      hash,
    );
  }

  byRefreshHash(hash: string): TokenPair | undefined {
    return this.db.get<TokenPair>(
      `SELECT ${COLUMNS} FROM oauth2_tokens WHERE refresh_token_hash = ?`,
      hash,
    );
  }

  /** Revokes one pair; false when it already was. */
  revokePair(id: string, now: string): boolean {
    return (
      this.db.run(
        'UPDATE oauth2_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
        now,
        id,
      ).changes > 0
    );
  }

  /** Revokes every pair descended from one authorization code. */
  revokeFamily(codeHash: string, now: string): void {
    this.db.run(
      'UPDATE oauth2_tokens SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL',
      now,
      codeHash,
    );
  }

  /** The oldest signing key: the one in use. */
  signingKey(): Pick<SigningKeyRow, 'kid' | 'private_jwk' | 'public_jwk'> | undefined {
    return this.db.get(
      'SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at, kid LIMIT 1',
    );
  }

  publicKeys(): string[] {
    return this.db
      .all<{ public_jwk: string }>('SELECT public_jwk FROM signing_keys ORDER BY created_at, kid')
      .map((r) => r.public_jwk);
  }
}
