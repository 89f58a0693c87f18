// Shared by the sdk-*.test.ts suites: the local service in-process on a random port, driven only
// through the official SDK (loaded by sdk.ts) with each kind of token, and the bookkeeping that
// makes a response the SDK refuses (SDKValidationError) fail the test in a readable way.
import { expect } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import type { DemoInfo } from '../../src/server/seed.js';
import { login } from '../server/oauth/helpers.js';
import { errors, sdk } from './sdk.js';

export { errors };
export type Polar = InstanceType<typeof sdk.Polar>;

/** What the organization token may do: every scope the spec's endpoints 1–15 ask for. */
const ORG_SCOPES =
  'checkouts:read checkouts:write subscriptions:write orders:read license_keys:read ' +
  'license_keys:write organizations:read organizations:write';

export interface Sandbox {
  svc: RunningService;
  demo: DemoInfo;
  /** Alice's personal access token: she owns Acme, the main demo organization. */
  pat: Polar;
  /** Bob's personal access token: he owns Globex (and is nobody's customer). */
  otherPat: Polar;
  /** An organization token for Acme (`polar_at_o_`), from the OAuth flow with sub_type=organization. */
  org: Polar;
  /** No Authorization header at all. */
  anonymous: Polar;
  /** The SDK with any token (e.g. a malformed or revoked one). */
  as(token: string): Polar;
  /** The SDK with a fresh customer session token for this customer. */
  customer(customerId: string): Promise<Polar>;
  stop(): Promise<void>;
}

export async function startSandbox(): Promise<Sandbox> {
  const svc = await start({ port: 0 });
  const demo = svc.demo!;
  const as = (accessToken?: string) => new sdk.Polar({ accessToken, serverURL: svc.url });
  const orgToken = await login(
    { svc, base: svc.url, demo },
    { sub_type: 'organization', scope: ORG_SCOPES },
    { organization: demo.organization_id },
  );
  expect(orgToken.access_token).toMatch(/^polar_at_o_/);
  return {
    svc,
    demo,
    pat: as(demo.personal_access_token),
    otherPat: as(demo.other.personal_access_token),
    org: as(orgToken.access_token),
    anonymous: as(),
    as,
    async customer(customerId) {
      const res = await fetch(`${svc.url}/__local/customer-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer_id: customerId }),
      });
      expect(res.status).toBe(200);
      return as(((await res.json()) as { token: string }).token);
    },
    stop: () => svc.stop(),
  };
}

type PortalSubscription = Awaited<ReturnType<Polar['customerPortal']['subscriptions']['update']>>;

/**
 * Every subscription of every customer with an order, in both organizations, in the portal form,
 * with a session of its customer (the seller's forms need a PATCH; the portal lists them).
 */
export async function everySubscription(
  box: Sandbox,
): Promise<Map<string, { sub: PortalSubscription; as: Polar }>> {
  const found = new Map<string, { sub: PortalSubscription; as: Polar }>();
  for (const seller of [box.pat, box.otherPat]) {
    const orders = await allPages('orders', () => seller.orders.list({ limit: 100 }));
    for (const customerId of new Set(orders.items.map((o) => o.customerId))) {
      const as = await box.customer(customerId);
      const { items } = await allPages('a customer portal', () =>
        as.customerPortal.subscriptions.list({ limit: 100 }),
      );
      for (const sub of items) found.set(sub.id, { sub, as });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Calls, counted. Each suite (a fork of its own) asserts its floor in afterAll; the floors add up
// to the issue's bar of 60 calls, so a green conformance run has made at least that many.

export const CALL_FLOORS = {
  checkouts: 30,
  orders: 45,
  subscriptions: 30,
  'portal-subscriptions': 30,
  'license-keys': 25,
  'license-key-activations': 15,
  organizations: 12,
  'customer-sessions': 10,
  customers: 20,
  'seller-subscriptions': 20,
  'portal-orders': 15,
  products: 40,
  discounts: 30,
  benefits: 10,
  'checkouts-list': 12,
  'checkout-create': 15,
  webhooks: 20,
} as const;
const ISSUE_BAR = 60;

let calls = 0;
let refused = 0;

/** A readable failure for a response the SDK refused: where, what the SDK said, and the body. */
function explain(what: string, err: unknown): unknown {
  if (!(err instanceof errors.SDKValidationError)) return err;
  refused++;
  const raw = JSON.stringify(err.rawValue, null, 1) ?? String(err.rawValue);
  return new Error(
    `${what}: SDKValidationError, the SDK refused the service's answer\n${err.pretty()}\n` +
      `raw value (first 3000 characters):\n${raw.slice(0, 3000)}`,
  );
}

/** One SDK call that must succeed. */
export async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  calls++;
  try {
    return await fn();
  } catch (err) {
    throw explain(what, err);
  }
}

interface Page<I> {
  result: { items: I[]; pagination: { totalCount: number; maxPage: number } };
}

/** Every page of a list through the SDK's own pagination (`for await`); each page is a call. */
export async function allPages<I>(
  what: string,
  list: () => Promise<AsyncIterable<Page<I>>>,
): Promise<{ items: I[]; pages: number; total: number }> {
  const items: I[] = [];
  let pages = 0;
  let total = -1;
  try {
    for await (const page of await list()) {
      calls++;
      pages++;
      items.push(...page.result.items);
      total = page.result.pagination.totalCount;
    }
  } catch (err) {
    throw explain(what, err);
  }
  return { items, pages, total };
}

// biome-ignore lint/suspicious/noExplicitAny: error classes take different constructor arguments
type ErrorClass<E> = abstract new (...args: any[]) => E;

/** One SDK call that must fail with exactly this error class (never SDKValidationError). */
export async function expectError<E>(
  what: string,
  Class: ErrorClass<E>,
  fn: () => Promise<unknown>,
): Promise<E> {
  calls++;
  let caught: unknown;
  try {
    await fn();
  } catch (err) {
    caught = err;
  }
  if (caught instanceof errors.SDKValidationError) throw explain(what, caught);
  expect(caught, `${what}: expected ${Class.name}, got ${String(caught)}`).toBeInstanceOf(Class);
  expect((caught as object).constructor, what).toBe(Class);
  return caught as E;
}

/** A call whose status the SDK maps to no typed error: SDKError with that status code. */
export async function expectStatus(
  what: string,
  status: number,
  fn: () => Promise<unknown>,
): Promise<InstanceType<typeof errors.SDKError>> {
  const err = await expectError(what, errors.SDKError, fn);
  expect(err.statusCode, `${what}: ${err.message}`).toBe(status);
  return err;
}

/** For afterAll: nothing was refused, and the suite made at least its share of the calls. */
export function expectCalls(suite: keyof typeof CALL_FLOORS): void {
  const floors = Object.values(CALL_FLOORS).reduce((a, b) => a + b, 0);
  expect(floors).toBeGreaterThanOrEqual(ISSUE_BAR);
  expect(refused, 'responses refused with SDKValidationError').toBe(0);
  expect(calls, `SDK calls made by the ${suite} suite`).toBeGreaterThanOrEqual(CALL_FLOORS[suite]);
}

/** The kinds of one thing a suite has seen, to prove the demo data still has every kind. */
export class Kinds {
  private readonly seen = new Set<string>();
  constructor(
    readonly what: string,
    readonly expected: readonly string[],
  ) {}
  add(kind: string | null | undefined): void {
    this.seen.add(String(kind));
  }
  expectAll(): void {
    expect([...this.seen].sort(), this.what).toEqual([...this.expected].sort());
  }
}
