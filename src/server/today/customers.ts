// Customers in today's generation (Polar-Version 2026-04/2026-10), read from polarsource/polar at
// c6c3645e: the Customer form (customer/schemas/customer.py CustomerIndividual, CustomerTeam), the
// customer portal's own form (customer_portal/schemas/customer.py CustomerPortalCustomer), and
// the create and update bodies. The customer state is customer-state.ts.
import { hash } from 'node:crypto';
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import type { CustomerFields } from '../domain/customers.js';
import { EXTERNAL_ID_METADATA_KEY } from '../domain/customers.js';
import { addressInput, emailAddress, optionalText } from '../fields.js';
import { address } from '../serialize/catalogue.js';
import { b, j, stamps } from '../serialize/loader.js';
import type { CustomerRow } from '../store/rows.js';
import { chars, problem } from '../validate.js';
import { metadataInput } from './metadata.js';

type Schemas = components['schemas'];

/**
 * The avatar of an email (models/customer.py `_avatar_url_for_email` without a logo.dev key, as a
 * sandbox has none): Gravatar's, 404 where there is no picture.
 */
export const avatarOf = (email: string | null) =>
  email ? `https://www.gravatar.com/avatar/${hash('sha256', email.toLowerCase())}?d=404` : null;

/** The Customer form (either type; a customer from before types is an individual). */
export function customer(r: CustomerRow): Schemas['Customer'] {
  const metadata = (j(r.metadata) ?? {}) as Record<string, string | number | boolean>;
  return {
    id: r.id,
    ...stamps(r),
    metadata,
    // saved_external_id: a deleted customer's is kept in its metadata.
    external_id:
      r.external_id ?? (metadata[EXTERNAL_ID_METADATA_KEY] as string | undefined) ?? null,
    email: r.email,
    email_verified: b(r.email_verified),
    type: r.type ?? 'individual',
    name: r.name ?? null,
    billing_name: r.billing_name ?? r.name ?? null,
    billing_address: address(r.billing_address) as Schemas['Address'] | null,
    tax_id: j(r.tax_id) as Schemas['CustomerIndividual']['tax_id'],
    locale: r.locale ?? null,
    organization_id: r.organization_id,
    // The sandbox saves no payment method (no processor) and ingests no usage events.
    default_payment_method_id: null,
    deleted_at: r.deleted_at ?? null,
    first_user_event_at: null,
    avatar_url: avatarOf(r.email),
  };
}

/** The customer portal's own form of its customer (GET /v1/customer-portal/customers/me). */
export function portalCustomer(r: CustomerRow): Schemas['CustomerPortalCustomer'] {
  return {
    ...stamps(r),
    id: r.id,
    email: r.email,
    email_verified: b(r.email_verified),
    name: r.name ?? null,
    billing_name: r.billing_name ?? r.name ?? null,
    billing_address: address(r.billing_address) as Schemas['Address'] | null,
    tax_id: j(r.tax_id) as Schemas['CustomerPortalCustomer']['tax_id'],
    // Accounts linked through the portal's OAuth (Discord, GitHub): none in the sandbox.
    oauth_accounts: {},
    default_payment_method_id: null,
    type: r.type ?? 'individual',
    locale: r.locale ?? null,
  };
}

// ---- request bodies

/** The real Locale: an IETF BCP 47 tag with a language, in its standard form. */
export const locale = z.string().transform((value, ctx) => {
  let tag: string | undefined;
  try {
    tag = Intl.getCanonicalLocales(value)[0];
  } catch {
    tag = undefined;
  }
  const language = tag?.split('-')[0];
  if (!tag || !language || !/^[a-z]{2,3}$/.test(language) || language === 'und') {
    ctx.issues.push(problem(value, 'value_error', 'Value error, Invalid IETF BCP 47 language tag'));
    return z.NEVER;
  }
  return tag;
});

/** CustomerNameInput: at most 256 characters, an empty one is none. */
const name = chars(256)
  .nullish()
  .transform((v) => (v === '' ? null : v));

const base = {
  metadata: metadataInput.optional(),
  name,
  billing_address: addressInput.nullish(),
  tax_id: optionalText,
  locale: locale.nullish(),
};

const created = z.object({
  ...base,
  external_id: optionalText,
  organization_id: z.uuid().nullish(),
  // MemberOwnerCreate: read, and unused: the sandbox has no members (no member model).
  owner: z.object({ email: emailAddress, name: name, external_id: optionalText }).nullish(),
  type: z.enum(['individual', 'team']).optional(),
  email: emailAddress.nullish(),
});

/**
 * CustomerCreate, a union tagged by `type` (individual when absent). A team may go without an
 * email on the real service when it names an owner; the sandbox keeps an email on every
 * customer, so a team without one is refused (README, differences).
 */
export const createBody = z.unknown().transform((value, ctx) => {
  const tag = (value as { type?: unknown }).type ?? 'individual';
  if (tag !== 'individual' && tag !== 'team') {
    const msg = `Input tag '${String(tag)}' found using _customer_create_type() does not match any of the expected tags: 'individual', 'team'`;
    ctx.issues.push(
      problem(value, 'union_tag_invalid', msg, {
        discriminator: '_customer_create_type()',
        tag: String(tag),
        expected_tags: "'individual', 'team'",
      }),
    );
    return z.NEVER;
  }
  const parsed = created.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.issues.push({ ...issue, path: [tag, ...issue.path] } as z.core.$ZodRawIssue);
    return z.NEVER;
  }
  const body = parsed.data;
  if (body.email == null) {
    if (tag === 'individual') {
      ctx.issues.push({ ...problem(value, 'missing', 'Field required'), path: [tag, 'email'] });
      return z.NEVER;
    }
    const msg =
      body.owner == null
        ? 'Value error, An owner with an email address is required when creating a team customer without an email.'
        : 'The sandbox keeps an email on every customer: send `email` for a team customer too.';
    ctx.issues.push({ ...problem(value, 'value_error', msg), path: [tag] });
    return z.NEVER;
  }
  return { ...body, type: tag, email: body.email } as typeof body & {
    type: 'individual' | 'team';
    email: string;
  };
});

const updatable = {
  ...base,
  email: emailAddress.nullish(),
};

/** CustomerUpdate: the external id (set once) and the type (upgraded only) besides. */
export const updateBody = z.object({
  ...updatable,
  external_id: optionalText,
  type: z.enum(['individual', 'team']).nullish(),
});

/** CustomerUpdateExternalID: neither the external id nor the type. */
export const updateExternalBody = z.object(updatable);

/** The domain's fields from a parsed create body. */
export function createFields(
  body: z.output<typeof createBody>,
): CustomerFields & { email: string } {
  return {
    email: body.email,
    name: body.name ?? null,
    billing_address: body.billing_address ?? null,
    tax_number: body.tax_id ?? null,
    external_id: body.external_id ?? null,
    type: body.type,
    locale: body.locale ?? null,
    metadata: body.metadata ?? {},
  };
}

/**
 * The domain's fields from a parsed update body: only the keys sent (exclude_unset); a sent
 * null clears, except where today's rules refuse it (domain/customers.ts).
 */
export function updateChanges(
  body: z.output<typeof updateBody> | z.output<typeof updateExternalBody>,
  sent: object,
): CustomerFields {
  const has = (k: string) => Object.hasOwn(sent, k);
  const out: CustomerFields = {};
  if (has('email')) out.email = body.email ?? null;
  if (has('name')) out.name = body.name ?? null;
  if (has('billing_address')) out.billing_address = body.billing_address ?? null;
  if (has('tax_id')) out.tax_number = body.tax_id ?? null;
  if (has('locale')) out.locale = body.locale ?? null;
  if (has('metadata') && body.metadata) out.metadata = body.metadata;
  if ('external_id' in body && has('external_id')) out.external_id = body.external_id ?? null;
  if ('type' in body && has('type')) out.type = body.type ?? null;
  return out;
}
