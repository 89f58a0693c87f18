// The /__local/ control surface: demo info, reset to the seed, the clock, token minting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, BUYER, invalid, type Service, startService } from './helpers.js';

let svc: Service;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.stop());

describe('/__local/', () => {
  it('serves the demo info', async () => {
    const r = await svc.api('GET', '/__local/demo');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(svc.demo);
    expect(svc.demo.open_checkout_ids.length).toBeGreaterThanOrEqual(3);
    expect(svc.demo.personal_access_token).toMatch(/^polar_pat_[A-Za-z0-9]{43}$/);
  });

  it('resets to the seed: changes, orders and checkouts are undone', async () => {
    const orgPath = `/v1/organizations/${svc.demo.organization_id}`;
    const ordersBefore = await allPages(svc.api, '/v1/orders/', { token: svc.alice });
    await svc.api('PATCH', orgPath, { token: svc.alice, body: { name: 'Changed' } });
    const [id] = svc.demo.open_checkout_ids;
    const checkout = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
    const confirmed = await svc.api(
      'POST',
      `/v1/checkouts/custom/client/${checkout.body.client_secret}/confirm`,
      { body: { customer_email: 'reset@example.com', ...BUYER, confirmation_token_id: 'tok' } },
    );
    expect(confirmed.status).toBe(200);
    const minted = await svc.pat(['orders:read']);
    await svc.advanceClock(600);

    const reset = await svc.api('POST', '/__local/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ ok: true, offset_seconds: 0 });

    const org = await svc.api('GET', orgPath, { token: svc.alice });
    expect(org.body.name).toBe('Acme Software');
    const ordersAfter = await allPages(svc.api, '/v1/orders/', { token: svc.alice });
    expect(ordersAfter.map((o) => o.id)).toEqual(ordersBefore.map((o) => o.id));
    const again = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
    expect(again.body).toMatchObject({ status: 'open', customer_id: null });
    const gone = await svc.api('GET', '/v1/orders/', { token: minted });
    expect(gone.status).toBe(401);
    expect((await svc.api('GET', '/__local/demo')).body).toEqual(svc.demo);
  });

  it('moves the clock forward, to a set time, and back', async () => {
    const start = await svc.api('GET', '/__local/clock');
    expect(start.body.offset_seconds).toBe(0);
    const moved = await svc.api('POST', '/__local/clock', { body: { advance_seconds: 3600 } });
    expect(moved.body.offset_seconds).toBeCloseTo(3600, -1);
    expect(Date.parse(moved.body.now) - Date.now()).toBeGreaterThan(3590_000);
    const set = await svc.api('POST', '/__local/clock', {
      body: { set: '2030-01-01T00:00:00Z' },
    });
    expect(Math.abs(Date.parse(set.body.now) - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(
      5000,
    );
    const back = await svc.api('POST', '/__local/clock', { body: { reset: true } });
    expect(back.body.offset_seconds).toBe(0);
    const bad = await svc.api('POST', '/__local/clock', { body: { set: 'soon' } });
    expect(bad.status).toBe(422);
    // Beyond any valid date-time: refused, and the service keeps answering.
    const far = await svc.api('POST', '/__local/clock', { body: { advance_seconds: 1e20 } });
    expect(far.status).toBe(422);
    expect(far.body.detail[0].loc).toEqual(['body', 'advance_seconds']);
    const still = await svc.api('GET', '/v1/orders/', { token: svc.alice, query: { limit: 1 } });
    expect(still.status).toBe(200);
    expect((await svc.api('GET', '/__local/clock')).body.offset_seconds).toBe(0);
  });

  it('changes nothing when it refuses a clock request', async () => {
    await svc.api('POST', '/__local/clock', { body: { advance_seconds: 3600 } });
    // A set time that the advance then takes past a century: neither is applied.
    for (const body of [
      { set: '2100-01-01T00:00:00Z', advance_seconds: 1e9 },
      { reset: true, set: '1950-01-01T00:00:00Z', advance_seconds: -1e9 },
    ]) {
      const r = await svc.api('POST', '/__local/clock', { body });
      expect(r.status).toBe(422);
      expect(r.body.detail[0].loc).toEqual(['body', 'advance_seconds']);
      expect((await svc.api('GET', '/__local/clock')).body.offset_seconds).toBe(3600);
    }
    await svc.api('POST', '/__local/clock', { body: { reset: true } });
  });

  it('mints limited tokens and customer sessions, and refuses unknown users', async () => {
    const r = await svc.api('POST', '/__local/personal-access-tokens', {
      body: { email: 'bob@globex.test', scopes: ['orders:read'] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ scope: 'orders:read', expires_at: null });
    const orders = await svc.api('GET', '/v1/orders/', {
      token: r.body.token,
      query: { limit: 1 },
    });
    expect(orders.body.items[0].product.organization_id).toBe(svc.demo.other.organization_id);
    const unknown = await svc.api('POST', '/__local/personal-access-tokens', {
      body: { email: 'nobody@example.com' },
    });
    expect([unknown.status, unknown.body]).toEqual([
      422,
      invalid({
        type: 'value_error',
        loc: ['body', 'email'],
        msg: 'No user with this email.',
        input: 'nobody@example.com',
      }),
    ]);
    const badScope = await svc.api('POST', '/__local/personal-access-tokens', {
      body: { email: 'alice@acme.test', scopes: ['everything'] },
    });
    expect(badScope.status).toBe(422);
    const session = await svc.api('POST', '/__local/customer-sessions', {
      body: { customer_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(session.status).toBe(404);
  });
});
