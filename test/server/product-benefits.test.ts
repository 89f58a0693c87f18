// POST /v1/products/{id}/benefits (SDK 0.20.2 products.updateBenefits), as the real service at
// f179ede58c, the seed generation: product/service/product.py update_benefits sets the list and
// sends product.updated; the update_product_benefits_grants jobs of subscription/service.py and
// order/service.py then sync every customer of the product through benefit/service/
// benefit_grant.py (enqueue_benefits_grants, grant_benefit, revoke_benefit): an active
// subscription and a one-time purchase are granted what was added, and lose what was taken off; a
// subscription that ended has the new benefits recorded as revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYER,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  type Service,
  startService,
} from './helpers.js';

let svc: Service;
let seq = 0;
const acmeOrg = () => svc.demo.organization_id;

async function ok(r: Promise<{ status: number; body: Json; text: string }>, status = 200) {
  const res = await r;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

/** The events stored since the last call: [type, data.id] and the data. */
function newEvents(): { kinds: [string, string][]; data: Json[] } {
  const rows = svc.running.store.all<{ seq: number; type: string; payload: string }>(
    'SELECT seq, type, payload FROM events WHERE seq > ? ORDER BY seq',
    seq,
  );
  if (rows.length) seq = rows.at(-1)!.seq;
  const data = rows.map((r) => JSON.parse(r.payload).data);
  return { kinds: rows.map((r, i) => [r.type, data[i].id]), data };
}

const setBenefits = (productId: string, benefits: unknown, token = svc.alice) =>
  svc.api('POST', `/v1/products/${productId}/benefits`, { token, body: { benefits } });

const newBenefit = async (body: Json) =>
  (
    await ok(
      svc.api('POST', '/v1/benefits/', {
        token: svc.alice,
        body: { organization_id: acmeOrg(), ...body },
      }),
      201,
    )
  ).id as string;

const newProduct = async (name: string, price: Json) =>
  (await ok(
    svc.api('POST', '/v1/products/', {
      token: svc.alice,
      body: { organization_id: acmeOrg(), name, prices: [price] },
    }),
    201,
  )) as Json;

/** Buys `product` as `email`: the order. */
async function buy(product: Json, email: string): Promise<Json> {
  const c = await ok(
    svc.api('POST', '/v1/checkouts/custom/', {
      token: svc.alice,
      body: { product_price_id: product.prices[0].id },
    }),
    201,
  );
  await ok(
    svc.api('POST', `/v1/checkouts/custom/client/${c.client_secret}/confirm`, {
      body: { customer_email: email, ...BUYER, confirmation_token_id: 'tok_visa' },
    }),
  );
  const orders = await ok(
    svc.api('GET', '/v1/orders/', { token: svc.alice, query: { product_id: product.id } }),
  );
  return orders.items.find((o: Json) => o.checkout_id === c.id);
}

let support: string;
let keys: string;

beforeAll(async () => {
  svc = await startService();
  support = await newBenefit({
    type: 'custom',
    description: 'Office hours',
    properties: { note: 'Thursdays' },
  });
  keys = await newBenefit({
    type: 'license_keys',
    description: 'Plugin key',
    properties: { prefix: 'PLUG', activations: { limit: 2, enable_customer_admin: true } },
  });
});
afterAll(() => svc.stop());

describe('POST /v1/products/{id}/benefits', () => {
  it('grants a one-time buyer what is added and revokes what is taken off', async () => {
    const product = await newProduct('Plugin', {
      type: 'one_time',
      amount_type: 'fixed',
      price_amount: 1500,
    });
    const order = await buy(product, 'plugin@example.com');
    newEvents();

    const answer = await ok(setBenefits(product.id, [support, keys]));
    expect(answer.benefits.map((b: Json) => b.id)).toEqual([support, keys]);
    const read = await ok(svc.api('GET', `/v1/products/${product.id}`, { token: svc.alice }));
    expect(read).toEqual(answer);
    const added = newEvents();
    expect(added.kinds.map(([type]) => type)).toEqual([
      'product.updated',
      'benefit_grant.created',
      'benefit_grant.created',
    ]);
    expect(added.data[0]).toEqual(answer);
    const [supportGrant, keyGrant] = added.data.slice(1);
    for (const [grant, benefit] of [
      [supportGrant, support],
      [keyGrant, keys],
    ] as const)
      expect(grant).toMatchObject({
        benefit_id: benefit,
        customer_id: order.customer_id,
        order_id: order.id,
        subscription_id: null,
        is_granted: true,
        previous_properties: {},
      });
    const key = await ok(
      svc.api('GET', `/v1/license-keys/${keyGrant.properties.license_key_id}`, {
        token: svc.alice,
      }),
    );
    expect([key.customer_id, key.status, key.key.startsWith('PLUG-')]).toEqual([
      order.customer_id,
      'granted',
      true,
    ]);

    // The support benefit taken off: its grant revoked; the key's left as it is.
    await ok(setBenefits(product.id, [keys]));
    const removed = newEvents();
    expect(removed.kinds).toEqual([
      ['product.updated', product.id],
      ['benefit_grant.revoked', supportGrant.id],
    ]);
    expect(removed.data[1]).toMatchObject({ is_revoked: true, previous_properties: {} });
    // The same list again: the product is updated, every grant already as it should be.
    await ok(setBenefits(product.id, [keys]));
    expect(newEvents().kinds).toEqual([['product.updated', product.id]]);
    // Added back: the revoked grant is granted again, its old properties the previous ones.
    await ok(setBenefits(product.id, [keys, support]));
    const again = newEvents();
    expect(again.kinds).toEqual([
      ['product.updated', product.id],
      ['benefit_grant.created', supportGrant.id],
    ]);
    expect(again.data[1]).toMatchObject({ is_granted: true, is_revoked: false });
  });

  it('grants an active subscription; an ended one has the new benefit recorded as revoked', async () => {
    const product = await newProduct('Plugin Club', {
      type: 'recurring',
      amount_type: 'fixed',
      price_amount: 900,
      recurring_interval: 'month',
    });
    const running = await buy(product, 'club@example.com');
    const ended = await buy(product, 'gone@example.com');
    await ok(svc.api('DELETE', `/v1/subscriptions/${ended.subscription_id}`, { token: svc.alice }));
    newEvents();

    await ok(setBenefits(product.id, [support]));
    const events = newEvents();
    expect(events.kinds.map(([type]) => type)).toEqual([
      'product.updated',
      'benefit_grant.created',
      'benefit_grant.revoked',
    ]);
    expect(events.data[1]).toMatchObject({
      benefit_id: support,
      subscription_id: running.subscription_id,
      order_id: null,
      is_granted: true,
    });
    expect(events.data[2]).toMatchObject({
      benefit_id: support,
      subscription_id: ended.subscription_id,
      is_granted: false,
      is_revoked: true,
      previous_properties: {},
    });
    // Taken off: the running subscription's grant revoked, the ended one's already is.
    await ok(setBenefits(product.id, []));
    expect(newEvents().kinds).toEqual([
      ['product.updated', product.id],
      ['benefit_grant.revoked', events.data[1].id],
    ]);
  });

  it('refuses what is not a benefit of the seller’s, naming its place in the list (422)', async () => {
    const product = (
      await ok(svc.api('GET', '/v1/products/', { token: svc.alice, query: { limit: 1 } }))
    ).items[0];
    const before = product.benefits.map((b: Json) => b.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const globex = (
      await ok(svc.api('GET', '/v1/benefits/', { token: svc.bob, query: { limit: 1 } }))
    ).items[0].id;
    const cases: [string[], (string | number)[], string, string][] = [
      [[support, unknown], ['body', 'benefits', 1], 'Benefit does not exist.', unknown],
      [[globex], ['body', 'benefits', 0], 'Benefit does not exist.', globex],
      [[keys, keys], ['body', 'benefits', 1], 'Benefit is listed more than once.', keys],
    ];
    for (const [list, loc, msg, input] of cases) {
      const r = await setBenefits(product.id, list);
      expect([r.status, r.body]).toEqual([422, invalid({ type: 'value_error', loc, msg, input })]);
    }
    const bad = await setBenefits(product.id, ['nope']);
    expect([bad.status, bad.body.detail[0].loc]).toEqual([422, ['body', 'benefits', 0]]);
    const missing = await svc.api('POST', `/v1/products/${product.id}/benefits`, {
      token: svc.alice,
      body: {},
    });
    expect([missing.status, missing.body.detail[0]]).toEqual([
      422,
      expect.objectContaining({ type: 'missing', loc: ['body', 'benefits'] }),
    ]);
    const after = await ok(svc.api('GET', `/v1/products/${product.id}`, { token: svc.alice }));
    expect(after.benefits.map((b: Json) => b.id)).toEqual(before);
  });

  it('is the seller’s: products:write, another organization’s product is a 404', async () => {
    const [acmeProduct] = (
      await ok(svc.api('GET', '/v1/products/', { token: svc.alice, query: { limit: 1 } }))
    ).items;
    const readOnly = await svc.pat(['products:read']);
    const r = await setBenefits(acmeProduct.id, [], readOnly);
    expect([r.status, r.body]).toEqual([403, insufficientScope(['products:write'])]);
    expect((await setBenefits(acmeProduct.id, [], svc.bob)).body).toEqual(NOT_FOUND);
  });
});
