// Refresh that never races: a lock next to the config, a re-read of the store, and a refresh
// only if the token is still the old one; other processes wait and reuse the new token. The
// refresh's requests end within the request timeout in use, and its lock is held for no longer
// than that plus a margin, so nobody breaks the lock of a refresh still under way.
import { join } from 'node:path';
import { withLock } from '../config/lock.js';
import type { Settings } from '../config/resolve.js';
import { AuthError, NetworkError } from '../errors.js';
import type { Credentials } from './credentials.js';
import type { Net } from './oauth.js';
import type { StoredCredentials, TokenStore } from './token-store.js';

/** What a refresh needs: the profile's settings and store, the clock, the lock's directory. */
export interface RefreshDeps {
  settings: Settings;
  store: TokenStore;
  /** Directory of the refresh lock (the config directory). */
  configDir: string;
  now(): Date;
  /** Ctrl+C and the --debug trace for the token request. */
  net: Net;
  /** The request timeout in use (--request-timeout, else the profile's request_timeout). */
  requestTimeoutMs?: number;
}

/** Beyond its requests, a refresh reads and writes the token store (a keychain can be slow). */
export const REFRESH_LOCK_MARGIN_MS = 30_000;

/**
 * The refresh lock's times for a refresh whose requests take at most `requestTimeoutMs`: it goes
 * stale only after the longest a refresh can legitimately take, and a waiter waits that long
 * (and a little more) before giving up, since by then the lock is either free or breakable.
 */
export function refreshLockOptions(requestTimeoutMs: number) {
  const staleMs = requestTimeoutMs + REFRESH_LOCK_MARGIN_MS;
  return { staleMs, timeoutMs: staleMs + 5_000 };
}

/** Refresh when the access token expires within this window. */
export const REFRESH_MARGIN_MS = 60_000;

function expiresSoon(c: Credentials, now: number): boolean {
  return c.expires_at !== undefined && Date.parse(c.expires_at) - now <= REFRESH_MARGIN_MS;
}

export function lockPath(configDir: string, profile: string): string {
  return join(configDir, `refresh-${profile}.lock`);
}

/**
 * The stored credentials as they are, without refreshing (what `auth status --offline` shows).
 * undefined = logged out; an error when the login has expired with no way to refresh it.
 */
export async function storedAccessToken(
  deps: Pick<RefreshDeps, 'settings' | 'store' | 'now'>,
): Promise<StoredCredentials | undefined> {
  const stored = await deps.store.read(deps.settings.profile);
  const c = stored?.credentials;
  if (c && c.kind !== 'pat' && !c.refresh_token && c.expires_at) {
    if (Date.parse(c.expires_at) <= deps.now().getTime())
      throw loginAgain('your login has expired');
  }
  return stored ?? undefined;
}

/**
 * The stored credentials and where they are kept, refreshed first when they are about to
 * expire. undefined = logged out.
 */
export async function freshAccessToken(deps: RefreshDeps): Promise<StoredCredentials | undefined> {
  const stored = await storedAccessToken(deps);
  const c = stored?.credentials;
  if (!stored || !c || c.kind === 'pat' || !c.refresh_token) return stored;
  if (!expiresSoon(c, deps.now().getTime())) return stored;
  const credentials = await refreshLocked(deps, c.access_token, false);
  return { ...stored, credentials };
}

/** After a 401 invalid_token: refresh once. true = there is a new token to retry with. */
export async function refreshAfterRejection(deps: RefreshDeps): Promise<boolean> {
  const stored = await deps.store.read(deps.settings.profile);
  if (!stored?.credentials.refresh_token) return false;
  const before = stored.credentials.access_token;
  const after = await refreshLocked(deps, before, true);
  return after.access_token !== before;
}

async function refreshLocked(
  deps: RefreshDeps,
  seen: string,
  force: boolean,
): Promise<Credentials> {
  const { settings, store } = deps;
  const requestTimeoutMs = deps.requestTimeoutMs ?? settings.request_timeout * 1000;
  return withLock(
    lockPath(deps.configDir, settings.profile),
    async () => {
      const current = (await store.read(settings.profile))?.credentials;
      if (!current) throw loginAgain('not logged in');
      const now = deps.now().getTime();
      // Another process refreshed while we waited for the lock: use its token.
      if (current.access_token !== seen && !expiresSoon(current, now)) return current;
      if (!force && !expiresSoon(current, now)) return current;
      if (!current.refresh_token) throw loginAgain('your login has expired');
      const { refreshGrant } = await import('./oauth.js');
      let tokens: Awaited<ReturnType<typeof refreshGrant>>;
      // Discovery and the token request together: the lock's stale age counts on it.
      const deadline = AbortSignal.timeout(requestTimeoutMs);
      const signals = [deadline, deps.net.signal].filter((x) => x !== undefined);
      try {
        tokens = await refreshGrant(settings, current.refresh_token, {
          ...deps.net,
          signal: AbortSignal.any(signals),
        });
      } catch (err) {
        if (deadline.aborted && !deps.net.signal?.aborted) {
          throw new NetworkError(
            `could not refresh the access token: no answer within ${requestTimeoutMs / 1000} s`,
            { hint: 'Try again, or allow more time with --request-timeout.', cause: err },
          );
        }
        const code = (err as { error?: string }).error;
        if (code === 'invalid_grant' || code === 'invalid_client') {
          throw loginAgain('your login is no longer valid (the server refused the refresh token)');
        }
        throw new AuthError(`could not refresh the access token: ${(err as Error).message}`, {
          cause: err,
        });
      }
      const next: Credentials = {
        ...current,
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token ?? current.refresh_token,
        expires_at:
          tokens.expires_in !== undefined
            ? new Date(now + tokens.expires_in * 1000).toISOString()
            : current.expires_at,
        scope: tokens.scope ?? current.scope,
      };
      await store.write(settings.profile, next);
      return next;
    },
    refreshLockOptions(requestTimeoutMs),
  );
}

function loginAgain(reason: string): AuthError {
  return new AuthError(reason, { hint: 'Run `billing login` again, or set BILLING_TOKEN.' });
}
