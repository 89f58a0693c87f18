// License keys: the seller's update, and the unauthenticated activate / validate / deactivate
// calls of the customer's software, with their checks in the real service's order
// (api-facts "Errors", license_key/service.py). Each runs in the caller's transaction, so
// concurrent activations are serialised and the limit holds.
import type { RawJSON } from '../../shared/json.js';
import { uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type { ActivationRow, LicenseKeyRow, LicenseKeyStatus } from '../store/rows.js';
import { BadRequest, Invalid, NotFound, NotPermitted } from './errors.js';
import { beyond } from './values.js';
import type { Work } from './work.js';

/**
 * The largest license-key usage, limit_usage and increment_usage: the real service keeps these
 * counters in PostgreSQL integer columns (server/polar/models/license_key.py), and anything
 * larger would overflow there; here it would pass 2^53 and no longer read back (a 500).
 */
export const COUNTER_MAX = 2_147_483_647;

/** An activation's meta or conditions; an integer beyond 2^53 stays raw JSON (shared/json.ts). */
type Scalars = Record<string, string | number | boolean | RawJSON>;

export interface KeyChanges {
  status?: LicenseKeyStatus | null;
  usage?: number;
  limit_activations?: number | null;
  limit_usage?: number | null;
  expires_at?: string | null;
}

/** Only sent fields change; an explicit null clears a limit or the expiry. */
export function updateLicenseKey({ store, clock }: Work, id: string, body: KeyChanges): void {
  const set: Record<string, unknown> = {};
  if (body.status != null) set.status = body.status;
  if (body.usage !== undefined) set.usage = body.usage;
  if (body.limit_activations !== undefined) set.limit_activations = body.limit_activations;
  if (body.limit_usage !== undefined) set.limit_usage = body.limit_usage;
  if (body.expires_at !== undefined)
    set.expires_at = body.expires_at && new Date(body.expires_at).toISOString();
  if (Object.keys(set).length) store.update('license_keys', id, set, clock.iso());
}

function findKey({ store }: Work, organizationId: string, key: string): LicenseKeyRow {
  const row = store.inOrganization('license_keys', organizationId.toLowerCase(), 'key', key);
  if (!row) throw new NotFound('License key not found.');
  return row;
}

function assertUsable(key: LicenseKeyRow, now: string): void {
  if (key.status !== 'granted') throw new NotPermitted('License key is no longer active.');
  if (key.expires_at && key.expires_at <= now) throw new NotPermitted('License key has expired.');
}

export interface Activate {
  key: string;
  organization_id: string;
  label: string;
  conditions?: Scalars;
  meta?: Scalars;
}

/** A new activation of the key; checks in order: found, granted, not expired, limit. */
export function activate(
  w: Work,
  body: Activate,
): { activation: ActivationRow; key: LicenseKeyRow } {
  const { store, clock } = w;
  const key = findKey(w, body.organization_id, body.key);
  const now = clock.iso();
  assertUsable(key, now);
  if (key.limit_activations == null)
    throw new NotPermitted('License key does not require activation');
  if (store.licenseKeys.activeActivations(key.id) >= key.limit_activations)
    throw new NotPermitted('License key activation limit already reached');
  const id = uuid();
  store.insert('license_key_activations', {
    id,
    created_at: now,
    modified_at: null,
    license_key_id: key.id,
    label: body.label,
    meta: json(body.meta ?? {}),
    conditions: json(body.conditions ?? {}),
    deleted_at: null,
  });
  return { activation: store.row('license_key_activations', id)!, key };
}

export interface Validate {
  key: string;
  organization_id: string;
  activation_id?: string | null;
  benefit_id?: string | null;
  customer_id?: string | null;
  increment_usage?: number | null;
  conditions?: Scalars;
}

/** Checks the key (and the activation, benefit and customer sent), counts the validation. */
export function validate(
  w: Work,
  body: Validate,
): { key: LicenseKeyRow; activation: ActivationRow | undefined } {
  const { store, clock } = w;
  const key = findKey(w, body.organization_id, body.key);
  const now = clock.iso();
  let act: ActivationRow | undefined;
  if (body.activation_id) {
    act = store.licenseKeys.activeActivation(body.activation_id.toLowerCase(), key.id);
    if (!act) throw new NotFound('License key activation does not exist.');
    const required = parseJson<Record<string, unknown>>(act.conditions) ?? {};
    if (
      Object.keys(required).length &&
      JSON.stringify(required) !== JSON.stringify(body.conditions ?? {})
    ) {
      throw new NotFound('License key does not match required conditions');
    }
  }
  if (body.benefit_id && body.benefit_id.toLowerCase() !== key.benefit_id)
    throw new NotFound('License key does not match the given benefit.');
  if (body.customer_id && body.customer_id.toLowerCase() !== key.customer_id)
    throw new NotFound('License key does not match the given customer.');
  assertUsable(key, now);
  const increment = body.increment_usage ?? 0;
  const usage = key.usage;
  if (increment && key.limit_usage != null) {
    const remaining = key.limit_usage - usage;
    if (increment > remaining)
      // A 400, as the real service answers it (license_key/service.py).
      throw new BadRequest(`License key only has ${Math.max(remaining, 0)} more usages.`);
  }
  // Checked before writing: a sum past the counter range would not read back (issue 12).
  if (usage + increment > COUNTER_MAX) {
    throw new Invalid([
      beyond('le', COUNTER_MAX - usage, ['increment_usage'], body.increment_usage),
    ]);
  }
  store.licenseKeys.validated(key.id, increment, now);
  return { key: store.row('license_keys', key.id)!, activation: act };
}

export interface Deactivate {
  key: string;
  organization_id: string;
  activation_id: string;
}

export function deactivate(w: Work, body: Deactivate): void {
  const key = findKey(w, body.organization_id, body.key);
  const act = w.store.licenseKeys.activeActivation(body.activation_id.toLowerCase(), key.id);
  if (!act) throw new NotFound('License key activation does not exist.');
  w.store.licenseKeys.deactivate(act.id, w.clock.iso());
}
