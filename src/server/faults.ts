// Fault injection for reliability tests (`billing serve --faults`, /__local/faults): per path
// pattern, a seeded fraction of requests is answered 503/502/429 with an empty body (like the
// real rate limiter, api-facts "Errors"), has its connection reset before or after the handler
// ran, or is delayed. /__local/* is never touched, so a test can always steer the service.
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { notJson, RawBody } from './body.js';
import { invalid } from './domain/errors.js';
import {
  FAULT_KINDS,
  type FaultKind,
  type FaultRule,
  type FaultSpec,
  FaultSpecError,
  globMatches,
  parseFaultSpec,
  validateSpec,
} from './fault-spec.js';

export {
  FAULT_KINDS,
  type FaultKind,
  type FaultRule,
  type FaultSpec,
  FaultSpecError,
  parseFaultSpec,
  validateSpec,
} from './fault-spec.js';

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
  methods?: Set<string>;
  faults: number;
}

/** What a request meets: a fault, if any, after a latency, if any. */
interface Decision {
  kind?: FaultKind;
  latencyMs: number;
  retryAfter: number;
}

/** The active spec, its random sequence and what it has injected so far. */
export class FaultInjector {
  private spec: FaultSpec = { rules: [] };
  private compiled: Compiled[] = [];
  private random: () => number = Math.random;
  private seed = 0;
  private injected: Record<FaultKind | 'latency', number> = emptyCounts();
  /** How an injected latency is waited out; tests replace it to hold a request in its pause. */
  pause: (ms: number) => Promise<unknown> = (ms) => delay(ms);

  constructor(spec?: FaultSpec) {
    this.set(spec ?? { rules: [] });
  }

  set(spec: FaultSpec): void {
    this.spec = spec;
    this.compiled = spec.rules.map((rule) => ({
      rule,
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
  decide(method: string, url: string): Decision {
    const none = { latencyMs: 0, retryAfter: 0 };
    if (isLocalPath(url)) return none;
    const path = pathOf(url);
    const hit = this.compiled.find(
      (c) =>
        (c.rule.max === undefined || c.faults < c.rule.max) &&
        (!c.methods || c.methods.has(method.toUpperCase())) &&
        globMatches(c.rule.match, path),
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
  /** What the rule decided for this request, once any latency has passed. */
  const apply = (req: Marked, reply: FastifyReply, { kind, retryAfter }: Decision): void => {
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
    reply.send();
  };
  // Callback hooks (hooks.ts): a request without a fault pays no promise for them.
  app.addHook('onRequest', (req: Marked, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const decision = injector.decide(req.method, req.url);
    if (decision.latencyMs > 0) {
      injector.pause(decision.latencyMs).then(() => {
        apply(req, reply, decision);
        done();
      }, done);
      return;
    }
    apply(req, reply, decision);
    done();
  });
  // The handler has run and its transaction committed; the client never hears about it.
  app.addHook('onSend', (req: Marked, _reply, payload, done) => {
    if (req[RESET_AFTER]) destroy(req.raw.socket);
    done(null, payload);
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

/** A JSON spec object, `{"spec": "<compact>"}`, or the compact string as a JSON string. */
function specFromBody(body: unknown): FaultSpec {
  if (body instanceof RawBody) throw notJson(body);
  try {
    if (typeof body === 'string') return parseFaultSpec(body);
    if (body && typeof body === 'object' && typeof (body as { spec?: unknown }).spec === 'string') {
      return parseFaultSpec((body as { spec: string }).spec);
    }
    return validateSpec(body ?? { rules: [] });
  } catch (err) {
    if (err instanceof FaultSpecError) throw invalid([], err.message, body);
    throw err;
  }
}
