// URL building. Multi-value filters and `sorting` are repeated keys, never comma-joined:
// the service does not split commas (api-facts.md "Sorting", "Filters").
import { UsageError } from '../errors.js';

export type QueryScalar = string | number | boolean;
export type Query = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export function buildUrl(baseUrl: string, path: string, query: Query = {}): URL {
  // Keep any path prefix of the base URL (a proxy mount such as https://host/billing).
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const v of values) url.searchParams.append(name, String(v));
  }
  return url;
}

/** A path segment from user input: `/`, `?` or a dot segment in an id must not change the route. */
export function segment(value: string): string {
  // URL parsing resolves `.` and `..` segments, and '' would hit the list route instead.
  if (value === '' || value === '.' || value === '..') {
    throw new UsageError(`invalid id: ${JSON.stringify(value)}`);
  }
  return encodeURIComponent(value);
}
