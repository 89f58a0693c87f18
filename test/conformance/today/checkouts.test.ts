// Checkout sessions through SDK 1.0.1 in today's generation (API version 2026-10): every
// checkouts.* call of the 2026-10 document — the seller's list, create, get and update, the
// buyer's clientGet, clientUpdate and clientConfirm — reads, writes and refusals, each answer
// checked against the document (harness.ts), and checkout.* deliveries in today's shape. The
// rules are the real service's at c6c3645e (checkout/service.py `create`, `_update_checkout`,
// `update`, `confirm`, `_confirm_inner`, `_get_required_confirm_fields`,
// `_create_or_update_customer`, `_validate_subscription_uniqueness`; models/checkout.py; the
// 24-hour CHECKOUT_TTL_SECONDS of config.py), where they differ from the seed's (f179ede58c):
// sessions for a list of products, the amounts' breakdown, no name asked at confirm, the
// required custom fields checked at confirm only (validate_required) with the confirm's values
// kept, a trial instead of a payment, one subscription per customer, 410 for an expired
// session's client secret, and checkout.expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Delivery,
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  Receiver,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
let products: Record<string, { id: string; prices: { id: string }[] }>;
const receiver = new Receiver();
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  const page = await seller.products.list({
    organization_id: box.demo.organization_id,
    limit: 100,
  });
  products = Object.fromEntries(page.items.map((p) => [p.name, p]));
  const url = await receiver.start();
  const endpoint = await seller.webhooks.createWebhookEndpoint({
    url,
    format: 'raw',
    events: ['checkout.created', 'checkout.updated', 'checkout.expired'],
    organization_id: box.demo.organization_id,
  });
  receiver.secret = endpoint.secret;
});
afterAll(async () => {
  expect(receiver.problems, 'deliveries refused by validateEvent or the document').toEqual([]);
  expectCalls(box, 'checkouts');
  await receiver.stop();
  await box.stop();
});

const id = (name: string) => products[name]!.id;
const US = {
  country: 'US' as const,
  state: 'US-NY',
  city: 'New York',
  line1: '1 Broadway',
  postal_code: '10004',
};

describe('checkout sessions (2026-10)', () => {
  it('are created for a list of products, the first selected at its price, open 24 hours', async () => {
    const c = await seller.checkouts.create({
      products: [id('Acme Desktop'), id('Acme Starter Kit')],
      metadata: { order: 'A-17', ratio: 0.5 },
      success_url: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
      return_url: 'https://shop.example/cart',
      external_customer_id: 'usr_42',
    });
    expect(c).toMatchObject({
      status: 'open',
      product_id: id('Acme Desktop'),
      product_price_id: products['Acme Desktop']!.prices[0]!.id,
      amount: 7900,
      discount_amount: 0,
      net_amount: 7900,
      // No billing address yet: no tax computed.
      tax_amount: null,
      tax_behavior: null,
      total_amount: 7900,
      currency: 'usd',
      is_payment_required: true,
      is_payment_setup_required: false,
      is_payment_form_required: true,
      is_free_product_price: false,
      is_discount_applicable: true,
      allow_discount_codes: true,
      require_billing_address: false,
      allow_trial: true,
      trial_end: null,
      active_trial_interval: null,
      external_customer_id: 'usr_42',
      metadata: { order: 'A-17', ratio: 0.5 },
      return_url: 'https://shop.example/cart',
      success_url: `https://shop.example/thanks?checkout_id=${c.id}`,
      locale: 'en',
      billing_address_fields: {
        country: 'required',
        state: 'disabled',
        line1: 'disabled',
        line2: 'disabled',
        city: 'disabled',
        postal_code: 'disabled',
      },
    });
    expect(c.products.map((p) => p.name)).toEqual(['Acme Desktop', 'Acme Starter Kit']);
    expect(Object.keys(c.prices!).sort()).toEqual(
      [id('Acme Desktop'), id('Acme Starter Kit')].sort(),
    );
    expect(c.product!.name).toBe('Acme Desktop');
    expect(Date.parse(c.expires_at) - Date.parse(c.created_at)).toBe(24 * 3600_000);
    expect(c.url).toBe(`${box.svc.url}/checkout/${c.client_secret}`);
    expect(await seller.checkouts.get(c.id)).toEqual(c);
  });

  it('take the deprecated single product and single price forms', async () => {
    const byProduct = await seller.checkouts.create({ product_id: id('Acme Desktop') } as never);
    expect(byProduct.products.map((p) => p.id)).toEqual([id('Acme Desktop')]);
    const yearly = products['Acme Pro']!.prices.find(
      (p) => (p as { recurring_interval?: string }).recurring_interval === 'year',
    )!;
    const byPrice = await seller.checkouts.create({ product_price_id: yearly.id } as never);
    expect(byPrice).toMatchObject({ product_price_id: yearly.id, amount: 19000 });
    // A subscription: a payment method is taken even when nothing is charged.
    expect(byPrice.is_payment_setup_required).toBe(true);
  });

  it('refuse products that cannot be sold, every problem in one answer', async () => {
    const legacy = id('Acme Legacy');
    const missing = '6f2b0c4e-0000-4000-8000-000000000000';
    const detail = await expect422('archived and unknown products', () =>
      seller.checkouts.create({ products: [legacy, missing] }),
    );
    expect(detail.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'products', 0], 'Product is archived.'],
      [['body', 'products', 1], 'Product does not exist.'],
    ]);
    const other = await expect422("another organization's product", () =>
      box.otherSeller.checkouts.create({ products: [id('Acme Desktop')] }),
    );
    expect(other.map((d) => d.msg)).toEqual(['Product does not exist.']);
    const shape = await expect422('neither products nor a product', () =>
      seller.checkouts.create({} as never),
    );
    expect(shape.map((d) => d.loc.slice(0, 2))).toEqual([
      ['body', 'CheckoutProductsCreate'],
      ['body', 'CheckoutProductCreate'],
      ['body', 'CheckoutPriceCreate'],
    ]);
    const seats = await expect422('seats without a seat-based price', () =>
      seller.checkouts.create({ products: [id('Acme Desktop')], seats: 3 }),
    );
    expect(seats.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'seats'], 'Seats can only be set for seat-based pricing.'],
    ]);
  });

  it('switch among their own products; a discount that no longer applies goes', async () => {
    const c = await seller.checkouts.create({
      products: [id('Acme Desktop'), id('Acme Starter Kit')],
    });
    const free = await seller.checkouts.update(c.id, { product_id: id('Acme Starter Kit') });
    expect(free).toMatchObject({
      product_id: id('Acme Starter Kit'),
      amount: 0,
      net_amount: 0,
      tax_amount: 0,
      total_amount: 0,
      is_free_product_price: true,
      is_discount_applicable: false,
      is_payment_required: false,
      is_payment_form_required: false,
    });
    const notHere = await expect422('a product the session does not offer', () =>
      seller.checkouts.update(c.id, { product_id: id('Acme Team') }),
    );
    expect(notHere.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'product_id'], 'Product is not available in this checkout.'],
    ]);
    const noDiscount = await expect422('a discount on a free product', () =>
      seller.checkouts.update(c.id, {
        discount_id: box.svc.store.discounts.byCode(box.demo.organization_id, 'LAUNCH10')!.id,
      }),
    );
    expect(noDiscount.map((d) => d.msg)).toEqual(['Discounts are not applicable to this product.']);
  });

  it("the seller's update sets discount, trial, metadata and urls; the buyer's form hides them", async () => {
    const launch = box.svc.store.discounts.byCode(box.demo.organization_id, 'LAUNCH10')!.id;
    const c = await seller.checkouts.create({ products: [id('Acme Desktop')] });
    const u = await seller.checkouts.update(c.id, {
      discount_id: launch,
      metadata: { ref: 'spring' },
      customer_metadata: { source: 'ads' },
      require_billing_address: true,
      allow_discount_codes: false,
      customer_billing_address: US,
    });
    expect(u).toMatchObject({
      discount_id: launch,
      discount: {
        id: launch,
        code: 'LAUNCH10',
        type: 'fixed',
        amount: 1000,
        amounts: { usd: 1000 },
      },
      amount: 7900,
      discount_amount: 1000,
      net_amount: 6900,
      // The sandbox computes no tax: 0 once an address is known, added on top.
      tax_amount: 0,
      tax_behavior: 'exclusive',
      total_amount: 6900,
      metadata: { ref: 'spring' },
      customer_metadata: { source: 'ads' },
      require_billing_address: true,
      allow_discount_codes: false,
      billing_address_fields: {
        country: 'required',
        state: 'required',
        line1: 'required',
        line2: 'optional',
        city: 'required',
        postal_code: 'required',
      },
    });
    const pub = await seller.checkouts.clientGet(c.client_secret);
    expect(pub).not.toHaveProperty('metadata');
    expect(pub).not.toHaveProperty('customer_metadata');
    expect(pub.organization).toMatchObject({ id: box.demo.organization_id, slug: 'acme' });
    expect(pub.total_amount).toBe(6900);
  });

  it('the buyer applies a code, and confirms without a name: the customer and its session', async () => {
    const c = await seller.checkouts.create({
      products: [id('Acme Desktop')],
      external_customer_id: 'usr_ada',
      customer_metadata: { plan: 'desktop' },
    });
    const coded = await seller.checkouts.clientUpdate(c.client_secret, {
      discount_code: 'LAUNCH10',
      customer_email: 'ada@buyer.example',
      customer_billing_address: { country: 'FR' },
    });
    expect(coded).toMatchObject({ discount_amount: 1000, net_amount: 6900, tax_amount: 0 });
    const wrong = await expect422('an unknown code', () =>
      seller.checkouts.clientUpdate(c.client_secret, { discount_code: 'NOPE' }),
    );
    expect(wrong.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'discount_code'], 'Discount does not exist.'],
    ]);
    const missing = await expect422('no payment token', () =>
      seller.checkouts.clientConfirm(c.client_secret, {}),
    );
    expect(missing.map((d) => [d.loc, d.msg])).toEqual([
      [['body', 'confirmation_token_id'], 'Confirmation token is required.'],
    ]);
    const confirmed = await seller.checkouts.clientConfirm(c.client_secret, {
      confirmation_token_id: 'tok_visa',
    });
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      customer_name: null,
      total_amount: 6900,
    });
    expect(confirmed.customer_session_token).toMatch(/^polar_cst_/);
    const customer = await seller.customers.getExternal('usr_ada');
    expect(customer).toMatchObject({
      email: 'ada@buyer.example',
      external_id: 'usr_ada',
      // The customer metadata goes to the customer; the session's own metadata does not.
      metadata: { plan: 'desktop' },
      billing_address: { country: 'FR' },
    });
    const done = await seller.checkouts.get(c.id);
    expect(done.customer_id).toBe(customer.id);
    const refused = await expectError(
      'an update of a confirmed session',
      errors.CheckoutsUpdate403Error,
      () => seller.checkouts.update(c.id, { metadata: { late: true } }),
    );
    expect(refused.error).toMatchObject({ error: 'NotOpenCheckout' });
    await expectError(
      'a confirm of a confirmed session',
      errors.CheckoutsClientConfirm403Error,
      () => seller.checkouts.clientConfirm(c.client_secret, { confirmation_token_id: 'tok_visa' }),
    );
  });

  it('asks for the email, the address and its parts in one answer; a known email gets no session', async () => {
    const c = await seller.checkouts.create({ products: [id('Acme Desktop')] });
    await seller.checkouts.clientUpdate(c.client_secret, {
      customer_billing_address: { country: 'US' },
    });
    const missing = await expect422('a US buyer without an address', () =>
      seller.checkouts.clientConfirm(c.client_secret, { confirmation_token_id: 'tok_visa' }),
    );
    expect(missing.map((d) => d.loc.slice(1).join('.')).sort()).toEqual(
      [
        'customer_email',
        'customer_billing_address.state',
        'customer_billing_address.line1',
        'customer_billing_address.city',
        'customer_billing_address.postal_code',
      ].sort(),
    );
    const confirmed = await seller.checkouts.clientConfirm(c.client_secret, {
      customer_email: box.demo.customer_email,
      customer_billing_address: US,
      confirmation_token_id: 'tok_visa',
    });
    // Found by email only: whoever knows an email gets no session of that customer.
    expect(confirmed.customer_session_token).toBeNull();
  });

  it('checks the required custom fields at confirm only, and keeps the values the confirm sent', async () => {
    const c = await seller.checkouts.create({
      products: [id('Acme Team')],
      custom_field_data: { seats: 3 },
      customer_email: 'team@buyer.example',
    });
    const patched = await seller.checkouts.clientUpdate(c.client_secret, {
      custom_field_data: { company: 'Initech' },
      customer_billing_address: US,
    });
    expect(patched.custom_field_data).toEqual({ seats: 3, company: 'Initech' });
    const missing = await expect422('the required field not sent with the confirm', () =>
      seller.checkouts.clientConfirm(c.client_secret, { confirmation_token_id: 'tok_visa' }),
    );
    expect(missing.map((d) => [d.loc, d.type])).toEqual([
      [['body', 'custom_field_data', 'company'], 'missing'],
    ]);
    const confirmed = await seller.checkouts.clientConfirm(c.client_secret, {
      custom_field_data: { company: 'Initech' },
      confirmation_token_id: 'tok_visa',
    });
    expect(confirmed.custom_field_data).toEqual({ company: 'Initech' });
  });

  it('refuses a second subscription to a customer who has one (403)', async () => {
    const subscriber = box.svc.store.checkouts.hasBillableSubscription(
      box.demo.organization_id,
      null,
      box.demo.customer_email,
    );
    expect(subscriber).toBe(true);
    const c = await seller.checkouts.create({ products: [id('Acme Team')] });
    const err = await expectError(
      'a subscriber buying again',
      errors.CheckoutsClientUpdate403Error,
      () =>
        seller.checkouts.clientUpdate(c.client_secret, { customer_email: box.demo.customer_email }),
    );
    expect(err.error).toMatchObject({
      error: 'AlreadyActiveSubscriptionError',
      detail: 'You already have an active subscription.',
    });
  });

  it('gives a trial instead of a payment, and the subscription trials', async () => {
    const plan = await seller.products.create({
      organization_id: box.demo.organization_id,
      name: 'Trial plan',
      recurring_interval: 'month',
      trial_interval: 'day',
      trial_interval_count: 14,
      prices: [{ amount_type: 'fixed', price_amount: 2500 }],
    });
    const c = await seller.checkouts.create({ products: [plan.id] });
    expect(c).toMatchObject({
      active_trial_interval: 'day',
      active_trial_interval_count: 14,
      total_amount: 2500,
      is_payment_required: false,
      is_payment_setup_required: true,
    });
    expect(Date.parse(c.trial_end!) - Date.parse(c.created_at)).toBe(14 * 86_400_000);
    const off = await seller.checkouts.update(c.id, { allow_trial: false });
    expect(off).toMatchObject({
      trial_end: null,
      active_trial_interval: null,
      is_payment_required: true,
    });
    const on = await seller.checkouts.update(c.id, {
      allow_trial: true,
      trial_interval: 'week',
      trial_interval_count: 1,
    });
    expect(on).toMatchObject({ active_trial_interval: 'week', trial_interval: 'week' });
    const confirmed = await seller.checkouts.clientConfirm(c.client_secret, {
      customer_email: 'trial@buyer.example',
      customer_billing_address: { country: 'DE' },
      confirmation_token_id: 'tok_visa',
    });
    // The trial starts at the confirm: its end is counted from there, not from the update.
    const start = Date.parse(confirmed.trial_end!) - 7 * 86_400_000;
    expect(start).toBeGreaterThanOrEqual(Date.parse(on.modified_at!));
    expect(start).toBeLessThanOrEqual(Date.parse(confirmed.modified_at!));
    const sub = box.svc.store.all(
      'SELECT status, current_period_end, trial_end FROM subscriptions WHERE checkout_id = ?',
      c.id,
    );
    const end = confirmed.trial_end;
    expect(sub).toEqual([{ status: 'trialing', current_period_end: end, trial_end: end }]);
  });

  it('lists with the status, customer, external id and email filters', async () => {
    const mine = await seller.checkouts.create({
      products: [id('Acme Desktop')],
      customer_email: 'Filter.Me@buyer.example',
    });
    const byQuery = await seller.checkouts.list({ query: 'filter.me', status: ['open'] });
    expect(byQuery.items.map((c) => c.id)).toEqual([mine.id]);
    const customer = await seller.customers.getExternal('usr_ada');
    const byExternal = await seller.checkouts.list({ external_customer_id: 'usr_ada' });
    const byCustomer = await seller.checkouts.list({ customer_id: customer.id });
    expect(byExternal.items.map((c) => c.id)).toEqual(byCustomer.items.map((c) => c.id));
    expect(byExternal.items.length).toBe(1);
    const confirmed = await seller.checkouts.list({
      status: 'succeeded',
      sorting: ['-status', 'created_at'],
      limit: 100,
    });
    expect(confirmed.items.length).toBeGreaterThan(0);
    expect(new Set(confirmed.items.map((c) => c.status))).toEqual(new Set(['succeeded']));
    const bad = await expect422('an unknown status', () =>
      seller.checkouts.list({ status: ['pending' as never] }),
    );
    expect(bad[0]!.loc).toEqual(['query', 'status', 0]);
  });

  it("a buyer's secret, an id, a token of another organization: 404", async () => {
    await expectError('an unknown secret', errors.ResourceNotFound, () =>
      seller.checkouts.clientGet('polar_c_nothing'),
    );
    const c = await seller.checkouts.create({ products: [id('Acme Desktop')] });
    await expectError("another organization's session", errors.ResourceNotFound, () =>
      box.otherSeller.checkouts.get(c.id),
    );
    await expectError('an unknown id', errors.ResourceNotFound, () =>
      seller.checkouts.update('6f2b0c4e-0000-4000-8000-000000000001', {}),
    );
  });

  it('sends checkout.created and .updated in today’s shape; past its expiry a session is gone (410) and checkout.expired', async () => {
    const c = await seller.checkouts.create({ products: [id('Acme Desktop')] });
    await seller.checkouts.update(c.id, { metadata: { n: 1 } });
    const about = (type: string) => (d: Delivery) => d.type === type && d.event.data.id === c.id;
    await receiver.until((ds) => ds.some(about('checkout.updated')));
    const created = receiver.deliveries.find(about('checkout.created'))!;
    expect(created.event.data).toMatchObject({ id: c.id, products: [{ id: id('Acme Desktop') }] });
    const moved = await fetch(`${box.svc.url}/__local/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 25 * 3600 }),
    });
    expect(moved.status).toBe(200);
    await receiver.until((ds) => ds.some(about('checkout.expired')));
    expect(receiver.deliveries.find(about('checkout.expired'))!.event.data).toMatchObject({
      status: 'expired',
    });
    await expectError('an expired session', errors.ExpiredCheckoutError, () =>
      seller.checkouts.clientGet(c.client_secret),
    );
    await expectError('an expired session', errors.ExpiredCheckoutError, () =>
      seller.checkouts.clientUpdate(c.client_secret, { customer_name: 'Late' }),
    );
    expect((await seller.checkouts.get(c.id)).status).toBe('expired');
  });
});
