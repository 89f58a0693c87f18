// Customer sessions: the token that acts as one customer in the customer portal. Made by a
// confirmed checkout, by POST /v1/customer-sessions/ and by /__local; they last an hour
// (api-facts "Authentication").
import { CUSTOMER_SESSION_SECONDS } from '../shared/api-facts.js';
import type { Clock } from './clock.js';
import type { Store } from './db.js';
import { hashToken, token, uuid } from './ids.js';

export interface CustomerSession {
  id: string;
  token: string;
  createdAt: string;
  expiresAt: string;
}

/** Stores a new session for `customerId` (inside the caller's transaction, if any). */
export function createCustomerSession(
  store: Store,
  clock: Clock,
  customerId: string,
): CustomerSession {
  const now = clock.now();
  const session = {
    id: uuid(),
    token: token('polar_cst_'),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CUSTOMER_SESSION_SECONDS * 1000).toISOString(),
  };
  store.run(
    'INSERT INTO customer_sessions (id, created_at, customer_id, token_hash, expires_at) VALUES (?, ?, ?, ?, ?)',
    session.id,
    session.createdAt,
    customerId,
    hashToken(session.token),
    session.expiresAt,
  );
  return session;
}
