// A seller's customers: create, update and delete (the real service's customer service at the
// spec's generation). No event: that generation has no customer webhooks.
import type { Address } from '../../shared/shapes.js';
import { uuid } from '../ids.js';
import { json } from '../store/index.js';
import type { CustomerRow } from '../store/rows.js';
import { invalid } from './errors.js';
import type { Work } from './work.js';

export interface CustomerFields {
  email?: string | null;
  name?: string | null;
  billing_address?: Address | null;
  tax_id?: [string, string] | null;
}

/** The organization's customer with this email, deleted or not, without case (it stays taken). */
function emailTaken({ store }: Work, organizationId: string, email: string): boolean {
  return store.inOrganization('customers', organizationId, 'email', email, true) !== undefined;
}

const taken = (email: string) =>
  invalid(['email'], 'A customer with this email address already exists.', email);

/** Stored as the real service stores an address: the keys that have a value. */
const addressJson = (a: Address | null | undefined) =>
  a ? json(Object.fromEntries(Object.entries(a).filter(([, v]) => v != null))) : null;

export function createCustomer(
  w: Work,
  organizationId: string,
  body: CustomerFields & { email: string },
): CustomerRow {
  if (emailTaken(w, organizationId, body.email)) throw taken(body.email);
  const id = uuid();
  w.store.insert('customers', {
    id,
    created_at: w.clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    email: body.email,
    email_verified: 0,
    name: body.name ?? null,
    billing_address: addressJson(body.billing_address),
    tax_id: body.tax_id ? json(body.tax_id) : null,
    metadata: '{}',
    avatar_url: null,
    user_id: null,
  });
  return w.store.row('customers', id)!;
}

/** Sets the fields sent (an explicit null clears one); a new email is unverified again. */
export function updateCustomer(w: Work, row: CustomerRow, body: CustomerFields): void {
  const set: Record<string, unknown> = {};
  // `email: null` would break the real service's NOT NULL column (a 500); here it changes nothing.
  if (body.email != null) {
    if (body.email.toLowerCase() !== row.email.toLowerCase()) {
      if (emailTaken(w, row.organization_id, body.email)) throw taken(body.email);
      set.email_verified = 0;
    }
    set.email = body.email;
  }
  if (body.name !== undefined) set.name = body.name;
  if (body.billing_address !== undefined) set.billing_address = addressJson(body.billing_address);
  if (body.tax_id !== undefined) set.tax_id = body.tax_id ? json(body.tax_id) : null;
  // Like the ORM there, a row written with the values it has is not touched (nor modified_at).
  const current = row as unknown as Record<string, unknown>;
  const changed = Object.fromEntries(Object.entries(set).filter(([k, v]) => current[k] !== v));
  if (Object.keys(changed).length) w.store.update('customers', row.id, changed, w.clock.iso());
}

/**
 * Soft delete: the customer leaves the customer list and reads. Its subscriptions, orders and
 * license keys stay as they are: the real service's delete only sets deleted_at (its "cancel
 * subscriptions, revoke benefits" is a TODO at this generation).
 */
export function deleteCustomer(w: Work, row: CustomerRow): void {
  const now = w.clock.iso();
  w.store.update('customers', row.id, { deleted_at: now }, now);
}
