// Parses a success body and checks it against the caller's schema (check.ts).

import { BillingError } from '../errors.js';
import { parseJson } from '../shared/json.js';
import type { Check } from './check.js';
import { redact } from './redact.js';

function unexpected(
  path: string,
  what: string,
  details: { field: string; message: string }[] = [],
) {
  return new BillingError(`unexpected response from server: ${redact(path)} ${what}`, {
    details,
    hint: 'The service may run a different API version than this CLI expects; try --debug.',
  });
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

/**
 * The parsed JSON, validated when given a schema. A 204 or an empty body is undefined, unless
 * the caller expects a resource: then it is as unexpected as a wrong one (a CI gate on
 * `keys validate` must not pass on an empty 200).
 */
export function parseResponse(
  text: string,
  status: number,
  path: string,
  schema: Check<unknown> | undefined,
): unknown {
  if (status === 204 || text.trim() === '') {
    if (schema) throw unexpected(path, `is empty (${status}) where a resource was expected`);
    return undefined;
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    const line = text.trim().split(/\r?\n/, 1)[0]?.slice(0, 200) ?? '';
    throw unexpected(path, `is not JSON: ${redact(line)}`);
  }
  if (!schema) return json;
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const details = issues
    .slice(0, 10)
    .map((i) => ({ field: issuePath(i.path), message: i.message }));
  throw unexpected(
    path,
    `${issuePath(first?.path ?? [])}: ${first?.message ?? 'invalid'}`,
    details,
  );
}
