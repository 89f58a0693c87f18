// The official SDK against POST /v1/customer-sessions/ (the seller endpoint the CLI points to
// when a confirmed checkout's session could not be stored): with a personal access token and
// an organization token, the session it reads, and the errors it maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../server/oauth/helpers.js';
import {
  call,
  errors,
  expectCalls,
  expectError,
  expectStatus,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';

let box: Sandbox;
let acmeCustomer: string;
let globexCustomer: string;
let orgWithScope: Polar;
beforeAll(async () => {
  box = await startSandbox();
  const first = (org: string) =>
    box.svc.store.get<{ id: string }>(
      `SELECT c.id FROM customers c WHERE c.organization_id = ?
       AND EXISTS (SELECT 1 FROM license_keys k WHERE k.customer_id = c.id) LIMIT 1`,
      org,
    )!.id;
  acmeCustomer = first(box.demo.organization_id);
  globexCustomer = first(box.demo.other.organization_id);
  const token = await login(
    { svc: box.svc, base: box.svc.url, demo: box.demo },
    { sub_type: 'organization', scope: 'customer_sessions:write' },
    { organization: box.demo.organization_id },
  );
  orgWithScope = box.as(token.access_token);
});
afterAll(async () => {
  expectCalls('customer-sessions');
  await box.stop();
});

describe('customer sessions through the SDK', () => {
  it('creates a session with a personal access token, and the session acts as that customer', async () => {
    const session = await call('create as alice', () =>
      box.pat.customerSessions.create({ customerId: acmeCustomer }),
    );
    expect(session).toMatchObject({ customerId: acmeCustomer, modifiedAt: null });
    expect(session.customer.id).toBe(acmeCustomer);
    expect(session.customer.organizationId).toBe(box.demo.organization_id);
    expect(session.token).toMatch(/^polar_cst_/);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(3600_000);
    expect(session.customerPortalUrl).toContain(session.token);
    const portal = box.as(session.token);
    const keys = await call('the portal keys of the session', () =>
      portal.customerPortal.licenseKeys.list({}),
    );
    expect(keys.result.items.length).toBeGreaterThan(0);
    for (const k of keys.result.items) expect(k.customerId).toBe(acmeCustomer);
    const subs = await call('the portal subscriptions of the session', () =>
      portal.customerPortal.subscriptions.list({}),
    );
    for (const s of subs.result.items) expect(s.customerId).toBe(acmeCustomer);
  });

  it('creates a session with an organization token that holds customer_sessions:write', async () => {
    const session = await call('create as the Acme organization', () =>
      orgWithScope.customerSessions.create({ customerId: acmeCustomer }),
    );
    expect(session.customerId).toBe(acmeCustomer);
    const other = await expectError(
      "a Globex customer with Acme's organization token",
      errors.HTTPValidationError,
      () => orgWithScope.customerSessions.create({ customerId: globexCustomer }),
    );
    expect(other.detail?.[0]?.loc).toEqual(['body', 'customer_id']);
  });

  it("refuses another organization's customer, a malformed id and missing credentials", async () => {
    const bob = await expectError(
      "an Acme customer with Globex's owner's token",
      errors.HTTPValidationError,
      () => box.otherPat.customerSessions.create({ customerId: acmeCustomer }),
    );
    expect(bob.detail?.[0]).toMatchObject({
      loc: ['body', 'customer_id'],
      msg: 'Customer does not exist.',
    });
    const own = await call("a Globex customer with Globex's owner's token", () =>
      box.otherPat.customerSessions.create({ customerId: globexCustomer }),
    );
    expect(own.customerId).toBe(globexCustomer);
    await expectError('a malformed id', errors.HTTPValidationError, () =>
      box.pat.customerSessions.create({ customerId: 'not-a-uuid' }),
    );
    await expectStatus('no token', 401, () =>
      box.anonymous.customerSessions.create({ customerId: acmeCustomer }),
    );
    await expectStatus('an organization token without the scope', 403, () =>
      box.org.customerSessions.create({ customerId: acmeCustomer }),
    );
    const customer = await box.customer(acmeCustomer);
    await expectStatus('a customer session', 401, () =>
      customer.customerSessions.create({ customerId: acmeCustomer }),
    );
  });
});
