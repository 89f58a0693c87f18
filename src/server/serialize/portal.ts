// The customer portal's benefit grants in the seed's generation (customer_portal/schemas/
// benefit_grant.py at f179ede58c; SDK 0.20.2's CustomerBenefitGrant): the grant, its customer in
// the portal's form (no OAuth account is ever connected in the sandbox) and its benefit in the
// subscriber form with the whole organization. What a buyer sees of a benefit's properties is
// the same in both generations (benefit/strategies/*: the Subscriber forms).
import type { BenefitGrantRow, BenefitRow } from '../store/rows.js';
import { address, benefit, organization } from './catalogue.js';
import { b, j, type Loader, type R, stamps } from './loader.js';

/** The Subscriber form of a benefit's properties: no seller secret (a Discord bot's token). */
export function subscriberProperties(r: BenefitRow, stored = j(r.properties)): unknown {
  const p = (j(r.properties) ?? {}) as Record<string, unknown>;
  switch (r.type) {
    case 'discord':
      return { guild_id: p.guild_id };
    case 'github_repository':
      return { repository_owner: p.repository_owner, repository_name: p.repository_name };
    case 'downloadables': {
      const archived = (p.archived ?? {}) as Record<string, boolean>;
      return { active_files: ((p.files ?? []) as string[]).filter((f) => !archived[f]) };
    }
    default:
      return stored;
  }
}

export function customerBenefitGrant(l: Loader, r: BenefitGrantRow): R {
  const row = l.row('benefits', r.benefit_id)!;
  const c = l.row('customers', r.customer_id)!;
  return {
    ...stamps(r),
    id: r.id,
    granted_at: r.granted_at ?? null,
    revoked_at: r.revoked_at ?? null,
    customer_id: r.customer_id,
    benefit_id: r.benefit_id,
    subscription_id: r.subscription_id ?? null,
    order_id: r.order_id ?? null,
    is_granted: r.granted_at != null,
    is_revoked: r.revoked_at != null,
    customer: {
      ...stamps(c),
      id: c.id,
      email: c.email,
      email_verified: b(c.email_verified),
      name: c.name ?? null,
      billing_address: address(c.billing_address),
      tax_id: j(c.tax_id) ?? null,
      oauth_accounts: {},
    },
    benefit: {
      ...benefit(row),
      organization: organization(l.row('organizations', row.organization_id)!),
      properties: subscriberProperties(row),
    },
    properties: j(r.properties) ?? {},
  };
}
