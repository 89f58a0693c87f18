// How the real service (pydantic) counts and bounds values, for the rules that check them.
import type { RawJSON } from '../../shared/json.js';
import type { Loc, Problem } from './errors.js';

/** Characters as the real service counts them: code points, so an emoji is one. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * An integer beyond 2^53 (a raw JSON value, see body.ts) where a number is expected: only
 * metadata keeps those, so anywhere else it is out of range, worded as pydantic words bounds.
 */
export function outOfRange(
  loc: Loc,
  input: RawJSON,
  bounds: { ge?: number; le?: number } = {},
): Problem {
  if (input.rawJSON.startsWith('-')) {
    const ge = bounds.ge ?? Number.MIN_SAFE_INTEGER;
    const msg = `Input should be greater than or equal to ${ge}`;
    return { type: 'greater_than_equal', loc, msg, input, ctx: { ge } };
  }
  const le = bounds.le ?? Number.MAX_SAFE_INTEGER;
  const msg = `Input should be less than or equal to ${le}`;
  return { type: 'less_than_equal', loc, msg, input, ctx: { le } };
}
