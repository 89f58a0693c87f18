// `--filter-json`: the API's own Filter object, checked as far as its shape goes before it is
// sent (meter/filter.py at c6c3645e).
import type { Filter, FilterClause } from '../../../api/meters.js';
import { UsageError } from '../../../errors.js';
import { INT32, OPERATORS } from './filter.js';

type Operator = FilterClause['operator'];

/** `--filter-json`: the API's Filter as JSON, checked as far as its shape goes. */
export function parseFilterJson(flag: string, text: string): Filter {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${flag}: invalid JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  checkFilter(flag, parsed, '');
  return parsed as Filter;
}

function checkFilter(flag: string, f: unknown, at: string): void {
  const fail = (rule: string) => new UsageError(`${flag}: ${at || 'the filter'}${rule}`);
  if (typeof f !== 'object' || f === null || Array.isArray(f)) throw fail(' must be an object');
  const o = f as Record<string, unknown>;
  if ('conjunction' in o || 'clauses' in o) {
    if (o.conjunction !== 'and' && o.conjunction !== 'or')
      throw fail(': conjunction must be "and" or "or"');
    if (!Array.isArray(o.clauses)) throw fail(': clauses must be an array');
    for (const [i, c] of o.clauses.entries()) checkFilter(flag, c, `${at}clauses[${i}]`);
    return;
  }
  if (typeof o.property !== 'string' || o.property === '') throw fail(': property must be a text');
  if (typeof o.operator !== 'string' || !Object.values(OPERATORS).includes(o.operator as Operator))
    throw fail(': operator must be one of eq, ne, gt, gte, lt, lte, like, not_like');
  const v = o.value;
  const ok =
    typeof v === 'boolean' ||
    (typeof v === 'string' && v.length <= 1000) ||
    (typeof v === 'number' && Number.isInteger(v) && v >= -INT32 && v < INT32);
  if (!ok) throw fail(': value must be a text (≤ 1000 characters), a 32-bit integer or a boolean');
}
