// Benefit grants in today's generation (Polar-Version 2026-04/2026-10), read from
// polarsource/polar at c6c3645e: the BenefitGrant form (benefit/grant/schemas.py, benefit/schemas.py
// BenefitGrant: the customer and the benefit in today's forms, no member — the sandbox has no
// member model — and no error, as a sandbox grant never fails) and its webhook form, which adds
// the properties before the change (BenefitGrantWebhook `previous_properties`).
import type { components } from '../../shared/openapi/2026-10.js';
import { j, type Loader, stamps } from '../serialize/loader.js';
import type { BenefitGrantRow } from '../store/rows.js';
import { benefit } from './benefits.js';
import { customer } from './customers.js';

type Schemas = components['schemas'];

export function benefitGrant(l: Loader, r: BenefitGrantRow): Schemas['BenefitGrant'] {
  return {
    ...stamps(r),
    id: r.id,
    granted_at: r.granted_at ?? null,
    is_granted: r.granted_at != null,
    revoked_at: r.revoked_at ?? null,
    is_revoked: r.revoked_at != null,
    subscription_id: r.subscription_id ?? null,
    order_id: r.order_id ?? null,
    customer_id: r.customer_id,
    member_id: null,
    benefit_id: r.benefit_id,
    error: null,
    customer: customer(l.row('customers', r.customer_id)!),
    member: null,
    benefit: benefit(l.row('benefits', r.benefit_id)!),
    properties: (j(r.properties) ?? {}) as Schemas['BenefitGrant']['properties'],
  };
}

/** The webhook's form: the grant and its properties before the change. */
export function benefitGrantWebhook(
  l: Loader,
  r: BenefitGrantRow,
  previous: unknown,
): Schemas['BenefitGrantWebhook'] {
  return {
    ...benefitGrant(l, r),
    previous_properties: previous ?? null,
  } as Schemas['BenefitGrantWebhook'];
}

/** The rows a page of grants reads, each fetched once. */
export function primeGrants(l: Loader, rows: readonly BenefitGrantRow[]): void {
  l.prime(
    'customers',
    rows.map((r) => r.customer_id),
  );
  l.prime(
    'benefits',
    rows.map((r) => r.benefit_id),
  );
}
