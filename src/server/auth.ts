// Bearer-token authentication and scope checks for resource routes (api-facts "Authentication").
import { SCOPES } from '../shared/api-facts.js';
import type { Clock } from './clock.js';
import type { Kind, Principal } from './domain/principal.js';
import { insufficientScope, invalidToken, unauthorized } from './errors.js';
import { hashToken } from './ids.js';
import type { Store } from './store/index.js';
import { TOKEN_TABLES } from './store/tokens.js';

export const REALM = 'billing';

export const ALL_SCOPES = SCOPES;

const CUSTOMER_SCOPES = new Set(['customer_portal:read', 'customer_portal:write']);

/** Resolves an Authorization header. undefined = no credentials; throws 401 for a bad token. */
export function authenticate(
  store: Store,
  clock: Clock,
  header: string | undefined,
): Principal | undefined {
  if (!header) return undefined;
  // A client's registration access token is no API token: its caller is anonymous to the API
  // (auth/middlewares.py get_auth_subject at c6c3645e); only RFC 7592's endpoint reads it.
  if (/^Bearer\s+polar_crt_\S+\s*$/i.test(header)) return undefined;
  // Looked up once until a write to the token tables (a revocation, a refresh) empties the
  // memo; `now` is checked on every request because tokens expire without a write.
  const now = clock.iso();
  const found = store
    .memo<Principal | false>('auth', TOKEN_TABLES)
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
    const row = store.tokens.personalAccessToken(hash);
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
    const row = store.tokens.accessToken(hash);
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
    const row = store.tokens.customerSession(hash);
    if (row) {
      return {
        kind: 'customer',
        sessionId: row.id,
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
