// Personal access tokens minted by POST /__local/personal-access-tokens (tests and demos; the real
// service makes them on its dashboard): a user's token with the scopes asked for.
import { hashToken, token, uuid } from '../ids.js';
import { invalid } from './errors.js';
import type { Work } from './work.js';

export interface Minted {
  token: string;
  scope: string;
  expires_at: string | null;
}

export function mintPersonalAccessToken(
  { store, clock }: Work,
  email: string,
  scopes: readonly string[],
  expiresInSeconds?: number,
): Minted {
  const user = store.users.byEmail(email);
  if (!user) throw invalid(['email'], 'No user with this email.', email);
  const value = token('polar_pat_');
  const scope = scopes.join(' ');
  const expires = expiresInSeconds
    ? new Date(clock.now().getTime() + expiresInSeconds * 1000).toISOString()
    : null;
  store.insert('personal_access_tokens', {
    id: uuid(),
    created_at: clock.iso(),
    user_id: user.id,
    token_hash: hashToken(value),
    comment: 'Minted by /__local',
    scope,
    expires_at: expires,
    revoked_at: null,
  });
  return { token: value, scope, expires_at: expires };
}
