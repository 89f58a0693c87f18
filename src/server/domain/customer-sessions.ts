// Customer sessions: the token that acts as one customer in the customer portal. Made by a
// confirmed checkout, by POST /v1/customer-sessions/ and by /__local; they last an hour
// (api-facts "Authentication").
import { CUSTOMER_SESSION_SECONDS } from '../../shared/api-facts.js';
import { hashToken, token, uuid } from '../ids.js';
import type { Deps } from './work.js';

export interface CustomerSession {
  id: string;
  token: string;
  createdAt: string;
  expiresAt: string;
  /** Today's: where the portal's back button leads. */
  returnUrl: string | null;
}

/** Stores a new session for `customerId` (inside the caller's transaction, if any). */
export function createCustomerSession(
  { store, clock }: Deps,
  customerId: string,
  returnUrl: string | null = null,
): CustomerSession {
  const now = clock.now();
  const session = {
    id: uuid(),
    token: token('polar_cst_'),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CUSTOMER_SESSION_SECONDS * 1000).toISOString(),
    returnUrl,
  };
  store.insert('customer_sessions', {
    id: session.id,
    created_at: session.createdAt,
    customer_id: customerId,
    token_hash: hashToken(session.token),
    expires_at: session.expiresAt,
    return_url: returnUrl,
  });
  return session;
}
