// Sort orders as the real service's database applies them: a missing value (null) sorts after
// every value ascending and before every value descending (PostgreSQL's default).
import { expect } from 'vitest';

export type Key<T> = (item: T) => string | number | null;
type Compare<T> = (a: T, b: T) => number;

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** A comparator for `criteria` (`name` or `-name`), each looked up in `keys`. */
export function byCriteria<T>(
  keys: Record<string, Key<T>>,
  criteria: readonly string[],
): Compare<T> {
  return (a, b) => {
    for (const c of criteria) {
      const key = keys[c.replace(/^-/, '')]!;
      const order = compareValues(key(a), key(b));
      if (order !== 0) return c.startsWith('-') ? -order : order;
    }
    return 0;
  };
}

/** Asserts `items` are ordered by `compare` (ties in any order). */
export function expectOrdered<T>(items: T[], compare: Compare<T>, what: string): void {
  const bad = items.findIndex((item, i) => i > 0 && compare(items[i - 1]!, item) > 0);
  expect(bad, `${what}: out of order at index ${bad}`).toBe(-1);
}

export const ids = (items: { id: string }[]): string[] => items.map((i) => i.id);
