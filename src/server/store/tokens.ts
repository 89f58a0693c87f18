// Looking up the bearer tokens of resource requests by their hash (only hashes are stored):
// personal access tokens, OAuth access tokens and customer sessions.
import type { Db } from './db.js';
import type { OAuthTokenRow, PersonalAccessTokenRow, Table } from './rows.js';

/** What authenticating a bearer token reads: a memo of principals names these. */
export const TOKEN_TABLES: readonly Table[] = [
  'personal_access_tokens',
  'oauth2_tokens',
  'customer_sessions',
  'customers',
];

export class Tokens {
  constructor(private readonly db: Db) {}

  personalAccessToken(
    hash: string,
  ):
    | Pick<PersonalAccessTokenRow, 'id' | 'user_id' | 'scope' | 'expires_at' | 'revoked_at'>
    | undefined {
    return this.db.get(
      'SELECT id, user_id, scope, expires_at, revoked_at FROM personal_access_tokens WHERE token_hash = ?',
      hash,
    );
  }

  accessToken(
    hash: string,
  ):
    | Pick<
        OAuthTokenRow,
        | 'id'
        | 'sub_type'
        | 'user_id'
        | 'organization_id'
        | 'scope'
        | 'access_expires_at'
        | 'revoked_at'
      >
    | undefined {
    return this.db.get(
      'SELECT id, sub_type, user_id, organization_id, scope, access_expires_at, revoked_at FROM oauth2_tokens WHERE access_token_hash = ?',
      hash,
    );
  }

  /** A customer session with the organization of its customer. */
  customerSession(
    hash: string,
  ): { id: string; customer_id: string; organization_id: string; expires_at: string } | undefined {
    return this.db.get(
      `SELECT s.id, s.customer_id, c.organization_id, s.expires_at FROM customer_sessions s
       JOIN customers c ON c.id = s.customer_id WHERE s.token_hash = ?`,
      hash,
    );
  }
}
