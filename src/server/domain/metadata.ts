// Spec §8 metadata rules: ≤ 50 pairs, key ≤ 40 characters, value a string of ≤ 500 characters,
// an integer (any size: beyond 2^53 it arrives as a raw JSON value, see body.ts) or a boolean.
import { isInteger } from '../../shared/json.js';
import type { Metadata } from '../../shared/shapes.js';
import { Invalid, invalid, type Loc, type Problem } from './errors.js';
import { beyond, charLength } from './values.js';

export type { Metadata };

/** The metadata sent at `loc`, or every problem it has. */
export function checkMetadata(value: unknown, loc: Loc): Metadata {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(loc, 'Input should be a valid dictionary', value, 'dict_type');
  }
  const entries = Object.entries(value);
  const problems: Problem[] = [];
  if (entries.length > 50) {
    problems.push({
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
      problems.push({
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
      if (charLength(v) > 500) problems.push(beyond('max_length', 500, [...loc, key, 'str'], v));
    } else if (!(typeof v === 'boolean' || isInteger(v))) {
      problems.push({
        type: 'value_error',
        loc: [...loc, key],
        msg: 'Input should be a valid string, integer or boolean',
        input: v,
      });
    }
  }
  if (problems.length) throw new Invalid(problems);
  return value as Metadata;
}
