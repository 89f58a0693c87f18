// Every state change the service makes emits exactly its events (issue 16; api-facts "Events"),
// in order, stored with the change (a refused change sends nothing), each delivered to a receiver
// on a random port and verified by the official SDK's validateEvent; `data` is the resource as the
// API returns it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import { BUYER, type Json, type Service, startService } from './helpers.js';
import { type Receiver, settled, startReceiver, type Verified, verify } from './webhook-helpers.js';

let svc: Service;
let receiver: Receiver;
let secret: string;
let endpointId: string;
const PAY = { confirmation_token_id: 'tok_visa', ...BUYER };
const acmeOrg = () => svc.demo.organization_id;
const checkout = (i: number) => () => svc.demo.open_checkout_ids[i]!;
const [PRO, DESKTOP, TEAM, KIT] = [checkout(0), checkout(1), checkout(2), checkout(3)];

beforeAll(async () => {
  svc = await startService();
  receiver = await startReceiver();
  const r = await svc.api('POST', '/v1/webhooks/endpoints', {
    token: svc.alice,
    body: {
      url: receiver.url,
      format: 'raw',
      events: [...WEBHOOK_EVENT_TYPES],
      organization_id: acmeOrg(),
    },
  });
  expect(r.status).toBe(201);
  secret = r.body.secret;
  endpointId = r.body.id;
});
afterAll(async () => {
  await receiver.close();
  await svc.stop();
});

/**
 * Runs `change`, then returns the events it caused, verified by the SDK, once `count` have
 * arrived and nothing more is due to its endpoint.
 */
async function eventsOf(count: number, change: () => Promise<unknown>): Promise<Verified[]> {
  const before = receiver.received.length;
  await change();
  await receiver.waitFor(before + count);
  await settled(svc.running.store, endpointId);
  const got = receiver.received.slice(before);
  for (const r of got) {
    expect(r.headers['user-agent']).toBe('polar.sh webhooks');
    expect(r.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
  }
  // Each delivery a distinct event (no duplicates without a failure).
  expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(got.length);
  return got.map((r) => verify(r, secret));
}

const kinds = (events: Verified[]) => events.map((e) => [e.type, e.json.data.id]);

async function ok(r: Promise<{ status: number; body: Json; text: string }>, status = 200) {
  const res = await r;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

const confirm = async (checkoutId: string, body: Record<string, unknown>) => {
  const c = await ok(svc.api('GET', `/v1/checkouts/custom/${checkoutId}`, { token: svc.alice }));
  return ok(
    svc.api('POST', `/v1/checkouts/custom/client/${c.client_secret}/confirm`, {
      body: { ...PAY, ...body },
    }),
  );
};
const orderOf = async (checkoutId: string) => {
  const { items } = await ok(
    svc.api('GET', '/v1/orders/', { token: svc.alice, query: { limit: 100 } }),
  );
  return items.find((o: Json) => o.checkout_id === checkoutId);
};
const sellerSubscription = async (id: string, customerId: string) => {
  const { items } = await ok(
    svc.api('GET', '/v1/subscriptions/', {
      token: svc.alice,
      query: { customer_id: customerId, limit: 100 },
    }),
  );
  return items.find((s: Json) => s.id === id);
};

describe('the events of each change', () => {
  it('organization update: organization.updated with the organization as GET shows it', async () => {
    const events = await eventsOf(1, () =>
      ok(
        svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
          token: svc.alice,
          body: { name: 'Acme Events' },
        }),
      ),
    );
    expect(kinds(events)).toEqual([['organization.updated', acmeOrg()]]);
    const now = await ok(svc.api('GET', `/v1/organizations/${acmeOrg()}`, { token: svc.alice }));
    expect(events[0]!.json.data).toEqual(now);
    // When the event was emitted, by the service clock: just after the change.
    const after = Date.parse(events[0]!.json.timestamp) - Date.parse(now.modified_at);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(1000);
    expect(Object.keys(events[0]!.json)).toEqual(['type', 'timestamp', 'data']);
  });

  it('a refused change sends nothing; another organization’s change is not this one’s', async () => {
    const before = receiver.received.length;
    const refused = await svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
      token: svc.alice,
      body: { name: 'x' },
    });
    expect(refused.status).toBe(422);
    const globex = await svc.api('PATCH', `/v1/organizations/${svc.demo.other.organization_id}`, {
      token: svc.bob,
      body: { name: 'Globex Events' },
    });
    expect(globex.status).toBe(200);
    await settled(svc.running.store, endpointId);
    expect(receiver.received.length).toBe(before);
  });

  it('an event is stored with its change and only then: a change undone leaves no event', async () => {
    const { store } = svc.running;
    const count = () => store.count('events', '1');
    const before = [count(), receiver.received.length];
    // The change is undone after its event was written to the outbox (inside the transaction).
    const stop = svc.running.events.observe(() => {
      throw new Error('undo');
    });
    try {
      const r = await svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
        token: svc.alice,
        body: { name: 'Acme Undone' },
      });
      expect(r.status).toBe(500);
    } finally {
      stop();
    }
    await settled(store, endpointId);
    expect([count(), receiver.received.length]).toEqual(before);
    const events = await eventsOf(1, () =>
      ok(
        svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
          token: svc.alice,
          body: { name: 'Acme Done' },
        }),
      ),
    );
    expect(events[0]!.json.data.name).toBe('Acme Done');
    expect(count()).toBe(before[0]! + 1);
  });

  it('checkout update: checkout.updated, the checkout as GET shows it', async () => {
    const id = PRO();
    const events = await eventsOf(1, () =>
      ok(
        svc.api('PATCH', `/v1/checkouts/custom/${id}`, {
          token: svc.alice,
          body: { customer_name: 'Event Buyer' },
        }),
      ),
    );
    expect(kinds(events)).toEqual([['checkout.updated', id]]);
    const got = await ok(svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice }));
    expect(events[0]!.json.data).toEqual(got);
  });

  // The real service at f179ede58c (the seed generation): the confirm sends checkout.updated
  // (confirmed); the payment processor's answer then makes it succeeded (checkout/service.py
  // handle_stripe_success, handle_free_success: checkout.updated again), and its own events make
  // the subscription (subscription/service.py create_subscription_from_stripe: .created, .active;
  // update_subscription_from_stripe: .updated), then the order (order/service.py
  // create_order_from_stripe), then the grants (benefit/service/benefit_grant.py grant_benefit).
  it('one-time confirm: checkout.updated twice (confirmed, succeeded), order.created, a benefit_grant.created per benefit', async () => {
    const id = DESKTOP();
    let answer: Json;
    const events = await eventsOf(4, async () => {
      answer = await confirm(id, { customer_email: 'desk@example.com' });
    });
    const order = await orderOf(id);
    const checkout = await ok(svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice }));
    const [confirmed, succeeded, , grant] = events;
    expect(kinds(events)).toEqual([
      ['checkout.updated', id],
      ['checkout.updated', id],
      ['order.created', order.id],
      ['benefit_grant.created', grant!.json.data.id],
    ]);
    expect(answer.status).toBe('confirmed');
    expect(confirmed!.json.data).toMatchObject({
      status: 'confirmed',
      customer_id: order.customer_id,
    });
    expect(succeeded!.json.data).toEqual(checkout);
    expect(checkout.status).toBe('succeeded');
    expect(events[2]!.json.data).toEqual(
      await ok(svc.api('GET', `/v1/orders/${order.id}`, { token: svc.alice })),
    );
    // The grant: the product's license_keys benefit, with the key the customer got.
    const data = grant!.json.data as Json;
    const [benefit] = checkout.product.benefits;
    expect(data).toMatchObject({
      benefit_id: benefit.id,
      benefit: { id: benefit.id, type: 'license_keys' },
      customer_id: order.customer_id,
      customer: order.customer,
      order_id: order.id,
      subscription_id: null,
      is_granted: true,
      is_revoked: false,
      revoked_at: null,
      // As the real BenefitGrantWebhook: the properties before the grant (a new grant's {}).
      previous_properties: {},
    });
    const key = await ok(
      svc.api('GET', `/v1/license-keys/${data.properties.license_key_id}`, { token: svc.alice }),
    );
    expect([key.customer_id, key.benefit_id, key.status]).toEqual([
      order.customer_id,
      benefit.id,
      'granted',
    ]);
    expect(data.properties.display_key).toBe(key.display_key);
  });

  it('a free one-time product without benefits: checkout.updated twice and order.created', async () => {
    const id = KIT();
    const events = await eventsOf(3, () => confirm(id, { customer_email: 'kit@example.com' }));
    expect(kinds(events)).toEqual([
      ['checkout.updated', id],
      ['checkout.updated', id],
      ['order.created', (await orderOf(id)).id],
    ]);
    expect(events.map((e) => e.json.data.status)).toEqual(['confirmed', 'succeeded', undefined]);
  });

  it('recurring confirm: the subscription’s events before the order’s, then every benefit type’s grant', async () => {
    const id = TEAM();
    const events = await eventsOf(11, () =>
      confirm(id, {
        customer_email: 'team@example.com',
        custom_field_data: { company: 'Initech' },
      }),
    );
    const order = await orderOf(id);
    const sub = order.subscription_id;
    const grants = events.slice(6);
    expect(kinds(events)).toEqual([
      ['checkout.updated', id],
      ['checkout.updated', id],
      ['subscription.created', sub],
      ['subscription.active', sub],
      ['subscription.updated', sub],
      ['order.created', order.id],
      ...grants.map((g) => ['benefit_grant.created', g.json.data.id]),
    ]);
    const checkout = await ok(svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice }));
    expect(grants.map((g) => (g.json.data as Json).benefit.type)).toEqual(
      checkout.product.benefits.map((b: Json) => b.type),
    );
    expect(grants.map((g) => (g.json.data as Json).benefit.type)).toEqual([
      'custom',
      'ads',
      'discord',
      'github_repository',
      'downloadables',
    ]);
    // A subscription's grants are the subscription's, not its first order's (the real scope).
    for (const g of grants)
      expect(g.json.data).toMatchObject({
        subscription_id: sub,
        order_id: null,
        previous_properties: {},
      });
    const admin = await sellerSubscription(sub, order.customer_id);
    for (const e of events.slice(2, 5)) expect(e.json.data).toEqual(admin);
    expect(admin.status).toBe('active');
  });

  describe('a subscription bought here', () => {
    let sub: Json;
    let grants: Verified[];

    beforeAll(async () => {
      const id = PRO();
      const events = await eventsOf(8, () => confirm(id, { customer_email: 'pro@example.com' }));
      const order = await orderOf(id);
      sub = await sellerSubscription(order.subscription_id, order.customer_id);
      grants = events.filter((e) => e.type === 'benefit_grant.created');
      expect(grants).toHaveLength(2);
    });

    const patch = (body: Record<string, unknown>) =>
      ok(svc.api('PATCH', `/v1/subscriptions/${sub.id}`, { token: svc.alice, body }));

    it('price change: subscription.updated, the admin form as the PATCH answers', async () => {
      const { items } = await ok(
        svc.api('GET', '/v1/products/', {
          token: svc.alice,
          query: { is_recurring: true, limit: 100 },
        }),
      );
      const other = items
        .flatMap((p: Json) => p.prices)
        .find(
          (p: Json) =>
            p.type === 'recurring' && !p.is_archived && p.id !== sub.price_id && p.price_amount,
        );
      let answer: Json;
      const events = await eventsOf(1, async () => {
        answer = await patch({ product_price_id: other.id });
      });
      expect(kinds(events)).toEqual([['subscription.updated', sub.id]]);
      expect(events[0]!.json.data).toEqual(answer);
      expect(answer.price_id).toBe(other.id);
    });

    it('cancel at the period’s end: subscription.updated then .canceled', async () => {
      let answer: Json;
      const events = await eventsOf(2, async () => {
        answer = await patch({ cancel_at_period_end: true, revoke: null });
      });
      expect(kinds(events)).toEqual([
        ['subscription.updated', sub.id],
        ['subscription.canceled', sub.id],
      ]);
      for (const e of events) expect(e.json.data).toEqual(answer);
      expect(answer.cancel_at_period_end).toBe(true);
    });

    it('resume: subscription.updated then .uncanceled (which the SDK 0.20.2 validateEvent does not know)', async () => {
      let answer: Json;
      const events = await eventsOf(2, async () => {
        answer = await patch({ cancel_at_period_end: false, revoke: null });
      });
      expect(kinds(events)).toEqual([
        ['subscription.updated', sub.id],
        ['subscription.uncanceled', sub.id],
      ]);
      expect(events[1]!.json.data).toEqual(answer);
      expect(answer.cancel_at_period_end).toBe(false);
    });

    it('revoke now: .updated, .canceled, .revoked, and each grant revoked with its license key', async () => {
      let answer: Json;
      const events = await eventsOf(5, async () => {
        answer = await ok(svc.api('DELETE', `/v1/subscriptions/${sub.id}`, { token: svc.alice }));
      });
      expect(kinds(events)).toEqual([
        ['subscription.updated', sub.id],
        ['subscription.canceled', sub.id],
        ['subscription.revoked', sub.id],
        ...grants.map((g) => ['benefit_grant.revoked', g.json.data.id]),
      ]);
      expect(events[2]!.json.data).toEqual(answer);
      expect(answer.status).toBe('canceled');
      for (const [i, e] of events.slice(3).entries())
        expect(e.json.data).toMatchObject({
          is_revoked: true,
          revoked_at: answer.ended_at,
          // As the real set_revoked: a revoked grant is no longer granted.
          is_granted: false,
          granted_at: null,
          // The properties it had before (the real revoke_benefit's previous_properties).
          previous_properties: (grants[i]!.json.data as Json).properties,
        });
      const keyGrant = events
        .slice(3)
        .map((e) => e.json.data as Json)
        .find((d) => d.benefit.type === 'license_keys');
      const key = await ok(
        svc.api('GET', `/v1/license-keys/${keyGrant.properties.license_key_id}`, {
          token: svc.alice,
        }),
      );
      expect(key.status).toBe('revoked');
    });
  });

  it('the buyer’s cancellation in the portal: subscription.updated then .canceled', async () => {
    const { items } = await ok(
      svc.api('GET', '/v1/subscriptions/', {
        token: svc.alice,
        query: { active: true, limit: 100 },
      }),
    );
    const s = items.find((x: Json) => !x.cancel_at_period_end);
    const session = await svc.customerSession(s.customer_id);
    const events = await eventsOf(2, () =>
      ok(svc.api('DELETE', `/v1/customer-portal/subscriptions/${s.id}`, { token: session })),
    );
    expect(kinds(events)).toEqual([
      ['subscription.updated', s.id],
      ['subscription.canceled', s.id],
    ]);
    expect(events[1]!.json.data).toEqual(await sellerSubscription(s.id, s.customer_id));
  });

  it('products: product.created and product.updated, the product as GET shows it', async () => {
    let id = '';
    const created = await eventsOf(1, async () => {
      id = (
        await ok(
          svc.api('POST', '/v1/products/', {
            token: svc.alice,
            body: {
              organization_id: acmeOrg(),
              name: 'Event Product',
              prices: [{ type: 'one_time', amount_type: 'fixed', price_amount: 1500 }],
            },
          }),
          201,
        )
      ).id;
    });
    expect(kinds(created)).toEqual([['product.created', id]]);
    const updated = await eventsOf(1, () =>
      ok(
        svc.api('PATCH', `/v1/products/${id}`, {
          token: svc.alice,
          body: { description: 'Now with events' },
        }),
      ),
    );
    expect(kinds(updated)).toEqual([['product.updated', id]]);
    const now = await ok(svc.api('GET', `/v1/products/${id}`, { token: svc.alice }));
    expect(updated[0]!.json.data).toEqual(now);
    expect(created[0]!.json.data).toEqual({ ...now, description: null, modified_at: null });
  });
});

describe('subscriptions of an endpoint', () => {
  it('an endpoint gets only the event types it subscribed to', async () => {
    const own = await startReceiver();
    try {
      const e = await ok(
        svc.api('POST', '/v1/webhooks/endpoints', {
          token: svc.alice,
          body: {
            url: own.url,
            format: 'raw',
            events: ['order.created'],
            organization_id: acmeOrg(),
          },
        }),
        201,
      );
      await eventsOf(1, () =>
        ok(
          svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
            token: svc.alice,
            body: { name: 'Acme Quiet' },
          }),
        ),
      );
      expect(own.received).toHaveLength(0);
      await ok(
        svc.api('PATCH', `/v1/webhooks/endpoints/${e.id}`, {
          token: svc.alice,
          body: { events: ['organization.updated'] },
        }),
      );
      await eventsOf(1, () =>
        ok(
          svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
            token: svc.alice,
            body: { name: 'Acme Loud' },
          }),
        ),
      );
      const [got] = await own.waitFor(1);
      expect(verify(got!, e.secret).json.data.name).toBe('Acme Loud');
      // Signed with its own secret: the other endpoint's does not verify it.
      expect(() => verify(got!, secret)).toThrow();
    } finally {
      await own.close();
    }
  });
});
