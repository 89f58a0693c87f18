// Shared credential fixtures for the verb tests: no keychain, config dirs, logins and sessions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Credentials, FileStore, TokenStore } from '../../../src/auth/token-store.js';
import { tempConfigDir } from '../../helpers/cli.js';
import { CUSTOMER_TOKEN } from './verb.js';

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
