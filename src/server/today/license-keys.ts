// License keys in today's generation (Polar-Version 2026-04/2026-10), read from polarsource/polar
// at c6c3645e: license_key/schemas.py (LicenseKeyRead with its timestamps and today's customer,
// the deprecated `user_id` and `user` still serialized; LicenseKeyWithActivations,
// ValidatedLicenseKey, LicenseKeyActivationRead; LicenseKeyUpdate, LicenseKeyValidate,
// LicenseKeyActivate, LicenseKeyDeactivate). The checks of validate, activate and deactivate are
// domain/license-keys.ts's, with today's order and words.
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { displayKey } from '../ids.js';
import { j, type Loader, stamps } from '../serialize/loader.js';
import type { ActivationRow, CustomerRow, LicenseKeyRow } from '../store/rows.js';
import { customer } from './customers.js';
import { metadataInput } from './metadata.js';

type Schemas = components['schemas'];

/** The deprecated `user`: the customer as the user it stands for (models/customer.py legacy_*). */
function legacyUser(c: CustomerRow) {
  return {
    id: c.user_id ?? c.id,
    email: c.email,
    public_name: Array.from(c.name || c.email || '?')[0]!,
    avatar_url: customer(c).avatar_url,
  };
}

export function activation(r: ActivationRow): Schemas['LicenseKeyActivationBase'] {
  return {
    id: r.id,
    license_key_id: r.license_key_id,
    label: r.label,
    meta: (j(r.meta) ?? {}) as Record<string, string>,
    created_at: r.created_at,
    modified_at: r.modified_at ?? null,
  };
}

/** LicenseKeyRead. */
export function licenseKey(l: Loader, r: LicenseKeyRow): Schemas['LicenseKeyRead'] {
  const c = l.row('customers', r.customer_id)!;
  return {
    ...stamps(r),
    id: r.id,
    organization_id: r.organization_id,
    // Deprecated, still serialized (SkipJsonSchema).
    ...({ user_id: c.user_id ?? c.id, user: legacyUser(c) } as object),
    customer_id: r.customer_id,
    customer: customer(c),
    benefit_id: r.benefit_id,
    key: r.key,
    display_key: displayKey(r.key),
    status: r.status,
    limit_activations: r.limit_activations ?? null,
    usage: r.usage,
    limit_usage: r.limit_usage ?? null,
    validations: r.validations,
    last_validated_at: r.last_validated_at ?? null,
    expires_at: r.expires_at ?? null,
  };
}

/** LicenseKeyWithActivations: the key and its activations that are not deactivated. */
export function licenseKeyWithActivations(
  l: Loader,
  r: LicenseKeyRow,
): Schemas['LicenseKeyWithActivations'] {
  return { ...licenseKey(l, r), activations: l.activations(r.id).map(activation) };
}

/** ValidatedLicenseKey: the key and the activation validated, if one was named. */
export function validated(
  l: Loader,
  r: LicenseKeyRow,
  act: ActivationRow | undefined,
): Schemas['ValidatedLicenseKey'] {
  return { ...licenseKey(l, r), activation: act ? activation(act) : null };
}

/** LicenseKeyActivationRead: the activation and its key. */
export function activationRead(
  l: Loader,
  act: ActivationRow,
  key: LicenseKeyRow,
): Schemas['LicenseKeyActivationRead'] {
  return { ...activation(act), license_key: licenseKey(l, key) };
}

// ---- request bodies

const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };
const int32 = z.number().int().min(INT32.min).max(INT32.max);
const positive32 = z.number().int().gt(0).max(INT32.max);

/** LicenseKeyUpdate: only what is sent changes (exclude_unset); a null clears a limit. */
export const updateBody = z.object({
  status: z.enum(['granted', 'revoked', 'disabled']).nullish(),
  usage: int32.optional(),
  limit_activations: positive32.nullish(),
  limit_usage: positive32.nullish(),
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});

/** The keys sent, as the domain's changes. */
export function updateChanges(body: z.output<typeof updateBody>, sent: object) {
  const has = (k: string) => Object.hasOwn(sent, k);
  return {
    ...(body.status != null ? { status: body.status } : {}),
    ...(has('usage') ? { usage: body.usage } : {}),
    ...(has('limit_activations') ? { limit_activations: body.limit_activations ?? null } : {}),
    ...(has('limit_usage') ? { limit_usage: body.limit_usage ?? null } : {}),
    ...(has('expires_at') ? { expires_at: body.expires_at ?? null } : {}),
  };
}

/** Conditions and meta: today's metadata rules (MetadataInputMixin's field). */
const conditions = metadataInput.optional();

export const validateBody = z.object({
  key: z.string(),
  organization_id: z.uuid(),
  activation_id: z.uuid().nullish(),
  benefit_id: z.uuid().nullish(),
  customer_id: z.uuid().nullish(),
  increment_usage: z.number().int().min(0).nullish(),
  conditions,
});

export const activateBody = z.object({
  key: z.string(),
  organization_id: z.uuid(),
  label: z.string(),
  conditions,
  meta: conditions,
});

export const deactivateBody = z.object({
  key: z.string(),
  organization_id: z.uuid(),
  activation_id: z.uuid(),
});
