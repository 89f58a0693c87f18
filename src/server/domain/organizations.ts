// The seller's update of its organization (api-facts "Request bodies"; today's generation:
// organization/service.py `update` at c6c3645e): only fields that were sent change, null clears
// the nullable ones, feature settings are merged into what is stored, and the other settings
// objects are merged (the seed's partial bodies) or replaced (today's whole ones).
import type { Generation } from '../../shared/api-versions.js';
import { uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type { OrganizationRow } from '../store/rows.js';
import { invalid, NamedRefusal, NotPermitted } from './errors.js';
import type { Work } from './work.js';

type Settings = Record<string, unknown>;

export interface OrganizationChanges {
  name?: string | null;
  avatar_url?: string | null;
  billing_email?: string | null;
  default_upfront_split_to_contributors?: number | null;
  pledge_badge_show_amount?: boolean | null;
  pledge_minimum_amount?: number | null;
  default_badge_custom_content?: string | null;
  total_monthly_spending_limit?: number | null;
  per_user_monthly_spending_limit?: number | null;
  profile_settings?: (Settings & { subscribe?: Settings | null }) | null;
  feature_settings?: Settings | null;
  subscription_settings?: Settings | null;
  // Today's generation's (OrganizationUpdate).
  email?: string | null;
  website?: string | null;
  country?: string | null;
  socials?: { platform: string; url: string }[];
  /** Replaces what is stored (the whole OrganizationDetails). */
  details?: Settings;
  customer_email_settings?: Settings;
  customer_portal_settings?: Settings;
  /** The keys sent, merged into what is stored. */
  dispute_settings?: Settings;
  embed_hosts?: string[];
  default_presentment_currency?: string;
  default_tax_behavior?: string;
  sso_enforced?: boolean;
}

const NULLABLE = [
  'avatar_url',
  'billing_email',
  'default_upfront_split_to_contributors',
  'default_badge_custom_content',
  'total_monthly_spending_limit',
  'per_user_monthly_spending_limit',
  'email',
  'website',
  'country',
] as const;

const MERGED = ['profile_settings', 'feature_settings', 'subscription_settings'] as const;
const REPLACED = ['details', 'customer_email_settings', 'customer_portal_settings'] as const;

/** Today's rules on the settings (organization/service.py `update` at c6c3645e). */
function checkToday(w: Work, row: OrganizationRow, body: OrganizationChanges): void {
  const features = { ...parseJson<Settings>(row.feature_settings) };
  const sent = body.feature_settings ?? {};
  const after = { ...features, ...sent };
  const loc = ['feature_settings', 'seat_based_pricing_enabled'];
  if (features.seat_based_pricing_enabled && !after.seat_based_pricing_enabled)
    throw invalid(loc, 'Seat-based pricing cannot be disabled once enabled.', false);
  if (!features.seat_based_pricing_enabled && after.seat_based_pricing_enabled) {
    if (!after.member_model_enabled)
      throw invalid(loc, 'Member model must be enabled before enabling seat-based pricing.', true);
  }
  // Beyond the real service: the sandbox has no members, so it cannot act on this one.
  if (after.member_model_enabled && !features.member_model_enabled) {
    const msg = 'The sandbox has no members: the member model cannot be enabled here.';
    throw invalid(['feature_settings', 'member_model_enabled'], msg, true);
  }
  const proration = body.subscription_settings?.proration_behavior;
  if (proration === 'reset' && !features.reset_proration_behavior_enabled) {
    const msg = "The 'reset' proration behavior is not enabled for this organization.";
    throw invalid(['subscription_settings', 'proration_behavior'], msg, proration);
  }
  if (body.dispute_settings?.auto_accept_below_amount != null) {
    // is_dispute_auto_accept_enabled: both flags are Polar's to set, never the seller's.
    if (!features.disputes_enabled || !features.dispute_auto_accept_enabled)
      throw new NamedRefusal(
        403,
        'DisputeAutoAcceptNotEnabled',
        'Dispute auto-accept is not enabled for this organization.',
      );
  }
  const currency = body.default_presentment_currency;
  if (currency && currency !== (row.default_presentment_currency ?? 'usd')) {
    if (w.store.products.countWithoutCurrency(row.id, currency) > 0) {
      const msg = 'All active products must have prices in the new currency.';
      throw invalid(['default_presentment_currency'], msg, currency);
    }
  }
  // Only a session signed in through the organization's SSO may enforce it; a token never is.
  if (body.sso_enforced)
    throw new NotPermitted(
      'You must be signed in through SSO for this organization to enforce it.',
    );
}

/** `generation`: whose rules apply (the seed's had none on the settings). */
export function updateOrganization(
  w: Work,
  row: OrganizationRow,
  body: OrganizationChanges,
  generation: Generation = 'seed',
): void {
  const { store, clock, tx } = w;
  if (generation === 'today') checkToday(w, row, body);
  const set: Record<string, unknown> = {};
  for (const key of NULLABLE) {
    if (body[key] !== undefined) set[key] = body[key];
  }
  if (body.name != null) set.name = body.name;
  if (body.pledge_minimum_amount != null) set.pledge_minimum_amount = body.pledge_minimum_amount;
  if (body.pledge_badge_show_amount != null)
    set.pledge_badge_show_amount = body.pledge_badge_show_amount ? 1 : 0;
  for (const column of MERGED) {
    const patch = body[column] as Settings | null | undefined;
    if (!patch) continue;
    const current = parseJson<Settings>(row[column]) ?? {};
    const sent = Object.fromEntries(
      Object.entries(patch).filter(([, v]) => v !== undefined && v !== null),
    );
    if (column === 'profile_settings' && patch.subscribe) {
      const sub = Object.fromEntries(
        Object.entries(patch.subscribe as Settings).filter(([, v]) => v != null),
      );
      sent.subscribe = { ...(current.subscribe as object), ...sub };
    }
    set[column] = json({ ...current, ...sent });
  }
  for (const column of REPLACED) if (body[column]) set[column] = json(body[column]);
  if (body.dispute_settings) {
    const current = parseJson<Settings>(row.dispute_settings) ?? {};
    set.dispute_settings = json({ ...current, ...body.dispute_settings });
  }
  if (body.socials) set.socials = json(body.socials);
  if (body.embed_hosts) set.embed_hosts = json(body.embed_hosts);
  if (body.default_presentment_currency)
    set.default_presentment_currency = body.default_presentment_currency;
  if (body.default_tax_behavior) set.default_tax_behavior = body.default_tax_behavior;
  if (body.sso_enforced === false) set.sso_enforced = 0;
  if (!Object.keys(set).length) return;
  store.update('organizations', row.id, set, clock.iso());
  tx.emit({ type: 'organization.updated', id: row.id });
}

export interface NewOrganization {
  name: string;
  slug: string;
  avatar_url?: string | null;
  email?: string | null;
  website?: string | null;
  socials?: { platform: string; url: string }[];
  details?: Settings;
  country?: string | null;
  feature_settings?: Settings;
  subscription_settings?: Settings;
  customer_email_settings?: Settings;
  customer_portal_settings?: Settings;
  default_presentment_currency?: string;
  default_tax_behavior?: string;
}

/**
 * A user's new organization (organization/service.py `create` at c6c3645e): the slug unique,
 * active at once as the real sandbox deployment makes it, the user its owner. The real one also
 * turns on the member model and seat-based pricing for it; the sandbox has no members (README).
 */
/** `id`: chosen by a seed (seed/empty.ts), the same on every start. */
export function createOrganization(
  w: Work,
  userId: string,
  body: NewOrganization,
  id: string = uuid(),
): string {
  const { store, clock, tx } = w;
  if (store.organizations.slugTaken(body.slug))
    throw invalid(['slug'], 'An organization with this slug already exists.', body.slug);
  store.insert('organizations', {
    id,
    created_at: clock.iso(),
    modified_at: null,
    name: body.name,
    slug: body.slug,
    avatar_url: body.avatar_url ?? null,
    bio: null,
    company: null,
    blog: null,
    location: null,
    email: body.email ?? null,
    social_username: null,
    billing_email: null,
    pledge_minimum_amount: 0,
    pledge_badge_show_amount: 0,
    default_upfront_split_to_contributors: null,
    default_badge_custom_content: null,
    total_monthly_spending_limit: null,
    per_user_monthly_spending_limit: null,
    profile_settings: '{}',
    feature_settings: json(body.feature_settings ?? {}),
    subscription_settings: json(body.subscription_settings ?? {}),
    website: body.website ?? null,
    socials: json(body.socials ?? []),
    details: json(body.details ?? {}),
    country: body.country ?? null,
    status: 'active',
    customer_email_settings: body.customer_email_settings
      ? json(body.customer_email_settings)
      : null,
    customer_portal_settings: body.customer_portal_settings
      ? json(body.customer_portal_settings)
      : null,
    default_presentment_currency: body.default_presentment_currency ?? 'usd',
    default_tax_behavior: body.default_tax_behavior ?? 'location',
  });
  store.insert('user_organizations', { user_id: userId, organization_id: id });
  // The real service queues organization.created for its own jobs; no webhook tells of it.
  tx.unannounced('organizations');
  return id;
}
