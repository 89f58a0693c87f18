// The harness of today's conformance suites (issue 26): the sandbox in-process on a random port,
// driven only through the official SDK of today's generation — `@polar-sh/sdk` 1.0.1, installed
// as `polar-sdk-1`, `createPolar({ accessToken, baseUrl })` from `polar-sdk-1/2026-10`, which
// sends `Polar-Version: 2026-10` on every request (its ClientBase) and checks no answer. So the
// harness checks them: every request the SDK sends to the sandbox goes through a recording fetch,
// and each answer — its status and its body — is validated against the real service's 2026-10
// description with ../openapi.ts (ajv), and must carry `Polar-Version: 2026-10` back. A suite's
// afterAll calls expectCalls(resource): zero problems, and at least the resource's floor of calls.
// Webhook deliveries to endpoints made under 2026-10 are received on loopback and verified with
// the SDK's own `webhooks.validateEvent`, their bodies checked against the Webhook*Payload schemas.
//
// A new resource's suite: today/<resource>.test.ts, `const box = await startToday()` in
// beforeAll, SDK calls through box.seller / box.org / box.customer(id), `expectError` for the
// refusals, a floor in CALL_FLOORS, `afterAll(() => { expectCalls('<resource>'); return box.stop(); })`.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PolarClientError } from 'polar-sdk-1';
import { createPolar, errors, webhooks } from 'polar-sdk-1/2026-10';
import { expect } from 'vitest';
import { type RunningService, start } from '../../../src/server/index.js';
import type { DemoInfo } from '../../../src/server/seed.js';
import { login } from '../../server/oauth/helpers.js';
import { matchPath, responseErrors, schemaErrors } from '../openapi.js';

export { errors, PolarClientError };
export type Polar = ReturnType<typeof createPolar>;

export const VERSION = '2026-10';

/**
 * The calls each suite makes at least, by resource (a suite is a fork of its own). Issue 26's
 * bar is 90 calls over every resource the sandbox serves in today's generation: the resources
 * still to come (checkouts, checkout links, orders, refunds, subscriptions, products, benefits,
 * benefit grants, license keys, discounts) add their floors here, and once they are all in, the
 * floors must add up to ISSUE_BAR (TODAY_RESOURCES_PENDING empties, and expectCalls asserts it).
 */
export const CALL_FLOORS = {
  organizations: 12,
  customers: 30,
  /** Customer sessions, and the portal's customer and session. */
  'customer-portal': 18,
  webhooks: 14,
  /** The seller's subscriptions and the customer portal's. */
  subscriptions: 45,
  /** Checkout sessions: the seller's and the buyer's calls. */
  checkouts: 40,
  'checkout-links': 16,
  /** The seller's orders and the customer portal's. */
  orders: 44,
  refunds: 24,
  products: 30,
  'license-keys': 24,
  /** Benefits, their grants and every grant (benefit-grants). */
  benefits: 24,
  discounts: 40,
  /** Usage events: ingest, list, names, get (issue 27). */
  events: 24,
  /** Meters and their quantities. */
  meters: 24,
  /** Event types: the names' statistics and their labels. */
  'event-types': 14,
  /** Customer meters, the seller's and the portal's, over a renewal that bills usage. */
  'customer-meters': 12,
  /** Payments derived from the orders, and disputes (none). */
  payments: 20,
  /** The customer portal's benefit grants and organization. */
  'portal-benefit-grants': 24,
  'custom-fields': 30,
  /** OAuth client registration and configuration (RFC 7591, RFC 7592). */
  'oauth2-clients': 9,
  /** Metrics, their CSV export and their limits (issue 28). */
  metrics: 20,
} as const;
export type Resource = keyof typeof CALL_FLOORS;
export const ISSUE_BAR = 90;
export const TODAY_RESOURCES_PENDING = [] as const;

/** One request the SDK sent to the sandbox and its answer. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  version: string | null;
  body: unknown;
  /** The document's template the request reached, e.g. `/v1/customers/{id}`. */
  template: string | undefined;
}

/** What the recording fetch saw: every exchange, and what was wrong with the answers. */
export class Recorder {
  readonly exchanges: Exchange[] = [];
  readonly problems: string[] = [];

  /** Calls per resource: the first path segment after /v1/ of the template the request reached. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const e of this.exchanges) {
      const resource = e.template?.split('/')[2] ?? '(none)';
      out[resource] = (out[resource] ?? 0) + 1;
    }
    return out;
  }

  record(e: Exchange): void {
    this.exchanges.push(e);
    const where = `${e.method} ${e.path} → ${e.status}`;
    if (e.version !== VERSION)
      this.problems.push(`${where}: Polar-Version ${String(e.version)}, not ${VERSION}`);
    // The document describes no refusal of a token (FastAPI's security dependencies add none):
    // those answers are checked for the real service's shapes instead (api-facts "Errors").
    if (isAuthRefusal(e.status, e.body)) return;
    for (const p of responseErrors(e.method, e.path, e.status, e.body))
      this.problems.push(`${where}: ${p}`);
  }
}

/** 401 Unauthorized / invalid_token, 403 insufficient_scope: the real service's token refusals. */
export function isAuthRefusal(status: number, body: unknown): boolean {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (status === 401) return error === 'Unauthorized' || error === 'invalid_token';
  return status === 403 && error === 'insufficient_scope';
}

/**
 * Routes the SDK's fetch (it calls the global one at each request) through a recorder for the
 * requests to `base` that name a version; every other request passes untouched. Returns the way
 * back.
 */
function recordFetch(base: string, recorder: Recorder): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await original(input, init);
    // The SDK's requests: it names the version on every one (a test's own fetch does not).
    const sent = new Headers(init?.headers).get('polar-version');
    if (!url.href.startsWith(base) || sent === null) return res;
    const text = await res.clone().text();
    const type = res.headers.get('content-type') ?? '';
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    recorder.record({
      method,
      path,
      status: res.status,
      version: res.headers.get('polar-version'),
      body: text === '' ? undefined : type.includes('json') ? JSON.parse(text) : text,
      template: matchPath(method, path)?.template,
    });
    return res;
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** What an organization token may do in these suites. */
const ORG_SCOPES =
  'checkouts:read checkouts:write checkout_links:read checkout_links:write ' +
  'orders:read orders:write refunds:read refunds:write ' +
  'organizations:read organizations:write customers:read customers:write ' +
  'subscriptions:read subscriptions:write ' +
  'customer_sessions:write webhooks:read webhooks:write products:read products:write ' +
  'benefits:read benefits:write license_keys:read license_keys:write ' +
  'discounts:read discounts:write custom_fields:read custom_fields:write metrics:read ' +
  'events:read events:write meters:read meters:write customer_meters:read';

export interface TodayBox {
  svc: RunningService;
  /**
   * The fetch the recorder does not see: for the private routes (the subscription previews) and
   * the refusals the document does not describe, which a test checks itself.
   */
  raw: typeof fetch;
  demo: DemoInfo;
  recorder: Recorder;
  /** Alice's personal access token: she owns Acme, the main demo organization. */
  seller: Polar;
  /** Bob's personal access token: he owns Globex. */
  otherSeller: Polar;
  /** An organization token for Acme (`polar_at_o_`), from the OAuth flow. */
  org: Polar;
  /** The SDK with any token. */
  as(token: string): Polar;
  /** The SDK with a fresh customer session of this customer (made through the API, 2026-10). */
  customer(customerId: string): Promise<Polar>;
  stop(): Promise<void>;
}

export async function startToday(): Promise<TodayBox> {
  const svc = await start({ port: 0 });
  const demo = svc.demo!;
  const recorder = new Recorder();
  const raw = globalThis.fetch;
  const restore = recordFetch(svc.url, recorder);
  const as = (accessToken: string) => createPolar({ accessToken, baseUrl: svc.url });
  const orgToken = await login(
    { svc, base: svc.url, demo },
    { sub_type: 'organization', scope: ORG_SCOPES },
    { organization: demo.organization_id },
  );
  const seller = as(demo.personal_access_token);
  return {
    svc,
    raw,
    demo,
    recorder,
    seller,
    otherSeller: as(demo.other.personal_access_token),
    org: as(orgToken.access_token),
    as,
    async customer(customerId) {
      const session = await seller.customerSessions.create({ customer_id: customerId });
      return as(session.token);
    },
    async stop() {
      restore();
      await svc.stop();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the SDK's error classes take different arguments
type ErrorClass<E> = abstract new (...args: any[]) => E;

/** An SDK call that must fail with exactly this error class; its answer is recorded as any. */
export async function expectError<E>(
  what: string,
  Class: ErrorClass<E>,
  fn: () => Promise<unknown>,
): Promise<E> {
  let caught: unknown;
  try {
    await fn();
  } catch (err) {
    caught = err;
  }
  expect(caught, `${what}: expected ${Class.name}, got ${String(caught)}`).toBeInstanceOf(Class);
  expect((caught as object).constructor, what).toBe(Class);
  return caught as E;
}

/** The 422 of an SDK call: its `detail` items' locations and types. */
export async function expect422(
  what: string,
  fn: () => Promise<unknown>,
): Promise<{ loc: (string | number)[]; type: string; msg: string }[]> {
  const err = await expectError(what, errors.HTTPValidationError, fn);
  return (err.error as { detail: { loc: (string | number)[]; type: string; msg: string }[] })
    .detail;
}

/** For afterAll: no answer broke the document, and the suite made at least its floor of calls. */
export function expectCalls(box: TodayBox, resource: Resource): void {
  expect(box.recorder.problems, 'answers that do not fit the 2026-10 document').toEqual([]);
  const floors = Object.values(CALL_FLOORS).reduce((a, b) => a + b, 0);
  const pending: readonly string[] = TODAY_RESOURCES_PENDING;
  if (pending.length === 0) expect(floors).toBeGreaterThanOrEqual(ISSUE_BAR);
  const made = box.recorder.counts();
  const total = Object.values(made).reduce((a, b) => a + b, 0);
  expect(
    total,
    `calls made by the ${resource} suite (${JSON.stringify(made)})`,
  ).toBeGreaterThanOrEqual(CALL_FLOORS[resource]);
}

/**
 * Confirms the demo's first open checkout (a subscription with benefits) through the seed's
 * generation — today's checkouts are not served yet — and returns its customer's id: a customer
 * with an active subscription and granted benefits. Not an SDK call: not recorded.
 */
export async function buySubscription(b: TodayBox, email = 'state@example.com'): Promise<string> {
  const id = b.demo.open_checkout_ids[0]!;
  const auth = { authorization: `Bearer ${b.demo.personal_access_token}` };
  const checkout = (await (
    await fetch(`${b.svc.url}/v1/checkouts/custom/${id}`, { headers: auth })
  ).json()) as { client_secret: string };
  const confirm = await fetch(
    `${b.svc.url}/v1/checkouts/custom/client/${checkout.client_secret}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer_email: email,
        customer_name: 'Sam State',
        customer_billing_address: {
          country: 'US',
          state: 'US-IL',
          city: 'Chicago',
          line1: '1 Main St',
          postal_code: '60601',
        },
        confirmation_token_id: 'tok_visa',
      }),
    },
  );
  expect(confirm.status).toBe(200);
  return b.svc.store.row('checkouts', id)!.customer_id!;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/** One delivery, as the SDK's validateEvent returned it, with its raw body and headers. */
export interface Delivery {
  type: string;
  event: { type: string; timestamp: string; data: Record<string, unknown> };
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * A webhook handler on loopback that verifies each delivery with the SDK's `validateEvent` and
 * checks its body against the document's Webhook<Type>Payload schema; a delivery that fails
 * either is answered 400 and recorded as a problem.
 */
export class Receiver {
  readonly deliveries: Delivery[] = [];
  readonly problems: string[] = [];
  secret = '';
  private server: Server | undefined;
  private waiters: (() => void)[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        this.receive(body, req.headers).then(
          (ok) => res.writeHead(ok ? 202 : 400).end(),
          () => res.writeHead(500).end(),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/webhooks`;
  }

  private async receive(body: string, headers: IncomingHttpHeaders): Promise<boolean> {
    const flat = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    let event: Delivery['event'];
    try {
      event = (await webhooks.validateEvent(
        body,
        flat,
        this.secret,
      )) as unknown as Delivery['event'];
    } catch (err) {
      this.problems.push(`validateEvent refused a delivery: ${String(err)}\n${body.slice(0, 300)}`);
      return false;
    }
    for (const p of schemaErrors(payloadSchema(event.type), event))
      this.problems.push(`${event.type}: ${p}`);
    this.deliveries.push({ type: event.type, event, body, headers });
    for (const wake of this.waiters.splice(0)) wake();
    return true;
  }

  /** The deliveries received once `done` says they are all there (waits for each arrival). */
  async until(done: (d: Delivery[]) => boolean): Promise<Delivery[]> {
    while (!done(this.deliveries)) await new Promise<void>((r) => this.waiters.push(r));
    return this.deliveries;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

/** `customer.state_changed` → `WebhookCustomerStateChangedPayload`. */
export function payloadSchema(type: string): string {
  const name = type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return `Webhook${name}Payload`;
}
