// Checkout sessions (spec endpoints 1–3): the get/update form and the confirmed form, the
// metadata limits of spec §8, expiry, not-open and concurrent confirms, and what a confirm
// creates: customer, order, subscription, license keys and a customer session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  allPages,
  BENEFIT,
  BUYER,
  CHECKOUT,
  CHECKOUT_CONFIRMED,
  CUSTOMER,
  expectShape,
  gate,
  invalid,
  type Json,
  LICENSE_KEY,
  MEDIA,
  NOT_FOUND,
  ORDER,
  page,
  type Service,
  SUBSCRIPTION_PORTAL,
  startService,
  TEXT_FIELD_PROPERTIES,
} from './helpers.js';

let svc: Service;
let pro: string;
let desktop: string;
let team: string;
let starter: string;

beforeAll(async () => {
  svc = await startService();
  [pro, desktop, team, starter] = svc.demo.open_checkout_ids as [string, string, string, string];
});
afterAll(() => svc.stop());

const getCheckout = (id: string, token = svc.alice) =>
  svc.api('GET', `/v1/checkouts/custom/${id}`, { token });
const patch = (id: string, body: unknown) =>
  svc.api('PATCH', `/v1/checkouts/custom/${id}`, { token: svc.alice, body });
const secretOf = async (id: string): Promise<string> => (await getCheckout(id)).body.client_secret;
const confirm = async (id: string, body: unknown) =>
  svc.api('POST', `/v1/checkouts/custom/client/${await secretOf(id)}/confirm`, { body });
const ordersOf = async (checkoutId: string) =>
  (await allPages(svc.api, '/v1/orders/', { token: svc.alice })).filter(
    (o) => o.checkout_id === checkoutId,
  );
const PAY = { confirmation_token_id: 'tok_visa' };
/** A paid confirm's buyer: a name and a billing address, and the payment token. */
const PAID = { ...BUYER, ...PAY };

/** The first `n` of `promises` to settle, in the order they did. */
function settled<T>(promises: Promise<T>[], n: number): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const done: T[] = [];
    for (const p of promises) {
      p.then((value) => {
        done.push(value);
        if (done.length === n) resolve(done);
      }, reject);
    }
  });
}

describe('the get and update form (spec §2.2)', () => {
  it('returns every field of each demo checkout with its type', async () => {
    for (const id of svc.demo.open_checkout_ids) {
      const r = await getCheckout(id);
      expect(r.status).toBe(200);
      expectShape(r.body, CHECKOUT);
      expect(r.body).toMatchObject({
        id,
        status: 'open',
        payment_processor: 'stripe',
        success_url: `https://acme.example/thanks?checkout_id=${id}`,
        url: `${svc.url}/checkout/${r.body.client_secret}`,
        product_id: r.body.product.id,
        product_price_id: r.body.product_price.id,
        metadata: { campaign: 'demo' },
        customer_metadata: {},
        subscription_id: null,
      });
      expect(r.body.client_secret).toMatch(/^polar_c_[A-Za-z0-9]{43}$/);
      expect(r.body.product.prices.map((p: Json) => p.id)).toContain(r.body.product_price_id);
      expect(r.body.total_amount).toBe(r.body.subtotal_amount + r.body.tax_amount);
    }
  });

  it('shows a plain recurring checkout: payment setup required, medias and benefits', async () => {
    const { body } = await getCheckout(pro);
    expect(body).toMatchObject({
      amount: 1900,
      subtotal_amount: 1900,
      total_amount: 1900,
      currency: 'usd',
      discount_id: null,
      discount: null,
      is_free_product_price: false,
      is_payment_required: true,
      is_payment_setup_required: true,
      is_payment_form_required: true,
      attached_custom_fields: [],
    });
    expect(body.product).toMatchObject({ name: 'Acme Pro', is_recurring: true });
    expect(body.product_price).toMatchObject({
      amount_type: 'fixed',
      type: 'recurring',
      recurring_interval: 'month',
      price_amount: 1900,
      price_currency: 'usd',
    });
    expect(body.product.medias.length).toBeGreaterThan(0);
    for (const m of body.product.medias) expectShape(m, MEDIA);
    const media = await fetch(body.product.medias[0].public_url);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toContain(body.product.medias[0].mime_type);
    expect((await media.arrayBuffer()).byteLength).toBe(body.product.medias[0].size);
  });

  it('shows the seller-set fixed discount in the short form, applied to the subtotal', async () => {
    const { body } = await getCheckout(desktop);
    expect(body.discount).toEqual({
      duration: 'once',
      type: 'fixed',
      amount: 1000,
      currency: 'usd',
      id: body.discount_id,
      name: 'Launch 10',
      code: 'LAUNCH10',
    });
    expect(body).toMatchObject({
      amount: 7900,
      subtotal_amount: 6900,
      // No billing address yet: no tax computed (the real _update_checkout_tax).
      tax_amount: null,
      total_amount: 6900,
      is_payment_setup_required: false,
      is_payment_required: true,
    });
  });

  it('shows attached custom fields and an ads benefit with its properties', async () => {
    const { body } = await getCheckout(team);
    const [company, seats] = body.attached_custom_fields;
    expect(company).toMatchObject({
      order: 0,
      required: true,
      custom_field_id: company.custom_field.id,
    });
    expect(company.custom_field).toMatchObject({ type: 'text', slug: 'company', name: 'Company' });
    expectShape(company.custom_field.properties, TEXT_FIELD_PROPERTIES);
    expect(seats).toMatchObject({ order: 1, required: false });
    const ads = body.product.benefits.find((b: Json) => b.type === 'ads');
    expectShape(ads, BENEFIT);
    expectShape(ads.properties, { image_height: 'integer', image_width: 'integer' });
  });

  it('shows a free checkout as needing no payment', async () => {
    const { body } = await getCheckout(starter);
    expect(body).toMatchObject({
      amount: 0,
      subtotal_amount: 0,
      total_amount: 0,
      is_free_product_price: true,
      is_payment_required: false,
      is_payment_setup_required: false,
      is_payment_form_required: false,
    });
    expect(body.product_price).toMatchObject({ amount_type: 'free', type: 'one_time' });
  });
});

describe('PATCH /v1/checkouts/custom/{id}', () => {
  beforeEach(() => svc.reset());

  it('updates the sent fields and answers in the update form', async () => {
    const before = (await getCheckout(pro)).body;
    const address = {
      line1: '1 Main St',
      line2: null,
      postal_code: '1000',
      city: 'Lisbon',
      state: null,
      country: 'PT',
    };
    const r = await patch(pro, {
      customer_email: 'new.buyer@example.com',
      customer_name: 'New Buyer',
      customer_billing_address: address,
      customer_tax_id: 'PT123456789',
      metadata: { campaign: 'spring', seats: 3, vip: true },
      customer_metadata: { source: 'ads' },
      embed_origin: 'https://acme.example',
    });
    expect(r.status).toBe(200);
    expectShape(r.body, CHECKOUT);
    expectShape(r.body.customer_billing_address, ADDRESS);
    expect(r.body).toMatchObject({
      customer_email: 'new.buyer@example.com',
      customer_name: 'New Buyer',
      customer_billing_address: address,
      customer_tax_id: 'PT123456789',
      metadata: { campaign: 'spring', seats: 3, vip: true },
      customer_metadata: { source: 'ads' },
      embed_origin: 'https://acme.example',
      status: 'open',
      amount: 1900,
    });
    expect(r.body.modified_at).not.toBeNull();
    expect(Date.parse(r.body.modified_at)).toBeGreaterThanOrEqual(Date.parse(before.created_at));
    const again = await getCheckout(pro);
    expect(again.body).toEqual(r.body);
  });

  it('keeps success_url a string: the seller URL with {CHECKOUT_ID}, or the default', async () => {
    const custom = await patch(pro, { success_url: 'https://shop.example/done/{CHECKOUT_ID}' });
    expect(custom.body.success_url).toBe(`https://shop.example/done/${pro}`);
    const cleared = await patch(pro, { success_url: null });
    expect(cleared.status).toBe(200);
    expectShape(cleared.body, CHECKOUT);
    expect(cleared.body.success_url).toBe(
      `${svc.url}/checkout/${cleared.body.client_secret}/confirmation`,
    );
  });

  it('changes the price within the product and recomputes the amounts', async () => {
    const { body } = await getCheckout(pro);
    const yearly = body.product.prices.find(
      (p: Json) => p.recurring_interval === 'year' && !p.is_archived,
    );
    const r = await patch(pro, { product_price_id: yearly.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      product_price_id: yearly.id,
      amount: 19000,
      subtotal_amount: 19000,
      total_amount: 19000,
    });
    const other = (await getCheckout(desktop)).body.product_price_id;
    const bad = await patch(pro, { product_price_id: other });
    expect([bad.status, bad.body]).toEqual([
      422,
      invalid({
        type: 'value_error',
        loc: ['body', 'product_price_id'],
        msg: 'Price does not exist.',
        input: other,
      }),
    ]);
  });

  it('accepts metadata at the limits of spec §8', async () => {
    const metadata: Record<string, string | number | boolean> = {};
    for (let i = 0; i < 48; i++) metadata[`k${i}`] = i;
    metadata['x'.repeat(40)] = 'v'.repeat(500);
    metadata.flag = false;
    const r = await patch(pro, { metadata, customer_metadata: metadata });
    expect(r.status).toBe(200);
    expect(r.body.metadata).toEqual(metadata);
    expect(r.body.customer_metadata).toEqual(metadata);
  });

  describe('metadata beyond the limits of spec §8 is a 422 naming the offending key', () => {
    const fifty = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const longKey = 'k'.repeat(41);
    const cases: [string, Record<string, unknown>, (field: string) => unknown][] = [
      [
        '51 pairs',
        fifty,
        (field) => ({
          type: 'too_long',
          loc: ['body', field],
          msg: 'Dictionary should have at most 50 items after validation, not 51',
          input: fifty,
          ctx: { field_type: 'Dictionary', max_length: 50, actual_length: 51 },
        }),
      ],
      [
        'a 41-character key',
        { ok: 1, [longKey]: 'v' },
        (field) => ({
          type: 'string_too_long',
          loc: ['body', field, longKey, '[key]'],
          msg: 'String should have at most 40 characters',
          input: longKey,
          ctx: { max_length: 40 },
        }),
      ],
      [
        'a 501-character value',
        { note: 'v'.repeat(501) },
        (field) => ({
          type: 'string_too_long',
          loc: ['body', field, 'note', 'str'],
          msg: 'String should have at most 500 characters',
          input: 'v'.repeat(501),
          ctx: { max_length: 500 },
        }),
      ],
      [
        'a float value',
        { ratio: 1.5 },
        (field) => ({
          type: 'value_error',
          loc: ['body', field, 'ratio'],
          msg: 'Input should be a valid string, integer or boolean',
          input: 1.5,
        }),
      ],
      [
        'an object value',
        { nested: { a: 1 } },
        (field) => ({
          type: 'value_error',
          loc: ['body', field, 'nested'],
          msg: 'Input should be a valid string, integer or boolean',
          input: { a: 1 },
        }),
      ],
      [
        'an array value',
        { list: [1] },
        (field) => ({
          type: 'value_error',
          loc: ['body', field, 'list'],
          msg: 'Input should be a valid string, integer or boolean',
          input: [1],
        }),
      ],
    ];
    for (const [name, value, item] of cases) {
      it(name, async () => {
        for (const field of ['metadata', 'customer_metadata']) {
          const r = await patch(pro, { [field]: value });
          expect([field, r.status, r.body]).toEqual([
            field,
            422,
            { error: 'RequestValidationError', detail: [item(field)] },
          ]);
        }
        const unchanged = await getCheckout(pro);
        expect(unchanged.body.metadata).toEqual({ campaign: 'demo' });
        expect(unchanged.body.modified_at).toBeNull();
      });
    }

    it('metadata that is not an object', async () => {
      const r = await patch(pro, { metadata: 'campaign' });
      expect([r.status, r.body]).toEqual([
        422,
        invalid({
          type: 'dict_type',
          loc: ['body', 'metadata'],
          msg: 'Input should be a valid dictionary',
          input: 'campaign',
        }),
      ]);
    });
  });

  it('refuses bad field types with 422', async () => {
    const r = await patch(pro, { customer_email: 'not-an-email', allow_discount_codes: 'yes' });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: Json) => d.loc)).toEqual([
      ['body', 'customer_email'],
      ['body', 'allow_discount_codes'],
    ]);
  });

  it('refuses to update a confirmed checkout with 403 NotOpenCheckout', async () => {
    const id = svc.demo.confirmed_checkout_id;
    const r = await patch(id, { customer_name: 'Late' });
    expect([r.status, r.body]).toEqual([
      403,
      { error: 'NotOpenCheckout', detail: `Checkout ${id} is not open: confirmed` },
    ]);
  });

  it('refuses to update an expired checkout with 403 NotOpenCheckout', async () => {
    const id = svc.demo.expired_checkout_id;
    const r = await patch(id, { customer_name: 'Late' });
    expect([r.status, r.body]).toEqual([
      403,
      { error: 'NotOpenCheckout', detail: `Checkout ${id} is not open: expired` },
    ]);
  });
});

describe('confirm errors', () => {
  beforeEach(() => svc.reset());

  it('answers 410 for an expired checkout', async () => {
    const r = await confirm(svc.demo.expired_checkout_id, {
      customer_email: 'x@example.com',
      ...PAID,
    });
    expect([r.status, r.body]).toEqual([
      410,
      { error: 'ExpiredCheckoutError', detail: 'This checkout session has expired.' },
    ]);
    const shown = await getCheckout(svc.demo.expired_checkout_id);
    expect(shown.body.status).toBe('expired');
  });

  it('expires an open checkout once the clock passes expires_at', async () => {
    const { body } = await getCheckout(pro);
    const left = (Date.parse(body.expires_at) - Date.now()) / 1000;
    await svc.advanceClock(left - 60);
    expect((await getCheckout(pro)).body.status).toBe('open');
    await svc.advanceClock(120);
    const shown = await getCheckout(pro);
    expect(shown.body.status).toBe('expired');
    expectShape(shown.body, CHECKOUT);
    const r = await confirm(pro, { customer_email: 'x@example.com', ...PAID });
    expect([r.status, r.body]).toEqual([
      410,
      { error: 'ExpiredCheckoutError', detail: 'This checkout session has expired.' },
    ]);
    expect(await ordersOf(pro)).toEqual([]);
  });

  it('answers 403 NotOpenCheckout for a confirmed checkout', async () => {
    const id = svc.demo.confirmed_checkout_id;
    const r = await confirm(id, { customer_email: 'x@example.com', ...PAID });
    expect([r.status, r.body]).toEqual([
      403,
      { error: 'NotOpenCheckout', detail: `Checkout ${id} is not open: confirmed` },
    ]);
  });

  it('answers 404 for an unknown client secret', async () => {
    const r = await svc.api(
      'POST',
      `/v1/checkouts/custom/client/polar_c_${'x'.repeat(43)}/confirm`,
      {
        body: {},
      },
    );
    expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
  });

  // The real _confirm_inner and _get_required_confirm_fields (checkout/service.py at f179ede58c,
  // the seed generation): an email always; a name and a billing address when a payment or a
  // payment method is taken; a confirmation token only when the total is above 0.
  const missing = (field: string, msg = 'Field is required.') => ({
    type: 'missing',
    loc: ['body', field],
    msg,
    input: null,
  });

  it('requires an email, a name, a billing address and a token for a paid checkout', async () => {
    const r = await confirm(pro, {});
    expect([r.status, r.body]).toEqual([
      422,
      {
        error: 'RequestValidationError',
        detail: [
          missing('customer_email'),
          missing('customer_name'),
          missing('customer_billing_address'),
          missing('confirmation_token_id', 'Confirmation token is required.'),
        ],
      },
    ]);
    const named = await confirm(pro, { customer_email: 'x@example.com', ...PAY });
    expect([named.status, named.body.detail]).toEqual([
      422,
      [missing('customer_name'), missing('customer_billing_address')],
    ]);
    expect((await getCheckout(pro)).body.status).toBe('open');
    expect(await ordersOf(pro)).toEqual([]);
  });

  it('asks a free checkout for an email only, and no token', async () => {
    const r = await confirm(starter, {});
    expect([r.status, r.body]).toEqual([
      422,
      { error: 'RequestValidationError', detail: [missing('customer_email')] },
    ]);
    const ok = await confirm(starter, { customer_email: 'free@example.com' });
    expect([ok.status, ok.body.status]).toEqual([200, 'confirmed']);
  });

  it('asks a subscription a discount makes free for a name and an address, but no token', async () => {
    const discount = await svc.api('POST', '/v1/discounts/', {
      token: svc.alice,
      body: {
        name: 'All of it',
        code: 'ALLFREE',
        type: 'percentage',
        basis_points: 10_000,
        duration: 'once',
        organization_id: svc.demo.organization_id,
      },
    });
    expect(discount.status).toBe(201);
    const applied = await svc.api('PATCH', `/v1/checkouts/custom/client/${await secretOf(pro)}`, {
      body: { discount_code: 'ALLFREE' },
    });
    expect(applied.status).toBe(200);
    const body = { customer_email: 'zero@example.com' };
    const r = await confirm(pro, body);
    expect([r.status, r.body.detail]).toEqual([
      422,
      [missing('customer_name'), missing('customer_billing_address')],
    ]);
    const shown = (await getCheckout(pro)).body;
    expect(shown).toMatchObject({
      total_amount: 0,
      is_payment_required: false,
      is_payment_setup_required: true,
    });
    const ok = await confirm(pro, { ...body, ...BUYER });
    expect([ok.status, ok.body.status]).toEqual([200, 'confirmed']);
  });

  it('requires the required custom field', async () => {
    const r = await confirm(team, { customer_email: 'team@example.com', ...PAID });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'missing',
        loc: ['body', 'custom_field_data', 'company'],
        msg: 'Field required',
        input: null,
      }),
    ]);
    const short = await confirm(team, {
      customer_email: 'team@example.com',
      custom_field_data: { company: 'X' },
      ...PAID,
    });
    expect([short.status, short.body]).toEqual([
      422,
      invalid({
        type: 'string_too_short',
        loc: ['body', 'custom_field_data', 'company'],
        msg: 'String should have at least 2 characters',
        input: 'X',
        ctx: { min_length: 2 },
      }),
    ]);
    expect(await ordersOf(team)).toEqual([]);
  });

  it('checks a number custom field against its bounds', async () => {
    const body = (seats: unknown) => ({
      customer_email: 'team@example.com',
      custom_field_data: { company: 'Initech', seats },
      ...PAID,
    });
    const loc = ['body', 'custom_field_data', 'seats'];
    const cases: [unknown, object][] = [
      [
        0,
        {
          type: 'greater_than_equal',
          loc,
          msg: 'Input should be greater than or equal to 1',
          input: 0,
          ctx: { ge: 1 },
        },
      ],
      [
        11,
        {
          type: 'less_than_equal',
          loc,
          msg: 'Input should be less than or equal to 10',
          input: 11,
          ctx: { le: 10 },
        },
      ],
      ['4', { type: 'int_type', loc, msg: 'Input should be a valid integer', input: '4' }],
    ];
    for (const [seats, item] of cases) {
      const r = await confirm(team, body(seats));
      expect([seats, r.status, r.body]).toEqual([seats, 422, invalid(item as never)]);
    }
    expect(await ordersOf(team)).toEqual([]);
  });

  // An unknown code, or one that is no longer redeemable: the real _update_checkout's one message.
  it('refuses an unknown discount code', async () => {
    const r = await confirm(pro, {
      customer_email: 'x@example.com',
      discount_code: 'NOPE',
      ...PAID,
    });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'value_error',
        loc: ['body', 'discount_code'],
        msg: 'This discount code does not exist or is no longer available.',
        input: 'NOPE',
      }),
    ]);
  });

  it('refuses a discount that is no longer redeemable at confirm, on discount_id', async () => {
    // The real confirm redeems the session's discount under its lock (checkout/service.py
    // `confirm` at f179ede58c, the seed generation): one exhausted since it was applied is a 422.
    const created = await svc.api('POST', '/v1/discounts/', {
      token: svc.alice,
      body: {
        name: 'Only one',
        code: 'ONLYONE',
        type: 'fixed',
        amount: 100,
        currency: 'usd',
        duration: 'once',
        max_redemptions: 1,
        organization_id: svc.demo.organization_id,
      },
    });
    expect(created.status).toBe(201);
    const applied = await svc.api('PATCH', `/v1/checkouts/custom/client/${await secretOf(pro)}`, {
      body: { discount_code: 'ONLYONE' },
    });
    expect([applied.status, applied.body.discount_id]).toEqual([200, created.body.id]);
    // Someone else redeems it first.
    const other = await confirm(desktop, {
      customer_email: 'first@example.com',
      discount_code: 'ONLYONE',
      ...PAID,
    });
    expect(other.status).toBe(200);
    const r = await confirm(pro, { customer_email: 'second@example.com', ...PAID });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'value_error',
        loc: ['body', 'discount_id'],
        msg: 'Discount is no longer redeemable.',
        input: created.body.id,
      }),
    ]);
    expect((await getCheckout(pro)).body.status).toBe('open');
    expect(await ordersOf(pro)).toEqual([]);
  });
});

// The buyer's discount code (PATCH /v1/checkouts/custom/client/{client_secret}, the real
// _update_checkout for CheckoutUpdatePublic at f179ede58c, the seed generation).
describe('the buyer’s discount code', () => {
  beforeEach(() => svc.reset());

  const clientPatch = async (id: string, body: unknown) =>
    svc.api('PATCH', `/v1/checkouts/custom/client/${await secretOf(id)}`, { body });

  it('replaces the seller’s discount where codes are allowed; null removes it', async () => {
    const created = await svc.api('POST', '/v1/discounts/', {
      token: svc.alice,
      body: {
        name: 'Twenty',
        code: 'TWENTY',
        type: 'percentage',
        basis_points: 2000,
        duration: 'once',
        organization_id: svc.demo.organization_id,
      },
    });
    expect(created.status).toBe(201);
    const before = (await getCheckout(desktop)).body;
    expect(before).toMatchObject({ allow_discount_codes: true, discount: { code: 'LAUNCH10' } });
    const replaced = await clientPatch(desktop, { discount_code: 'twenty' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.discount).toMatchObject({ code: 'TWENTY' });
    expect(replaced.body.subtotal_amount).toBe(before.amount - before.amount / 5);
    const removed = await clientPatch(desktop, { discount_code: null });
    expect(removed.status).toBe(200);
    expect([removed.body.discount_id, removed.body.discount]).toEqual([null, null]);
    expect(removed.body.subtotal_amount).toBe(before.amount);
  });

  it('ignores the code where the seller does not allow codes (200, nothing changes)', async () => {
    expect((await patch(desktop, { allow_discount_codes: false })).status).toBe(200);
    const before = (await getCheckout(desktop)).body;
    for (const code of ['HALFOFF', 'NOPE', null]) {
      const r = await clientPatch(desktop, { discount_code: code });
      expect([code, r.status, r.body.discount_id]).toEqual([code, 200, before.discount_id]);
    }
    expect((await getCheckout(desktop)).body.discount).toMatchObject({ code: 'LAUNCH10' });
  });
});

describe('confirm', () => {
  beforeEach(() => svc.reset());

  it('confirms a recurring checkout: customer, order, subscription, keys, session', async () => {
    const checkout = (await getCheckout(pro)).body;
    const r = await confirm(pro, {
      customer_email: 'Fresh.Buyer@example.com',
      customer_name: 'Fresh Buyer',
      customer_tax_id: 'DE123456789',
      customer_billing_address: { line1: '2 Side St', city: 'Berlin', country: 'DE' },
      ...PAY,
    });
    expect(r.status).toBe(200);
    expectShape(r.body, CHECKOUT_CONFIRMED);
    // The answer is the confirm's: the payment processor has not answered yet.
    expect(r.body).toMatchObject({
      id: pro,
      status: 'confirmed',
      customer_email: 'Fresh.Buyer@example.com',
      amount: 1900,
      total_amount: 1900,
    });
    expect(r.body.customer_session_token).toMatch(/^polar_cst_[A-Za-z0-9]{43}$/);
    expect(r.body.organization).toMatchObject({
      id: svc.demo.organization_id,
      slug: 'acme',
    });
    expect(r.body.customer_id).not.toBeNull();

    // Then it has (domain/jobs.ts): the checkout succeeded, with its customer and subscription.
    const after = await getCheckout(pro);
    expectShape(after.body, CHECKOUT);
    expect(after.body).toMatchObject({ status: 'succeeded', customer_id: r.body.customer_id });
    expect(after.body.subscription_id).not.toBeNull();

    // One order, for a subscription creation, with the new customer carrying the metadata.
    const orders = await ordersOf(pro);
    expect(orders).toHaveLength(1);
    const order = orders[0];
    expectShape(order, ORDER);
    expect(order).toMatchObject({
      billing_reason: 'subscription_create',
      amount: 1900,
      tax_amount: 0,
      currency: 'usd',
      customer_id: r.body.customer_id,
      product_id: checkout.product_id,
      product_price_id: checkout.product_price_id,
      subscription_id: after.body.subscription_id,
      checkout_id: pro,
      metadata: { campaign: 'demo' },
      billing_address: {
        line1: '2 Side St',
        line2: null,
        postal_code: null,
        city: 'Berlin',
        state: null,
        country: 'DE',
      },
    });
    expectShape(order.customer, CUSTOMER);
    expect(order.customer).toMatchObject({
      email: 'Fresh.Buyer@example.com',
      name: 'Fresh Buyer',
      metadata: { campaign: 'demo' },
      tax_id: ['DE123456789', 'eu_vat'],
      organization_id: svc.demo.organization_id,
    });
    expect(order.subscription).toMatchObject({
      id: after.body.subscription_id,
      status: 'active',
      amount: 1900,
      recurring_interval: 'month',
      checkout_id: pro,
      customer_id: r.body.customer_id,
    });

    // The customer portal, with the returned session token.
    const token = r.body.customer_session_token;
    const subs = await svc.api('GET', '/v1/customer-portal/subscriptions/', { token });
    expect(subs.status).toBe(200);
    expectShape(subs.body, page(SUBSCRIPTION_PORTAL));
    expect(subs.body.items.map((s: Json) => s.id)).toEqual([after.body.subscription_id]);
    expect(subs.body.items[0].product.organization.id).toBe(svc.demo.organization_id);
    const keys = await svc.api('GET', '/v1/customer-portal/license-keys/', { token });
    expectShape(keys.body, page(LICENSE_KEY));
    expect(keys.body.items).toHaveLength(1);
    expect(keys.body.items[0]).toMatchObject({
      customer_id: r.body.customer_id,
      status: 'granted',
      limit_activations: 3,
      usage: 0,
      validations: 0,
    });
    expect(keys.body.items[0].key).toMatch(/^ACME-[0-9A-F-]{36}$/);
  });

  it('confirms a one-time checkout with the seller discount and grants a DESK key', async () => {
    const r = await confirm(desktop, {
      customer_email: 'desk@example.com',
      discount_code: 'launch10',
      ...PAID,
    });
    expect(r.status).toBe(200);
    expectShape(r.body, CHECKOUT_CONFIRMED);
    expect(r.body).toMatchObject({ subtotal_amount: 6900, discount: { code: 'LAUNCH10' } });
    const [order] = await ordersOf(desktop);
    expect(order).toMatchObject({
      billing_reason: 'purchase',
      amount: 6900,
      subscription_id: null,
      subscription: null,
      discount_id: r.body.discount_id,
    });
    expect(order.discount.redemptions_count).toBe(1);
    const keys = await svc.api('GET', '/v1/customer-portal/license-keys/', {
      token: r.body.customer_session_token,
    });
    expect(keys.body.items).toHaveLength(1);
    const key = keys.body.items[0];
    expect(key.key).toMatch(/^DESK-[0-9A-F-]{36}$/);
    expect(key.display_key).toBe(`****-${key.key.slice(-6)}`);
    expect(key).toMatchObject({ limit_activations: 5, limit_usage: 1000 });
    const year = Date.parse(key.expires_at) - Date.parse(order.created_at);
    expect(Math.round(year / 86_400_000)).toBeGreaterThanOrEqual(365);
    expect(Math.round(year / 86_400_000)).toBeLessThanOrEqual(366);
  });

  it('confirms with the required custom field and stores it on the order', async () => {
    const r = await confirm(team, {
      customer_email: 'team@example.com',
      custom_field_data: { company: 'Initech', seats: 4 },
      ...PAID,
    });
    expect(r.status).toBe(200);
    expect(r.body.custom_field_data).toEqual({ company: 'Initech', seats: 4 });
    const [order] = await ordersOf(team);
    expect(order.custom_field_data).toEqual({ company: 'Initech', seats: 4 });
  });

  it('confirms a free checkout without a confirmation token', async () => {
    const r = await confirm(starter, { customer_email: 'free@example.com' });
    expect(r.status).toBe(200);
    expectShape(r.body, CHECKOUT_CONFIRMED);
    const [order] = await ordersOf(starter);
    expect(order).toMatchObject({ amount: 0, billing_reason: 'purchase' });
  });

  it('matches an existing customer by email and leaves its metadata alone', async () => {
    const email = svc.demo.customer_email;
    const before = (
      await svc.api('GET', '/v1/orders/', { token: svc.alice, query: { limit: 100 } })
    ).body.items.find((o: Json) => o.customer.email === email).customer;
    const r = await confirm(starter, { customer_email: email.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body.customer_id).toBe(before.id);
    const [order] = await ordersOf(starter);
    expect(order.customer.metadata).toEqual(before.metadata);
    expect(order.customer.email).toBe(email);
  });

  it('produces exactly one order from 20 concurrent confirms', async () => {
    // The payment processor answers when the test says so, so the first confirm holds the lock
    // for as long as the test needs, however slow the machine: no race against a sleep.
    const inside = gate();
    const answered = gate();
    const own = await startService({
      processor: async () => {
        inside.open();
        await answered.passed;
      },
    });
    try {
      const id = own.demo.open_checkout_ids[0]!;
      const got = await own.api('GET', `/v1/checkouts/custom/${id}`, { token: own.alice });
      const send = () =>
        own.api('POST', `/v1/checkouts/custom/client/${got.body.client_secret}/confirm`, {
          body: { customer_email: 'race@example.com', ...PAID },
        });
      const replies = Array.from({ length: 20 }, send);
      await inside.passed;
      // Every other confirm arrives while the first is being processed: each meets its lock.
      const early = await settled(replies, 19);
      for (const r of early) {
        expect({ status: r.status, body: r.body }).toEqual({
          status: 409,
          body: {
            error: 'CheckoutLocked',
            detail: 'This checkout is being processed; try again later.',
          },
        });
      }
      answered.open();
      const ok = (await Promise.all(replies)).filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      // After the commit the checkout is paid for: a confirm is refused as not open.
      const late = await send();
      expect({ status: late.status, body: late.body }).toEqual({
        status: 403,
        body: { error: 'NotOpenCheckout', detail: `Checkout ${id} is not open: succeeded` },
      });
      const orders = await allPages(own.api, '/v1/orders/', { token: own.alice });
      expect(orders.filter((o) => o.checkout_id === id)).toHaveLength(1);
      const subs = await own.api('GET', '/v1/customer-portal/subscriptions/', {
        token: ok[0]!.body.customer_session_token,
      });
      expect(subs.body.pagination.total_count).toBe(1);
    } finally {
      await own.stop();
    }
  });
});
