// Custom field bodies (custom_field/schemas.py and models/custom_field.py), both generations: a
// union tagged by `type`, each member's problems under its tag as pydantic places them. The slug
// is lowered, then must match ^[a-z0-9-_]+$; properties are TypedDicts (unknown keys dropped):
// form texts of at least one character, Int32 bounds (lengths at least 0), `le` not below `ge`, a
// select's options at least one. Today's (c6c3645e) drops properties sent as null or "" first
// (StripUnsetProperties); the seed's (f179ede58c) refused them. The response is the seed's
// serializer (serialize/catalogue.ts customField), the same form in both generations.
import * as z from 'zod';
import { CUSTOM_FIELD_TYPES } from '../../shared/api-facts.js';
import type { CustomFieldInput } from '../domain/custom-fields.js';
import type { CustomFieldType } from '../store/rows.js';
import { problem } from '../validate.js';
import { metadata as seedMetadata } from '../validate-models.js';
import { metadataInput } from './metadata.js';

const INT32 = z.number().int().min(-2147483648).max(2147483647);
const text = z.string().min(1);
const form = {
  form_label: text.optional(),
  form_help_text: text.optional(),
  form_placeholder: text.optional(),
};
const LE_MSG =
  'Value error, Greater than or equal (ge) must be less than or equal to Less than or equal (le)';
const comparable = z
  .object({ ...form, ge: INT32.optional(), le: INT32.optional() })
  .superRefine((p, ctx) => {
    if (p.ge !== undefined && p.le !== undefined && p.ge > p.le)
      ctx.issues.push({ ...problem(p.le, 'value_error', LE_MSG), path: ['le'] });
  });
const PROPERTIES: Record<CustomFieldType, z.ZodType<Record<string, unknown>>> = {
  text: z.object({
    ...form,
    textarea: z.boolean().optional(),
    min_length: INT32.min(0).optional(),
    max_length: INT32.min(0).optional(),
  }),
  number: comparable,
  date: comparable,
  checkbox: z.object(form),
  select: z.object({ ...form, options: z.array(z.object({ value: text, label: text })).min(1) }),
};

const SLUG = /^[a-z0-9-_]+$/;
const slug = z.unknown().transform((value, ctx): string => {
  if (typeof value !== 'string') {
    ctx.issues.push(problem(value, 'string_type', 'Input should be a valid string'));
    return z.NEVER;
  }
  const lowered = value.toLowerCase();
  if (lowered.length < 1) {
    ctx.issues.push(
      problem(value, 'string_too_short', 'String should have at least 1 character', {
        min_length: 1,
      }),
    );
    return z.NEVER;
  }
  if (!SLUG.test(lowered)) {
    ctx.issues.push(
      problem(value, 'string_pattern_mismatch', `String should match pattern '${SLUG.source}'`, {
        pattern: SLUG.source,
      }),
    );
    return z.NEVER;
  }
  return lowered;
});

/** Today's StripUnsetProperties: keys sent as null or "" are as if not sent. */
const stripped = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== ''))
    : value;

function union(update: boolean, today: boolean) {
  return z.unknown().transform((value, ctx): CustomFieldInput => {
    const tag = (value as { type?: unknown } | null)?.type;
    if (tag === undefined) {
      ctx.issues.push(
        problem(value, 'union_tag_not_found', "Unable to extract tag using discriminator 'type'", {
          discriminator: "'type'",
        }),
      );
      return z.NEVER;
    }
    if (!(CUSTOM_FIELD_TYPES as readonly unknown[]).includes(tag)) {
      const expected = CUSTOM_FIELD_TYPES.map((t) => `'${t}'`).join(', ');
      ctx.issues.push(
        problem(
          value,
          'union_tag_invalid',
          `Input tag '${String(tag)}' found using 'type' does not match any of the expected tags: ${expected}`,
          { discriminator: "'type'", tag: String(tag), expected_tags: expected },
        ),
      );
      return z.NEVER;
    }
    const type = tag as CustomFieldType;
    const properties = z.preprocess(today ? stripped : (v) => v, PROPERTIES[type]);
    const metadata = today ? metadataInput.optional() : seedMetadata().optional();
    const schema = update
      ? z.object({
          metadata,
          name: text.nullish(),
          slug: slug.nullish(),
          properties: properties.nullish(),
        })
      : z.object({
          metadata,
          slug,
          name: text,
          organization_id: z.uuid().nullish(),
          properties,
        });
    const parsed = schema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.issues.push({ ...issue, path: [type, ...issue.path] } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    const out = parsed.data as Omit<CustomFieldInput, 'type'> & Record<string, unknown>;
    // Null leaves a field as it is (the real one would write null into a NOT NULL column: a 500).
    for (const k of ['name', 'slug', 'properties'] as const) if (out[k] === null) delete out[k];
    return { ...out, type } as CustomFieldInput;
  });
}

/** CustomFieldCreate / CustomFieldUpdate of a generation. */
export const createBody = (today: boolean) => union(false, today);
export const updateBody = (today: boolean) => union(true, today);
