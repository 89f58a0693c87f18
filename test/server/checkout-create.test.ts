// POST /v1/checkouts/custom/ (issue 18; the real CheckoutService.create) and the buyer's side,
// GET/PATCH /v1/checkouts/custom/client/{client_secret}: the created session in the get form with
// its hosted page's url and an expiry one hour later, the rules on price, amount, discount,
// customer and subscription, the public form, and the events (checkout.created, .updated)
// delivered to a receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import {
  BUYER,
  CHECKOUT,
  expectShape,
  insufficientScope,
  invalid,
  type Json,
  NOT_FOUND,
  ORGANIZATION,
  type Service,
  startService,
  UNAUTHORIZED,
  without,
} from './helpers.js';
import { type Receiver, startReceiver, type Verified, verify } from './webhook-helpers.js';

let svc: Service;
let receiver: Receiver;
let secret: string;
/** Acme's catalogue by product name (the admin form, with attached custom fields). */
const products = new Map<string, Json>();
const priceOf = (name: string, i = 0): string => products.get(name).prices[i].id;
const discounts = new Map<string, Json>();

const CHECKOUT_PUBLIC = {
  ...without(CHECKOUT, 'metadata', 'subscription_id', 'customer_metadata'),
  organization: ORGANIZATION,
};

beforeAll(async () => {
  svc = await startService();
  receiver = await startReceiver();
  const hook = await svc.api('POST', '/v1/webhooks/endpoints', {
    token: svc.alice,
    body: {
      url: receiver.url,
      format: 'raw',
      events: [...WEBHOOK_EVENT_TYPES],
      organization_id: svc.demo.organization_id,
    },
  });
  expect(hook.status, hook.text).toBe(201);
  secret = hook.body.secret;
  for (const token of [svc.alice, svc.bob]) {
    const p = await svc.api('GET', '/v1/products/', { token, query: { limit: 100 } });
    for (const item of p.body.items) products.set(item.name, item);
    const d = await svc.api('GET', '/v1/discounts/', { token, query: { limit: 100 } });
    for (const item of d.body.items) discounts.set(item.code, item);
  }
});
afterAll(async () => {
  await receiver.close();
  await svc.stop();
});

const create = (body: unknown, token = svc.alice) =>
  svc.api('POST', '/v1/checkouts/custom/', { token, body });
const created = async (body: Record<string, unknown>): Promise<Json> => {
  const r = await create(body);
  expect(r.status, r.text).toBe(201);
  return r.body;
};
const clientGet = (clientSecret: string) =>
  svc.api('GET', `/v1/checkouts/custom/client/${clientSecret}`);
const clientPatch = (clientSecret: string, body: unknown) =>
  svc.api('PATCH', `/v1/checkouts/custom/client/${clientSecret}`, { body });
const newProduct = async (name: string, price: Record<string, unknown>): Promise<Json> => {
  const r = await svc.api('POST', '/v1/products/', {
    token: svc.alice,
    body: { name, prices: [price], organization_id: svc.demo.organization_id },
  });
  expect(r.status, r.text).toBe(201);
  return r.body;
};
/** The events about resource `id` once `count` have arrived, verified by the SDK. */
async function eventsFor(id: string, count: number): Promise<Verified[]> {
  for (let i = 0; i < 500; i++) {
    const mine = receiver.received
      .map((r) => verify(r, secret))
      .filter((e) => e.json.data.id === id);
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} events about ${id} arrived`);
}
const valueError = (loc: string, msg: string, input: unknown) =>
  invalid({ type: 'value_error', loc: ['body', loc], msg, input });

describe('POST /v1/checkouts/custom/', () => {
  it('creates an open session (201) in the get form: the hosted page url, a fresh secret, one hour', async () => {
    const before = Date.now();
    const price = priceOf('Acme Team');
    const body = await created({
      product_price_id: price,
      customer_email: 'buyer@example.com',
      customer_name: 'Buyer One',
      success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      embed_origin: 'https://shop.example',
      metadata: { order_ref: 'A-1', seats: 3, gift: true },
      customer_metadata: { crm: 'c-42' },
      custom_field_data: { company: 'Initech' },
    });
    expectShape(body, CHECKOUT);
    expect(body).toMatchObject({
      status: 'open',
      product_id: products.get('Acme Team').id,
      product_price_id: price,
      amount: 4900,
      subtotal_amount: 4900,
      total_amount: 4900,
      // No billing address yet: no tax computed (see the test below).
      tax_amount: null,
      currency: 'usd',
      discount_id: null,
      allow_discount_codes: true,
      customer_id: null,
      customer_email: 'buyer@example.com',
      customer_name: 'Buyer One',
      success_url: `https://shop.example/thanks?checkout_id=${body.id}`,
      embed_origin: 'https://shop.example',
      metadata: { order_ref: 'A-1', seats: 3, gift: true },
      customer_metadata: { crm: 'c-42' },
      custom_field_data: { company: 'Initech' },
      subscription_id: null,
      url: `${svc.url}/checkout/${body.client_secret}`,
      is_payment_required: true,
    });
    expect(body.client_secret).toMatch(/^polar_c_[A-Za-z0-9]{43}$/);
    const createdAt = Date.parse(body.created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.expires_at) - createdAt).toBe(3600_000);
    // The same session by id, and each create is a new session with its own secret.
    const got = await svc.api('GET', `/v1/checkouts/custom/${body.id}`, { token: svc.alice });
    expect(got.body).toEqual(body);
    const again = await created({ product_price_id: price });
    expect(again.id).not.toBe(body.id);
    expect(again.client_secret).not.toBe(body.client_secret);
    // Without a success_url the real service sends the buyer to its own confirmation page.
    expect(again.success_url).toBe(`${svc.url}/checkout/${again.client_secret}/confirmation`);
    expect(again).toMatchObject({ metadata: {}, customer_metadata: {}, custom_field_data: {} });
  });

  it('emits checkout.created with the session as GET returns it', async () => {
    const body = await created({ product_price_id: priceOf('Acme Desktop') });
    const mine = await eventsFor(body.id, 1);
    expect(mine.map((e) => e.type)).toEqual(['checkout.created']);
    expect(mine[0]!.json.data).toEqual(body);
  });

  it('creates from a product: its first live price (CheckoutProductCreate)', async () => {
    const pro = products.get('Acme Pro');
    const body = await created({ product_id: pro.id });
    expect(body.product_price_id).toBe(pro.prices[0].id);
    expect(body.amount).toBe(pro.prices[0].price_amount);
  });

  it('refuses another organization’s price, an unknown one, an archived price or product (422)', async () => {
    const globexPrice = priceOf('Globex Cloud');
    expect(await create({ product_price_id: globexPrice }).then((r) => r.body)).toEqual(
      valueError('product_price_id', 'Price does not exist.', globexPrice),
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await create({ product_price_id: unknown })).body).toEqual(
      valueError('product_price_id', 'Price does not exist.', unknown),
    );
    const [archived] = svc.running.store.all<{ id: string }>(
      'SELECT pr.id FROM prices pr JOIN products p ON p.id = pr.product_id WHERE pr.is_archived = 1 AND p.is_archived = 0 AND p.organization_id = ?',
      svc.demo.organization_id,
    );
    const r = await create({ product_price_id: archived!.id });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(valueError('product_price_id', 'Price is archived.', archived!.id));
    const legacy = svc.running.store.all<{ id: string }>(
      "SELECT id FROM products WHERE name = 'Acme Legacy'",
    )[0]!.id;
    expect((await create({ product_id: legacy })).body).toEqual(
      valueError('product_id', 'Product is archived.', legacy),
    );
    // Bob cannot sell Acme's price either.
    expect((await create({ product_price_id: priceOf('Acme Pro') }, svc.bob)).status).toBe(422);
  });

  it('names the field of a bad body under each member of the union, as pydantic does', async () => {
    const r = await create({
      product_price_id: priceOf('Acme Pro'),
      success_url: 'ftp://x.example',
    });
    expect(r.status).toBe(422);
    const locs = r.body.detail.map((d: Json) => d.loc.join('.'));
    expect(locs).toContain('body.CheckoutPriceCreate.success_url');
    expect(locs).toContain('body.CheckoutProductCreate.product_id');
    const none = await create({});
    expect(none.body.detail.map((d: Json) => [d.type, d.loc.join('.')])).toEqual([
      ['missing', 'body.CheckoutProductCreate.product_id'],
      ['missing', 'body.CheckoutPriceCreate.product_price_id'],
    ]);
    const bad = await create({
      product_price_id: priceOf('Acme Pro'),
      customer_email: 'not-an-email',
      metadata: { ['k'.repeat(41)]: 'v' },
      amount: 10,
    });
    const badLocs = bad.body.detail.map((d: Json) => d.loc.join('.'));
    for (const field of ['customer_email', 'amount', `metadata.${'k'.repeat(41)}.[key]`])
      expect(badLocs).toContain(`body.CheckoutPriceCreate.${field}`);
  });

  it('takes an amount only for a custom price, within its bounds; a free price costs nothing', async () => {
    const custom = await newProduct('Tip jar', {
      type: 'one_time',
      amount_type: 'custom',
      minimum_amount: 500,
      maximum_amount: 10000,
      preset_amount: 2000,
    });
    const customPrice = custom.prices[0].id;
    expect((await created({ product_price_id: customPrice })).amount).toBe(2000);
    expect((await created({ product_price_id: customPrice, amount: 750 })).total_amount).toBe(750);
    expect((await create({ product_price_id: customPrice, amount: 400 })).body).toEqual(
      invalid({
        type: 'greater_than_equal',
        loc: ['body', 'amount'],
        msg: 'Amount is below minimum.',
        input: 400,
        ctx: { ge: 500 },
      }),
    );
    expect((await create({ product_price_id: customPrice, amount: 20000 })).body).toEqual(
      invalid({
        type: 'less_than_equal',
        loc: ['body', 'amount'],
        msg: 'Amount is above maximum.',
        input: 20000,
        ctx: { le: 10000 },
      }),
    );
    // A fixed price keeps its own amount.
    const pro = products.get('Acme Pro').prices[0];
    expect((await created({ product_price_id: pro.id, amount: 99 })).amount).toBe(pro.price_amount);
    const free = await created({ product_price_id: priceOf('Acme Starter Kit') });
    expect(free).toMatchObject({ amount: 0, total_amount: 0, is_free_product_price: true });
    expect(free.is_payment_form_required).toBe(false);
    // The seller's discount only on a fixed price.
    const launch = discounts.get('LAUNCH10').id;
    expect((await create({ product_price_id: customPrice, discount_id: launch })).body).toEqual(
      valueError('discount_id', 'Discounts are only applicable to fixed prices.', launch),
    );
  });

  // Checkout.is_discount_applicable at f179ede58c (the seed generation): a fixed price only; the
  // buyer's code on any other is refused (_update_checkout's CheckoutUpdatePublic branch).
  it('makes a discount applicable to a fixed price only', async () => {
    const tips = await newProduct('Tips', {
      type: 'one_time',
      amount_type: 'custom',
      preset_amount: 1500,
    });
    const custom = await created({ product_price_id: tips.prices[0].id });
    const fixed = await created({ product_price_id: priceOf('Acme Desktop') });
    const free = await created({ product_price_id: priceOf('Acme Starter Kit') });
    expect([custom, fixed, free].map((c) => c.is_discount_applicable)).toEqual([
      false,
      true,
      false,
    ]);
    const r = await clientPatch(custom.client_secret, { discount_code: 'LAUNCH10' });
    expect(r.body).toEqual(
      invalid({
        type: 'value_error',
        loc: ['body', 'discount_code'],
        msg: 'Discounts are only applicable to fixed prices.',
        input: 'LAUNCH10',
      }),
    );
  });

  it('applies the seller’s discount, locked; refuses one that cannot apply', async () => {
    const launch = discounts.get('LAUNCH10').id;
    const body = await created({ product_price_id: priceOf('Acme Desktop'), discount_id: launch });
    expect(body).toMatchObject({
      discount_id: launch,
      amount: 7900,
      subtotal_amount: 6900,
      total_amount: 6900,
    });
    expect(body.discount).toMatchObject({ code: 'LAUNCH10', type: 'fixed', amount: 1000 });
    // A code the product does not take is refused, the seller's discount kept.
    const r = await clientPatch(body.client_secret, { discount_code: 'HALFOFF' });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['body', 'discount_code']);
    // HALFOFF is for Pro and Team only; GLOBEX5 is another organization's.
    for (const code of ['HALFOFF', 'GLOBEX5']) {
      const id = discounts.get(code).id;
      expect(
        (await create({ product_price_id: priceOf('Acme Desktop'), discount_id: id })).body,
      ).toEqual(valueError('discount_id', 'Discount does not exist.', id));
    }
    const noCodes = await created({
      product_price_id: priceOf('Acme Pro'),
      allow_discount_codes: false,
    });
    expect(noCodes.allow_discount_codes).toBe(false);
  });

  it('fills in an existing customer’s details, and keeps that customer’s email', async () => {
    const list = await svc.api('GET', '/v1/customers/', {
      token: svc.alice,
      query: { email: svc.demo.customer_email },
    });
    const jane = list.body.items[0];
    const body = await created({ product_price_id: priceOf('Acme Pro'), customer_id: jane.id });
    expect(body).toMatchObject({
      customer_id: jane.id,
      customer_email: jane.email,
      customer_name: jane.name,
    });
    const kept = await clientPatch(body.client_secret, { customer_email: 'other@example.com' });
    expect(kept.status).toBe(200);
    expect(kept.body.customer_email).toBe(jane.email);
    const named = await created({
      product_price_id: priceOf('Acme Pro'),
      customer_id: jane.id,
      customer_name: 'Jane Q.',
    });
    expect(named.customer_name).toBe('Jane Q.');
    const bobs = await svc.api('GET', '/v1/customers/', { token: svc.bob, query: { limit: 1 } });
    const other = bobs.body.items[0].id;
    expect(
      (await create({ product_price_id: priceOf('Acme Pro'), customer_id: other })).body,
    ).toEqual(valueError('customer_id', 'Customer does not exist.', other));
  });

  // The real _update_checkout_tax (checkout/service.py at f179ede58c, the seed generation): 0
  // when nothing is to be paid; otherwise computed once a billing address is known (no taxes
  // here: 0), and null until then.
  it('has a tax_amount of null until a billing address is known, 0 when nothing is paid', async () => {
    const paid = await created({ product_price_id: priceOf('Acme Pro') });
    expect([paid.tax_amount, paid.total_amount]).toEqual([null, paid.subtotal_amount]);
    const named = await clientPatch(paid.client_secret, { customer_name: 'No Address' });
    expect(named.body.tax_amount).toBe(null);
    const addressed = await clientPatch(paid.client_secret, {
      customer_billing_address: { country: 'US', state: 'US-NY' },
    });
    expect([addressed.body.tax_amount, addressed.body.total_amount]).toEqual([
      0,
      paid.subtotal_amount,
    ]);
    const withAddress = await created({
      product_price_id: priceOf('Acme Pro'),
      customer_billing_address: { country: 'FR' },
    });
    expect(withAddress.tax_amount).toBe(0);
    const free = await created({ product_price_id: priceOf('Acme Starter Kit') });
    expect(free.tax_amount).toBe(0);
  });

  it('asks for a billing address with a tax id', async () => {
    const r = await create({ product_price_id: priceOf('Acme Pro'), customer_tax_id: 'FR123' });
    expect(r.body).toEqual(
      invalid({
        type: 'missing',
        loc: ['body', 'customer_billing_address'],
        msg: 'Country is required to validate tax ID.',
        input: null,
      }),
    );
    const ok = await created({
      product_price_id: priceOf('Acme Pro'),
      customer_tax_id: 'FR123',
      customer_billing_address: { country: 'FR', city: 'Paris' },
    });
    expect(ok.customer_billing_address).toMatchObject({ country: 'FR', city: 'Paris' });
  });

  it('checks custom field data against the product’s fields', async () => {
    const r = await create({
      product_price_id: priceOf('Acme Team'),
      custom_field_data: { company: 'A', seats: 11 },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: Json) => d.loc.join('.')).sort()).toEqual([
      'body.custom_field_data.company',
      'body.custom_field_data.seats',
    ]);
  });

  // The real service at f179ede58c (the seed generation): _get_validated_subscription at create;
  // when the payment succeeds, handle_stripe_success moves the free subscription to the new price
  // (update_out_of_band_subscription), whose events are the subscription's update, an order for
  // it and the grants of the new product (the old one's revoked).
  it('upgrades a free subscription when the payment succeeds; refuses an unknown or a paid one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await create({ product_price_id: priceOf('Acme Pro'), subscription_id: unknown })).body,
    ).toEqual(valueError('subscription_id', 'Subscription does not exist.', unknown));
    const subs = await svc.api('GET', '/v1/subscriptions/', { token: svc.alice });
    const paid = subs.body.items[0].id;
    expect(
      (await create({ product_price_id: priceOf('Acme Pro'), subscription_id: paid })).body,
    ).toEqual(valueError('subscription_id', 'Only free subscriptions can be upgraded.', paid));
    const freePlan = await newProduct('Free plan', {
      type: 'recurring',
      amount_type: 'free',
      recurring_interval: 'month',
    });
    const perk = await svc.api('POST', '/v1/benefits/', {
      token: svc.alice,
      body: {
        organization_id: svc.demo.organization_id,
        type: 'custom',
        description: 'Free plan perk',
        properties: { note: null },
      },
    });
    expect(perk.status).toBe(201);
    await svc.api('POST', `/v1/products/${freePlan.id}/benefits`, {
      token: svc.alice,
      body: { benefits: [perk.body.id] },
    });
    const session = await created({
      product_price_id: freePlan.prices[0].id,
      customer_email: 'free@example.com',
    });
    const confirmed = await svc.api(
      'POST',
      `/v1/checkouts/custom/client/${session.client_secret}/confirm`,
      { body: {} },
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    const read = await svc.api('GET', `/v1/checkouts/custom/${session.id}`, { token: svc.alice });
    const free = read.body.subscription_id;
    const customerId = read.body.customer_id;

    const upgrade = await created({ product_price_id: priceOf('Acme Pro'), subscription_id: free });
    expect(upgrade).toMatchObject({
      subscription_id: free,
      customer_id: customerId,
      customer_email: 'free@example.com',
    });
    const paidNow = await svc.api(
      'POST',
      `/v1/checkouts/custom/client/${upgrade.client_secret}/confirm`,
      { body: { ...BUYER, confirmation_token_id: 'tok_visa' } },
    );
    expect(paidNow.status, paidNow.text).toBe(200);
    const mine = await svc.api('GET', '/v1/subscriptions/', {
      token: svc.alice,
      query: { customer_id: customerId },
    });
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      id: free,
      status: 'active',
      price_id: priceOf('Acme Pro'),
      product_id: products.get('Acme Pro').id,
      amount: products.get('Acme Pro').prices[0].price_amount,
    });
    const orders = await svc.api('GET', '/v1/orders/', {
      token: svc.alice,
      query: { customer_id: customerId },
    });
    const order = orders.body.items.find((o: Json) => o.checkout_id === upgrade.id);
    expect(order).toMatchObject({
      billing_reason: 'subscription_update',
      amount: products.get('Acme Pro').prices[0].price_amount,
      subscription_id: free,
    });
    const events = await eventsFor(upgrade.id, 3);
    expect(events.map((e) => [e.type, e.json.data.status])).toEqual([
      ['checkout.created', 'open'],
      ['checkout.updated', 'confirmed'],
      ['checkout.updated', 'succeeded'],
    ]);
    // One subscription, bought free, then updated: no second subscription.created.
    expect((await eventsFor(free, 4)).map((e) => e.type)).toEqual([
      'subscription.created',
      'subscription.active',
      'subscription.updated',
      'subscription.updated',
    ]);
    const proBenefits: string[] = products.get('Acme Pro').benefits.map((b: Json) => b.id);
    const grantsOf = () =>
      receiver.received
        .map((r) => verify(r, secret))
        .filter((e) => e.type.startsWith('benefit_grant.') && e.json.data.subscription_id === free)
        .map((e) => [e.type, e.json.data.benefit_id]);
    const expected = [
      ['benefit_grant.created', perk.body.id],
      ...proBenefits.map((b) => ['benefit_grant.created', b]),
      ['benefit_grant.revoked', perk.body.id],
    ];
    for (let i = 0; i < 500 && grantsOf().length < expected.length; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(grantsOf()).toEqual(expected);
  });

  it('needs checkouts:write; no token is 401', async () => {
    const readOnly = await svc.pat(['checkouts:read']);
    const r = await create({ product_price_id: priceOf('Acme Pro') }, readOnly);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(insufficientScope(['checkouts:write']));
    const anonymous = await svc.api('POST', '/v1/checkouts/custom/', {
      body: { product_price_id: priceOf('Acme Pro') },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(UNAUTHORIZED);
  });
});

describe('the buyer’s side: /v1/checkouts/custom/client/{client_secret}', () => {
  it('reads the public form without a token: the organization, none of the seller’s metadata', async () => {
    const body = await created({
      product_price_id: priceOf('Acme Team'),
      metadata: { internal: 'x' },
      customer_metadata: { crm: 'y' },
    });
    const r = await clientGet(body.client_secret);
    expect(r.status).toBe(200);
    expectShape(r.body, CHECKOUT_PUBLIC);
    expect(r.body.organization.id).toBe(svc.demo.organization_id);
    const { metadata: _m, subscription_id: _s, customer_metadata: _c, ...rest } = body;
    expect(r.body).toMatchObject(rest);
    expect(r.text).not.toContain('internal');
  });

  it('changes the email, name and custom fields, applies and removes a code, with checkout.updated', async () => {
    const body = await created({ product_price_id: priceOf('Acme Team') });
    const r = await clientPatch(body.client_secret, {
      customer_email: 'team@example.com',
      customer_name: 'Team Buyer',
      custom_field_data: { company: 'Initech', seats: 4 },
      discount_code: 'launch10',
      metadata: { ignored: true },
    });
    expect(r.status, r.text).toBe(200);
    expectShape(r.body, CHECKOUT_PUBLIC);
    expect(r.body).toMatchObject({
      customer_email: 'team@example.com',
      customer_name: 'Team Buyer',
      custom_field_data: { company: 'Initech', seats: 4 },
      discount_id: discounts.get('LAUNCH10').id,
      subtotal_amount: 3900,
      total_amount: 3900,
    });
    const events = await eventsFor(body.id, 2);
    expect(events.map((e) => e.type)).toEqual(['checkout.created', 'checkout.updated']);
    expect(events[1]!.json.data.discount_id).toBe(discounts.get('LAUNCH10').id);
    const seller = await svc.api('GET', `/v1/checkouts/custom/${body.id}`, { token: svc.alice });
    expect(seller.body.metadata).toEqual({});
    const removed = await clientPatch(body.client_secret, { discount_code: null });
    expect(removed.body).toMatchObject({ discount_id: null, total_amount: 4900 });
  });

  it('refuses a code that does not exist, and bad values, naming the field', async () => {
    const body = await created({ product_price_id: priceOf('Acme Team') });
    const r = await clientPatch(body.client_secret, { discount_code: 'NOPE' });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ loc: ['body', 'discount_code'], input: 'NOPE' });
    const email = await clientPatch(body.client_secret, { customer_email: 'nope' });
    expect(email.status).toBe(422);
    expect(email.body.detail[0].loc).toEqual(['body', 'customer_email']);
  });

  it('finds no session past its expiry or by an unknown secret (404); a confirmed one reads and refuses changes (403)', async () => {
    const expired = await svc.api('GET', `/v1/checkouts/custom/${svc.demo.expired_checkout_id}`, {
      token: svc.alice,
    });
    expect((await clientGet(expired.body.client_secret)).body).toEqual(NOT_FOUND);
    expect((await clientPatch(expired.body.client_secret, {})).status).toBe(404);
    expect((await clientGet('polar_c_nope')).status).toBe(404);
    const done = await svc.api('GET', `/v1/checkouts/custom/${svc.demo.confirmed_checkout_id}`, {
      token: svc.alice,
    });
    const read = await clientGet(done.body.client_secret);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('confirmed');
    const r = await clientPatch(done.body.client_secret, { customer_name: 'Late' });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error: 'NotOpenCheckout',
      detail: `Checkout ${svc.demo.confirmed_checkout_id} is not open: confirmed`,
    });
  });
});
