// Shared credential fixtures for the verb tests: no keychain, config dirs, logins and sessions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Credentials, FileStore, TokenStore } from '../../../src/auth/token-store.js';
import { tempConfigDir } from '../../helpers/cli.js';
import type { ScriptedHost } from '../../helpers/http.js';
import { CUSTOMER_TOKEN, json, page } from './verb.js';

/** No Secret Service here: a keychain helper, were one started, fails at once. */
export const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/billing-test-bus' };
/** NO_BUS, and no BILLING_TOKEN: what is stored is what counts. */
export const NO_ENV_TOKEN = { ...NO_BUS, BILLING_TOKEN: undefined };

/** The tokens of the stored OAuth login. */
export const ACCESS = 'polar_at_u_verbTestAccessTokenNeverSent00000000000000000';
export const REFRESH = 'polar_rt_u_verbTestRefreshTokenNeverSent0000000000000000';

/** A config dir whose profile `local` has these settings in config.json. */
export function configDirWith(profile: Record<string, unknown>): string {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { local: profile } }));
  return dir;
}

/** A config dir whose profile keeps its tokens in credentials.json (no keychain). */
export function fileStorage(): string {
  return configDirWith({ storage: 'file' });
}

/** The token store of a fileStorage() dir. */
export function fileTokenStore(configDir: string): TokenStore {
  return new TokenStore({ configDir, env: NO_BUS, storage: 'file', warn: () => {} });
}

/** A refreshable OAuth login of jane@example.com; `changes` set fields (undefined drops one). */
export function oauthLogin(changes: Partial<Credentials> = {}): Credentials {
  return {
    access_token: ACCESS,
    refresh_token: REFRESH,
    token_type: 'Bearer',
    kind: 'oauth',
    subject: 'jane@example.com',
    expires_at: '2026-11-23T15:00:00Z',
    ...changes,
  };
}

/** An OAuth login that expired an hour before the tests' clock (12:00Z); `refreshable` or not. */
export function expiredLogin(refreshable: boolean): Credentials {
  const expired = oauthLogin({ expires_at: '2026-11-23T11:00:00Z' });
  return refreshable ? expired : { ...expired, refresh_token: undefined, subject: undefined };
}

/** A personal access token as `login --with-token` stores it. */
export function patLogin(token: string): Credentials {
  return { access_token: token, token_type: 'Bearer', kind: 'pat' };
}

/** A fileStorage() dir with `credentials` stored for profile local. */
export async function storedLogin(credentials: Credentials): Promise<string> {
  const configDir = fileStorage();
  await new FileStore(configDir).write('local', credentials);
  return configDir;
}

/** Stores CUSTOMER_TOKEN as the customer session of buyer@example.com until `expiresAt`. */
export async function storeCustomerSession(configDir: string, expiresAt: string): Promise<void> {
  await fileTokenStore(configDir).writeCustomerSession('local', {
    token: CUSTOMER_TOKEN,
    email: 'buyer@example.com',
    expiresAt,
  });
}

/** Two organizations the seller's token acts for: no default organization can be told. */
export const TWO_ORGS = [
  { id: '3a1f0c2e-5b7d-4e9f-8a1b-2c3d4e5f6a7b', name: 'Acme' },
  { id: '4b2e1d3f-6c8e-4f0a-9b2c-3d4e5f6a7b8c', name: 'Beta' },
];

/** The one page of organizations a default organization is looked up in. */
export const ORGS_LOOKUP = { path: '/v1/organizations/?page=1&limit=10', method: 'GET' } as const;

/** Answers the organizations lookup with TWO_ORGS. */
export function twoOrganizations(pool: ScriptedHost): void {
  pool.intercept(ORGS_LOOKUP).reply(200, page(TWO_ORGS), json);
}

/** The usage error of a command that needs an organization and cannot tell which. */
export function orgRequired(command?: string): string {
  return (
    `billing: ${command ? `${command}: ` : ''}--org is required: your token can act for 2 ` +
    `organizations (Acme ${TWO_ORGS[0]!.id}, Beta ${TWO_ORGS[1]!.id})\n` +
    'Pass --org <id>, or set a default: billing config set organization_id <id>\n'
  );
}
