// The public OAuth client of the CLI, always registered (also with --seed none), so `billing
// login` works against any local service with the same client id.
import { LOCAL_CLIENT_ID } from '../shared/local.js';
import { ALL_SCOPES } from './auth.js';
import { json, type Store } from './db.js';

export const CLI_CLIENT_NAME = 'Billing CLI';

export function ensureCliClient(store: Store, now: Date): string {
  store.run(
    `INSERT OR IGNORE INTO oauth2_clients (client_id, created_at, client_secret, client_id_issued_at,
     client_secret_expires_at, token_endpoint_auth_method, metadata, user_id)
     VALUES (?, ?, NULL, ?, 0, 'none', ?, NULL)`,
    LOCAL_CLIENT_ID,
    now.toISOString(),
    Math.floor(now.getTime() / 1000),
    json({
      client_name: CLI_CLIENT_NAME,
      client_uri: null,
      logo_uri: null,
      tos_uri: null,
      policy_uri: null,
      // RFC 8252 §7.3: any port matches a registered loopback redirect URI.
      redirect_uris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: ALL_SCOPES.join(' '),
    }),
  );
  return LOCAL_CLIENT_ID;
}
