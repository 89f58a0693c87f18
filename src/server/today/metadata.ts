// Today's metadata (kit/metadata.py MetadataField at c6c3645e): at most 50 pairs, keys of 1 to
// 40 characters, each value a string of 1 to 500 characters, an integer, a float or a boolean.
// The seed's (spec §8, domain/metadata.ts) had no floats and allowed an empty string.
import * as z from 'zod';
import { isInteger } from '../../shared/json.js';
import { Invalid, type Problem } from '../domain/errors.js';
import { checkMetadata, type Metadata } from '../domain/metadata.js';
import { charLength } from '../domain/values.js';

/** The metadata of a body, every problem under its own location. */
export const metadataInput = z.unknown().transform((value, ctx): Metadata => {
  // A float is a value here; the seed's rules check the rest, the empty string apart.
  const floats = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const relaxed = Object.fromEntries(
    Object.entries(floats).map(([k, v]) => [k, typeof v === 'number' && !isInteger(v) ? 0 : v]),
  );
  const problems: Problem[] = [];
  try {
    checkMetadata(value === null || typeof value !== 'object' ? value : relaxed, []);
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    problems.push(...err.problems);
  }
  for (const [key, v] of Object.entries(floats)) {
    if (typeof v === 'string' && charLength(v) < 1)
      problems.push({
        type: 'string_too_short',
        loc: [key, 'str'],
        msg: 'String should have at least 1 character',
        input: v,
        ctx: { min_length: 1 },
      });
  }
  for (const p of problems)
    ctx.issues.push({
      code: 'custom',
      message: p.msg,
      input: p.input,
      path: p.loc,
      params: { problem: { type: p.type, msg: p.msg, ...(p.ctx ? { ctx: p.ctx } : {}) } },
    } as z.core.$ZodRawIssue);
  return value as Metadata;
});
