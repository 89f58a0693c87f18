// POST /v1/customer-sessions/ (server/polar/customer_session at the spec's generation): a seller
// token with customer_sessions:write creates a session for one of its organizations' customers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  expectShape,
  INVALID_TOKEN,
  insufficientScope,
  invalid,
  type Json,
  type Service,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';

let svc: Service;
let acmeCustomer: Json;
let globexCustomer: string;
beforeAll(async () => {
  svc = await startService();
});
beforeEach(async () => {
  await svc.reset();
  const row = (org: string) =>
    svc.running.store.get<{ id: string }>(
      `SELECT c.id FROM customers c WHERE c.organization_id = ?
       AND EXISTS (SELECT 1 FROM license_keys k WHERE k.customer_id = c.id) LIMIT 1`,
      org,
    )!.id;
  const id = row(svc.demo.organization_id);
  const orders = await svc.api('GET', '/v1/orders/', {
    token: svc.alice,
    query: { customer_id: id, limit: 1 },
  });
  acmeCustomer = orders.body.items[0].customer;
  globexCustomer = svc.running.store.get<{ id: string }>(
    'SELECT id FROM customers WHERE organization_id = ? LIMIT 1',
    svc.demo.other.organization_id,
  )!.id;
});
afterAll(() => svc.stop());

const create = (body: unknown, token?: string) =>
  svc.api('POST', '/v1/customer-sessions/', { token, body });

describe('POST /v1/customer-sessions/', () => {
  it('creates a one-hour session for a customer of the organization (201)', async () => {
    const before = Date.now();
    const r = await create({ customer_id: acmeCustomer.id }, svc.alice);
    expect(r.status, r.text).toBe(201);
    expectShape(r.body, {
      created_at: 'datetime',
      modified_at: 'datetime?',
      id: 'uuid',
      token: 'string',
      expires_at: 'datetime',
      customer_portal_url: 'string',
      customer_id: 'uuid',
      customer: CUSTOMER,
    });
    expect(r.body.token).toMatch(/^polar_cst_[A-Za-z0-9]{43}$/);
    expect(r.body.customer_id).toBe(acmeCustomer.id);
    expect(r.body.customer).toEqual(acmeCustomer);
    expect(r.body.modified_at).toBeNull();
    const hour = Date.parse(r.body.expires_at) - Date.parse(r.body.created_at);
    expect(hour).toBe(3600_000);
    expect(Date.parse(r.body.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(r.body.customer_portal_url).toContain(`customer_session_token=${r.body.token}`);
    // The token acts as that customer in the customer portal, and only as that customer.
    const keys = await svc.api('GET', '/v1/customer-portal/license-keys/', { token: r.body.token });
    expect(keys.status).toBe(200);
    expect(keys.body.items.length).toBeGreaterThan(0);
    for (const k of keys.body.items) expect(k.customer_id).toBe(acmeCustomer.id);
  });

  it("answers another organization's or an unknown customer as the real service: 422", async () => {
    for (const id of [globexCustomer, '00000000-0000-4000-8000-000000000000']) {
      const r = await create({ customer_id: id }, svc.alice);
      expect([r.status, r.body]).toEqual([
        422,
        invalid({
          type: 'value_error',
          loc: ['body', 'customer_id'],
          msg: 'Customer does not exist.',
          input: id,
        }),
      ]);
    }
    const bob = await create({ customer_id: globexCustomer }, svc.bob);
    expect(bob.status).toBe(201);
  });

  it('validates the body', async () => {
    const bad = await create({ customer_id: 'nope' }, svc.alice);
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['body', 'customer_id'], 'nope')]);
    const missing = await create({}, svc.alice);
    expect([missing.status, missing.body.detail[0].type, missing.body.detail[0].loc]).toEqual([
      422,
      'missing',
      ['body', 'customer_id'],
    ]);
  });

  it('needs a seller token with customer_sessions:write', async () => {
    const body = { customer_id: acmeCustomer.id };
    expect(await create(body)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await create(body, 'polar_pat_nope')).toMatchObject({
      status: 401,
      body: INVALID_TOKEN,
    });
    const customer = await svc.customerSession(acmeCustomer.id);
    expect(await create(body, customer)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    const narrow = await svc.pat(['customers:write', 'orders:read']);
    expect(await create(body, narrow)).toMatchObject({
      status: 403,
      body: insufficientScope(['customer_sessions:write']),
    });
    const enough = await svc.pat(['customer_sessions:write']);
    expect((await create(body, enough)).status).toBe(201);
  });

  it('redirects the path without its slash (307), as FastAPI does', async () => {
    const r = await svc.api('POST', '/v1/customer-sessions', {
      token: svc.alice,
      body: { customer_id: acmeCustomer.id },
    });
    expect([r.status, r.headers.get('location')]).toEqual([307, '/v1/customer-sessions/']);
  });
});
