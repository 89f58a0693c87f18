// The few checks a tolerant reader makes of a response (schemas.ts), without a schema library on
// every command's start-up path: zod's evaluation was a fifth of `orders get`'s time
// (bench/RESULTS.md). The issues read as zod's do ("Invalid input: expected string, received
// number"), with the same paths.

export interface Issue {
  path: (string | number)[];
  message: string;
}

export type Result<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

/** What a response is checked against; `_output` only carries the type. */
export interface Check<T> {
  safeParse(value: unknown): Result<T>;
  readonly _output?: T;
}

export type Output<C> = C extends Check<infer T> ? T : never;

type Walk = (value: unknown, path: (string | number)[], issues: Issue[]) => void;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function expected(what: string, value: unknown, path: (string | number)[], issues: Issue[]) {
  issues.push({ path, message: `Invalid input: expected ${what}, received ${typeName(value)}` });
}

function check<T>(walk: Walk): Check<T> & { walk: Walk } {
  return {
    walk,
    safeParse(value) {
      const issues: Issue[] = [];
      walk(value, [], issues);
      return issues.length
        ? { success: false, error: { issues } }
        : { success: true, data: value as T };
    },
  };
}

export type Field = { walk: Walk };

export const string: Field = {
  walk: (v, path, issues) => {
    if (typeof v !== 'string') expected('string', v, path, issues);
  },
};

/** A non-empty string. */
export const text: Field = {
  walk: (v, path, issues) => {
    if (typeof v !== 'string') expected('string', v, path, issues);
    else if (v === '')
      issues.push({ path, message: 'Too small: expected string to have >=1 characters' });
  },
};

/** A whole number ≥ 0. */
export const count: Field = {
  walk: (v, path, issues) => {
    if (typeof v !== 'number') expected('number', v, path, issues);
    else if (!Number.isInteger(v)) expected('int', v, path, issues);
    else if (v < 0) issues.push({ path, message: 'Too small: expected number to be >=0' });
  },
};

/** Absent, null, or `field`. */
export function nullish(field: Field): Field {
  return {
    walk: (v, path, issues) =>
      v === undefined || v === null ? undefined : field.walk(v, path, issues),
  };
}

export function array(item: Field): Field {
  return {
    walk: (v, path, issues) => {
      if (!Array.isArray(v)) return expected('array', v, path, issues);
      for (let i = 0; i < v.length; i++) item.walk(v[i], [...path, i], issues);
    },
  };
}

/**
 * An object with at least these fields; every other key passes through untouched (it is the
 * same object that is returned, not a copy).
 */
export function object<T>(fields: Record<string, Field>): Check<T> & Field {
  return check<T>((v, path, issues) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      return expected('object', v, path, issues);
    }
    for (const [key, field] of Object.entries(fields)) {
      field.walk((v as Record<string, unknown>)[key], [...path, key], issues);
    }
  });
}

/** Anything at all: for the raw output of `billing api`. */
export const anything: Check<unknown> & Field = {
  walk: () => {},
  safeParse: (value) => ({ success: true, data: value }),
};
