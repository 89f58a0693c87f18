// The customer portal's benefit grants and organization in today's generation (the seed's has
// neither), read from polarsource/polar at c6c3645e: customer_portal/schemas/benefit_grant.py
// (CustomerBenefitGrant, a union by the benefit's type, with the benefit in its subscriber form
// and the customer in the portal's; CustomerBenefitGrantUpdate, tagged by `benefit_type`) and
// customer_portal/schemas/organization.py (CustomerOrganizationData). The sandbox has no member
// model (member_id is null) and a grant never fails (error is null).
import * as z from 'zod';
import { ENUMS } from '../../shared/openapi/2026-10.facts.js';
import type { components } from '../../shared/openapi/2026-10.js';
import type { PortalUpdate } from '../domain/portal-benefit-grants.js';
import { j, type Loader, stamps } from '../serialize/loader.js';
import { subscriberProperties } from '../serialize/portal.js';
import type { PortalGrantFilter } from '../store/portal.js';
import type { BenefitGrantRow, OrganizationRow, ProductRow } from '../store/rows.js';
import { enumList, problem, type Query, stringParam, uuidLists } from '../validate.js';
import { benefit } from './benefits.js';
import { portalCustomer } from './customers.js';
import { organization } from './organizations.js';
import { buyersProduct } from './products.js';

type Schemas = components['schemas'];

/** BenefitSubscriberOrganization: the organization as its buyers see it. */
function subscriberOrganization(r: OrganizationRow, now: string) {
  const o = organization(r, now);
  return {
    created_at: o.created_at,
    modified_at: o.modified_at,
    id: o.id,
    name: o.name,
    slug: o.slug,
    avatar_url: o.avatar_url,
    proration_behavior: o.proration_behavior,
    allow_customer_updates: o.allow_customer_updates,
  };
}

export function customerBenefitGrant(
  l: Loader,
  r: BenefitGrantRow,
  now: string,
): Schemas['CustomerBenefitGrant'] {
  const b = l.row('benefits', r.benefit_id)!;
  const base = benefit(b);
  return {
    ...stamps(r),
    id: r.id,
    granted_at: r.granted_at ?? null,
    revoked_at: r.revoked_at ?? null,
    customer_id: r.customer_id,
    member_id: null,
    benefit_id: r.benefit_id,
    subscription_id: r.subscription_id ?? null,
    order_id: r.order_id ?? null,
    is_granted: r.granted_at != null,
    is_revoked: r.revoked_at != null,
    error: null,
    customer: portalCustomer(l.row('customers', r.customer_id)!),
    benefit: {
      id: base.id,
      created_at: base.created_at,
      modified_at: base.modified_at,
      type: base.type,
      description: base.description,
      selectable: base.selectable,
      deletable: base.deletable,
      is_deleted: base.is_deleted,
      organization_id: base.organization_id,
      organization: subscriberOrganization(l.row('organizations', b.organization_id)!, now),
      properties: subscriberProperties(b, base.properties),
    },
    properties: j(r.properties) ?? {},
  } as Schemas['CustomerBenefitGrant'];
}

/** GET /v1/customer-portal/benefit-grants/'s filters, in the document's order. */
export function grantFilter(query: Query): PortalGrantFilter {
  const q = stringParam(query, 'query');
  const type = enumList(query, 'type', ENUMS.BenefitType);
  return {
    query: q,
    type,
    ...uuidLists(query, 'benefit_id', 'checkout_id', 'order_id', 'subscription_id', 'member_id'),
  };
}

/** The members of CustomerBenefitGrantUpdate that carry properties a customer may set. */
const WITH_PROPERTIES: Record<string, z.ZodType> = {
  discord: z.object({ account_id: z.string().nullable() }),
  github_repository: z.object({ account_id: z.string().nullable() }),
  slack_shared_channel: z.object({ invited_email: z.email() }),
};

/**
 * A CustomerBenefitGrantUpdate, tagged by `benefit_type` among `tags`; `properties` says which
 * members carry properties (the seed's took an account id that could not be null).
 */
export function grantUpdateBody(
  tags: readonly string[],
  withProperties: Record<string, z.ZodType> = WITH_PROPERTIES,
) {
  return z.unknown().transform((value, ctx): PortalUpdate => {
    const tag = (value as { benefit_type?: unknown } | null)?.benefit_type;
    if (tag === undefined) {
      ctx.issues.push(
        problem(
          value,
          'union_tag_not_found',
          "Unable to extract tag using discriminator 'benefit_type'",
          { discriminator: "'benefit_type'" },
        ),
      );
      return z.NEVER;
    }
    if (!(tags as readonly unknown[]).includes(tag)) {
      const expected = tags.map((t) => `'${t}'`).join(', ');
      ctx.issues.push(
        problem(
          value,
          'union_tag_invalid',
          `Input tag '${String(tag)}' found using 'benefit_type' does not match any of the expected tags: ${expected}`,
          { discriminator: "'benefit_type'", tag: String(tag), expected_tags: expected },
        ),
      );
      return z.NEVER;
    }
    const type = tag as string;
    const schema = withProperties[type];
    if (!schema) return { benefit_type: type };
    const parsed = z.object({ properties: schema }).safeParse(value, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.issues.push({ ...issue, path: [type, ...issue.path] } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    return { benefit_type: type, properties: parsed.data.properties as Record<string, unknown> };
  });
}

/** Today's CustomerBenefitGrantUpdate. */
export const updateBody = grantUpdateBody(ENUMS.BenefitType);

/** CustomerProduct: what the portal shows of a product (its public benefits, no metadata). */
function customerProduct(l: Loader, r: ProductRow): Schemas['CustomerProduct'] {
  return buyersProduct(l, r) as Schemas['CustomerProduct'];
}

/** CustomerOrganizationData: the organization and its public products. */
export function organizationData(
  l: Loader,
  r: OrganizationRow,
  products: readonly ProductRow[],
  now: string,
): Schemas['CustomerOrganizationData'] {
  const o = organization(r, now);
  return {
    organization: {
      ...subscriberOrganization(r, now),
      customer_portal_settings: o.customer_portal_settings,
      organization_features: {
        member_model_enabled: o.feature_settings?.member_model_enabled ?? false,
        checkout_localization_enabled: o.feature_settings?.checkout_localization_enabled ?? false,
      },
    },
    products: products.map((p) => customerProduct(l, p)),
  };
}
