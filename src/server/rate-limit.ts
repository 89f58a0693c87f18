// The real service's rate limits (api-facts "Rate limits"), on with `billing serve --rate-limit`:
// fixed windows on the service clock, so advancing /__local/clock also opens the next window.
// A refused request gets 429, an empty body and `Retry-After: <seconds>` (api-facts "Errors").

import type { FastifyInstance } from 'fastify';
import { authenticate } from './auth.js';
import type { Clock } from './clock.js';
import { isLocalPath } from './faults.js';
import { syncHook } from './hooks.js';
import type { Store } from './store/index.js';

export interface RateLimits {
  /** Per organization, customer, user or (without a token) client IP. */
  perMinute: number;
  /** License-key validate/activate/deactivate (no token needed), per client IP. */
  licenseKeysPerSecond: number;
  /** Checkout confirm, per client secret. */
  confirmsPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMinute: 500,
  licenseKeysPerSecond: 3,
  confirmsPerMinute: 6,
};

const LICENSE_KEY_CALL = /^\/v1\/customer-portal\/license-keys\/(?:validate|activate|deactivate)$/;
const CONFIRM = /^\/v1\/checkouts\/custom\/client\/([^/]+)\/confirm$/;

interface Window {
  start: number;
  count: number;
}

/** Counts requests per key in fixed windows of `windowMs`. */
export class FixedWindows {
  private readonly windows = new Map<string, Window>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** ms until the key's window reopens when it is full, else undefined. */
  wait(key: string, now: number): number | undefined {
    const w = this.current(key, now);
    return w.count >= this.limit ? w.start + this.windowMs - now : undefined;
  }

  take(key: string, now: number): void {
    this.current(key, now).count++;
  }

  private current(key: string, now: number): Window {
    const start = now - (now % this.windowMs);
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (this.windows.size > 10_000) this.prune(start);
      w = { start, count: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  private prune(start: number): void {
    for (const [key, w] of this.windows) if (w.start !== start) this.windows.delete(key);
  }
}

function principalKey(store: Store, clock: Clock, header: string | undefined, ip: string): string {
  try {
    const p = authenticate(store, clock, header);
    if (p?.kind === 'organization') return `organization:${p.organizationId}`;
    if (p?.kind === 'customer') return `customer:${p.customerId}`;
    // Per user, not per token: minting more tokens must not multiply the allowance (issue 12).
    if (p?.kind === 'user') return `user:${p.userId}`;
  } catch {
    // An invalid token is answered 401 by the route; it still counts against the address.
  }
  return `ip:${ip}`;
}

export function registerRateLimit(
  app: FastifyInstance,
  deps: { store: Store; clock: Clock },
  limits: RateLimits = DEFAULT_RATE_LIMITS,
): void {
  const general = new FixedWindows(limits.perMinute, 60_000);
  const licenseKeys = new FixedWindows(limits.licenseKeysPerSecond, 1000);
  const confirms = new FixedWindows(limits.confirmsPerMinute, 60_000);

  app.addHook(
    'onRequest',
    syncHook((req, reply) => {
      if (isLocalPath(req.url)) return;
      const path = req.url.split('?', 1)[0]!;
      const now = deps.clock.now().getTime();
      const checks: [FixedWindows, string][] = [
        [general, principalKey(deps.store, deps.clock, req.headers.authorization, req.ip)],
      ];
      // These need no token, so a token (anyone can get one) must not lift their limit: they
      // count per client address whatever is sent (issue 12).
      if (req.method === 'POST' && LICENSE_KEY_CALL.test(path)) {
        checks.push([licenseKeys, `ip:${req.ip}`]);
      }
      const confirm = req.method === 'POST' ? CONFIRM.exec(path) : null;
      if (confirm) checks.push([confirms, decodeURIComponentSafe(confirm[1]!)]);
      let waitMs = 0;
      for (const [windows, key] of checks) waitMs = Math.max(waitMs, windows.wait(key, now) ?? 0);
      if (waitMs > 0) {
        return reply
          .code(429)
          .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
          .send();
      }
      for (const [windows, key] of checks) windows.take(key, now);
    }),
  );
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
