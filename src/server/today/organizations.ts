// Organizations in today's generation (Polar-Version 2026-04/2026-10): the JSON form of a row and
// the update body, read from polarsource/polar at c6c3645e (organization/schemas.py Organization,
// OrganizationUpdate; models/organization.py defaults and STATUS_CAPABILITIES).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { invalid } from '../domain/errors.js';
import type { NewOrganization, OrganizationChanges } from '../domain/organizations.js';
import { countryCode, emailAddress, httpUrl } from '../fields.js';
import { b, j, stamps } from '../serialize/loader.js';
import type { OrganizationRow } from '../store/rows.js';
import { chars, problem } from '../validate.js';

type Schemas = components['schemas'];
type Settings = Record<string, unknown>;

/** The stored settings object over the real defaults, as pydantic reads a row (TypedDicts). */
const over = <T>(defaults: T, stored: unknown): T => ({ ...defaults, ...((j(stored) ?? {}) as T) });

const FEATURE_DEFAULTS: Schemas['OrganizationFeatureSettings'] = {
  issue_funding_enabled: false,
  seat_based_pricing_enabled: false,
  wallets_enabled: false,
  member_model_enabled: false,
  checkout_localization_enabled: false,
  overview_metrics: null,
  reset_proration_behavior_enabled: false,
  off_session_charges_enabled: false,
  meter_cycling_enabled: false,
  slack_benefit_enabled: false,
  preview_access_enabled: false,
  disputes_enabled: false,
  sso_enabled: false,
  dispute_auto_accept_enabled: false,
  compass_enabled: false,
  merchant_migration_enabled: false,
};

export const SUBSCRIPTION_SETTINGS_DEFAULTS: Schemas['OrganizationSubscriptionSettings'] = {
  allow_multiple_subscriptions: false,
  allow_customer_updates: true,
  proration_behavior: 'prorate',
  benefit_revocation_grace_period: 0,
  prevent_trial_abuse: false,
};

const EMAIL_KEYS = [
  'order_confirmation',
  'payment_method_expiration_reminder',
  'subscription_cancellation',
  'subscription_confirmation',
  'subscription_cycled',
  'subscription_cycled_after_trial',
  'subscription_past_due',
  'subscription_paused',
  'subscription_resumed',
  'subscription_renewal_reminder',
  'subscription_revoked',
  'subscription_trial_conversion_reminder',
  'subscription_uncanceled',
  'subscription_updated',
] as const;

/**
 * resolve_default_customer_email_settings: every email on, and the expiration reminder
 * following `subscription_cycled` until it is set itself.
 */
function emailSettings(stored: unknown): Schemas['OrganizationCustomerEmailSettings'] {
  const own = (j(stored) ?? {}) as Settings;
  const defaults = Object.fromEntries(EMAIL_KEYS.map((k) => [k, true])) as Record<string, boolean>;
  defaults.payment_method_expiration_reminder = Boolean(own.subscription_cycled ?? true);
  return { ...defaults, ...own } as Schemas['OrganizationCustomerEmailSettings'];
}

const PORTAL_DEFAULTS: Schemas['OrganizationCustomerPortalSettings'] = {
  usage: { show: true },
  subscription: { update_seats: true, update_plan: true },
  customer: { allow_email_change: false },
};

/** STATUS_CAPABILITIES; the sandbox deployment makes every organization active. */
const CAPABILITIES: Record<string, Schemas['OrganizationCapabilities']> = {
  active: {
    checkout_payments: true,
    subscription_renewals: true,
    payouts: true,
    refunds: true,
    api_access: true,
    dashboard_access: true,
  },
};

// Organizations created from 4 Aug 2026 must list their embed hosts, and all of them from
// 17 Aug 2026 noon UTC (EMBED_HOSTS_ENFORCED_FROM, _FOR_ALL): judged by the service's clock.
const ENFORCED_FROM = '2026-08-04T00:00:00.000Z';
const ENFORCED_FOR_ALL = '2026-08-17T12:00:00.000Z';

/**
 * The Organization form. Beyond the document, the real one still serializes its legacy fields
 * (SkipJsonSchema: bio, company, blog, location, twitter_username, pledge_*, and a static
 * notification_settings for older SDKs): sent here too.
 */
export function organization(r: OrganizationRow, now: string): Schemas['Organization'] & Settings {
  const subscription = over(SUBSCRIPTION_SETTINGS_DEFAULTS, r.subscription_settings);
  const portal = over(PORTAL_DEFAULTS, r.customer_portal_settings);
  const status = (r.status ?? 'active') as Schemas['OrganizationStatus'];
  return {
    ...stamps(r),
    id: r.id,
    name: r.name,
    slug: r.slug,
    avatar_url: r.avatar_url ?? null,
    proration_behavior: subscription.proration_behavior,
    allow_customer_updates: portal.subscription.update_plan,
    bio: r.bio ?? null,
    company: r.company ?? null,
    blog: r.blog ?? null,
    location: r.location ?? null,
    twitter_username: r.social_username ?? null,
    pledge_minimum_amount: r.pledge_minimum_amount,
    pledge_badge_show_amount: b(r.pledge_badge_show_amount),
    default_upfront_split_to_contributors: r.default_upfront_split_to_contributors ?? null,
    email: r.email ?? null,
    website: r.website ?? null,
    socials: (j(r.socials) ?? []) as Schemas['OrganizationSocialLink'][],
    status,
    details_submitted_at: r.details_submitted_at ?? null,
    onboarding_resubmission_requested_at: null,
    sso_enforced: b(r.sso_enforced),
    default_presentment_currency: r.default_presentment_currency ?? 'usd',
    default_tax_behavior: (r.default_tax_behavior ?? 'location') as Schemas['TaxBehaviorOption'],
    feature_settings: over(FEATURE_DEFAULTS, r.feature_settings),
    subscription_settings: subscription,
    customer_email_settings: emailSettings(r.customer_email_settings),
    customer_portal_settings: portal,
    dispute_settings: over({ auto_accept_below_amount: null }, r.dispute_settings),
    embed_hosts: (j(r.embed_hosts) ?? []) as string[],
    embed_hosts_enforced: now >= ENFORCED_FOR_ALL || r.created_at >= ENFORCED_FROM,
    country: (r.country ?? null) as Schemas['Organization']['country'],
    // The sandbox keeps no ledger and no payout account.
    account_id: null,
    payout_account_id: null,
    capabilities: CAPABILITIES[status] ?? CAPABILITIES.active!,
    notification_settings: {
      new_order: true,
      new_subscription: true,
      chargeback_prevention: true,
      subscription_renewal: false,
    },
  };
}

// ---- the update body (OrganizationUpdate)

const PLATFORM_DOMAINS: Record<string, string[]> = {
  x: ['twitter.com', 'x.com'],
  github: ['github.com'],
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  linkedin: ['linkedin.com'],
  threads: ['threads.net'],
  discord: ['discord.gg', 'discord.com'],
};

/** OrganizationSocialLink: the platform is always the one the URL's host names, else `other`. */
const social = z.object({ platform: z.string().optional(), url: httpUrl }).transform(({ url }) => {
  const host = new URL(url.toLowerCase()).hostname.replace(/^www\./, '');
  const platform = Object.entries(PLATFORM_DOMAINS).find(([, d]) => d.includes(host))?.[0];
  return { platform: platform ?? 'other', url: url.toLowerCase() };
});

const details = z.object({
  about: z.string().nullish(),
  product_description: z.string().nullish(),
  selling_categories: z.array(z.string()).optional(),
  pricing_models: z.array(z.string()).optional(),
  intended_use: z.string().nullish(),
  customer_acquisition: z.array(z.string()).optional(),
  future_annual_revenue: z.number().int().min(0).nullish(),
  switching: z.boolean().optional(),
  switching_from: z.enum(['paddle', 'lemon_squeezy', 'gumroad', 'stripe', 'other']).nullish(),
  previous_annual_revenue: z.number().int().min(0).nullish(),
});

/** model_dump() of OrganizationDetails: every key, its default where unsent. */
const detailsDump = (d: z.output<typeof details>) => ({
  about: d.about ?? null,
  product_description: d.product_description ?? null,
  selling_categories: d.selling_categories ?? [],
  pricing_models: d.pricing_models ?? [],
  intended_use: d.intended_use ?? null,
  customer_acquisition: d.customer_acquisition ?? [],
  future_annual_revenue: d.future_annual_revenue ?? null,
  switching: d.switching ?? false,
  switching_from: d.switching_from ?? null,
  previous_annual_revenue: d.previous_annual_revenue ?? null,
});

const overviewMetrics = z
  .unknown()
  .transform((v) => (typeof v === 'boolean' ? null : v))
  .pipe(z.array(z.string()).nullish());

const TAX_BEHAVIORS = ['location', 'inclusive', 'exclusive'] as const;

/** PresentmentCurrency: the currencies the real service presents prices in (ISO 4217, lower case). */
const currency = z.string().check((ctx) => {
  if (!/^[a-z]{3}$/.test(ctx.value))
    ctx.issues.push(problem(ctx.value, 'enum', 'Input should be a valid presentment currency'));
});

const embedHost = z.string().transform((value, ctx) => {
  const host = value.trim().toLowerCase();
  // validate_host_pattern: a host (with an optional port and a leading `*.`), no scheme or path,
  // or an app origin that carries its scheme (chrome-extension://…).
  if (/^[a-z][a-z0-9+.-]*-extension:\/\/[a-z0-9]+$/.test(host)) return host;
  if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host)) {
    ctx.issues.push(problem(value, 'value_error', `Value error, Invalid host: ${value}`));
    return z.NEVER;
  }
  return host;
});

export const updateBody = z.object({
  name: chars(Number.POSITIVE_INFINITY, 3).nullish(),
  avatar_url: httpUrl.nullish(),
  email: emailAddress.nullish(),
  website: httpUrl.nullish(),
  socials: z.array(social).nullish(),
  details: details.nullish(),
  country: countryCode.nullish(),
  feature_settings: z
    .object({
      seat_based_pricing_enabled: z.boolean().optional(),
      member_model_enabled: z.boolean().optional(),
      checkout_localization_enabled: z.boolean().optional(),
      overview_metrics: overviewMetrics.optional(),
    })
    .nullish(),
  subscription_settings: z
    .object({
      allow_multiple_subscriptions: z.boolean(),
      proration_behavior: z.enum(['invoice', 'prorate', 'next_period', 'reset']),
      benefit_revocation_grace_period: z.number().int(),
      prevent_trial_abuse: z.boolean(),
      allow_customer_updates: z.boolean(),
    })
    .nullish(),
  customer_email_settings: z
    .object(Object.fromEntries(EMAIL_KEYS.map((k) => [k, z.boolean()])))
    .nullish(),
  customer_portal_settings: z
    .object({
      usage: z.object({ show: z.boolean() }),
      subscription: z.object({
        update_seats: z.boolean(),
        update_plan: z.boolean(),
        pause: z.boolean().optional(),
      }),
      customer: z.object({ allow_email_change: z.boolean().optional() }).optional(),
    })
    .nullish(),
  dispute_settings: z
    .object({ auto_accept_below_amount: z.number().int().min(1).max(10_000).nullish() })
    .nullish(),
  embed_hosts: z.array(embedHost).nullish(),
  default_presentment_currency: currency.nullish(),
  default_tax_behavior: z.enum(TAX_BEHAVIORS).nullish(),
  sso_enforced: z.boolean().nullish(),
});

/**
 * The domain's changes from a parsed body and the keys the request sent (exclude_unset): a
 * sent null clears what may be cleared; the settings objects are replaced or merged as the real
 * `update` does (organization/service.py).
 */
export function changes(body: z.output<typeof updateBody>, sent: object): OrganizationChanges {
  const has = (k: string) => Object.hasOwn(sent, k);
  const out: OrganizationChanges = {};
  if (body.name != null) out.name = body.name;
  for (const k of ['avatar_url', 'email', 'website', 'country'] as const)
    if (has(k)) out[k] = body[k] ?? null;
  if (body.socials) out.socials = body.socials;
  if (body.details) out.details = detailsDump(body.details);
  // exclude_unset and exclude_none, one level down: only the flags sent change.
  if (body.feature_settings) out.feature_settings = defined(body.feature_settings, true);
  if (body.subscription_settings) out.subscription_settings = body.subscription_settings;
  if (body.customer_email_settings) out.customer_email_settings = body.customer_email_settings;
  if (body.customer_portal_settings) out.customer_portal_settings = body.customer_portal_settings;
  if (body.dispute_settings) out.dispute_settings = defined(body.dispute_settings, false);
  if (body.embed_hosts) out.embed_hosts = body.embed_hosts;
  if (body.default_presentment_currency)
    out.default_presentment_currency = body.default_presentment_currency;
  if (body.default_tax_behavior) out.default_tax_behavior = body.default_tax_behavior;
  if (body.sso_enforced != null) out.sso_enforced = body.sso_enforced;
  return out;
}

/** The keys of `o` that were sent (not undefined), and not null unless `dropNull` is false. */
function defined(o: object, dropNull: boolean): Settings {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && !(dropNull && v === null)),
  );
}

// ---- the create body (OrganizationCreate)

/** ORGANIZATION_SLUG_RESERVED_KEYWORDS (config.py at c6c3645e): paths of the real web app. */
const RESERVED_SLUGS = new Set([
  'benefits',
  'donations',
  'issue-funding',
  'newsletters',
  'products',
  'careers',
  'legal',
  'docs',
  'login',
  'signup',
  'oauth2',
  'checkout',
  'embed',
  'maintainer',
  'dashboard',
  'feed',
  'for-you',
  'posts',
  'purchases',
  'funding',
  'rewards',
  'settings',
  'backoffice',
  'finance',
  '.well-known',
]);

/** SlugInput: lower case, 3 to 64 characters, what python-slugify leaves as it is, not reserved. */
const slug = z.string().transform((value, ctx) => {
  const lower = value.toLowerCase();
  const n = [...lower].length;
  if (n < 3 || n > 64) {
    const [type, msg, key, bound] =
      n < 3
        ? ([
            'string_too_short',
            'String should have at least 3 characters',
            'min_length',
            3,
          ] as const)
        : ([
            'string_too_long',
            'String should have at most 64 characters',
            'max_length',
            64,
          ] as const);
    ctx.issues.push(problem(value, type, msg, { [key]: bound }));
    return z.NEVER;
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(lower)) {
    const msg = 'Value error, The slug can only contain ASCII letters, numbers and hyphens.';
    ctx.issues.push(problem(value, 'value_error', msg));
    return z.NEVER;
  }
  if (RESERVED_SLUGS.has(lower)) {
    ctx.issues.push(problem(value, 'value_error', 'Value error, This slug is reserved.'));
    return z.NEVER;
  }
  return lower;
});

export const createBody = z.object({
  name: chars(Number.POSITIVE_INFINITY, 3),
  slug,
  avatar_url: httpUrl.nullish(),
  email: emailAddress.nullish(),
  website: httpUrl.nullish(),
  socials: z.array(social).nullish(),
  details: details.nullish(),
  country: countryCode.nullish(),
  feature_settings: updateBody.shape.feature_settings,
  subscription_settings: updateBody.shape.subscription_settings,
  customer_email_settings: updateBody.shape.customer_email_settings,
  customer_portal_settings: updateBody.shape.customer_portal_settings,
  default_presentment_currency: currency.optional(),
  default_tax_behavior: z.enum(TAX_BEHAVIORS).optional(),
});

/** The domain's new organization: model_dump(exclude_unset, exclude_none) of the body. */
export function newOrganization(body: z.output<typeof createBody>): NewOrganization {
  const features = body.feature_settings ? defined(body.feature_settings, true) : undefined;
  if (features?.member_model_enabled)
    throw invalid(
      ['feature_settings', 'member_model_enabled'],
      'The sandbox has no members: the member model cannot be enabled here.',
      true,
    );
  return {
    name: body.name,
    slug: body.slug,
    avatar_url: body.avatar_url ?? null,
    email: body.email ?? null,
    website: body.website ?? null,
    socials: body.socials ?? [],
    ...(body.details ? { details: detailsDump(body.details) } : {}),
    country: body.country ?? null,
    ...(features ? { feature_settings: features } : {}),
    ...(body.subscription_settings ? { subscription_settings: body.subscription_settings } : {}),
    ...(body.customer_email_settings
      ? { customer_email_settings: body.customer_email_settings }
      : {}),
    ...(body.customer_portal_settings
      ? { customer_portal_settings: body.customer_portal_settings }
      : {}),
    default_presentment_currency: body.default_presentment_currency ?? 'usd',
    default_tax_behavior: body.default_tax_behavior ?? 'location',
  };
}

/** CustomerOrganization: the organization as a buyer's product shows it (orders, subscriptions). */
export function customerOrganization(org: Schemas['Organization']) {
  return {
    created_at: org.created_at,
    modified_at: org.modified_at,
    id: org.id,
    name: org.name,
    slug: org.slug,
    avatar_url: org.avatar_url,
    proration_behavior: org.proration_behavior,
    allow_customer_updates: org.allow_customer_updates,
    customer_portal_settings: org.customer_portal_settings,
    organization_features: {
      member_model_enabled: org.feature_settings?.member_model_enabled ?? false,
      checkout_localization_enabled: org.feature_settings?.checkout_localization_enabled ?? false,
    },
  };
}
