// `--aggregation count` or `<func>:<property>`, as the real aggregations are (meter/
// aggregation.py at c6c3645e: count, or sum/max/min/avg/unique over a property).
import type { Aggregation } from '../../../api/meters.js';
import { UsageError } from '../../../errors.js';
import { clip } from '../../input.js';
import { property } from './filter.js';

const FUNCS = ['count', 'sum', 'max', 'min', 'avg', 'unique'] as const;

/** `count` or `<func>:<property>` → the API's aggregation. */
export function parseAggregation(flag: string, input: string): Aggregation {
  const [func, ...rest] = input.trim().split(':');
  const property = rest.join(':');
  if (!(FUNCS as readonly string[]).includes(func!))
    throw new UsageError(
      `${flag}: "${clip(input)}" is not count or sum|max|min|avg|unique:<property>`,
    );
  if (func === 'count') {
    if (property) throw new UsageError(`${flag}: count takes no property`);
    return { func: 'count' };
  }
  if (!/^[A-Za-z_][\w.-]*$/.test(property))
    throw new UsageError(`${flag}: ${func} needs a property, e.g. ${func}:metadata.tokens`);
  return func === 'unique'
    ? { func: 'unique', property }
    : { func: func as 'sum' | 'max' | 'min' | 'avg', property };
}

/** An aggregation as --aggregation would take it. */
export function formatAggregation(a: { func?: string; property?: string }): string {
  return a.property ? `${a.func}:${property(a.property)}` : String(a.func ?? 'count');
}
