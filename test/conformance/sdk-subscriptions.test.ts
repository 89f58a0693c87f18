// The official SDK against PATCH /v1/subscriptions/{id} and the customer portal's PATCH (spec
// endpoints 4–5): every status in the seller's form with a personal access token and an
// organization token, price changes and cancellations by seller and customer, and the errors
// the SDK maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENEFIT_TYPES,
  CUSTOM_FIELD_TYPES,
  SUBSCRIPTION_STATUSES,
} from '../../src/shared/api-facts.js';
import {
  allPages,
  call,
  errors,
  expectCalls,
  expectError,
  expectStatus,
  Kinds,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';
import {
  type Admin,
  isProMonthly,
  KEEP,
  type Portal,
  Subscriptions,
  UNKNOWN,
} from './subscriptions.js';

let box: Sandbox;
let data: Subscriptions;
beforeAll(async () => {
  box = await startSandbox();
  data = await Subscriptions.load(box);
});
afterAll(async () => {
  expectCalls('subscriptions');
  await box.stop();
});

describe("subscriptions in the seller's form through the SDK", () => {
  it('reads every status in the admin form (a PATCH that changes nothing), with both tokens', async () => {
    const statuses = new Kinds('admin statuses', SUBSCRIPTION_STATUSES);
    const discounts = new Kinds('admin discounts', ['none', 'fixed', 'percentage']);
    const benefits = new Kinds('benefits of admin products', BENEFIT_TYPES);
    const fields = new Kinds('custom fields of admin products', CUSTOM_FIELD_TYPES);
    const users = new Kinds('admin users', ['account', 'customer']);
    const read = (s: Portal, polar: Polar) =>
      call(`admin form of a ${s.status} subscription`, () =>
        polar.subscriptions.update({ id: s.id, subscriptionUpdate: KEEP }),
      );
    const kinds = new Set<string>();
    // Acme's through alice and the organization token in turn, Globex's through bob.
    const sellers = [
      ...data.all().map((s, i) => [s, i % 2 ? box.org : box.pat] as const),
      ...data.globex.map((s) => [s, box.otherPat] as const),
    ];
    for (const [s, seller] of sellers) {
      const kind = `${s.status}/${s.discountId ?? 'none'}/${s.product.name}`;
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      const admin: Admin = await read(s, seller);
      statuses.add(admin.status);
      discounts.add(admin.discount?.type ?? 'none');
      for (const b of admin.product.benefits) benefits.add(b.type);
      for (const f of admin.product.attachedCustomFields) fields.add(f.customField.type);
      users.add(admin.user.id === admin.customerId ? 'customer' : 'account');
      expect(admin).toMatchObject({ id: s.id, status: s.status, userId: s.userId });
      expect(admin.price.id).toBe(s.price.id);
      expect(admin.customer.avatarUrl).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\//);
    }
    const aliceAtAcme = (
      await allPages("alice's portal", () =>
        box.pat.customerPortal.subscriptions.list({ organizationId: box.demo.organization_id }),
      )
    ).items[0]!;
    const admin = await read(aliceAtAcme, box.org);
    users.add(admin.user.id === admin.customerId ? 'customer' : 'account');
    // Built from the customer (the real SubscriptionUser at f179ede58c): no code-host username.
    expect(admin.user).toMatchObject({ email: 'alice@acme.test', githubUsername: null });
    for (const k of [statuses, discounts, benefits, fields, users]) k.expectAll();
  });

  it('changes the price: as the seller with either token, as the customer with a session or PAT', async () => {
    const a = data.find(
      (s) => s.status === 'active' && isProMonthly(s) && !s.cancelAtPeriodEnd,
    ).sub;
    const yearly = a.product.prices.find(
      (p) => p.type === 'recurring' && p.recurringInterval === 'year' && !p.isArchived,
    )!;
    const moved = await call('price change by the organization', () =>
      box.org.subscriptions.update({ id: a.id, subscriptionUpdate: { productPriceId: yearly.id } }),
    );
    expect(moved).toMatchObject({ priceId: yearly.id, recurringInterval: 'year', amount: 19000 });
    const back = await call('price change by alice', () =>
      box.pat.subscriptions.update({ id: a.id, subscriptionUpdate: { productPriceId: a.priceId } }),
    );
    expect(back).toMatchObject({ priceId: a.priceId, recurringInterval: 'month', amount: 1900 });

    const { sub, as } = data.find((s) => s.status === 'trialing' && s.id !== a.id);
    const other = sub.product.prices.find(
      (p) =>
        p.type === 'recurring' && p.recurringInterval !== sub.recurringInterval && !p.isArchived,
    )!;
    const mine = await call('price change by the customer', () =>
      as.customerPortal.subscriptions.update({
        id: sub.id,
        customerSubscriptionUpdate: { productPriceId: other.id },
      }),
    );
    expect(mine.priceId).toBe(other.id);
    expect(mine.recurringInterval).not.toBe(sub.recurringInterval);

    const globex = (
      await allPages("alice's Globex subscriptions", () =>
        box.pat.customerPortal.subscriptions.list({
          organizationId: box.demo.other.organization_id,
        }),
      )
    ).items[0]!;
    const cloudYearly = globex.product.prices.find(
      (p) => p.type === 'recurring' && p.recurringInterval === 'year',
    )!;
    const byPat = await call('price change by a user token', () =>
      box.pat.customerPortal.subscriptions.update({
        id: globex.id,
        customerSubscriptionUpdate: { productPriceId: cloudYearly.id },
      }),
    );
    expect(byPat).toMatchObject({ priceId: cloudYearly.id, amount: 29000 });
  });

  it('cancels at period end, resumes, and revokes', async () => {
    const { sub, as } = data.find(
      (s) => s.status === 'active' && !s.cancelAtPeriodEnd && !isProMonthly(s),
    );
    // Without `revoke: null` the SDK sends revoke: true too, which the service refuses.
    const both = await expectError(
      'cancel at period end as the SDK sends it',
      errors.HTTPValidationError,
      () =>
        box.pat.subscriptions.update({
          id: sub.id,
          subscriptionUpdate: { cancelAtPeriodEnd: true },
        }),
    );
    expect(both.detail?.[0]).toMatchObject({ loc: ['body', 'revoke'], type: 'value_error' });
    const canceled = await call('cancel by alice', () =>
      box.pat.subscriptions.update({
        id: sub.id,
        subscriptionUpdate: {
          ...KEEP,
          cancelAtPeriodEnd: true,
          customerCancellationReason: 'too_expensive',
          customerCancellationComment: 'Budget',
        },
      }),
    );
    expect(canceled).toMatchObject({
      cancelAtPeriodEnd: true,
      customerCancellationReason: 'too_expensive',
      status: 'active',
    });
    expect(canceled.endsAt).toEqual(sub.currentPeriodEnd);
    const resumed = await call('resume by the organization', () =>
      box.org.subscriptions.update({
        id: sub.id,
        subscriptionUpdate: { ...KEEP, cancelAtPeriodEnd: false },
      }),
    );
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null, endsAt: null });
    const byCustomer = await call('cancel by the customer', () =>
      as.customerPortal.subscriptions.update({
        id: sub.id,
        customerSubscriptionUpdate: { cancelAtPeriodEnd: true, cancellationReason: 'unused' },
      }),
    );
    expect(byCustomer).toMatchObject({
      cancelAtPeriodEnd: true,
      customerCancellationReason: 'unused',
    });
    const revoked = await call('revoke by the organization', () =>
      box.org.subscriptions.update({ id: sub.id, subscriptionUpdate: { revoke: true } }),
    );
    expect(revoked).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(revoked.endedAt).toBeInstanceOf(Date);
  });

  it('maps the errors: AlreadyCanceledSubscription, 404, 422, and 401 as a plain SDKError', async () => {
    const ended = data.find((s) => s.status === 'canceled');
    await expectError(
      'a price change of a canceled subscription',
      errors.AlreadyCanceledSubscription,
      () =>
        box.pat.subscriptions.update({
          id: ended.sub.id,
          subscriptionUpdate: { productPriceId: ended.sub.priceId },
        }),
    );
    await expectError(
      'cancelling it again, as its customer',
      errors.AlreadyCanceledSubscription,
      () =>
        ended.as.customerPortal.subscriptions.update({
          id: ended.sub.id,
          customerSubscriptionUpdate: { cancelAtPeriodEnd: true },
        }),
    );
    const active = data.find((s) => s.status === 'active' && isProMonthly(s));
    // Product.prices lists the live prices only (as the real service); the archived one of
    // the product comes from the store.
    const archived = box.svc.store.get<{ id: string }>(
      'SELECT id FROM prices WHERE product_id = ? AND is_archived = 1',
      active.sub.productId,
    )!;
    const refused = await expectError('an archived price', errors.HTTPValidationError, () =>
      box.org.subscriptions.update({
        id: active.sub.id,
        subscriptionUpdate: { productPriceId: archived.id },
      }),
    );
    expect(refused.detail?.[0]).toMatchObject({ loc: ['body', 'product_price_id'] });
    await expectError('a malformed id', errors.HTTPValidationError, () =>
      box.pat.subscriptions.update({ id: 'sub_1', subscriptionUpdate: KEEP }),
    );
    await expectError('an unknown subscription', errors.ResourceNotFound, () =>
      box.pat.subscriptions.update({ id: UNKNOWN, subscriptionUpdate: KEEP }),
    );
    const other = data.find((s) => s.customerId !== active.sub.customerId);
    await expectError("another customer's subscription", errors.ResourceNotFound, () =>
      active.as.customerPortal.subscriptions.update({
        id: other.sub.id,
        customerSubscriptionUpdate: { cancelAtPeriodEnd: true },
      }),
    );
    await expectError("another organization's subscription", errors.ResourceNotFound, () =>
      box.otherPat.subscriptions.update({ id: active.sub.id, subscriptionUpdate: KEEP }),
    );
    await expectStatus('a customer session on the admin endpoint', 401, () =>
      active.as.subscriptions.update({ id: active.sub.id, subscriptionUpdate: KEEP }),
    );
    await expectStatus('an organization token on the portal', 401, () =>
      box.org.customerPortal.subscriptions.update({
        id: active.sub.id,
        customerSubscriptionUpdate: { cancelAtPeriodEnd: true },
      }),
    );
  });
});
