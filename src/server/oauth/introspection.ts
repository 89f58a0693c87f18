// POST /v1/oauth2/revoke (RFC 7009) and POST /v1/oauth2/introspect (RFC 7662). Both need client
// authentication; a client only sees and revokes tokens issued to itself. Public clients
// authenticate with their client_id alone, as at the token endpoint.
import type { Router } from '../app.js';
import type { Store } from '../store/index.js';
import type { TokenPair } from '../store/oauth-tokens.js';
import { authenticateClient } from './clients.js';
import { invalidRequest } from './errors.js';
import { findByAccessToken, findByRefreshToken, revokePair } from './grants.js';
import { formRoute } from './http.js';

function find(
  store: Store,
  value: string,
  hint: string | undefined,
): { row: TokenPair; kind: 'access_token' | 'refresh_token' } | null {
  // The hint only decides the lookup order (RFC 7009 §2.1); both kinds are always tried.
  const order =
    hint === 'refresh_token'
      ? (['refresh_token', 'access_token'] as const)
      : (['access_token', 'refresh_token'] as const);
  for (const kind of order) {
    const row =
      kind === 'access_token' ? findByAccessToken(store, value) : findByRefreshToken(store, value);
    if (row) return { row, kind };
  }
  return null;
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export function registerIntrospection({ app, service }: Router): void {
  const { store, clock } = service;

  formRoute(app, '/v1/oauth2/revoke', (req, body) => {
    const { client } = authenticateClient(store, req, body, false);
    if (!body.token) throw invalidRequest('token is required.');
    const found = find(store, body.token, body.token_type_hint);
    // RFC 7009 §2.2: unknown tokens (and, here, other clients' tokens) still answer 200.
    if (found && found.row.client_id === client.client_id) {
      store.tx(() => revokePair(store, found.row.id, clock.iso()));
    }
    return {};
  });

  formRoute(app, '/v1/oauth2/introspect', (req, body) => {
    const { client } = authenticateClient(store, req, body, false);
    if (!body.token) throw invalidRequest('token is required.');
    const found = find(store, body.token, body.token_type_hint);
    const now = clock.iso();
    if (!found || found.row.client_id !== client.client_id || found.row.revoked_at) {
      return { active: false };
    }
    const { row, kind } = found;
    if (kind === 'access_token' && row.access_expires_at <= now) return { active: false };
    return {
      active: true,
      client_id: row.client_id,
      // RFC 7662 §2.2: token_type is the pair's type; token_use (as Ory Hydra) says which one.
      token_type: 'Bearer',
      token_use: kind,
      scope: row.scope,
      sub_type: row.sub_type,
      sub: row.sub_type === 'organization' ? row.organization_id : row.user_id,
      aud: row.client_id,
      iss: service.baseUrl,
      // Refresh tokens never expire (api-facts), so they carry no exp.
      ...(kind === 'access_token' ? { exp: seconds(row.access_expires_at) } : {}),
      iat: seconds(row.created_at),
    };
  });
}
