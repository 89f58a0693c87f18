// License keys: the seller's update, and the unauthenticated activate / validate / deactivate
// calls of the customer's software, with their checks in the real service's order
// (api-facts "Errors", license_key/service.py). Each runs in the caller's transaction, so
// concurrent activations are serialised and the limit holds.
import type { RawJSON } from '../../shared/json.js';
import { uuid } from '../ids.js';
import { json, parseJson, type Visibility } from '../store/index.js';
import type { ActivationRow, LicenseKeyRow, LicenseKeyStatus } from '../store/rows.js';
import type { Generation } from '../versions.js';
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

/**
 * Only sent fields change; an explicit null clears a limit or the expiry. In today's generation a
 * new status also moves the key's grant (license_key/service.py `_enqueue_grant_lifecycle` and
 * tasks.py `sync_benefit_grant` at c6c3645e): revoked revokes it, another status grants a revoked
 * one again (benefit_grant.created, as grant_benefit sends it).
 */
export function updateLicenseKey(
  w: Work,
  id: string,
  body: KeyChanges,
  generation: Generation = 'seed',
): void {
  const { store, clock } = w;
  const before = store.row('license_keys', id)!;
  const set: Record<string, unknown> = {};
  if (body.status != null) set.status = body.status;
  if (body.usage !== undefined) set.usage = body.usage;
  if (body.limit_activations !== undefined) set.limit_activations = body.limit_activations;
  if (body.limit_usage !== undefined) set.limit_usage = body.limit_usage;
  if (body.expires_at !== undefined)
    set.expires_at = body.expires_at && new Date(body.expires_at).toISOString();
  if (Object.keys(set).length) store.update('license_keys', id, set, clock.iso());
  if (generation === 'today' && body.status != null && body.status !== before.status)
    syncGrant(w, before, body.status);
}

function syncGrant(w: Work, key: LicenseKeyRow, status: LicenseKeyStatus): void {
  const { store, clock, tx } = w;
  const grant = store.benefitGrants.ofLicenseKey(key.id, key.benefit_id);
  if (!grant) return;
  const revoke = status === 'revoked';
  if (revoke ? grant.revoked_at != null : grant.granted_at != null) return;
  const now = clock.iso();
  const previous_properties = parseJson(grant.properties);
  if (revoke) {
    store.benefitGrants.revoke(grant, now);
    tx.emit({ type: 'benefit_grant.revoked', id: grant.id, previous_properties });
  } else {
    store.update('benefit_grants', grant.id, { granted_at: now, revoked_at: null }, now);
    tx.emit({ type: 'benefit_grant.created', id: grant.id, previous_properties });
  }
}

/**
 * The key of (organization, key); with `visible` (today's seller routes), only in one of the
 * seller's organizations (get_readable_by_key), a bare 404 otherwise.
 */
function findKey(
  { store }: Work,
  organizationId: string,
  key: string,
  generation: Generation = 'seed',
  visible?: Visibility,
): LicenseKeyRow {
  const row = store.inOrganization('license_keys', organizationId.toLowerCase(), 'key', key);
  const found = visible ? visible.own(row) : row;
  // Today's: a bare ResourceNotFound (get_or_raise_by_key, get_readable_by_key).
  if (!found)
    throw generation === 'today' ? new NotFound() : new NotFound('License key not found.');
  return found;
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
  generation: Generation = 'seed',
  visible?: Visibility,
): { activation: ActivationRow; key: LicenseKeyRow } {
  const { store, clock } = w;
  const key = findKey(w, body.organization_id, body.key, generation, visible);
  const now = clock.iso();
  if (generation === 'today') {
    // license_key/service.py `activate` at c6c3645e: today's words.
    if (key.status !== 'granted')
      throw new NotPermitted(
        'License key is no longer active. This license key can not be activated.',
      );
    if (key.expires_at && key.expires_at <= now) throw new NotPermitted('License key has expired.');
    if (!key.limit_activations)
      throw new NotPermitted(
        'This license key does not support activations. Use the /validate endpoint instead to check license validity.',
      );
  } else assertUsable(key, now);
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
  generation: Generation = 'seed',
  visible?: Visibility,
): { key: LicenseKeyRow; activation: ActivationRow | undefined } {
  if (generation === 'today') return validateToday(w, body, visible);
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

/** Same JSON values, whatever the order of the keys (Python's dict equality). */
function sameConditions(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return (
    ka.length === kb.length &&
    ka.every((k) =>
      sameConditions((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * Today's validate (license_key/service.py `validate` at c6c3645e): the key's status and expiry
 * first, each a 404 with its words; then the activation, the benefit, the customer, the usage.
 */
function validateToday(
  w: Work,
  body: Validate,
  visible: Visibility | undefined,
): { key: LicenseKeyRow; activation: ActivationRow | undefined } {
  const { store, clock } = w;
  const key = findKey(w, body.organization_id, body.key, 'today', visible);
  const now = clock.iso();
  if (key.status !== 'granted') throw new NotFound('License key is no longer active.');
  if (key.expires_at && key.expires_at <= now) throw new NotFound('License key has expired.');
  let act: ActivationRow | undefined;
  if (body.activation_id) {
    act = store.licenseKeys.activeActivation(body.activation_id.toLowerCase(), key.id);
    if (!act) throw new NotFound();
    const required = parseJson<Record<string, unknown>>(act.conditions) ?? {};
    if (Object.keys(required).length && !sameConditions(required, body.conditions ?? {}))
      throw new NotFound('License key does not match required conditions');
  }
  if (body.benefit_id && body.benefit_id.toLowerCase() !== key.benefit_id)
    throw new NotFound('License key does not match given benefit.');
  if (body.customer_id && body.customer_id.toLowerCase() !== key.customer_id)
    throw new NotFound('License key does not match given user.');
  const increment = body.increment_usage ?? 0;
  if (increment && key.limit_usage) {
    const remaining = key.limit_usage - key.usage;
    if (increment > remaining)
      throw new BadRequest(`License key only has ${remaining} more usages.`);
  }
  if (key.usage + increment > COUNTER_MAX)
    throw new Invalid([
      beyond('le', COUNTER_MAX - key.usage, ['increment_usage'], body.increment_usage),
    ]);
  store.licenseKeys.validated(key.id, increment, now);
  return { key: store.row('license_keys', key.id)!, activation: act };
}

export interface Deactivate {
  key: string;
  organization_id: string;
  activation_id: string;
}

export function deactivate(
  w: Work,
  body: Deactivate,
  generation: Generation = 'seed',
  visible?: Visibility,
): void {
  const key = findKey(w, body.organization_id, body.key, generation, visible);
  const act = w.store.licenseKeys.activeActivation(body.activation_id.toLowerCase(), key.id);
  // Today's: get_activation_or_raise's bare ResourceNotFound.
  if (!act)
    throw generation === 'today'
      ? new NotFound()
      : new NotFound('License key activation does not exist.');
  w.store.licenseKeys.deactivate(act.id, w.clock.iso());
}
