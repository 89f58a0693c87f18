// start({port, host, db, seed}) -> {url, stop}: the local billing service, in-process.
import type { AddressInfo } from 'node:net';
import { buildApp, type Service } from './app.js';
import { ensureCliClient } from './cli-client.js';
import { Clock } from './clock.js';
import { Store } from './db.js';
import { FaultInjector, type FaultSpec, parseFaultSpec, registerFaults } from './faults.js';
import { HostPolicy } from './hosts.js';
import { registerOAuth } from './oauth/index.js';
import { DEFAULT_RATE_LIMITS, type RateLimits, registerRateLimit } from './rate-limit.js';
import { registerRequestLog } from './request-log.js';
import { registerCheckouts } from './routes/checkouts.js';
import { registerCustomerSessions } from './routes/customer-sessions.js';
import { registerLicenseKeys } from './routes/license-keys.js';
import { registerLocal } from './routes/local.js';
import { registerOrders } from './routes/orders.js';
import { registerOrganizations } from './routes/organizations.js';
import { registerSubscriptions } from './routes/subscriptions.js';
import { type DemoInfo, seedDemo, storedDemo } from './seed.js';

export interface StartOptions {
  port?: number;
  host?: string;
  /** SQLite file; in-memory when omitted. */
  db?: string;
  /** `demo` seeds an empty database (the default); `none` leaves it empty. */
  seed?: 'demo' | 'none';
  /** Orders in the main demo organization's history. */
  orders?: number;
  /** Where the authorization page is served; defaults to the service's own URL. */
  authUrl?: string;
  /** Injected faults (faults.ts): the `--faults` text or a parsed spec. */
  faults?: string | FaultSpec;
  /** The real service's rate limits (rate-limit.ts); true = the documented ones. */
  rateLimit?: boolean | Partial<RateLimits>;
  /**
   * Host names (`name` or `name:port`) the service answers to besides loopback names and
   * `host`, e.g. behind a proxy; every other Host header is refused (guard.ts).
   */
  allowedHosts?: string[];
  /** Called with one line per answered request (request-log.ts): `GET /v1/orders/ 200 3 ms`. */
  log?: (line: string) => void;
}

export interface RunningService {
  url: string;
  authUrl: string;
  demo: DemoInfo | undefined;
  store: Store;
  clock: Clock;
  /** The fault injector behind /__local/faults. */
  faults: FaultInjector;
  stop(): Promise<void>;
}

export const ROUTES = [
  registerOrders,
  registerOrganizations,
  registerSubscriptions,
  registerLicenseKeys,
  registerCheckouts,
  registerCustomerSessions,
  registerLocal,
  registerOAuth,
];

export async function start(opts: StartOptions = {}): Promise<RunningService> {
  const host = opts.host ?? '127.0.0.1';
  const authHost = opts.authUrl ? new URL(opts.authUrl).host : undefined;
  // The auth URL's host is the operator's own statement of an address of this service.
  const hosts = new HostPolicy(host, [
    ...(opts.allowedHosts ?? []),
    ...(authHost ? [authHost] : []),
  ]);
  const faults = new FaultInjector(
    typeof opts.faults === 'string' ? parseFaultSpec(opts.faults) : opts.faults,
  );
  const store = new Store(opts.db ?? ':memory:');
  const clock = new Clock(store);
  const seed = () => {
    if ((opts.seed ?? 'demo') === 'demo') seedDemo(store, clock, { orders: opts.orders });
  };
  if (store.isEmpty()) seed();
  ensureCliClient(store, clock.now());
  const service: Service = {
    store,
    clock,
    baseUrl: '',
    authUrl: '',
    reseed() {
      store.wipe();
      clock.reset();
      seed();
      ensureCliClient(store, clock.now());
    },
  };
  const app = buildApp(service, ROUTES, hosts);
  if (opts.log) registerRequestLog(app, opts.log);
  // Reliability testing (issue 8): faults first, so a faulted request never counts as a call.
  registerFaults(app, faults);
  if (opts.rateLimit) {
    const limits = opts.rateLimit === true ? {} : opts.rateLimit;
    registerRateLimit(app, service, { ...DEFAULT_RATE_LIMITS, ...limits });
  }
  try {
    await app.listen({ port: opts.port ?? 8787, host });
  } catch (err) {
    store.close();
    throw err;
  }
  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  service.baseUrl = `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`;
  service.authUrl = (opts.authUrl ?? service.baseUrl).replace(/\/$/, '');
  let stopped = false;
  return {
    url: service.baseUrl,
    authUrl: service.authUrl,
    get demo() {
      return storedDemo(store);
    },
    store,
    clock,
    faults,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      store.close();
    },
  };
}
