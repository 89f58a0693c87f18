// The customer portal's GET and DELETE /v1/customer-portal/subscriptions/{id} (issue 15): one of
// the buyer's subscriptions, and its cancellation at the period's end as the real portal does it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/server/domain/events.js';
import {
  allPages,
  expectShape,
  insufficientScope,
  type Json,
  NOT_FOUND,
  type Service,
  SUBSCRIPTION_PORTAL,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';

let svc: Service;
let customerId: string;
let token: string;
let mine: Json[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PATH = '/v1/customer-portal/subscriptions/';
const ALREADY = {
  error: 'AlreadyCanceledSubscription',
  detail: 'This subscription is already canceled or will be at the end of the period.',
};

beforeAll(async () => {
  svc = await startService();
  // The Acme customer with the most subscriptions.
  customerId = svc.running.store.get<{ customer_id: string }>(
    `SELECT customer_id FROM subscriptions WHERE organization_id = ? GROUP BY customer_id
     ORDER BY count(*) DESC, customer_id LIMIT 1`,
    svc.demo.organization_id,
  )!.customer_id;
});
beforeEach(async () => {
  await svc.reset();
  token = await svc.customerSession(customerId);
  mine = await allPages(svc.api, PATH, { token });
});
afterAll(() => svc.stop());

const cancel = (id: string, as = token) => svc.api('DELETE', `${PATH}${id}`, { token: as });
const find = (test: (s: Json) => boolean) => {
  const s = mine.find(test);
  expect(s).toBeDefined();
  return s;
};

describe('GET /v1/customer-portal/subscriptions/{id}', () => {
  it('gets each of the buyer’s subscriptions as the list shows it', async () => {
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const s of mine) {
      const r = await svc.api('GET', `${PATH}${s.id}`, { token });
      expect([r.status, r.body]).toEqual([200, s]);
      expectShape(r.body, SUBSCRIPTION_PORTAL);
    }
    const alice = await allPages(svc.api, PATH, { token: svc.alice });
    expect(alice.length).toBeGreaterThan(0);
    const hers = await svc.api('GET', `${PATH}${alice[0].id}`, { token: svc.alice });
    expect(hers.body).toEqual(alice[0]);
  });

  it('404 for someone else’s or an unknown one; 422 for a bad id', async () => {
    const alice = await allPages(svc.api, PATH, { token: svc.alice });
    for (const [id, as] of [
      [alice[0].id, token],
      [mine[0].id, svc.alice],
      [UNKNOWN, token],
    ] as const) {
      const r = await svc.api('GET', `${PATH}${id}`, { token: as });
      expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
    }
    const bad = await svc.api('GET', `${PATH}nope`, { token });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['path', 'id'], 'nope')]);
  });
});

describe('DELETE /v1/customer-portal/subscriptions/{id}', () => {
  it('cancels at the period’s end: still active, ending with the period; a second time 403', async () => {
    const events: DomainEvent[] = [];
    const stop = svc.running.events.observe((batch) => events.push(...batch));
    try {
      const s = find((x) => x.status === 'active' && !x.cancel_at_period_end);
      const r = await cancel(s.id);
      expect(r.status).toBe(200);
      expectShape(r.body, SUBSCRIPTION_PORTAL);
      expect(r.body).toEqual({
        ...s,
        cancel_at_period_end: true,
        canceled_at: r.body.modified_at,
        ends_at: s.current_period_end,
        modified_at: r.body.modified_at,
      });
      expect(r.body.modified_at).not.toBeNull();
      expect(events).toEqual([
        { type: 'subscription.updated', id: s.id },
        { type: 'subscription.canceled', id: s.id },
      ]);
      const again = await cancel(s.id);
      expect([again.status, again.body]).toEqual([403, ALREADY]);
      const got = await svc.api('GET', `${PATH}${s.id}`, { token });
      expect(got.body).toEqual(r.body);
    } finally {
      stop();
    }
  });

  it('refuses one that is not trialing or active (the real can_cancel)', async () => {
    const seller = await allPages(svc.api, '/v1/subscriptions/', {
      token: svc.alice,
      query: { customer_id: customerId },
    });
    const refused = seller.filter((s) => !['trialing', 'active'].includes(s.status));
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) {
      const r = await cancel(s.id);
      expect([s.status, r.status, r.body]).toEqual([s.status, 403, ALREADY]);
    }
  });

  it('404 for someone else’s; needs customer_portal:write; no token 401', async () => {
    const alice = await allPages(svc.api, PATH, { token: svc.alice });
    expect((await cancel(alice[0].id)).status).toBe(404);
    expect((await cancel(UNKNOWN)).status).toBe(404);
    const read = await svc.pat(['customer_portal:read'], 'alice@acme.test');
    const r = await cancel(alice[0].id, read);
    expect([r.status, r.body]).toEqual([403, insufficientScope(['customer_portal:write'])]);
    const write = await svc.pat(['customer_portal:write'], 'alice@acme.test');
    const ok = await cancel(alice[0].id, write);
    expect([ok.status, ok.body.cancel_at_period_end]).toEqual([200, true]);
    const anonymous = await svc.api('DELETE', `${PATH}${mine[0].id}`);
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED]);
  });
});
