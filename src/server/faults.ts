// Fault injection for reliability tests (`billing serve --faults`, /__local/faults): per path
// pattern, a seeded fraction of requests is answered 503/502/429 with an empty body (like the
// real rate limiter, api-facts "Errors"), has its connection reset before or after the handler
// ran, or is delayed. /__local/* is never touched, so a test can always steer the service.
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalid } from './errors.js';

export const FAULT_KINDS = ['503', '502', '429', 'reset', 'reset_after'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const fraction = z.number().min(0).max(1);
const seconds = z.number().int().min(0).max(3600);

const ruleSchema = z
  .object({
    /** Glob (`*` matches anything, `/` included) or, starting with `^`, a regex on the path. */
    match: z.string().min(1).max(500).default('*'),
    /** Only these methods; all when omitted. */
    methods: z.array(z.string().regex(/^[A-Za-z]+$/)).optional(),
    '503': fraction.default(0),
    '502': fraction.default(0),
    '429': fraction.default(0),
    reset: fraction.default(0),
    reset_after: fraction.default(0),
    /** Added to every matching request: a fixed delay or a [min, max] range, in ms. */
    latency_ms: z
      .union([z.number().int().min(0).max(60_000), z.tuple([z.number(), z.number()])])
      .optional(),
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
  for (const rule of result.data.rules) compilePattern(rule.match);
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
  const ms = Number(m[1]) * ((m[2] ?? unit) === 's' ? 1000 : 1);
  return unit === 'ms' ? Math.round(ms) : Math.ceil(ms / 1000);
}

function compilePattern(pattern: string): RegExp {
  if (pattern.startsWith('^')) {
    try {
      return new RegExp(pattern);
    } catch {
      throw new FaultSpecError(`fault spec: invalid regex ${pattern}`);
    }
  }
  const source = pattern
    .split('*')
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function isLocalPath(url: string): boolean {
  return url === '/__local' || url.startsWith('/__local/') || url.startsWith('/__local?');
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q >= 0 ? url.slice(0, q) : url;
}

interface Compiled {
  rule: FaultRule;
  regex: RegExp;
  methods?: Set<string>;
  faults: number;
}

/** The active spec, its random sequence and what it has injected so far. */
export class FaultInjector {
  private spec: FaultSpec = { rules: [] };
  private compiled: Compiled[] = [];
  private random: () => number = Math.random;
  private seed = 0;
  private injected: Record<FaultKind | 'latency', number> = emptyCounts();

  constructor(spec?: FaultSpec) {
    this.set(spec ?? { rules: [] });
  }

  set(spec: FaultSpec): void {
    this.spec = spec;
    this.compiled = spec.rules.map((rule) => ({
      rule,
      regex: compilePattern(rule.match),
      methods: rule.methods && new Set(rule.methods.map((m) => m.toUpperCase())),
      faults: 0,
    }));
    this.seed = spec.seed ?? Math.floor(Math.random() * 0x100000000);
    this.random = prng(this.seed);
    this.injected = emptyCounts();
  }

  view() {
    return {
      seed: this.seed,
      retry_after: this.spec.retry_after,
      rules: this.spec.rules,
      injected: this.injected,
    };
  }

  /** The fault for one request (first matching rule wins), and its delay; one draw per match. */
  decide(method: string, url: string): { kind?: FaultKind; latencyMs: number; retryAfter: number } {
    const none = { latencyMs: 0, retryAfter: 0 };
    if (isLocalPath(url)) return none;
    const path = pathOf(url);
    const hit = this.compiled.find(
      (c) =>
        (c.rule.max === undefined || c.faults < c.rule.max) &&
        (!c.methods || c.methods.has(method.toUpperCase())) &&
        c.regex.test(path),
    );
    if (!hit) return none;
    const { rule } = hit;
    const r = this.random();
    let latencyMs = 0;
    if (Array.isArray(rule.latency_ms)) {
      const [min, max] = rule.latency_ms;
      latencyMs = Math.round(min + this.random() * (max - min));
    } else if (rule.latency_ms) {
      latencyMs = rule.latency_ms;
    }
    if (latencyMs > 0) this.injected.latency++;
    const retryAfter = rule.retry_after ?? this.spec.retry_after ?? 1;
    let edge = 0;
    for (const kind of FAULT_KINDS) {
      edge += rule[kind];
      if (r < edge) {
        this.injected[kind]++;
        hit.faults++;
        return { kind, latencyMs, retryAfter };
      }
    }
    return { latencyMs, retryAfter };
  }
}

function emptyCounts(): Record<FaultKind | 'latency', number> {
  return { '503': 0, '502': 0, '429': 0, reset: 0, reset_after: 0, latency: 0 };
}

const RESET_AFTER = Symbol('billing.resetAfter');
type Marked = FastifyRequest & { [RESET_AFTER]?: boolean };

function destroy(socket: Socket | null | undefined): void {
  // resetAndDestroy sends a TCP RST, which is what a crashed proxy looks like to the client.
  if (socket && !socket.destroyed) socket.resetAndDestroy();
}

/** Hooks for every request plus the /__local/faults control endpoint. */
export function registerFaults(app: FastifyInstance, injector: FaultInjector): void {
  app.addHook('onRequest', async (req: Marked, reply: FastifyReply) => {
    const { kind, latencyMs, retryAfter } = injector.decide(req.method, req.url);
    if (latencyMs > 0) await delay(latencyMs);
    if (!kind) return;
    if (kind === 'reset_after') {
      req[RESET_AFTER] = true;
      return;
    }
    if (kind === 'reset') {
      reply.hijack();
      destroy(req.raw.socket);
      return;
    }
    reply.code(Number(kind));
    if (kind !== '502') reply.header('retry-after', String(retryAfter));
    return reply.send();
  });
  // The handler has run and its transaction committed; the client never hears about it.
  app.addHook('onSend', async (req: Marked, _reply, payload) => {
    if (req[RESET_AFTER]) destroy(req.raw.socket);
    return payload;
  });

  const view = () => injector.view();
  app.get('/__local/faults', async () => view());
  const replace = async (req: FastifyRequest) => {
    injector.set(specFromBody(req.body));
    return view();
  };
  app.put('/__local/faults', replace);
  app.post('/__local/faults', replace);
  app.delete('/__local/faults', async () => {
    injector.set({ rules: [] });
    return view();
  });
}

/** A JSON spec object, `{"spec": "<compact>"}`, or the compact string as text/plain. */
function specFromBody(body: unknown): FaultSpec {
  try {
    if (typeof body === 'string') return parseFaultSpec(body);
    if (body && typeof body === 'object' && typeof (body as { spec?: unknown }).spec === 'string') {
      return parseFaultSpec((body as { spec: string }).spec);
    }
    return validateSpec(body ?? { rules: [] });
  } catch (err) {
    if (err instanceof FaultSpecError) throw invalid(['body'], err.message, body);
    throw err;
  }
}
