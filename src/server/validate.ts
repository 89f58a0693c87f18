// Reading requests: JSON bodies through zod schemas, path and query parameters, each problem a
// FastAPI/pydantic-shaped item (api-facts "Errors") thrown as a domain Invalid error.
import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/api-facts.js';
import { notJson, RawBody } from './body.js';
import { Invalid, invalid, type Loc, type Problem } from './domain/errors.js';
import { beyond, charLength, outOfRange } from './domain/values.js';
import { UUID_RE } from './ids.js';
import { criterion, type SortCriterion, type Page as StorePage } from './store/lists.js';

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

/** The value at `path` inside `value` (undefined when absent). */
function at(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const key of path)
    v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/** One zod issue as a pydantic problem; `body` is what was parsed (a missing field's parent). */
export function issueToItem(issue: z.core.$ZodIssue, body: unknown): Problem {
  const loc: Loc = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
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
      return beyond(
        issue.origin === 'string' ? 'max_length' : 'le',
        Number(issue.maximum),
        loc,
        input,
      );
    case 'too_small': {
      const bound =
        issue.origin === 'string' ? 'min_length' : issue.inclusive === false ? 'gt' : 'ge';
      return beyond(bound, Number(issue.minimum), loc, input);
    }
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
    case 'custom': {
      // A check that words its problem as pydantic does (see `problem`).
      // A problem found below the issue's path (validate-models.ts) carries its own loc and input.
      const own = issue.params?.problem as
        | (Omit<Problem, 'loc' | 'input'> & Partial<Pick<Problem, 'loc' | 'input'>>)
        | undefined;
      if (own)
        return {
          ...own,
          loc: [...loc, ...(own.loc ?? [])],
          input: 'input' in own ? own.input : input,
        };
      return { type: 'value_error', loc, msg: issue.message, input };
    }
    default:
      return { type: 'value_error', loc, msg: issue.message, input };
  }
}

/** A custom zod issue carrying the pydantic problem (type, msg, ctx) to report for it. */
export function problem(
  input: unknown,
  type: string,
  msg: string,
  ctx?: Record<string, unknown>,
): z.core.$ZodRawIssue {
  return {
    code: 'custom',
    message: msg,
    input,
    params: { problem: { type, msg, ...(ctx ? { ctx } : {}) } },
  };
}

/** Parses a JSON body with a zod schema; 422 with every problem otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body instanceof RawBody) throw notJson(body);
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid(
      [],
      'Input should be a valid dictionary or object to extract fields from',
      body ?? null,
      'model_attributes_type',
    );
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  throw new Invalid(result.error.issues.map((i) => issueToItem(i, body)));
}

/** A UUID path parameter, in lower case. */
export function uuidParam(
  value: unknown,
  name = 'id',
  location: 'path' | 'query' = 'path',
): string {
  if (typeof value !== 'string' || !UUID_RE.test(value)) {
    throw invalid(
      [name],
      'Input should be a valid UUID',
      value ?? null,
      'uuid_parsing',
      undefined,
      location,
    );
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
  const items: Problem[] = [];
  const out = values.map((v, i) => {
    if (UUID_RE.test(v)) return v.toLowerCase();
    items.push({
      type: 'uuid_parsing',
      loc: [name, i],
      msg: 'Input should be a valid UUID',
      input: v,
    });
    return '';
  });
  if (items.length) throw new Invalid(items, 'query');
  return out;
}

/** Several multi-value UUID filters, read in the order named. */
export function uuidLists<N extends string>(query: Query, ...names: N[]): Record<N, string[]> {
  return Object.fromEntries(names.map((name) => [name, uuidList(query, name)])) as Record<
    N,
    string[]
  >;
}

export function enumList(query: Query, name: string, allowed: readonly string[]): string[] {
  const values = asList(query[name]);
  const items: Problem[] = [];
  values.forEach((v, i) => {
    if (!allowed.includes(v)) items.push(enumItem([name, i], v, allowed));
  });
  if (items.length) throw new Invalid(items, 'query');
  return values;
}

/** A single-value enum filter (FastAPI's `X | None`): the last value given, or undefined. */
export function enumParam(
  query: Query,
  name: string,
  allowed: readonly string[],
): string | undefined {
  const v = stringParam(query, name);
  if (v === undefined || allowed.includes(v)) return v;
  throw new Invalid([enumItem([name], v, allowed)], 'query');
}

function enumItem(loc: Loc, input: string, allowed: readonly string[]): Problem {
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
    [name],
    'Input should be a valid boolean, unable to interpret input',
    raw,
    'bool_parsing',
    undefined,
    'query',
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
      [name],
      'Input should be a valid integer, unable to parse string as an integer',
      raw,
      'int_parsing',
      undefined,
      'query',
    );
  }
  const n = Number.parseInt(raw, 10);
  if (n <= 0) {
    const ctx = { gt: 0 };
    throw invalid([name], 'Input should be greater than 0', raw, 'greater_than', ctx, 'query');
  }
  return n;
}

export interface Page extends StorePage {
  page: number;
}

/** page ≥ 1 (default 1); limit ≥ 1 (default 10), silently clamped to 100 (api-facts "Pagination"). */
export function pageParams(query: Query): Page {
  const page = positiveInt(query, 'page', 1);
  const limit = Math.min(positiveInt(query, 'limit', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  // A huge page is past the end like any other, not an offset SQLite cannot bind (500).
  return { page, limit, offset: Math.min((page - 1) * limit, Number.MAX_SAFE_INTEGER) };
}

/** The page, then the sorting (default `fallback`) of a sorted list. */
export function listParams(query: Query, allowed: readonly string[], fallback: readonly string[]) {
  const page = pageParams(query);
  return { page, sorting: sortingParam(query, allowed, fallback) };
}

export function paginated<T>(items: T[], total: number, page: Page) {
  return { items, pagination: { total_count: total, max_page: Math.ceil(total / page.limit) } };
}

/** `sorting` is repeatable; each value one criterion, `-` for descending. Never comma-split. */
export function sortingParam(
  query: Query,
  allowed: readonly string[],
  fallback: readonly string[],
): SortCriterion[] {
  const values = asList(query.sorting);
  const list = values.length ? values : fallback;
  const items: Problem[] = [];
  const all = [...allowed, ...allowed.map((a) => `-${a}`)];
  const out = list.map((v, i) => {
    if (!all.includes(v)) items.push(enumItem(['sorting', i], v, all));
    return criterion(v);
  });
  if (items.length) throw new Invalid(items, 'query');
  return out;
}
