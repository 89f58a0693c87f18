// Benefits in today's generation (Polar-Version 2026-04/2026-10), read from polarsource/polar at
// c6c3645e: the Benefit form (benefit/schemas.py BenefitBase and its members: metadata,
// visibility, is_deleted, visibility_configurable; models/benefit.py BenefitType), and the create
// and update bodies of the types the sandbox grants (custom, license_keys). The `ads` type was
// removed with its rows (migration 2025-02-28 remove_ads, e5100dbefd): today's generation never
// shows one.
import * as z from 'zod';
import { ENUMS } from '../../shared/openapi/2026-10.facts.js';
import type { components } from '../../shared/openapi/2026-10.js';
import type { BenefitChanges, BenefitDraft, BenefitProperties } from '../domain/benefits.js';
import { checkAvailable } from '../domain/benefits.js';
import { b, j, stamps } from '../serialize/loader.js';
import type { BenefitRow, BenefitType, ProductVisibility } from '../store/rows.js';
import { chars, problem } from '../validate.js';
import { metadataInput } from './metadata.js';

type Schemas = components['schemas'];

const TODAY_TYPES: ReadonlySet<string> = new Set(ENUMS.BenefitType);

/** Whether today's generation has this benefit (not one of a removed type). */
export const isTodays = (r: Pick<BenefitRow, 'type'>) => TODAY_TYPES.has(r.type);

/** VISIBILITY_CONFIGURABLE_BENEFIT_TYPES (models/benefit.py). */
const CONFIGURABLE: ReadonlySet<string> = new Set([
  'custom',
  'license_keys',
  'meter_credit',
  'feature_flag',
]);

/** The properties as today's rows hold them: a Discord benefit's `kick_member` (3570b66636). */
function properties(r: BenefitRow): unknown {
  const stored = j(r.properties) as Record<string, unknown>;
  return r.type === 'discord' ? { kick_member: false, ...stored } : stored;
}

/** The Benefit form; the caller has checked `isTodays`. */
export function benefit(r: BenefitRow): Schemas['Benefit'] {
  return {
    id: r.id,
    ...stamps(r),
    type: r.type,
    description: r.description,
    selectable: b(r.selectable),
    deletable: b(r.deletable),
    is_deleted: r.deleted_at != null,
    organization_id: r.organization_id,
    metadata: (j(r.metadata ?? '{}') ?? {}) as Record<string, string>,
    visibility: r.visibility ?? 'public',
    properties: properties(r),
    visibility_configurable: CONFIGURABLE.has(r.type),
  } as Schemas['Benefit'];
}

// ---- request bodies (BenefitCustomCreate, BenefitLicenseKeysCreate and their updates)

const description = chars(42, 3);
const visibility = z.enum(['draft', 'private', 'public']).nullish();
const positive = z.number().int().gt(0).max(2_147_483_647);

/** BenefitCustomCreateProperties / BenefitCustomProperties: the note, null when not sent. */
const customProperties = z.object({ note: z.string().nullish() });
/** BenefitLicenseKeysCreateProperties: every key optional, null when not sent. */
const licenseKeyProperties = z.object({
  prefix: z.string().nullish(),
  expires: z
    .object({ ttl: z.number().int().gt(0), timeframe: z.enum(['year', 'month', 'day']) })
    .nullish(),
  activations: z.object({ limit: positive, enable_customer_admin: z.boolean() }).nullish(),
  limit_usage: positive.nullish(),
});

/** BenefitMeterCreditCreateProperties (meter_credit/schemas.py): units an Int32 > 0. */
const meterCreditProperties = z.object({
  meter_id: z.uuid(),
  units: positive,
  rollover: z.boolean(),
});

const stored = (type: BenefitType, p: Record<string, unknown>): BenefitProperties =>
  type === 'meter_credit'
    ? { meter_id: String(p.meter_id).toLowerCase(), units: p.units, rollover: p.rollover }
    : type === 'custom'
      ? { note: p.note ?? null }
      : {
          prefix: p.prefix ?? null,
          expires: p.expires ?? null,
          activations: p.activations ?? null,
          limit_usage: p.limit_usage ?? null,
        };

const PROPERTIES: Record<string, z.ZodType<Record<string, unknown>>> = {
  custom: customProperties,
  license_keys: licenseKeyProperties,
  meter_credit: meterCreditProperties,
};

/** The tag of a body: its `type`, which must be one of today's. */
function tagOf(value: unknown, ctx: z.RefinementCtx): string | undefined {
  const tag = (value as { type?: unknown } | null)?.type;
  if (tag === undefined) {
    ctx.issues.push(
      problem(value, 'union_tag_not_found', "Unable to extract tag using discriminator 'type'", {
        discriminator: "'type'",
      }),
    );
    return undefined;
  }
  if (!TODAY_TYPES.has(String(tag))) {
    const expected = ENUMS.BenefitType.map((t) => `'${t}'`).join(', ');
    ctx.issues.push(
      problem(
        value,
        'union_tag_invalid',
        `Input tag '${String(tag)}' found using 'type' does not match any of the expected tags: ${expected}`,
        { discriminator: "'type'", tag: String(tag), expected_tags: expected },
      ),
    );
    return undefined;
  }
  return String(tag);
}

/** Parses `value` with `schema`, its problems under the tag, as pydantic places them. */
function member<T>(schema: z.ZodType<T>, value: unknown, tag: string, ctx: z.RefinementCtx) {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.issues.push({ ...issue, path: [tag, ...issue.path] } as z.core.$ZodRawIssue);
  return undefined;
}

const createShape = (properties: z.ZodType<Record<string, unknown>>) =>
  z.object({
    metadata: metadataInput.optional(),
    type: z.string(),
    description,
    organization_id: z.uuid().nullish(),
    visibility,
    properties,
  });

/**
 * BenefitCreate, a union tagged by `type`. A type the sandbox cannot grant (discord, GitHub,
 * downloads, meter credits, feature flags, Slack) is refused on `type` (README differences).
 */
export const createBody = z.unknown().transform((value, ctx) => {
  const tag = tagOf(value, ctx);
  if (tag === undefined) return z.NEVER;
  const schema = PROPERTIES[tag];
  if (!schema) {
    checkAvailable(tag);
    return z.NEVER;
  }
  const body = member(createShape(schema), value, tag, ctx);
  return body ?? z.NEVER;
});

const updateShape = (properties: z.ZodType<Record<string, unknown>>) =>
  z.object({
    metadata: metadataInput.optional(),
    description: description.nullish(),
    visibility,
    type: z.string(),
    properties: properties.nullish(),
  });

/** BenefitUpdate: a union tagged by `type` as well; the type must be the benefit's. */
export const updateBody = z.unknown().transform((value, ctx) => {
  const tag = tagOf(value, ctx);
  if (tag === undefined) return z.NEVER;
  const schema = PROPERTIES[tag];
  if (!schema) {
    checkAvailable(tag);
    return z.NEVER;
  }
  return member(updateShape(schema), value, tag, ctx) ?? z.NEVER;
});

/**
 * The resolved visibility (models/benefit.py `resolve_visibility`): a type whose visibility is
 * not configurable is public; otherwise the one sent, or public.
 */
const resolveVisibility = (
  type: string,
  sent: ProductVisibility | null | undefined,
): ProductVisibility => (CONFIGURABLE.has(type) ? (sent ?? 'public') : 'public');

export function createDraft(body: z.output<typeof createBody>): BenefitDraft {
  const type = body.type as BenefitType;
  return {
    type,
    description: body.description,
    organization_id: body.organization_id ?? null,
    properties: stored(type, body.properties),
    metadata: body.metadata ?? {},
    visibility: resolveVisibility(type, body.visibility),
  };
}

/** The domain's changes: only what was sent (exclude_unset); the type is checked by the domain. */
export function updateChanges(body: z.output<typeof updateBody>, sent: object): BenefitChanges {
  const type = body.type as BenefitType;
  const out: BenefitChanges = { type };
  if (body.description != null) out.description = body.description;
  if (body.properties != null) out.properties = stored(type, body.properties);
  if (Object.hasOwn(sent, 'metadata') && body.metadata) out.metadata = body.metadata;
  if (body.visibility != null) out.visibility = resolveVisibility(type, body.visibility);
  return out;
}
