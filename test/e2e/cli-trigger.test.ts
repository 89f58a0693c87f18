// `billing trigger <type>` end to end: every event type of the service happens for real, and a
// webhook endpoint receives it, verified by the official SDK of the generation (0.20.2 for the
// seed's; 1.0.1's validateEvent and the 2026-10 Webhook*Payload schemas for today's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import { Receiver as TodaysReceiver } from '../conformance/today/harness.js';
import { type Receiver, startReceiver, verify } from '../server/webhook-helpers.js';
import { type Json, type Suite, startSuite } from './cli.js';

// Both generations: the seed's (no Polar-Version) and today's, where a paid US purchase needs the
// full billing address and a buyer may hold one subscription per organization
// (checkout/service.py _validate_subscription_uniqueness at c6c3645e).
describe.each([
  ["the seed's generation", undefined],
  ['2026-10', '2026-10'],
] as const)('%s', (_name, apiVersion) => {
  let s: Suite;
  let receiver: Receiver;
  let todays: TodaysReceiver;
  let secret: string;
  /** The seller's own subscriptions and benefits before any trigger, as the API shows them. */
  let before: { subscriptions: Json[]; benefits: Json[] };

  const all = async (path: string): Promise<Json[]> =>
    (await s.call('GET', `${path}?limit=100`)).items;
  const shape = (x: Json) => ({
    id: x.id,
    status: x.status,
    price_id: x.price_id,
    product_id: x.product_id,
    modified_at: x.modified_at,
  });

  beforeAll(async () => {
    s = await startSuite({ apiVersion });
    before = {
      subscriptions: (await all('/v1/subscriptions/')).map(shape),
      benefits: await all('/v1/benefits/'),
    };
    receiver = await startReceiver();
    todays = new TodaysReceiver();
    const todaysUrl = await todays.start();
    // An endpoint made under 2026-10 receives today's payloads (and is made with today's body).
    const endpoint = await s.call(
      'POST',
      '/v1/webhooks/endpoints',
      apiVersion
        ? {
            url: todaysUrl,
            format: 'raw',
            events: [...WEBHOOK_EVENT_TYPES],
            organization_id: s.demo.organization_id,
          }
        : {
            url: receiver.url,
            format: 'raw',
            events: [...WEBHOOK_EVENT_TYPES],
            organization_id: s.demo.organization_id,
          },
    );
    secret = endpoint.secret;
    todays.secret = secret;
  });
  afterAll(async () => {
    await receiver.close();
    await todays.stop();
    await s.svc.stop();
  });

  /** Waits until an event of `type` arrived after the first `from` deliveries. */
  async function arrived(type: string, from: number): Promise<string[]> {
    if (apiVersion) {
      const types = (d: { type: string }[]) => d.slice(from).map((x) => x.type);
      await todays.until((d) => types(d).includes(type));
      expect(todays.problems).toEqual([]);
      return types(todays.deliveries);
    }
    for (let i = 0; i < 100; i++) {
      const types = receiver.received.slice(from).map((r) => verify(r, secret).type);
      if (types.includes(type)) return types;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`no ${type} arrived`);
  }

  describe('billing trigger', () => {
    it.each(WEBHOOK_EVENT_TYPES.map((t) => [t]))('%s happens, and is delivered', async (type) => {
      const from = apiVersion ? todays.deliveries.length : receiver.received.length;
      const r = await s.run(['trigger', type, '--org', s.demo.organization_id, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const did = JSON.parse(r.stdout);
      expect(did.event).toBe(type);
      const types = await arrived(type, from);
      expect(types).toContain(type);
      // What it made can be read back with the API.
      if (did.subscription) {
        const subs = await s.call(
          'GET',
          `/v1/subscriptions/?customer_id=${did.customer}&limit=100`,
        );
        expect(subs.items.map((x: { id: string }) => x.id)).toContain(did.subscription);
      }
      if (did.order) expect((await s.call('GET', `/v1/orders/${did.order}`)).id).toBe(did.order);
    });

    it("buys and changes only trigger's own products: the seller's are untouched (issue 24)", async () => {
      const products: Json[] = await all('/v1/products/');
      const own = products.filter((p) => p.description?.startsWith('Made by billing trigger'));
      // Made on first use, then found again: one per kind, however many triggers ran.
      expect(own.map((p) => p.name).sort()).toEqual([
        'Trigger monthly',
        'Trigger one-time',
        'Trigger with benefits',
        'Trigger yearly',
      ]);
      const theirs = new Set(own.map((p) => p.id));
      const subscriptions: Json[] = await all('/v1/subscriptions/');
      const triggered = subscriptions.filter((x) => theirs.has(x.product_id));
      expect(triggered.length).toBeGreaterThan(5);
      expect(subscriptions.filter((x) => !theirs.has(x.product_id)).map(shape)).toEqual(
        before.subscriptions,
      );
      const benefits: Json[] = await all('/v1/benefits/');
      const kept = new Set(before.benefits.map((b) => b.id));
      expect(benefits.filter((b) => kept.has(b.id))).toEqual(before.benefits);
    });

    it('an unreachable service: exit 3, nothing tried', async () => {
      const r = await s.run(['trigger', 'order.created'], {
        env: { BILLING_BASE_URL: 'http://127.0.0.1:9' },
      });
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/^billing: cannot reach http:\/\/127\.0\.0\.1:9/);
    });
  });
});
