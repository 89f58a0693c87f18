// Bearer-token authentication and scope checks for resource routes (api-facts "Authentication").
import { SCOPES } from '../shared/api-facts.js';
import type { Clock } from './clock.js';
import type { Store } from './db.js';
import { insufficientScope, invalidToken, unauthorized } from './errors.js';
import { hashToken } from './ids.js';

export const REALM = 'billing';

export const ALL_SCOPES = SCOPES;

/** Who a bearer token acts for; `expiresAt` (ISO) is checked against the clock per request. */
export type Principal = { expiresAt?: string | null } & (
  | { kind: 'user'; userId: string; scopes: Set<string>; via: 'pat' | 'oauth'; tokenId: string }
  | { kind: 'organization'; organizationId: string; scopes: Set<string>; tokenId: string }
  | { kind: 'customer'; customerId: string; organizationId: string; scopes: Set<string> }
);

export type Kind = Principal['kind'];

const CUSTOMER_SCOPES = new Set(['customer_portal:read', 'customer_portal:write']);

/** Resolves an Authorization header. undefined = no credentials; throws 401 for a bad token. */
export function authenticate(
  store: Store,
  clock: Clock,
  header: string | undefined,
): Principal | undefined {
  if (!header) return undefined;
  // Looked up once per data generation: any write (a revocation, a refresh) empties the memo;
  // `now` is checked on every request because tokens expire without a write.
  const now = clock.iso();
  const found = store
    .memo<Principal | false>('auth')
    .get(header, () => lookup(store, header) ?? false);
  if (found && (!found.expiresAt || found.expiresAt > now)) return found;
  throw invalidToken(
    REALM,
    'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
  );
}

function lookup(store: Store, header: string): Principal | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw invalidToken(REALM, 'The access token is malformed.');
  const value = match[1]!;
  const hash = hashToken(value);
  if (value.startsWith('polar_pat_')) {
    const row = store.get<{
      id: string;
      user_id: string;
      scope: string;
      expires_at: string | null;
      revoked_at: string | null;
    }>(
      'SELECT id, user_id, scope, expires_at, revoked_at FROM personal_access_tokens WHERE token_hash = ?',
      hash,
    );
    if (row && !row.revoked_at) {
      return {
        kind: 'user',
        userId: row.user_id,
        scopes: new Set(row.scope.split(' ')),
        via: 'pat',
        tokenId: row.id,
        expiresAt: row.expires_at,
      };
    }
  } else if (value.startsWith('polar_at_u_') || value.startsWith('polar_at_o_')) {
    const row = store.get<{
      id: string;
      sub_type: string;
      user_id: string | null;
      organization_id: string | null;
      scope: string;
      access_expires_at: string;
      revoked_at: string | null;
    }>(
      'SELECT id, sub_type, user_id, organization_id, scope, access_expires_at, revoked_at FROM oauth2_tokens WHERE access_token_hash = ?',
      hash,
    );
    if (row && !row.revoked_at) {
      const scopes = new Set(row.scope.split(' ').filter(Boolean));
      if (row.sub_type === 'organization' && row.organization_id) {
        return {
          kind: 'organization',
          organizationId: row.organization_id,
          scopes,
          tokenId: row.id,
          expiresAt: row.access_expires_at,
        };
      }
      if (row.user_id)
        return {
          kind: 'user',
          userId: row.user_id,
          scopes,
          via: 'oauth',
          tokenId: row.id,
          expiresAt: row.access_expires_at,
        };
    }
  } else if (value.startsWith('polar_cst_')) {
    const row = store.get<{ customer_id: string; organization_id: string; expires_at: string }>(
      `SELECT s.customer_id, c.organization_id, s.expires_at FROM customer_sessions s
       JOIN customers c ON c.id = s.customer_id WHERE s.token_hash = ?`,
      hash,
    );
    if (row) {
      return {
        kind: 'customer',
        customerId: row.customer_id,
        organizationId: row.organization_id,
        expiresAt: row.expires_at,
        scopes: CUSTOMER_SCOPES,
      };
    }
  }
  return undefined;
}

/** Enforces the endpoint's accepted principal kinds and scopes (a token passes with ANY of them). */
export function authorize(
  principal: Principal | undefined,
  kinds: Kind[],
  scopes: string[],
): Principal {
  if (!principal || !kinds.includes(principal.kind)) throw unauthorized(REALM);
  if (scopes.length && !scopes.some((s) => principal.scopes.has(s))) {
    throw insufficientScope(REALM, scopes);
  }
  return principal;
}

/** Organizations whose data the principal may read or change. */
export function organizationIds(store: Store, principal: Principal): string[] {
  if (principal.kind === 'organization' || principal.kind === 'customer')
    return [principal.organizationId];
  const userId = principal.userId;
  return store
    .memo<string[]>('user-organizations')
    .get(userId, () =>
      store
        .all<{ organization_id: string }>(
          'SELECT organization_id FROM user_organizations WHERE user_id = ?',
          userId,
        )
        .map((r) => r.organization_id),
    );
}
