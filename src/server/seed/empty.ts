// `--seed empty` (and the sandbox library's `data: 'empty'`): one user who owns one organization
// with nothing in it, and that user's personal access token — what a seller's test needs before
// its own fixtures, and no more. The same ids and token on every start and after a reset (a
// seeded PRNG), so a test's sandbox handle stays valid across `reset()`.
import { ALL_SCOPES } from '../auth.js';
import type { Clock } from '../clock.js';
import { createOrganization } from '../domain/organizations.js';
import { hashToken, seededRandom, token, uuid } from '../ids.js';
import type { Store } from '../store/index.js';

export interface OwnerInfo {
  organization_id: string;
  personal_access_token: string;
  /** Whose the token is: the organization's owner. */
  email: string;
}

export const EMPTY_OWNER_EMAIL = 'owner@sandbox.test';

export function seedEmpty(store: Store, clock: Clock): OwnerInfo {
  const rnd = seededRandom(29);
  const now = clock.iso();
  return store.tx((tx) => {
    const userId = uuid(rnd);
    store.insert('users', {
      id: userId,
      created_at: now,
      email: EMPTY_OWNER_EMAIL,
      email_verified: 1,
      public_name: 'Sandbox Owner',
      avatar_url: null,
      code_host_username: null,
    });
    const organizationId = createOrganization(
      { store, clock, tx },
      userId,
      { name: 'Sandbox', slug: 'sandbox' },
      uuid(rnd),
    );
    const value = token('polar_pat_', rnd);
    store.insert('personal_access_tokens', {
      id: uuid(rnd),
      created_at: now,
      user_id: userId,
      token_hash: hashToken(value),
      comment: 'Sandbox token',
      scope: ALL_SCOPES.join(' '),
      expires_at: null,
      revoked_at: null,
    });
    const owner = {
      organization_id: organizationId,
      personal_access_token: value,
      email: EMPTY_OWNER_EMAIL,
    };
    store.meta.set('owner', JSON.stringify(owner));
    return owner;
  });
}

/** The seeded owner of an `empty` start, or undefined. */
export function storedOwner(store: Store): OwnerInfo | undefined {
  const raw = store.meta.get('owner');
  return raw ? (JSON.parse(raw) as OwnerInfo) : undefined;
}
