// The public OAuth client of the CLI, always registered (also with --seed none), so `billing
// login` works against any local service with the same client id.
import { OAUTH_GRANT_TYPES } from '../shared/api-facts.js';
import { LOCAL_CLIENT_ID } from '../shared/local.js';
import { ALL_SCOPES } from './auth.js';
import { json, type Store } from './store/index.js';

export const CLI_CLIENT_NAME = 'Billing CLI';

export function ensureCliClient(store: Store, now: Date): string {
  store.tx(() => insertCliClient(store, now));
  return LOCAL_CLIENT_ID;
}

function insertCliClient(store: Store, now: Date): void {
  store.insert(
    'oauth2_clients',
    {
      client_id: LOCAL_CLIENT_ID,
      created_at: now.toISOString(),
      client_secret: null,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      client_secret_expires_at: 0,
      token_endpoint_auth_method: 'none',
      metadata: json({
        client_name: CLI_CLIENT_NAME,
        client_uri: null,
        logo_uri: null,
        tos_uri: null,
        policy_uri: null,
        // RFC 8252 §7.3: any port matches a registered loopback redirect URI.
        redirect_uris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
        grant_types: [...OAUTH_GRANT_TYPES],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: ALL_SCOPES.join(' '),
      }),
      user_id: null,
      registration_access_token_hash: null,
      registered_from: null,
    },
    'ignore',
  );
}
