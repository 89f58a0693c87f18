// Request validation with FastAPI/pydantic-shaped 422 items (api-facts "Errors").
import * as z from 'zod';
import { isInteger, type RawJSON } from '../shared/json.js';
import { notJson, RawBody } from './body.js';
import { invalid, type ValidationItem, validation } from './errors.js';
import { UUID_RE } from './ids.js';

type Loc = (string | number)[];

/**
 * The largest license-key usage, limit_usage and increment_usage: the real service keeps these
 * counters in PostgreSQL integer columns (server/polar/models/license_key.py), and anything
 * larger would overflow there; here it would pass 2^53 and no longer read back (a 500).
 */
export const COUNTER_MAX = 2_147_483_647;
export type Query = Record<string, string | string[] | undefined>;

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['int_type', 'Input should be a valid integer'],
  int: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
  array: ['list_type', 'Input should be a valid list'],
};

/** Characters as the real service (pydantic) counts them: code points, so an emoji is one. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * A string of at most `max` (and at least `min`) characters counted by charLength: zod's own
 * .max/.min count UTF-16 units, which would refuse 21 emoji as 42 characters.
 */
export function chars(max: number, min = 0) {
  return z.string().check((ctx) => {
    const n = charLength(ctx.value);
    const input = ctx.value;
    if (n > max)
      ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input });
    else if (n < min)
      ctx.issues.push({
        code: 'too_small',
        origin: 'string',
        minimum: min,
        inclusive: true,
        input,
      });
  });
}

/**
 * An integer beyond 2^53 (a raw JSON value, see app.ts) where a number is expected: only
 * metadata keeps those, so anywhere else it is out of range, worded as pydantic words bounds.
 */
export function outOfRange(
  loc: Loc,
  input: RawJSON,
  bounds: { ge?: number; le?: number } = {},
): ValidationItem {
  if (input.rawJSON.startsWith('-')) {
    const ge = bounds.ge ?? Number.MIN_SAFE_INTEGER;
    const msg = `Input should be greater than or equal to ${ge}`;
    return { type: 'greater_than_equal', loc, msg, input, ctx: { ge } };
  }
  const le = bounds.le ?? Number.MAX_SAFE_INTEGER;
  const msg = `Input should be less than or equal to ${le}`;
  return { type: 'less_than_equal', loc, msg, input, ctx: { le } };
}

/** The value at `path` inside `value` (undefined when absent). */
function at(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const key of path)
    v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

function issueToItem(issue: z.core.$ZodIssue, root: Loc, body: unknown): ValidationItem {
  const loc = [...root, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      // pydantic reports a missing field with the object that lacks it as the input.
      if (input === undefined)
        return {
          type: 'missing',
          loc,
          msg: 'Field required',
          input: at(body, issue.path.slice(0, -1)),
        };
      if ((issue.expected === 'number' || issue.expected === 'int') && JSON.isRawJSON(input))
        return outOfRange(loc, input);
      const [type, msg] = TYPE_NAMES[issue.expected] ?? ['value_error', issue.message];
      return { type, loc, msg, input };
    }
    case 'too_big':
      if (issue.origin === 'string')
        return {
          type: 'string_too_long',
          loc,
          msg: `String should have at most ${issue.maximum} characters`,
          input,
          ctx: { max_length: Number(issue.maximum) },
        };
      return {
        type: 'less_than_equal',
        loc,
        msg: `Input should be less than or equal to ${issue.maximum}`,
        input,
        ctx: { le: Number(issue.maximum) },
      };
    case 'too_small':
      if (issue.origin === 'string')
        return {
          type: 'string_too_short',
          loc,
          msg: `String should have at least ${issue.minimum} characters`,
          input,
          ctx: { min_length: Number(issue.minimum) },
        };
      return issue.inclusive === false
        ? {
            type: 'greater_than',
            loc,
            msg: `Input should be greater than ${issue.minimum}`,
            input,
            ctx: { gt: Number(issue.minimum) },
          }
        : {
            type: 'greater_than_equal',
            loc,
            msg: `Input should be greater than or equal to ${issue.minimum}`,
            input,
            ctx: { ge: Number(issue.minimum) },
          };
    case 'invalid_value': {
      const expected = issue.values.map((v) => `'${String(v)}'`);
      const list =
        expected.length > 1
          ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}`
          : (expected[0] ?? '');
      return { type: 'enum', loc, msg: `Input should be ${list}`, input, ctx: { expected: list } };
    }
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid')
        return { type: 'uuid_parsing', loc, msg: 'Input should be a valid UUID', input };
      if (issue.format === 'datetime')
        return {
          type: 'datetime_from_date_parsing',
          loc,
          msg: 'Input should be a valid datetime',
          input,
        };
      if (issue.format === 'email')
        return {
          type: 'value_error',
          loc,
          msg: 'value is not a valid email address: An email address must have an @-sign.',
          input,
        };
      return { type: 'value_error', loc, msg: issue.message, input };
    default:
      return { type: 'value_error', loc, msg: issue.message, input };
  }
}

/** Parses a JSON body with a zod schema; 422 with every problem otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body instanceof RawBody) throw notJson(body);
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid(
      ['body'],
      'Input should be a valid dictionary or object to extract fields from',
      body ?? null,
      'model_attributes_type',
    );
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  throw validation(result.error.issues.map((i) => issueToItem(i, ['body'], body)));
}

export function uuidParam(value: unknown, loc: Loc): string {
  if (typeof value !== 'string' || !UUID_RE.test(value)) {
    throw invalid(loc, 'Input should be a valid UUID', value ?? null, 'uuid_parsing');
  }
  return value.toLowerCase();
}

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A multi-value UUID filter: scalar or repeated key; comma-joined values are NOT split. */
export function uuidList(query: Query, name: string): string[] {
  const values = asList(query[name]);
  const items: ValidationItem[] = [];
  const out = values.map((v, i) => {
    if (UUID_RE.test(v)) return v.toLowerCase();
    items.push({
      type: 'uuid_parsing',
      loc: ['query', name, i],
      msg: 'Input should be a valid UUID',
      input: v,
    });
    return '';
  });
  if (items.length) throw validation(items);
  return out;
}

export function enumList(query: Query, name: string, allowed: readonly string[]): string[] {
  const values = asList(query[name]);
  const items: ValidationItem[] = [];
  values.forEach((v, i) => {
    if (!allowed.includes(v)) items.push(enumItem(['query', name, i], v, allowed));
  });
  if (items.length) throw validation(items);
  return values;
}

function enumItem(loc: Loc, input: string, allowed: readonly string[]): ValidationItem {
  const quoted = allowed.map((a) => `'${a}'`);
  const list = `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
  return { type: 'enum', loc, msg: `Input should be ${list}`, input, ctx: { expected: list } };
}

const TRUE = ['true', '1', 'yes', 'on', 't', 'y'];
const FALSE = ['false', '0', 'no', 'off', 'f', 'n'];

export function boolParam(query: Query, name: string): boolean | undefined {
  const raw = asList(query[name]).at(-1);
  if (raw === undefined) return undefined;
  const v = raw.toLowerCase();
  if (TRUE.includes(v)) return true;
  if (FALSE.includes(v)) return false;
  throw invalid(
    ['query', name],
    'Input should be a valid boolean, unable to interpret input',
    raw,
    'bool_parsing',
  );
}

export function stringParam(query: Query, name: string): string | undefined {
  return asList(query[name]).at(-1);
}

function positiveInt(query: Query, name: string, fallback: number): number {
  const raw = asList(query[name]).at(-1);
  if (raw === undefined) return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) {
    throw invalid(
      ['query', name],
      'Input should be a valid integer, unable to parse string as an integer',
      raw,
      'int_parsing',
    );
  }
  const n = Number.parseInt(raw, 10);
  if (n <= 0) {
    throw invalid(['query', name], 'Input should be greater than 0', raw, 'greater_than', {
      gt: 0,
    });
  }
  return n;
}

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

/** page ≥ 1 (default 1); limit ≥ 1 (default 10), silently clamped to 100 (api-facts "Pagination"). */
export function pageParams(query: Query): Page {
  const page = positiveInt(query, 'page', 1);
  const limit = Math.min(positiveInt(query, 'limit', 10), 100);
  // A huge page is past the end like any other, not an offset SQLite cannot bind (500).
  return { page, limit, offset: Math.min((page - 1) * limit, Number.MAX_SAFE_INTEGER) };
}

export function paginated<T>(items: T[], total: number, page: Page) {
  return { items, pagination: { total_count: total, max_page: Math.ceil(total / page.limit) } };
}

export interface SortCriterion {
  field: string;
  desc: boolean;
}

/** `sorting` is repeatable; each value one criterion, `-` for descending. Never comma-split. */
export function sortingParam(
  query: Query,
  allowed: readonly string[],
  fallback: string[],
): SortCriterion[] {
  const values = asList(query.sorting);
  const list = values.length ? values : fallback;
  const items: ValidationItem[] = [];
  const all = [...allowed, ...allowed.map((a) => `-${a}`)];
  const out = list.map((v, i) => {
    if (!all.includes(v)) items.push(enumItem(['query', 'sorting', i], v, all));
    return { field: v.replace(/^-/, ''), desc: v.startsWith('-') };
  });
  if (items.length) throw validation(items);
  return out;
}

/**
 * Spec §8 metadata rules: ≤ 50 pairs, key ≤ 40 characters, value a string of ≤ 500 characters,
 * an integer (any size: beyond 2^53 it arrives as a raw JSON value, see app.ts) or a boolean.
 */
export function checkMetadata(value: unknown, loc: Loc): Record<string, string | number | boolean> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(loc, 'Input should be a valid dictionary', value, 'dict_type');
  }
  const entries = Object.entries(value);
  const items: ValidationItem[] = [];
  if (entries.length > 50) {
    items.push({
      type: 'too_long',
      loc,
      msg: `Dictionary should have at most 50 items after validation, not ${entries.length}`,
      input: value,
      ctx: { field_type: 'Dictionary', max_length: 50, actual_length: entries.length },
    });
  }
  for (const [key, v] of entries) {
    const keyLength = charLength(key);
    if (keyLength < 1 || keyLength > 40) {
      items.push({
        type: keyLength < 1 ? 'string_too_short' : 'string_too_long',
        loc: [...loc, key, '[key]'],
        msg:
          keyLength < 1
            ? 'String should have at least 1 character'
            : 'String should have at most 40 characters',
        input: key,
        ctx: keyLength < 1 ? { min_length: 1 } : { max_length: 40 },
      });
    }
    if (typeof v === 'string') {
      if (charLength(v) > 500) {
        items.push({
          type: 'string_too_long',
          loc: [...loc, key, 'str'],
          msg: 'String should have at most 500 characters',
          input: v,
          ctx: { max_length: 500 },
        });
      }
    } else if (!(typeof v === 'boolean' || isInteger(v))) {
      items.push({
        type: 'value_error',
        loc: [...loc, key],
        msg: 'Input should be a valid string, integer or boolean',
        input: v,
      });
    }
  }
  if (items.length) throw validation(items);
  return value as Record<string, string | number | boolean>;
}
