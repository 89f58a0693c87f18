// A seller's customers: create, update and delete, at the seed's generation (customer service at
// f179ede58c) and today's (customer/service.py and repository.py at c6c3645e), each with its own
// rules where they differ. Every create, update and soft delete emits its customer.* event, as
// today's repository sends one (customer.state_changed follows from the outbox); the seed's
// generation has no customer events, so only today's endpoints ever receive them.
import { createHash } from 'node:crypto';
import { SUBSCRIPTION_ACTIVE_STATUSES } from '../../shared/api-facts.js';
import type { Generation } from '../../shared/api-versions.js';
import type { Address } from '../../shared/shapes.js';
import { uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type { CustomerRow, CustomerType } from '../store/rows.js';
import { pyIsoTime } from '../webhooks/python-json.js';
import { revokeCustomerGrants } from './benefit-grants.js';
import { Invalid, invalid, type Problem } from './errors.js';
import type { Metadata } from './metadata.js';
import { cancelSubscription } from './subscriptions.js';
import { validateTaxId } from './tax-ids.js';
import type { Work } from './work.js';

export interface CustomerFields {
  email?: string | null;
  name?: string | null;
  billing_address?: Address | null;
  /** The seed's: [number, format] as sent. */
  tax_id?: [string, string] | null;
  // Today's generation's.
  /** Today's: a number, read in the format of the billing country (tax-ids.ts). */
  tax_number?: string | null;
  external_id?: string | null;
  type?: CustomerType | null;
  billing_name?: string | null;
  locale?: string | null;
  metadata?: Metadata;
}

/** The key a deleted customer keeps its external id under (EXTERNAL_ID_METADATA_KEY). */
export const EXTERNAL_ID_METADATA_KEY = '__external_id';

/** The organization's customer with this email, deleted or not, without case (it stays taken). */
function emailTaken({ store }: Work, organizationId: string, email: string): boolean {
  return store.inOrganization('customers', organizationId, 'email', email, true) !== undefined;
}

function externalTaken({ store }: Work, organizationId: string, externalId: string): boolean {
  return store.inOrganization('customers', organizationId, 'external_id', externalId) !== undefined;
}

const emailProblem = (email: string): Problem => ({
  type: 'value_error',
  loc: ['email'],
  msg: 'A customer with this email address already exists.',
  input: email,
});

const externalProblem = (externalId: string | null | undefined): Problem => ({
  type: 'value_error',
  loc: ['external_id'],
  msg: 'A customer with this external ID already exists.',
  input: externalId ?? null,
});

/** Stored as the real service stores an address: the keys that have a value. */
const addressJson = (a: Address | null | undefined) =>
  a ? json(Object.fromEntries(Object.entries(a).filter(([, v]) => v != null))) : null;

const countryRequired = () =>
  invalid(['billing_address'], 'Country is required to validate tax ID.', null, 'missing');

export function createCustomer(
  w: Work,
  organizationId: string,
  body: CustomerFields & { email: string },
  generation: Generation = 'seed',
): CustomerRow {
  const problems: Problem[] = [];
  if (emailTaken(w, organizationId, body.email)) problems.push(emailProblem(body.email));
  if (generation === 'seed' && problems.length) throw new Invalid(problems);
  if (body.external_id != null && externalTaken(w, organizationId, body.external_id))
    problems.push(externalProblem(body.external_id));
  if (problems.length) throw new Invalid(problems);
  let taxId = body.tax_id ? json(body.tax_id) : null;
  if (body.tax_number != null) {
    if (!body.billing_address) throw countryRequired();
    taxId = json(validateTaxId(body.tax_number, body.billing_address.country));
  }
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
    tax_id: taxId,
    metadata: json(body.metadata ?? {}),
    avatar_url: null,
    user_id: null,
    external_id: body.external_id ?? null,
    type: generation === 'today' ? (body.type ?? 'individual') : null,
    billing_name: body.billing_name ?? null,
    locale: body.locale ?? null,
  });
  w.tx.emit({ type: 'customer.created', id });
  return w.store.row('customers', id)!;
}

/**
 * Sets the fields sent (an explicit null clears one); a new email is unverified again. Today's
 * rules besides (customer/service.py `update`): the address cannot be cleared, the external id is
 * set once, a team is never an individual again, and a tax ID is read against the country.
 */
export function updateCustomer(
  w: Work,
  row: CustomerRow,
  body: CustomerFields,
  generation: Generation = 'seed',
): void {
  const set: Record<string, unknown> = {};
  const problems: Problem[] = [];
  // `email: null` would break the real service's NOT NULL column (a 500); here it changes nothing.
  if (body.email != null) {
    if (body.email.toLowerCase() !== row.email.toLowerCase()) {
      if (emailTaken(w, row.organization_id, body.email)) problems.push(emailProblem(body.email));
      set.email_verified = 0;
    }
    set.email = body.email;
  }
  if (generation === 'seed' && problems.length) throw new Invalid(problems);
  if (generation === 'today') {
    if (body.billing_address === null)
      problems.push({
        type: 'value_error',
        loc: ['billing_address'],
        msg: 'Customer billing address cannot be reset to null once set.',
        input: null,
      });
    if (body.external_id !== undefined && body.external_id !== (row.external_id ?? null)) {
      if (row.external_id != null)
        problems.push({
          type: 'value_error',
          loc: ['external_id'],
          msg: 'Customer external ID cannot be updated.',
          input: body.external_id,
        });
      else if (body.external_id !== null && externalTaken(w, row.organization_id, body.external_id))
        problems.push(externalProblem(body.external_id));
    }
    // A customer from before types is an individual.
    if (body.type !== undefined && (row.type ?? 'individual') === 'team' && body.type !== 'team')
      problems.push({
        type: 'value_error',
        loc: ['type'],
        msg: "Customer type cannot be downgraded from 'team' to 'individual'.",
        input: body.type,
      });
    if (problems.length) throw new Invalid(problems);
    Object.assign(set, todaysTaxId(row, body));
    if (body.external_id !== undefined) set.external_id = body.external_id;
    if (body.type !== undefined) set.type = body.type ?? row.type ?? null;
    if (body.locale !== undefined) set.locale = body.locale;
    if (body.billing_name !== undefined) set.billing_name = body.billing_name;
    if (body.metadata !== undefined) set.metadata = json(body.metadata);
  }
  if (body.name !== undefined) set.name = body.name;
  if (body.billing_address !== undefined) set.billing_address = addressJson(body.billing_address);
  if (body.tax_id !== undefined) set.tax_id = body.tax_id ? json(body.tax_id) : null;
  // Like the ORM there, a row written with the values it has is not touched (nor modified_at).
  const current = row as unknown as Record<string, unknown>;
  const changed = Object.fromEntries(Object.entries(set).filter(([k, v]) => current[k] !== v));
  if (Object.keys(changed).length) w.store.update('customers', row.id, changed, w.clock.iso());
  // Today's repository sends customer.updated on every update, a change or not.
  if (Object.keys(changed).length || generation === 'today')
    w.tx.emit({ type: 'customer.updated', id: row.id });
}

/** Today's tax ID on an update: a new number read against the (new) country, or the old one re-read. */
function todaysTaxId(row: CustomerRow, body: CustomerFields): Record<string, unknown> {
  const address = body.billing_address ?? parseJson<Address | null>(row.billing_address);
  if (body.tax_number !== undefined) {
    if (body.tax_number === null) return { tax_id: null };
    if (!address) throw countryRequired();
    return { tax_id: json(validateTaxId(body.tax_number, address.country)) };
  }
  const stored = parseJson<[string, string] | null>(row.tax_id);
  if (body.billing_address !== undefined && stored) {
    if (!address) throw countryRequired();
    return { tax_id: json(validateTaxId(stored[0], address.country)) };
  }
  return {};
}

export interface PortalChanges {
  billing_name?: string | null;
  billing_address?: Address | null;
  tax_number?: string | null;
  default_payment_method_id?: string | null;
}

/**
 * The customer's own update in today's portal (customer_portal/service/customer.py `update` at
 * c6c3645e): its billing name, address, tax ID and default payment method — of which the
 * sandbox, having no payment processor, has none to choose.
 */
export function updatePortalCustomer(w: Work, row: CustomerRow, body: PortalChanges): void {
  const set: Record<string, unknown> = {};
  if (body.billing_name != null) set.billing_name = body.billing_name;
  if (body.billing_address === null)
    throw invalid(
      ['billing_address'],
      'Customer billing address cannot be reset to null once set.',
      null,
      'missing',
    );
  if (body.billing_address) set.billing_address = addressJson(body.billing_address);
  if (body.default_payment_method_id === null)
    throw invalid(
      ['default_payment_method_id'],
      'Default payment method cannot be reset to null.',
      null,
      'missing',
    );
  if (body.default_payment_method_id !== undefined)
    throw invalid(
      ['default_payment_method_id'],
      'Payment method not found.',
      body.default_payment_method_id,
      'invalid',
    );
  Object.assign(
    set,
    todaysTaxId(row, { billing_address: body.billing_address, tax_number: body.tax_number }),
  );
  const current = row as unknown as Record<string, unknown>;
  const changed = Object.fromEntries(Object.entries(set).filter(([k, v]) => current[k] !== v));
  if (Object.keys(changed).length) w.store.update('customers', row.id, changed, w.clock.iso());
  w.tx.emit({ type: 'customer.updated', id: row.id });
}

export interface DeleteOptions {
  /** Today's: also scrub the customer's personal data (customer/service.py `anonymize`). */
  anonymize?: boolean;
}

/**
 * Soft delete: the customer leaves the customer list and reads, and its external id is freed
 * (kept in its metadata). At the seed's generation that is all (its "cancel subscriptions,
 * revoke benefits" was a TODO at f179ede58c); today's also ends its billable subscriptions at
 * once and revokes every benefit it was granted (subscription.cancel_customer and
 * benefit.revoke_customer, queued by customer/service.py `delete` at c6c3645e).
 */
export function deleteCustomer(
  w: Work,
  row: CustomerRow,
  generation: Generation = 'seed',
  options: DeleteOptions = {},
): void {
  const now = w.clock.iso();
  const set: Record<string, unknown> = { deleted_at: now };
  const metadata = parseJson<Record<string, unknown>>(row.metadata) ?? {};
  if (row.external_id) {
    metadata[EXTERNAL_ID_METADATA_KEY] = row.external_id;
    set.external_id = null;
  }
  if (generation === 'today') {
    for (const sub of w.store.subscriptions.ofCustomer(row.id)) {
      if (SUBSCRIPTION_ACTIVE_STATUSES.includes(sub.status as never) && sub.ended_at == null)
        cancelSubscription(w, sub, true);
    }
    revokeCustomerGrants(w, row.id);
    if (options.anonymize) Object.assign(set, anonymized(row, metadata, now));
  }
  set.metadata = json(metadata);
  w.store.update('customers', row.id, set, now);
  w.tx.emit({ type: 'customer.deleted', id: row.id });
}

/**
 * The real `anonymize`: the email and (unless it is a business's, with a tax ID) the name
 * replaced by hashes of the creation time and the value, the address cleared; the external id
 * and tax ID kept, the time recorded in the metadata.
 */
function anonymized(row: CustomerRow, metadata: Record<string, unknown>, now: string) {
  if (metadata.__anonymized_at != null) return {};
  const created = pyIsoTime(row.created_at);
  const hash = (v: string) => sha256(created + v);
  const set: Record<string, unknown> = {
    email: `${hash(row.email)}@anonymized.polar.sh`,
    email_verified: 0,
    billing_address: null,
  };
  if (row.tax_id == null && row.name) set.name = hash(row.name);
  if (row.billing_name) set.billing_name = hash(row.billing_name);
  metadata.__anonymized_at = pyIsoTime(now);
  return set;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Whether a customer is active in the real list's sense (a trialing, active or past_due subscription). */
export const ACTIVE_CUSTOMER_STATUSES = ['trialing', 'active', 'past_due'] as const;
