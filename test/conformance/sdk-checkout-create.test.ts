// The official SDK against checkout creation and the buyer's side (issue 18): checkouts.custom
// .create with both token kinds (CheckoutPriceCreate and CheckoutProductCreate), clientGet and
// clientUpdate without a token (CheckoutPublic), a confirm of a created session, and the errors
// it maps. Every answer must parse: no SDKValidationError.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPages,
  call,
  errors,
  expectCalls,
  expectError,
  expectStatus,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';

type Product = Awaited<ReturnType<Polar['products']['get']>>;

let box: Sandbox;
const products = new Map<string, Product>();
const priceOf = (name: string) => products.get(name)!.prices[0]!.id;

beforeAll(async () => {
  box = await startSandbox();
  for (const seller of [box.pat, box.otherPat]) {
    const { items } = await allPages('products', () => seller.products.list({ limit: 100 }));
    for (const p of items) products.set(p.name, p);
  }
});
afterAll(async () => {
  expectCalls('checkout-create');
  await box.stop();
});

describe('checkouts.custom.create through the SDK', () => {
  it('creates sessions with both token kinds, from a price and from a product', async () => {
    const team = products.get('Acme Team')!;
    const made = await call('create as alice', () =>
      box.pat.checkouts.custom.create({
        productPriceId: team.prices[0]!.id,
        customerEmail: 'sdk@example.com',
        customerName: 'S. D. K.',
        successUrl: 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}',
        embedOrigin: 'https://shop.example',
        metadata: { ref: 'sdk', seats: 2, gift: false },
        customerMetadata: { crm: 'c-1' },
      }),
    );
    expect(made).toMatchObject({
      status: 'open',
      productId: team.id,
      productPriceId: team.prices[0]!.id,
      customerEmail: 'sdk@example.com',
      successUrl: `https://shop.example/thanks?checkout_id=${made.id}`,
      embedOrigin: 'https://shop.example',
      metadata: { ref: 'sdk', seats: 2, gift: false },
      customerMetadata: { crm: 'c-1' },
      url: `${box.svc.url}/checkout/${made.clientSecret}`,
      allowDiscountCodes: true,
    });
    expect(made.expiresAt.getTime() - made.createdAt.getTime()).toBe(3600_000);
    const read = await call('read it back', () => box.org.checkouts.custom.get({ id: made.id }));
    expect(read.clientSecret).toBe(made.clientSecret);

    const launch = (await allPages('discounts', () => box.pat.discounts.list({}))).items.find(
      (d) => d.code === 'LAUNCH10',
    )!;
    const org = await call('create as the organization, with a discount and no codes', () =>
      box.org.checkouts.custom.create({
        productPriceId: priceOf('Acme Desktop'),
        discountId: launch.id,
        allowDiscountCodes: false,
      }),
    );
    expect(org).toMatchObject({ discountId: launch.id, totalAmount: 6900 });
    expect(org.allowDiscountCodes).toBe(false);
    const fromProduct = await call('create from a product', () =>
      box.pat.checkouts.custom.create({ productId: products.get('Acme Pro')!.id }),
    );
    expect(fromProduct.productPriceId).toBe(priceOf('Acme Pro'));
    // The SDK's model of custom_field_data has no keys: whatever it is given, it sends {}.
    const fields = await call('create with custom field data', () =>
      box.pat.checkouts.custom.create({
        productPriceId: priceOf('Acme Team'),
        customFieldData: { company: 'Initech' } as object,
      }),
    );
    expect(fields.customFieldData).toEqual({});
  });

  it('maps the create errors: 422 naming the field, 401, 403', async () => {
    const other = await expectError(
      "another organization's price",
      errors.HTTPValidationError,
      () => box.pat.checkouts.custom.create({ productPriceId: priceOf('Globex Cloud') }),
    );
    expect(other.detail?.map((d) => [d.loc.join('.'), d.msg])).toEqual([
      ['body.product_price_id', 'Price does not exist.'],
    ]);
    const url = await expectError('a bad success URL', errors.HTTPValidationError, () =>
      box.pat.checkouts.custom.create({
        productPriceId: priceOf('Acme Pro'),
        successUrl: 'not a url',
      }),
    );
    expect(url.detail?.map((d) => d.loc.join('.'))).toContain(
      'body.CheckoutPriceCreate.success_url',
    );
    await expectStatus('no token', 401, () =>
      box.anonymous.checkouts.custom.create({ productPriceId: priceOf('Acme Pro') }),
    );
    const readOnly = await (async () => {
      const res = await fetch(`${box.svc.url}/__local/personal-access-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: box.demo.personal_access_token_email,
          scopes: ['checkouts:read'],
        }),
      });
      return ((await res.json()) as { token: string }).token;
    })();
    await expectStatus('checkouts:read only', 403, () =>
      box.as(readOnly).checkouts.custom.create({ productPriceId: priceOf('Acme Pro') }),
    );
  });
});

describe('the buyer’s side through the SDK', () => {
  it('reads and changes a created session by its secret, applies a code, and confirms it', async () => {
    const made = await call('create', () =>
      box.pat.checkouts.custom.create({ productPriceId: priceOf('Acme Desktop') }),
    );
    const got = await call('clientGet', () =>
      box.anonymous.checkouts.custom.clientGet({ clientSecret: made.clientSecret }),
    );
    expect(got).toMatchObject({ id: made.id, status: 'open', organization: { slug: 'acme' } });
    expect(got).not.toHaveProperty('metadata');
    const changed = await call('clientUpdate', () =>
      box.anonymous.checkouts.custom.clientUpdate({
        clientSecret: made.clientSecret,
        checkoutUpdatePublic: {
          customerEmail: 'buyer@example.com',
          customerName: 'Buyer',
          discountCode: 'LAUNCH10',
        },
      }),
    );
    expect(changed).toMatchObject({
      customerEmail: 'buyer@example.com',
      discount: { code: 'LAUNCH10' },
      totalAmount: 6900,
      // No billing address yet: no tax computed (the real _update_checkout_tax at f179ede58c).
      taxAmount: null,
    });
    // A paid checkout needs a billing address (the real _get_required_confirm_fields at
    // f179ede58c, the seed generation): the SDK's own HTTPValidationError names it.
    const noAddress = await expectError(
      'confirm without an address',
      errors.HTTPValidationError,
      () =>
        box.anonymous.checkouts.custom.clientConfirm({
          clientSecret: made.clientSecret,
          checkoutConfirmStripe: { confirmationTokenId: 'tok_sdk' },
        }),
    );
    expect(noAddress.detail?.map((d) => [d.loc.join('.'), d.type, d.msg])).toEqual([
      ['body.customer_billing_address', 'missing', 'Field is required.'],
    ]);
    const confirmed = await call('clientConfirm', () =>
      box.anonymous.checkouts.custom.clientConfirm({
        clientSecret: made.clientSecret,
        checkoutConfirmStripe: {
          customerBillingAddress: { country: 'FR', city: 'Paris' },
          confirmationTokenId: 'tok_sdk',
        },
      }),
    );
    // The confirm answers `confirmed` (spec §3); the payment processor's answer follows it.
    expect(confirmed).toMatchObject({ status: 'confirmed', totalAmount: 6900, taxAmount: 0 });
    const orders = await allPages('the order', () =>
      box.pat.orders.list({ customerId: confirmed.customerId! }),
    );
    expect(orders.items.map((o) => [o.checkoutId, o.amount])).toEqual([[made.id, 6900]]);
    // Read after the confirm, and refused a change (NotOpenCheckout is no typed error).
    const after = await call('clientGet confirmed', () =>
      box.anonymous.checkouts.custom.clientGet({ clientSecret: made.clientSecret }),
    );
    expect(after.status).toBe('succeeded');
    await expectStatus('clientUpdate of a confirmed session', 403, () =>
      box.anonymous.checkouts.custom.clientUpdate({
        clientSecret: made.clientSecret,
        checkoutUpdatePublic: { customerName: 'Late' },
      }),
    );
  });

  // The real _update_checkout for CheckoutUpdatePublic (checkout/service.py at f179ede58c, the
  // seed generation): where codes are allowed a code replaces the session's discount, the
  // seller's too, and null removes it; where they are not, the code is ignored.
  it('replaces the seller’s discount with the buyer’s code, removes it, or ignores it', async () => {
    const { items } = await allPages('discounts', () => box.pat.discounts.list({}));
    const launch = items.find((d) => d.code === 'LAUNCH10')!;
    const half = items.find((d) => d.code === 'HALFOFF')!;
    const made = await call('create Pro with the seller’s discount', () =>
      box.pat.checkouts.custom.create({
        productPriceId: priceOf('Acme Pro'),
        discountId: launch.id,
      }),
    );
    expect(made.discountId).toBe(launch.id);
    const replaced = await call('clientUpdate with HALFOFF', () =>
      box.anonymous.checkouts.custom.clientUpdate({
        clientSecret: made.clientSecret,
        checkoutUpdatePublic: { discountCode: 'halfoff' },
      }),
    );
    // A percentage discount: basis points, and neither amount nor currency on the wire.
    expect(replaced.discount).toEqual({
      id: half.id,
      name: half.name,
      code: 'HALFOFF',
      type: 'percentage',
      duration: 'repeating',
      basisPoints: 5000,
      // (the SDK 0.20.2 reads no duration_in_months: a quirk of its union)
    });
    expect(replaced.subtotalAmount).toBe((made.amount ?? 0) / 2);
    const removed = await call('clientUpdate with null', () =>
      box.anonymous.checkouts.custom.clientUpdate({
        clientSecret: made.clientSecret,
        checkoutUpdatePublic: { discountCode: null },
      }),
    );
    expect([removed.discountId, removed.discount, removed.subtotalAmount]).toEqual([
      null,
      null,
      made.amount,
    ]);
    const closed = await call('create Pro with the seller’s discount, no codes', () =>
      box.pat.checkouts.custom.create({
        productPriceId: priceOf('Acme Pro'),
        discountId: launch.id,
        allowDiscountCodes: false,
      }),
    );
    for (const discountCode of ['HALFOFF', 'NOPE', null]) {
      const same = await call(`clientUpdate with ${discountCode}, codes not allowed`, () =>
        box.anonymous.checkouts.custom.clientUpdate({
          clientSecret: closed.clientSecret,
          checkoutUpdatePublic: { discountCode },
        }),
      );
      expect(same.discountId).toBe(launch.id);
    }
  });

  it('maps the client errors: unknown or expired secret 404, a bad code 422', async () => {
    await expectError('an unknown secret', errors.ResourceNotFound, () =>
      box.anonymous.checkouts.custom.clientGet({ clientSecret: 'polar_c_unknown' }),
    );
    const expired = await call('the expired demo session', () =>
      box.pat.checkouts.custom.get({ id: box.demo.expired_checkout_id }),
    );
    await expectError('an expired session', errors.ResourceNotFound, () =>
      box.anonymous.checkouts.custom.clientGet({ clientSecret: expired.clientSecret }),
    );
    await expectError('an expired session, changed', errors.ResourceNotFound, () =>
      box.anonymous.checkouts.custom.clientUpdate({
        clientSecret: expired.clientSecret,
        checkoutUpdatePublic: { customerName: 'Late' },
      }),
    );
    const made = await call('create', () =>
      box.pat.checkouts.custom.create({ productPriceId: priceOf('Acme Pro') }),
    );
    const bad = await expectError('a code that does not exist', errors.HTTPValidationError, () =>
      box.anonymous.checkouts.custom.clientUpdate({
        clientSecret: made.clientSecret,
        checkoutUpdatePublic: { discountCode: 'NOPE' },
      }),
    );
    expect(bad.detail?.map((d) => d.loc.join('.'))).toEqual(['body.discount_code']);
  });
});
