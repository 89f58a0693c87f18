// The official SDK and the events (issue 16). The SDK 0.20.2 has no calls for webhook endpoints
// (no `webhooks` module: the endpoints API came to its generated client later), so they are made
// over HTTP here; what the SDK does have is `validateEvent` and a model per event type. Every
// change is made through the SDK itself, with a personal access token and an organization token;
// each event it causes is verified and parsed by validateEvent, and its `data`, parsed by the
// SDK's webhook model, equals what the SDK's own read of that resource returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import { login } from '../server/oauth/helpers.js';
import {
  type Receiver,
  settled,
  startReceiver,
  type Verified,
  verify,
} from '../server/webhook-helpers.js';
import { allPages, call, expectCalls, type Polar, type Sandbox, startSandbox } from './helpers.js';
import { KEEP } from './subscriptions.js';

let box: Sandbox;
let receiver: Receiver;
let secret: string;
let endpointId: string;
/** An organization token for Acme that may also manage webhooks. */
let org: Polar;
/** The subscription the confirm below buys, and its grants' ids. */
const bought = { id: '', grants: [] as string[] };

beforeAll(async () => {
  box = await startSandbox();
  receiver = await startReceiver();
  const token = await login(
    { svc: box.svc, base: box.svc.url, demo: box.demo },
    {
      sub_type: 'organization',
      scope:
        'webhooks:read webhooks:write organizations:write checkouts:write subscriptions:write ' +
        'products:write products:read orders:read subscriptions:read checkouts:read ' +
        'customers:read',
    },
    { organization: box.demo.organization_id },
  );
  org = box.as(token.access_token);
  // The endpoint, made with the organization token over HTTP (the SDK 0.20.2 cannot).
  const res = await fetch(`${box.svc.url}/v1/webhooks/endpoints`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ url: receiver.url, format: 'raw', events: WEBHOOK_EVENT_TYPES }),
  });
  expect(res.status).toBe(201);
  const made = (await res.json()) as { secret: string; id: string };
  secret = made.secret;
  endpointId = made.id;
});
afterAll(async () => {
  expectCalls('webhooks');
  await receiver.close();
  await box.stop();
});

/** The events `change` caused, each verified and parsed by the SDK, once `count` are in. */
async function eventsOf(count: number, change: () => Promise<unknown>): Promise<Verified[]> {
  const before = receiver.received.length;
  await change();
  await receiver.waitFor(before + count);
  await settled(box.svc.store, endpointId);
  expect(receiver.received.length - before).toBe(count);
  return receiver.received.slice(before).map((r) => verify(r, secret));
}

// The SDK's parsed event: { type, data } with data in the SDK's model (camelCase, Dates).
const data = (e: Verified) => (e.parsed as { data: unknown }).data;

describe('events of changes made through the SDK, read back through the SDK', () => {
  it('organizations.update -> organization.updated, equal to organizations.get', async () => {
    const id = box.demo.organization_id;
    const events = await eventsOf(1, () =>
      call('organizations.update', () =>
        box.pat.organizations.update({ id, organizationUpdate: { name: 'Acme SDK Events' } }),
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['organization.updated']);
    expect(data(events[0]!)).toEqual(
      await call('organizations.get', () => org.organizations.get({ id })),
    );
  });

  it('checkouts.custom.update and clientConfirm -> checkout, order, subscription, grants', async () => {
    const [pro] = box.demo.open_checkout_ids;
    const updated = await eventsOf(1, () =>
      call('checkouts.custom.update', () =>
        org.checkouts.custom.update({ id: pro!, checkoutUpdate: { customerName: 'Ada' } }),
      ),
    );
    expect(data(updated[0]!)).toEqual(
      await call('checkouts.custom.get', () => box.pat.checkouts.custom.get({ id: pro! })),
    );
    const { clientSecret } = await call('checkouts.custom.get', () =>
      box.pat.checkouts.custom.get({ id: pro! }),
    );
    let answer: { status?: string } | undefined;
    const events = await eventsOf(8, async () => {
      answer = await call('checkouts.custom.clientConfirm', () =>
        box.anonymous.checkouts.custom.clientConfirm({
          clientSecret,
          checkoutConfirmStripe: {
            customerEmail: 'ada@example.com',
            customerBillingAddress: { country: 'GB', city: 'London' },
            confirmationTokenId: 'tok_sdk',
          },
        }),
      );
    });
    // As the real service at f179ede58c (the seed generation): the confirm's checkout.updated,
    // then the payment processor's answer (checkout/service.py handle_stripe_success: succeeded),
    // the subscription it makes (subscription/service.py create_subscription_from_stripe, then
    // update_subscription_from_stripe), its invoice's order (order/service.py
    // create_order_from_stripe), then the benefit grants.
    expect(events.map((e) => e.type)).toEqual([
      'checkout.updated',
      'checkout.updated',
      'subscription.created',
      'subscription.active',
      'subscription.updated',
      'order.created',
      'benefit_grant.created',
      'benefit_grant.created',
    ]);
    expect(answer?.status).toBe('confirmed');
    expect((data(events[0]!) as { status: string }).status).toBe('confirmed');
    const checkout = await call('checkouts.custom.get', () =>
      box.pat.checkouts.custom.get({ id: pro! }),
    );
    expect(checkout.status).toBe('succeeded');
    expect(data(events[1]!)).toEqual(checkout);
    const order = data(events[5]!) as { id: string; subscriptionId: string; customerId: string };
    expect(order).toEqual(await call('orders.get', () => org.orders.get({ id: order.id })));
    const subs = await allPages('subscriptions.list', () =>
      box.pat.subscriptions.list({ customerId: order.customerId, limit: 100 }),
    );
    const sub = subs.items.find((s) => s.id === order.subscriptionId);
    for (const e of events.slice(2, 5)) expect(data(e)).toEqual(sub);
    bought.id = order.subscriptionId;
    bought.grants = events.slice(6).map((e) => (data(e) as { id: string }).id);
    const product = await call('products.get', () => org.products.get({ id: checkout.productId }));
    const customer = await call('customers.get', () => org.customers.get({ id: order.customerId }));
    for (const grant of events.slice(6).map(data) as {
      benefit: unknown;
      benefitId: string;
      customer: unknown;
      subscriptionId: string;
      orderId: string | null;
      previousProperties: unknown;
    }[]) {
      expect(grant.benefit).toEqual(product.benefits.find((b) => b.id === grant.benefitId));
      expect(grant.customer).toEqual(customer);
      // The subscription's grant (the real scope), and its properties before: a new one's {}.
      expect([grant.subscriptionId, grant.orderId]).toEqual([order.subscriptionId, null]);
      expect(grant.previousProperties).toEqual({});
    }
  });

  it('subscriptions.update and revoke -> subscription events equal to the SDK’s answers', async () => {
    const sub = { id: bought.id };
    expect(sub.id).not.toBe('');
    let answer: unknown;
    const canceled = await eventsOf(2, async () => {
      answer = await call('subscriptions.update cancel', () =>
        org.subscriptions.update({
          id: sub.id,
          subscriptionUpdate: { ...KEEP, cancelAtPeriodEnd: true },
        }),
      );
    });
    expect(canceled.map((e) => e.type)).toEqual(['subscription.updated', 'subscription.canceled']);
    for (const e of canceled) expect(data(e)).toEqual(answer);
    const resumed = await eventsOf(2, async () => {
      answer = await call('subscriptions.update resume', () =>
        box.pat.subscriptions.update({
          id: sub.id,
          subscriptionUpdate: { ...KEEP, cancelAtPeriodEnd: false },
        }),
      );
    });
    // subscription.uncanceled: the SDK's model (its validateEvent does not know the type).
    expect(resumed.map((e) => e.type)).toEqual(['subscription.updated', 'subscription.uncanceled']);
    for (const e of resumed) expect(data(e)).toEqual(answer);
    const revoked = await eventsOf(5, async () => {
      answer = await call('subscriptions.revoke', () =>
        box.pat.subscriptions.revoke({ id: sub.id }),
      );
    });
    expect(revoked.map((e) => e.type)).toEqual([
      'subscription.updated',
      'subscription.canceled',
      'subscription.revoked',
      'benefit_grant.revoked',
      'benefit_grant.revoked',
    ]);
    for (const e of revoked.slice(0, 3)) expect(data(e)).toEqual(answer);
    const grants = revoked.slice(3).map(data) as {
      id: string;
      isRevoked: boolean;
      properties: unknown;
      previousProperties: unknown;
    }[];
    expect(grants.map((g) => [g.id, g.isRevoked])).toEqual(bought.grants.map((id) => [id, true]));
    // The real revoke_benefit sends the properties the grant had before it.
    for (const g of grants) expect(g.previousProperties).toEqual(g.properties);
  });

  it('customerPortal.subscriptions.cancel -> subscription.updated and .canceled', async () => {
    const subs = await allPages('subscriptions.list', () =>
      box.pat.subscriptions.list({ active: true, limit: 100 }),
    );
    const sub = subs.items.find((s) => !s.cancelAtPeriodEnd && s.id !== bought.id)!;
    const as = await box.customer(sub.customerId);
    const events = await eventsOf(2, () =>
      call('customerPortal.subscriptions.cancel', () =>
        as.customerPortal.subscriptions.cancel({ id: sub.id }),
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['subscription.updated', 'subscription.canceled']);
    const after = await allPages('subscriptions.list', () =>
      org.subscriptions.list({ customerId: sub.customerId, limit: 100 }),
    );
    for (const e of events) expect(data(e)).toEqual(after.items.find((s) => s.id === sub.id));
  });

  it('another organization’s changes through the SDK send Acme’s endpoint nothing', async () => {
    const before = receiver.received.length;
    await call('organizations.update as bob', () =>
      box.otherPat.organizations.update({
        id: box.demo.other.organization_id,
        organizationUpdate: { name: 'Globex SDK Events' },
      }),
    );
    await settled(box.svc.store, endpointId);
    expect(receiver.received.length).toBe(before);
  });

  it('products.create and update -> product.created, product.updated, equal to products.get', async () => {
    let id = '';
    const created = await eventsOf(1, async () => {
      id = (
        await call('products.create', () =>
          org.products.create({
            name: 'SDK Events',
            prices: [{ type: 'one_time', amountType: 'fixed', priceAmount: 2500 }],
          }),
        )
      ).id;
    });
    const updated = await eventsOf(1, () =>
      call('products.update', () =>
        box.pat.products.update({ id, productUpdate: { description: 'Changed' } }),
      ),
    );
    expect([...created, ...updated].map((e) => e.type)).toEqual([
      'product.created',
      'product.updated',
    ]);
    expect(data(updated[0]!)).toEqual(await call('products.get', () => org.products.get({ id })));
  });
});
