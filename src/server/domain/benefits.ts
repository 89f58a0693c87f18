// The seller's benefit writes (the real service's benefit service at the spec's generation). A
// create emits benefit.created. An update emits benefit.updated and, when a license_keys benefit's
// limits change (its `requires_update`), updates every live grant: the key's limits follow the new
// properties and the grant is granted again (benefit_grant.updated each). A delete hides the
// benefit, takes it off its products and revokes its live grants (benefit.updated, then
// benefit_grant.revoked each).
import { SANDBOX_BENEFIT_TYPES } from '../../shared/api-facts.js';
import { uuid } from '../ids.js';
import { json, parseJson, type Visibility } from '../store/index.js';
import type { BenefitRow, BenefitType, ProductVisibility } from '../store/rows.js';
import type { Generation } from '../versions.js';
import { BadRequest, invalid, NotPermitted } from './errors.js';
import { keyLimits, type LicenseKeyProperties } from './license-key-grants.js';
import type { Metadata } from './metadata.js';
import { payloadOrganization } from './payload-organization.js';
import type { Principal } from './principal.js';
import type { Work } from './work.js';

/** A benefit's properties as stored: every key of its type, null when not sent. */
export type BenefitProperties = Record<string, unknown>;

export interface BenefitDraft {
  type: BenefitType;
  description: string;
  organization_id?: string | null;
  properties: BenefitProperties;
  // Today's generation's (the seed's has neither).
  metadata?: Metadata;
  visibility?: ProductVisibility;
}

export interface BenefitChanges {
  type: BenefitType;
  description?: string | null;
  properties?: BenefitProperties | null;
  metadata?: Metadata;
  visibility?: ProductVisibility;
}

/** 422 on `type` for a benefit type the sandbox does not grant (README "deliberate differences"). */
export function checkAvailable(benefitType: string): void {
  if ((SANDBOX_BENEFIT_TYPES as readonly string[]).includes(benefitType)) return;
  const msg = `Value error, benefits of type ${benefitType} are not available in the local sandbox (${SANDBOX_BENEFIT_TYPES.join(' and ')} are).`;
  throw invalid(['type'], msg, benefitType, 'value_error', { error: {} });
}

/** POST /v1/benefits/: the new benefit's id. */
export function createBenefit(
  w: Work,
  principal: Principal,
  visible: Visibility,
  draft: BenefitDraft,
): string {
  const { store, clock, tx } = w;
  const organizationId = payloadOrganization(principal, visible, draft.organization_id);
  if (draft.type === 'meter_credit') checkMeter(w, organizationId, draft.properties);
  const id = uuid();
  store.insert('benefits', {
    id,
    created_at: clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    type: draft.type,
    description: draft.description,
    selectable: 1,
    deletable: 1,
    properties: json(draft.properties),
    deleted_at: null,
    metadata: json(draft.metadata ?? {}),
    visibility: draft.visibility ?? 'public',
  });
  tx.emit({ type: 'benefit.created', id });
  return id;
}

/** meter_credit/service.py validate_properties: a meter of the benefit's organization. */
function checkMeter(w: Work, organizationId: string, p: BenefitProperties): void {
  const meter = w.store.row('meters', String(p.meter_id));
  if (meter?.organization_id !== organizationId)
    throw invalid(['properties', 'meter_id'], 'This meter does not exist.', p.meter_id);
}

/** The license-key limits whose change updates the grants (license_keys `requires_update`). */
const LIMITS = ['expires', 'activations', 'limit_usage'] as const;

function limitsChanged(type: BenefitType, before: BenefitProperties, after: BenefitProperties) {
  if (type !== 'license_keys') return false;
  return LIMITS.some((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

/** PATCH /v1/benefits/{id}: the description and properties sent; the type never changes. */
export function updateBenefit(
  w: Work,
  benefit: BenefitRow,
  changes: BenefitChanges,
  generation: Generation = 'seed',
): void {
  const { store, clock, tx } = w;
  if (changes.type !== benefit.type) {
    // Today's: a 422 on `type` (benefit/service.py `update` at c6c3645e); the seed's a 400.
    if (generation === 'today')
      throw invalid(['type'], 'Benefit type cannot be changed.', benefit.type);
    throw new BadRequest("The type of a benefit can't be changed.");
  }
  checkAvailable(benefit.type);
  const before = JSON.parse(benefit.properties) as BenefitProperties;
  const set: Record<string, unknown> = {};
  // A null description would break the real service's NOT NULL column (a 500): here, no change.
  if (changes.description != null && changes.description !== benefit.description)
    set.description = changes.description;
  const after = changes.properties ?? before;
  if (json(after) !== json(before)) set.properties = json(after);
  if (changes.metadata && json(changes.metadata) !== (benefit.metadata ?? '{}'))
    set.metadata = json(changes.metadata);
  if (changes.visibility && changes.visibility !== (benefit.visibility ?? 'public'))
    set.visibility = changes.visibility;
  const now = clock.now();
  const iso = now.toISOString();
  if (Object.keys(set).length) store.update('benefits', benefit.id, set, iso);
  tx.emit({ type: 'benefit.updated', id: benefit.id });
  if (!limitsChanged(benefit.type, before, after)) return;
  const limits = keyLimits(after as LicenseKeyProperties, now);
  for (const grant of store.benefitGrants.liveOf(benefit.id)) {
    const keyId = (JSON.parse(grant.properties) as { license_key_id?: string }).license_key_id;
    if (keyId) store.update('license_keys', keyId, { status: 'granted', ...limits }, iso);
    store.update('benefit_grants', grant.id, { granted_at: iso, revoked_at: null }, iso);
    const previous_properties = parseJson(grant.properties);
    tx.emit({ type: 'benefit_grant.updated', id: grant.id, previous_properties });
  }
}

/** DELETE /v1/benefits/{id}: only a deletable benefit; its live grants are revoked. */
export function deleteBenefit(w: Work, benefit: BenefitRow): void {
  const { store, clock, tx } = w;
  if (!benefit.deletable) throw new NotPermitted('Not permitted');
  const now = clock.iso();
  store.update('benefits', benefit.id, { deleted_at: now }, now);
  store.benefitGrants.detach(benefit.id);
  tx.emit({ type: 'benefit.updated', id: benefit.id });
  for (const grant of store.benefitGrants.liveOf(benefit.id)) {
    store.benefitGrants.revoke(grant, now);
    const previous_properties = parseJson(grant.properties);
    tx.emit({ type: 'benefit_grant.revoked', id: grant.id, previous_properties });
  }
}
