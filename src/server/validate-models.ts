// Bodies whose schema is a union, checked the way the real service's pydantic checks them: when
// no member of a union fits, every member's problems are reported, each under the member's name
// (`["body", "ProductRecurringCreate", "name"]`); a discriminated union reports its tag instead.
// Lists, literals and after-validators word their problems as pydantic does. Each check is a zod
// schema whose problems reach validate.ts (issueToItem) whole, with their own loc and input.
import * as z from 'zod';
import { Invalid, type Loc, type Problem } from './domain/errors.js';
import { checkMetadata, type Metadata } from './domain/metadata.js';
import { issueToItem } from './validate.js';

export type Result<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (...problems: Problem[]): Result<never> => ({ ok: false, problems });
/** A problem of the value itself (loc relative to it: empty). */
const own = (type: string, msg: string, input: unknown, ctx?: Record<string, unknown>): Problem =>
  ctx ? { type, loc: [], msg, input, ctx } : { type, loc: [], msg, input };

/** `schema` applied to `input`: its value, or its problems relative to `input`. */
export function check<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>> {
  const r = schema.safeParse(input, { reportInput: true });
  if (r.success) return ok(r.data);
  return fail(...r.error.issues.map((i) => issueToItem(i, input)));
}

const under = (label: string | number, problems: Problem[]): Problem[] =>
  problems.map((p) => ({ ...p, loc: [label, ...p.loc] as Loc }));

/**
 * A field checked by `fn`. A missing key is pydantic's `missing` (input: the object that lacks
 * it) unless `fallback` gives its default.
 */
export function field<T>(
  fn: (input: unknown) => Result<T>,
  fallback?: () => T,
): z.ZodType<T, unknown> {
  // Optional for zod's object, which then hands the field an absent key as undefined.
  return z
    .unknown()
    .optional()
    .transform((input, ctx) => {
      if (input === undefined) {
        if (fallback) return fallback();
        ctx.issues.push({ code: 'invalid_type', expected: 'object', input: undefined });
        return z.NEVER;
      }
      const r = fn(input);
      if (r.ok) return r.value;
      for (const p of r.problems)
        ctx.issues.push({ code: 'custom', message: p.msg, input, params: { problem: p } });
      return z.NEVER;
    }) as unknown as z.ZodType<T, unknown>;
}

/** pydantic's "a, b or c". */
function orList(values: string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0]!;
}

/** `Literal[Enum.member, …]`: pydantic names the members by their repr. */
export function literal<const V extends string>(enumName: string, ...values: V[]) {
  const expected = orList(values.map((v) => `<${enumName}.${v}: '${v}'>`));
  return field<V>((input) =>
    values.includes(input as V)
      ? ok(input as V)
      : fail(own('literal_error', `Input should be ${expected}`, input, { expected })),
  );
}

/**
 * A union that reports every member's problems under its label when none fits. pydantic's smart
 * and left-to-right modes pick the same member here: the members exclude each other, or (the
 * product update's prices) the first that fits is the one wanted.
 */
export function union<T>(members: [label: string, schema: z.ZodType<T, unknown>][]) {
  return field<T>((input) => {
    const problems: Problem[] = [];
    for (const [label, schema] of members) {
      const r = check(schema, input);
      if (r.ok) return r;
      problems.push(...under(label, r.problems));
    }
    return fail(...problems);
  });
}

/**
 * A union whose member is picked by `tag(input)` (pydantic's callable Discriminator named
 * `discriminator`, or a field's name in quotes): problems are reported under the tag. `repr`
 * words an expected tag (an enum member's is `<Enum.member: 'member'>`).
 */
export function tagged<T>(
  discriminator: string,
  tag: (input: Record<string, unknown>) => string | undefined,
  members: Record<string, z.ZodType<T, unknown>>,
  repr: (tag: string) => string = (t) => `'${t}'`,
) {
  return field<T>((input) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return fail(
        own(
          'model_attributes_type',
          'Input should be a valid dictionary or object to extract fields from',
          input,
        ),
      );
    }
    const found = tag(input as Record<string, unknown>);
    const ctx = { discriminator };
    if (found === undefined)
      return fail(
        own(
          'union_tag_not_found',
          `Unable to extract tag using discriminator ${discriminator}`,
          input,
          ctx,
        ),
      );
    const schema = members[found];
    if (!schema) {
      const expected_tags = Object.keys(members).map(repr).join(', ');
      const msg = `Input tag '${found}' found using ${discriminator} does not match any of the expected tags: ${expected_tags}`;
      return fail(own('union_tag_invalid', msg, input, { ...ctx, tag: found, expected_tags }));
    }
    const r = check(schema, input);
    return r.ok ? r : fail(...under(found, r.problems));
  });
}

const plural = (n: number) => (n === 1 ? 'item' : 'items');

/**
 * A list of `item` with pydantic's length bounds: items are checked in order, a list that grows
 * past `max` valid items is too long at once, and one with too few is too short after its items.
 */
export function list<T>(item: z.ZodType<T, unknown>, bounds: { min?: number; max?: number } = {}) {
  return field<T[]>((input) => {
    if (!Array.isArray(input)) return fail(own('list_type', 'Input should be a valid list', input));
    const { min, max } = bounds;
    const out: T[] = [];
    const problems: Problem[] = [];
    for (const [i, v] of input.entries()) {
      const r = check(item, v);
      if (!r.ok) {
        problems.push(...under(i, r.problems));
        continue;
      }
      out.push(r.value);
      if (max !== undefined && out.length > max) {
        const n = input.length;
        const msg = `List should have at most ${max} ${plural(max)} after validation, not ${n}`;
        return fail(
          own('too_long', msg, input, { field_type: 'List', max_length: max, actual_length: n }),
        );
      }
    }
    if (problems.length) return fail(...problems);
    if (min !== undefined && out.length < min) {
      const n = out.length;
      const msg = `List should have at least ${min} ${plural(min)} after validation, not ${n}`;
      return fail(
        own('too_short', msg, input, { field_type: 'List', min_length: min, actual_length: n }),
      );
    }
    return ok(out);
  });
}

/**
 * `schema`, then a check of its value (pydantic's AfterValidator or model_validator "after"): a
 * message it returns is a `value_error` on the value as it was sent.
 */
export function after<T>(schema: z.ZodType<T, unknown>, rule: (value: T) => string | null) {
  return field<T>((input) => {
    const r = check(schema, input);
    if (!r.ok) return r;
    const message = rule(r.value);
    return message === null ? r : fail(valueError(message, input));
  });
}

/** A ValueError raised by a validator, as pydantic reports it (FastAPI encodes it in ctx as {}). */
export function valueError(message: string, input: unknown): Problem {
  return own('value_error', `Value error, ${message}`, input, { error: {} });
}

/** A string stripped of surrounding space, an empty one being null (EmptyStrToNone); may be absent. */
export const emptyToNone = field<string | null | undefined>(
  (input) => {
    if (input === null) return ok(null);
    if (typeof input !== 'string')
      return fail(own('string_type', 'Input should be a valid string', input));
    const stripped = input.trim();
    return ok(stripped === '' ? null : stripped);
  },
  () => undefined,
);

/** `schema` wrapped so that a missing key is `fallback()` (pydantic's default). */
export function withDefault<T>(schema: z.ZodType<T, unknown>, fallback: () => T) {
  return field<T>((input) => check(schema, input), fallback);
}

/** `z.enum` with pydantic's `missing` for an absent key (zod words it as a wrong value). */
export function oneOf<const V extends string>(values: readonly V[]) {
  const schema = z.enum(values as readonly [V, ...V[]]);
  return field<V>((input) => check(schema, input) as Result<V>);
}

/**
 * `pattern` as pydantic's `Field(pattern=…)` words it. pydantic searches (so `usd` would let
 * `usdx` through to the payment processor, which refuses it); only the whole value passes here.
 */
export function matching(pattern: string, fallback?: () => string) {
  const re = new RegExp(`^(?:${pattern})$`);
  return field<string>((input) => {
    if (typeof input !== 'string')
      return fail(own('string_type', 'Input should be a valid string', input));
    if (re.test(input)) return ok(input);
    const msg = `String should match pattern '${pattern}'`;
    return fail(own('string_pattern_mismatch', msg, input, { pattern }));
  }, fallback);
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt _](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date-time as pydantic reads one: ISO 8601 with or without an offset (none: UTC, as the
 * service's database stores it), a date alone (midnight), or Unix seconds; stored as ISO UTC.
 */
export const dateTime = field<string>((input) => {
  if (typeof input === 'number' && Number.isFinite(input))
    return ok(new Date(Math.abs(input) > 2e10 ? input : input * 1000).toISOString());
  if (typeof input !== 'string')
    return fail(own('datetime_type', 'Input should be a valid datetime', input));
  const m = DATE_TIME.exec(input.trim());
  const at = m
    ? new Date(
        `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${m[7] ?? ''}${normalOffset(m[8])}`,
      )
    : undefined;
  if (!at || Number.isNaN(at.getTime()))
    return fail(
      own('datetime_from_date_parsing', 'Input should be a valid datetime or date', input),
    );
  return ok(at.toISOString());
});

function normalOffset(offset: string | undefined): string {
  if (!offset || offset === 'Z' || offset === 'z') return 'Z';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

/** Spec §8 metadata (domain/metadata.ts); `fallback` when the key is absent. */
export function metadata(fallback?: () => Metadata) {
  return field<Metadata>((input) => {
    try {
      return ok(checkMetadata(input, []));
    } catch (err) {
      if (err instanceof Invalid) return fail(...err.problems);
      throw err;
    }
  }, fallback);
}

/** `schema` or null (pydantic's `X | None`): null passes, the key may be absent. */
export function orNull<T>(schema: z.ZodType<T, unknown>) {
  return field<T | null | undefined>(
    (input) => (input === null ? ok(null) : check(schema, input)),
    () => undefined,
  );
}
