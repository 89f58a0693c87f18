// Dot-path access shared by every format: `customer.email`, `items.0.id`.

export type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

/** The value at `path`, or undefined when any step is missing. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (!isRecord(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/**
 * A copy holding only `paths`, nesting kept; unknown paths become null. `alt` names where else
 * a path's value may be (another API generation's name of the field).
 */
export function pickPaths(
  obj: unknown,
  paths: readonly string[],
  alt: (path: string) => readonly string[] = () => [],
): Json {
  const out: Json = {};
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let node = out;
    for (const key of keys) {
      const next = node[key];
      if (!isRecord(next)) node[key] = {};
      node = node[key] as Json;
    }
    let value = getPath(obj, path);
    for (const other of alt(path)) value ??= getPath(obj, other);
    node[last] = value ?? null;
  }
  return out;
}

export interface Leaf {
  path: string;
  value: unknown;
  /** The object holding the leaf, so a caller can look at siblings (e.g. `currency`). */
  parent: Json;
}

/** Scalar leaves of a nested object as dot paths; arrays are leaves, depth is capped. */
export function leaves(obj: Json, maxDepth = 3, prefix = ''): Leaf[] {
  const out: Leaf[] = [];
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const nested =
      isRecord(value) &&
      !Array.isArray(value) &&
      !JSON.isRawJSON(value) &&
      Object.keys(value).length > 0;
    if (nested && maxDepth > 1) out.push(...leaves(value, maxDepth - 1, path));
    else out.push({ path, value, parent: obj });
  }
  return out;
}
