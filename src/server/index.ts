// start({port, host, db, seed}) -> {url, stop}: the local billing service, in-process.
//
// Checklist: adding a resource (products, customers, discounts, benefits, …) touches
// 1. store/<resource>.ts — the resource's SQL and nothing else: its lists (store/lists.ts: a
//    Where, the Visibility's SQL for whose rows they are, orderBy from the sort criteria) and its
//    particular reads and writes, each returning typed rows. The table goes in store/schema.ts,
//    its row interface in store/rows*.ts and `Tables`; reads and writes by id need no code
//    (store.row, insert, update). A memo names the tables it reads (store/memo.ts). Register the
//    repository on Store (store/index.ts); the connection (store/db.ts) stays inside store/.
// 2. domain/<resource>.ts — the rules and state changes, as functions of `Work` (the store's
//    repositories, the clock and the unit of work `tx`; domain/work.ts). Refusals are domain
//    errors (domain/errors.ts), field locations relative to the request's body; a change emits its
//    events with work.tx.emit (domain/events.ts) once its rows are written: the outbox
//    (webhooks/outbox.ts) stores each in the same transaction, its `data` the resource's API form
//    (serialize/events.ts maps event types to serializers). A new resource with events lists its
//    tables in ANNOUNCED_TABLES (domain/events.ts): a change of them that emits none of its events
//    is refused, unless it says why (tx.unannounced). A change that time brings (an expiry, a
//    renewal) is an item of domain/due.ts, processed when the clock moves forward, each in its own
//    transaction at its due time (clock.at). No fastify here.
// 3. routes/<resource>.ts — `get` for reads, `write` for changes (app.ts): parse the request
//    (validate.ts), call the domain with ctx.work, serialize. The router runs each write in one
//    unit of work and answers after its commit. A change that must wait on the way (a lock, the
//    payment processor, the clock's slices) is a `command`: its handler awaits an application
//    service (services/), which opens its own units of work between the waits. Routes never write
//    through the store themselves (test/architecture/service.test.ts). Add the module to ROUTES
//    below; a new kind of refusal gets its status and body in errors.ts, the only place that
//    builds error bodies.
// 4. serialize/<resource>.ts — the API's JSON forms of the rows, field for field in the spec's
//    order, related rows through the per-request Loader (store/loader.ts).
// Enumerations, defaults and sort lists come from src/shared/api-facts.ts, never literals here;
// demo rows go in seed/ (through the store). On the CLI side: src/api/<resource>.ts, the client
// module (typed calls through src/api/client.ts, checking only what the CLI computes with:
// src/api/schemas.ts), and one file per verb, src/cli/commands/<noun>/<verb>.ts, declared with
// verb() (flags -> options, run(options, ctx)) and registered by <noun>/index.ts; its two test
// tables in test/cli/commands/<noun>/<verb>.test.ts. src/server never imports src/cli or src/api.

import { setTimeout as delay } from 'node:timers/promises';
import { UsageError } from '../errors.js';
import { buildApp, type Service } from './app.js';
import { ensureCliClient } from './cli-client.js';
import { Clock } from './clock.js';
import type { DueLimits } from './domain/due.js';
import { JobRunner } from './domain/jobs.js';
import { FaultInjector, type FaultSpec, parseFaultSpec, registerFaults } from './faults.js';
import { HostPolicy } from './hosts.js';
import { Listener } from './listen.js';
import { registerOAuth } from './oauth/index.js';
import { DEFAULT_RATE_LIMITS, type RateLimits, registerRateLimit } from './rate-limit.js';
import { registerRequestLog } from './request-log.js';
import { registerBenefits } from './routes/benefits.js';
import { registerCheckoutLinks } from './routes/checkout-links.js';
import { registerCheckoutPage } from './routes/checkout-page.js';
import { registerCheckouts } from './routes/checkouts.js';
import { registerCustomFields } from './routes/custom-fields.js';
import { registerCustomerMeters } from './routes/customer-meters.js';
import { registerCustomerSessions } from './routes/customer-sessions.js';
import { registerCustomers } from './routes/customers.js';
import { registerTodaysCustomers } from './routes/customers-today.js';
import { registerDiscounts } from './routes/discounts.js';
import { registerEventTypes } from './routes/event-types.js';
import { registerLicenseKeys } from './routes/license-keys.js';
import { registerLocal } from './routes/local.js';
import { registerMeters } from './routes/meters.js';
import { registerMetrics } from './routes/metrics.js';
import { registerOrders } from './routes/orders.js';
import { registerOrganizations } from './routes/organizations.js';
import { registerPayments } from './routes/payments.js';
import { registerPortalBenefitGrants } from './routes/portal-benefit-grants.js';
import { registerPortalCustomers } from './routes/portal-customers.js';
import { registerPortalOrders } from './routes/portal-orders.js';
import { registerProducts } from './routes/products.js';
import { registerRefunds } from './routes/refunds.js';
import { registerSellerSubscriptions } from './routes/seller-subscriptions.js';
import { registerSubscriptions } from './routes/subscriptions.js';
import { registerTodaysSubscriptions } from './routes/subscriptions-today.js';
import { registerUsageEvents } from './routes/usage-events.js';
import { registerWebhooks } from './routes/webhooks.js';
import { type OwnerInfo, seedEmpty, storedOwner } from './seed/empty.js';
import { type DemoInfo, seedDemo, storedDemo } from './seed.js';
import { CheckoutSessions } from './services/checkout-sessions.js';
import { ClockControl } from './services/clock-control.js';
import { Store, TEMPORARY } from './store/index.js';
import { type EventOptions, Events } from './webhooks/index.js';
import { SelfAddress } from './webhooks/self-address.js';
import { type ServeWebhook, serveWebhook } from './webhooks/serve.js';

export interface StartOptions {
  port?: number;
  host?: string;
  /** SQLite file; in-memory when omitted. */
  db?: string;
  /**
   * `demo` seeds an empty database (the default); `empty` gives it one user owning one empty
   * organization, and their token (seed/empty.ts); `none` leaves it empty.
   */
  seed?: 'demo' | 'empty' | 'none';
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
  /**
   * The payment processor's round trip on confirm, during which the checkout stays locked:
   * milliseconds (default 25), or a function the confirm awaits (tests hold the lock with it).
   */
  processor?: number | ((checkoutId: string) => Promise<void>);
  /**
   * A webhook endpoint for the demo organization, registered at start (found again by its URL
   * in a --db file) and after a reset, subscribed to every event type.
   */
  webhook?: string;
  /** The webhook delivery schedule and the CLI stream's limits (tests shorten them). */
  events?: EventOptions;
  /** How much one move of the test clock processes (domain/due.ts; tests make it small). */
  due?: Partial<DueLimits>;
  /**
   * false: queued jobs stay queued, as if the service died right after each commit that queued
   * one (tests of the next start, which runs them).
   */
  runJobs?: boolean;
}

/**
 * A demo with more orders than this is seeded into SQLite's temporary database (store/db.ts
 * TEMPORARY): past ~16 MB, its pages live in a temporary file instead of the process's memory.
 */
export const LARGE_DEMO_ORDERS = 10_000;

/** Long enough that concurrent confirms meet the lock instead of arriving after the commit. */
const PROCESSOR_MS = 25;

export interface RunningService {
  url: string;
  authUrl: string;
  demo: DemoInfo | undefined;
  /** The organization the seed made and its owner's token: the demo's Acme, or `empty`'s. */
  owner: OwnerInfo | undefined;
  store: Store;
  clock: Clock;
  /** The fault injector behind /__local/faults. */
  faults: FaultInjector;
  /** The endpoint `webhook` registered, with its secret. */
  webhook: ServeWebhook | undefined;
  events: Events;
  stop(): Promise<void>;
}

export const ROUTES = [
  registerOrders,
  registerOrganizations,
  registerSubscriptions,
  registerLicenseKeys,
  registerCheckouts,
  registerCheckoutLinks,
  registerCheckoutPage,
  registerCustomerSessions,
  registerProducts,
  registerDiscounts,
  registerBenefits,
  registerCustomers,
  registerTodaysCustomers,
  registerSellerSubscriptions,
  registerTodaysSubscriptions,
  registerWebhooks,
  registerPortalOrders,
  registerRefunds,
  registerPayments,
  registerCustomFields,
  registerMetrics,
  registerPortalCustomers,
  registerUsageEvents,
  registerEventTypes,
  registerMeters,
  registerCustomerMeters,
  registerPortalBenefitGrants,
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
  const store = new Store(
    opts.db ?? ((opts.orders ?? 0) > LARGE_DEMO_ORDERS ? TEMPORARY : ':memory:'),
  );
  const clock = new Clock(store, opts.due);
  const seed = () => {
    if ((opts.seed ?? 'demo') === 'demo') seedDemo(store, clock, { orders: opts.orders });
    if (opts.seed === 'empty') seedEmpty(store, clock);
  };
  if (store.isEmpty()) seed();
  ensureCliClient(store, clock.now());

  // The port first: the service is built knowing its URL, which events and pages carry.
  let listener: Listener;
  try {
    listener = await Listener.bind(opts.port ?? 8787, host);
  } catch (err) {
    store.close();
    throw err;
  }
  const address = listener.address;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`;
  // The names and addresses no webhook delivery may reach (issue 23), at the port bound.
  const self = new SelfAddress(host, [
    ...(opts.allowedHosts ?? []),
    ...(authHost ? [authHost] : []),
  ]);
  self.listening(address.port);

  const events = new Events(store, clock, baseUrl, self, opts.events);
  // Jobs run right after the commit that queued them (domain/jobs.ts).
  const jobs = new JobRunner(store, clock);
  store.connect({
    outbox: events.outbox,
    afterCommit: opts.runJobs === false ? () => {} : () => jobs.run(),
  });
  let webhook: ServeWebhook | undefined;
  const reseed = () => {
    store.wipe();
    clock.reset();
    seed();
    ensureCliClient(store, clock.now());
    // The --webhook endpoint outlives a reset, with its id and secret.
    if (webhook) webhook = serveWebhook(store, clock, webhook.url, webhook);
  };
  const processor = opts.processor ?? PROCESSOR_MS;
  const service: Service = Object.freeze({
    store,
    clock,
    baseUrl,
    authUrl: (opts.authUrl ?? baseUrl).replace(/\/$/, ''),
    checkoutSessions: new CheckoutSessions(
      store,
      clock,
      typeof processor === 'number' ? () => delay(processor).then(() => undefined) : processor,
    ),
    clockControl: new ClockControl(store, clock, reseed),
    events,
  });
  const app = buildApp(service, ROUTES, hosts, listener.server);
  if (opts.log) registerRequestLog(app, opts.log);
  // Reliability testing (issue 8): faults first, so a faulted request never counts as a call.
  registerFaults(app, faults);
  if (opts.rateLimit) {
    const limits = opts.rateLimit === true ? {} : opts.rateLimit;
    registerRateLimit(app, service, { ...DEFAULT_RATE_LIMITS, ...limits });
  }
  const close = async () => {
    await app.close();
    await listener.close();
    store.close();
  };
  try {
    await app.ready();
    listener.serve(app.routing);
    // Those a kill -9 left, now that events carry the service's URL.
    if (opts.runJobs !== false) jobs.run();
    // --webhook may not point at the service itself.
    if (opts.webhook) {
      if (ownUrl(self, opts.webhook))
        throw new UsageError(`--webhook ${opts.webhook} is this service's own address`, {
          hint: 'Point it at your webhook handler, on another port.',
        });
      webhook = serveWebhook(store, clock, opts.webhook);
    }
  } catch (err) {
    await close();
    throw err;
  }
  events.start();
  let stopped = false;
  return {
    url: service.baseUrl,
    authUrl: service.authUrl,
    get demo() {
      return storedDemo(store);
    },
    get owner() {
      const demo = storedDemo(store);
      if (!demo) return storedOwner(store);
      return {
        organization_id: demo.organization_id,
        personal_access_token: demo.personal_access_token,
        email: demo.personal_access_token_email,
      };
    },
    store,
    clock,
    faults,
    get webhook() {
      return webhook;
    },
    events,
    async stop() {
      if (stopped) return;
      stopped = true;
      await events.stop();
      await close();
    },
  };
}

function ownUrl(self: SelfAddress, text: string): boolean {
  try {
    return self.isOwnUrl(new URL(text));
  } catch {
    return false; // not a URL: serveWebhook says so
  }
}
