// The fault spec of `billing serve --faults` and /__local/faults: the compact syntax (see the
// serve command's help) or JSON, checked into one normalized shape (faults.ts applies it).
import * as z from 'zod';

export const FAULT_KINDS = ['503', '502', '429', 'reset', 'reset_after'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

// Regular expressions were accepted once: `^(/+)+x$` held the event loop for hours (issue 12).
const REGEX_REFUSED =
  'regular expressions are not supported; use a glob (* matches anything, / included)';

const fraction = z.number().min(0).max(1);
const seconds = z.number().int().min(0).max(3600);
const ms = z.number().int().min(0).max(60_000);

const ruleSchema = z
  .object({
    /** A glob on the path: `*` matches anything, `/` included; everything else is literal. */
    match: z
      .string()
      .min(1)
      .max(500)
      .refine((m) => !m.startsWith('^'), { message: REGEX_REFUSED })
      .default('*'),
    /** Only these methods; all when omitted. */
    methods: z.array(z.string().regex(/^[A-Za-z]+$/)).optional(),
    '503': fraction.default(0),
    '502': fraction.default(0),
    '429': fraction.default(0),
    reset: fraction.default(0),
    reset_after: fraction.default(0),
    /** Added to every matching request: a fixed delay or a [min, max] range, in ms. */
    latency_ms: z.union([ms, z.tuple([ms, ms])]).optional(),
    /** Retry-After on 503 and 429 answers, in seconds (default: the spec's, else 1). */
    retry_after: seconds.optional(),
    /** After this many faults the rule is spent and the next matching rule applies. */
    max: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((r) => FAULT_KINDS.reduce((sum, k) => sum + r[k], 0) <= 1 + 1e-9, {
    message: 'the fractions of a rule add up to more than 1',
  })
  .refine((r) => !Array.isArray(r.latency_ms) || r.latency_ms[0] <= r.latency_ms[1], {
    message: 'latency range must be min-max',
  });

const specSchema = z
  .object({
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    retry_after: seconds.optional(),
    rules: z.array(ruleSchema).max(100).default([]),
  })
  .strict();

export type FaultRule = z.output<typeof ruleSchema>;
export type FaultSpec = z.output<typeof specSchema>;

export class FaultSpecError extends Error {}

const SYNTAX =
  'expected e.g. "503:0.1,429:5%,reset:0.05,reset-after:0.02,latency:50ms@/v1/orders*;seed=7"';

/** Parses `--faults`: the compact syntax (see the serve command's help) or a JSON object. */
export function parseFaultSpec(text: string): FaultSpec {
  const trimmed = text.trim();
  let raw: unknown;
  if (trimmed.startsWith('{')) {
    try {
      raw = JSON.parse(trimmed);
    } catch {
      throw new FaultSpecError('fault spec: invalid JSON');
    }
  } else {
    raw = parseCompact(trimmed);
  }
  return validateSpec(raw);
}

export function validateSpec(raw: unknown): FaultSpec {
  const result = specSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new FaultSpecError(`fault spec: ${where}${issue.message}`);
  }
  return result.data;
}

function parseCompact(text: string): Record<string, unknown> {
  const spec: { seed?: number; retry_after?: number; rules: Record<string, unknown>[] } = {
    rules: [],
  };
  for (const part of text.split(';').map((p) => p.trim())) {
    if (!part) continue;
    const option = /^(seed|retry-after)=(.*)$/.exec(part);
    if (option) {
      const value = option[1] === 'seed' ? integer(option[2]!) : duration(option[2]!, 's');
      if (option[1] === 'seed') spec.seed = value;
      else spec.retry_after = value;
      continue;
    }
    const at = part.indexOf('@');
    const effects = at >= 0 ? part.slice(0, at) : part;
    const rule: Record<string, unknown> = {};
    if (at >= 0) {
      const pattern = part.slice(at + 1).trim();
      const methods = /^([A-Za-z]+(?:\|[A-Za-z]+)*)\s+(.+)$/.exec(pattern);
      if (methods) rule.methods = methods[1]!.toUpperCase().split('|');
      rule.match = methods ? methods[2]! : pattern;
    }
    for (const effect of effects.split(',').map((e) => e.trim())) {
      if (!effect) continue;
      const colon = effect.indexOf(':');
      if (colon < 0) throw new FaultSpecError(`fault spec: "${effect}": ${SYNTAX}`);
      const kind = effect.slice(0, colon).trim().replace('-', '_');
      const value = effect.slice(colon + 1).trim();
      if (kind === 'latency') {
        // `20-80ms`: a unit after the second number also applies to the first.
        const range = /^([\d.]+)(ms|s)?\s*-\s*([\d.]+)(ms|s)?$/.exec(value);
        rule.latency_ms = range
          ? [
              duration(range[1]! + (range[2] ?? range[4] ?? ''), 'ms'),
              duration(range[3]! + (range[4] ?? ''), 'ms'),
            ]
          : duration(value, 'ms');
      } else if (kind === 'retry_after') {
        rule.retry_after = duration(value, 's');
      } else if (kind === 'max') {
        rule.max = integer(value);
      } else if ((FAULT_KINDS as readonly string[]).includes(kind)) {
        rule[kind] = share(value);
      } else {
        throw new FaultSpecError(`fault spec: unknown fault "${effect.slice(0, colon)}"`);
      }
    }
    spec.rules.push(rule);
  }
  return spec;
}

function integer(text: string): number {
  if (!/^\d{1,10}$/.test(text.trim())) throw new FaultSpecError(`fault spec: "${text}": ${SYNTAX}`);
  return Number(text);
}

/** `0.1` or `10%`. */
function share(text: string): number {
  const m = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text);
  if (!m) throw new FaultSpecError(`fault spec: "${text}" is not a fraction (0.1 or 10%)`);
  return Number(m[1]) / (m[2] ? 100 : 1);
}

/** `50ms`, `2s` or a bare number in `unit`; returns `unit`s (whole ms, or whole seconds). */
function duration(text: string, unit: 'ms' | 's'): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  if (!m) throw new FaultSpecError(`fault spec: "${text}" is not a duration (50ms, 1s)`);
  const millis = Number(m[1]) * ((m[2] ?? unit) === 's' ? 1000 : 1);
  return unit === 'ms' ? Math.round(millis) : Math.ceil(millis / 1000);
}

/**
 * Whether `path` matches the glob `pattern` (`*` matches any run of characters, `/` included).
 * No regex: the literal pieces are found left to right with indexOf, each at its first place
 * after the previous one, which is enough for `*`-only globs and never backtracks.
 */
export function globMatches(pattern: string, path: string): boolean {
  const pieces = pattern.split('*');
  const first = pieces[0]!;
  if (pieces.length === 1) return path === pattern;
  const last = pieces.at(-1)!;
  if (!path.startsWith(first) || path.length < first.length + last.length) return false;
  let at = first.length;
  const end = path.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = path.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return path.endsWith(last);
}
