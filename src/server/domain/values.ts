// How the real service (pydantic) counts and bounds values, for the rules that check them.
import type { RawJSON } from '../../shared/json.js';
import type { Loc, Problem } from './errors.js';

/** Characters as the real service counts them: code points, so an emoji is one. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

/** The bounds pydantic names in its problems: what the `ctx` holds, with the type and words. */
const BOUNDS = {
  min_length: ['string_too_short', (n: unknown) => `String should have at least ${n} characters`],
  max_length: ['string_too_long', (n: unknown) => `String should have at most ${n} characters`],
  gt: ['greater_than', (n: unknown) => `Input should be greater than ${n}`],
  ge: ['greater_than_equal', (n: unknown) => `Input should be greater than or equal to ${n}`],
  le: ['less_than_equal', (n: unknown) => `Input should be less than or equal to ${n}`],
} as const;

/** `input` at `loc` is past the `bound` of `limit`. */
export function beyond(
  bound: keyof typeof BOUNDS,
  limit: unknown,
  loc: Loc,
  input: unknown,
): Problem {
  const [type, msg] = BOUNDS[bound];
  return { type, loc, msg: msg(limit), input, ctx: { [bound]: limit } };
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
  return input.rawJSON.startsWith('-')
    ? beyond('ge', bounds.ge ?? Number.MIN_SAFE_INTEGER, loc, input)
    : beyond('le', bounds.le ?? Number.MAX_SAFE_INTEGER, loc, input);
}
