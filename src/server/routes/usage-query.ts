// Query parameters the usage routes share: an AwareDatetime, and `metadata[key]=value` filters
// (kit/metadata.py _get_metadata_query at c6c3645e: each key's values OR'ed, the keys AND'ed).
import { Invalid, type Problem } from '../domain/errors.js';
import { awareTime } from '../today/usage-events.js';
import { type Query, stringParam } from '../validate.js';

/** An AwareDatetime query parameter in epoch milliseconds; a 422 on `name` otherwise. */
export function queryTime(query: Query, name: string, required = false): number | undefined {
  const text = stringParam(query, name);
  if (text === undefined) {
    if (required)
      throw new Invalid(
        [{ type: 'missing', loc: [name], msg: 'Field required', input: null }],
        'query',
      );
    return undefined;
  }
  const problems: Problem[] = [];
  const ms = awareTime(text, [name], problems);
  if (problems.length) throw new Invalid(problems, 'query');
  return ms;
}

export function metadataQuery(query: Query): Record<string, string[]> {
  const metadata: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const m = /^metadata\[([^\]]+)\]$/.exec(key);
    if (m && value !== undefined) metadata[m[1]!] = Array.isArray(value) ? value : [value];
  }
  return metadata;
}
