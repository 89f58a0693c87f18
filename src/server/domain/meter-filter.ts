// A meter's filter and aggregation (meter/filter.py and meter/aggregation.py at c6c3645e), read
// from JSON with pydantic's words for what is wrong. Their SQL is store/usage-events.ts's.
import type { Loc, Problem } from './errors.js';

export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'not_like'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const AGGREGATION_FUNCTIONS = ['count', 'sum', 'max', 'min', 'avg', 'unique'] as const;
export type AggregationFunction = (typeof AGGREGATION_FUNCTIONS)[number];

export interface FilterClause {
  property: string;
  operator: FilterOperator;
  value: string | number | boolean;
}
export interface Filter {
  conjunction: 'and' | 'or';
  clauses: (FilterClause | Filter)[];
}
export type Aggregation =
  | { func: 'count' }
  | { func: 'sum' | 'max' | 'min' | 'avg'; property: string }
  | { func: 'unique'; property: string };

/** The event's own columns a clause can name (models/event.py `_filterable_fields`). */
export const FILTERABLE_FIELDS = { timestamp: 'int', name: 'str', source: 'str' } as const;

/** filter.py MAX_STRING_LENGTH; kit/schemas.py Int32. */
const MAX_STRING_LENGTH = 1000;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export const isClause = (c: FilterClause | Filter): c is FilterClause => 'operator' in c;

/** `metadata.` says nothing more than the key (filter.py `_strip_metadata_prefix`). */
const stripMetadata = (p: string) => (p.startsWith('metadata.') ? p.slice(9) : p);

const quoted = (values: readonly string[]) =>
  `${values
    .slice(0, -1)
    .map((v) => `'${v}'`)
    .join(', ')}${values.length > 1 ? ' or ' : ''}'${values.at(-1)}'`;

const isDict = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function dictProblem(loc: Loc, input: unknown): Problem {
  return {
    type: 'model_attributes_type',
    loc,
    msg: 'Input should be a valid dictionary or object to extract fields from',
    input,
  };
}
const missing = (loc: Loc, input: unknown): Problem => ({
  type: 'missing',
  loc,
  msg: 'Field required',
  input,
});
const notString = (loc: Loc, input: unknown): Problem => ({
  type: 'string_type',
  loc,
  msg: 'Input should be a valid string',
  input,
});
function enumProblem(loc: Loc, input: unknown, values: readonly string[]): Problem {
  const expected = quoted(values);
  return { type: 'enum', loc, msg: `Input should be ${expected}`, input, ctx: { expected } };
}

/** `str (≤ 1000) | Int32 | bool`, pydantic's smart union over JSON: each kind takes its own. */
function clauseValue(v: unknown, loc: Loc, problems: Problem[]): string | number | boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    if ([...v].length <= MAX_STRING_LENGTH) return v;
    problems.push({
      type: 'string_too_long',
      loc: [...loc, 'str'],
      msg: `String should have at most ${MAX_STRING_LENGTH} characters`,
      input: v,
      ctx: { max_length: MAX_STRING_LENGTH },
    });
    return v;
  }
  if (typeof v === 'number' && Number.isInteger(v)) {
    if (v >= INT32_MIN && v <= INT32_MAX) return v;
    const [type, msg, ctx] =
      v > INT32_MAX
        ? [
            'less_than_equal',
            `Input should be less than or equal to ${INT32_MAX}`,
            { le: INT32_MAX },
          ]
        : [
            'greater_than_equal',
            `Input should be greater than or equal to ${INT32_MIN}`,
            { ge: INT32_MIN },
          ];
    problems.push({ type, loc: [...loc, 'int'], msg, input: v, ctx } as Problem);
    return v;
  }
  problems.push(
    notString([...loc, 'str'], v),
    typeof v === 'number'
      ? {
          type: 'int_from_float',
          loc: [...loc, 'int'],
          msg: 'Input should be a valid integer, got a number with a fractional part',
          input: v,
        }
      : {
          type: 'int_type',
          loc: [...loc, 'int'],
          msg: 'Input should be a valid integer',
          input: v,
        },
    { type: 'bool_type', loc: [...loc, 'bool'], msg: 'Input should be a valid boolean', input: v },
  );
  return '';
}

function readClause(v: unknown, loc: Loc, problems: Problem[]): FilterClause {
  if (!isDict(v)) {
    problems.push(dictProblem(loc, v));
    return { property: '', operator: 'eq', value: '' };
  }
  let property = '';
  if (!('property' in v)) problems.push(missing([...loc, 'property'], v));
  else if (typeof v.property !== 'string')
    problems.push(notString([...loc, 'property'], v.property));
  else property = stripMetadata(v.property);
  let operator: FilterOperator = 'eq';
  if (!('operator' in v)) problems.push(missing([...loc, 'operator'], v));
  else if (!FILTER_OPERATORS.includes(v.operator as FilterOperator))
    problems.push(enumProblem([...loc, 'operator'], v.operator, FILTER_OPERATORS));
  else operator = v.operator as FilterOperator;
  let value: FilterClause['value'] = '';
  if (!('value' in v)) problems.push(missing([...loc, 'value'], v));
  else value = clauseValue(v.value, [...loc, 'value'], problems);
  return { property, operator, value };
}

/** A Filter from JSON; its problems under `loc`. */
export function readFilter(v: unknown, loc: Loc, problems: Problem[]): Filter {
  if (!isDict(v)) {
    problems.push(dictProblem(loc, v));
    return { conjunction: 'and', clauses: [] };
  }
  let conjunction: Filter['conjunction'] = 'and';
  if (!('conjunction' in v)) problems.push(missing([...loc, 'conjunction'], v));
  else if (v.conjunction !== 'and' && v.conjunction !== 'or')
    problems.push(enumProblem([...loc, 'conjunction'], v.conjunction, ['and', 'or']));
  else conjunction = v.conjunction;
  const clauses: Filter['clauses'] = [];
  if (!('clauses' in v)) problems.push(missing([...loc, 'clauses'], v));
  else if (!Array.isArray(v.clauses))
    problems.push({
      type: 'list_type',
      loc: [...loc, 'clauses'],
      msg: 'Input should be a valid list',
      input: v.clauses,
    });
  else
    v.clauses.forEach((c, i) => {
      // FilterClause | Filter: the first that takes it; when neither does, both say why.
      const at = [...loc, 'clauses', i];
      const asClause: Problem[] = [];
      const clause = readClause(c, [...at, 'FilterClause'], asClause);
      if (!asClause.length) {
        clauses.push(clause);
        return;
      }
      const asFilter: Problem[] = [];
      const nested = readFilter(c, [...at, 'Filter'], asFilter);
      if (!asFilter.length) {
        clauses.push(nested);
        return;
      }
      problems.push(...asClause, ...asFilter);
    });
  return { conjunction, clauses };
}

/** An Aggregation from JSON (a union discriminated by `func`). */
export function readAggregation(v: unknown, loc: Loc, problems: Problem[]): Aggregation {
  const count: Aggregation = { func: 'count' };
  if (!isDict(v)) {
    problems.push({
      type: 'model_attributes_type',
      loc,
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input: v,
    });
    return count;
  }
  if (!('func' in v)) {
    problems.push({
      type: 'union_tag_not_found',
      loc,
      msg: "Unable to extract tag using discriminator 'func'",
      input: v,
      ctx: { discriminator: "'func'" },
    });
    return count;
  }
  const func = v.func as AggregationFunction;
  if (!AGGREGATION_FUNCTIONS.includes(func)) {
    const expected = quoted(AGGREGATION_FUNCTIONS);
    problems.push({
      type: 'union_tag_invalid',
      loc,
      msg: `Input tag '${String(v.func)}' found using 'func' does not match any of the expected tags: ${expected}`,
      input: v,
      ctx: { discriminator: "'func'", tag: String(v.func), expected_tags: expected },
    });
    return count;
  }
  if (func === 'count') return count;
  if (!('property' in v)) {
    problems.push(missing([...loc, func, 'property'], v));
    return count;
  }
  if (typeof v.property !== 'string') {
    problems.push(notString([...loc, func, 'property'], v.property));
    return count;
  }
  return { func, property: stripMetadata(v.property) } as Aggregation;
}

/** The meter's JSON forms, as the API shows them. */
export function aggregationJson(a: Aggregation): Record<string, string> {
  return 'property' in a ? { func: a.func, property: a.property } : { func: a.func };
}
