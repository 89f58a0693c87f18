// Subscriptions (spec endpoints 4–6): the admin and customer-portal forms, price changes and
// their rules, cancellation, and the portal list's filters, sorting and pagination.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  allPages,
  asc,
  BUYER,
  DISCOUNT_FULL,
  desc,
  expectShape,
  expectSorted,
  invalid,
  type Json,
  NOT_FOUND,
  page,
  type Service,
  SUBSCRIPTION_ADMIN,
  SUBSCRIPTION_PORTAL,
  startService,
  uuidParsing,
} from './helpers.js';

let svc: Service;
const price = {
  proMonthly: '',
  proYearly: '',
  proArchived: '',
  teamMonthly: '',
  desktop: '',
  legacy: '',
  globex: '',
};
/** The Acme customer with the most subscriptions, and a session token of theirs. */
let customer: { id: string; token: string; count: number };

beforeAll(async () => {
  svc = await startService();
  const [pro, desktop, team] = svc.demo.open_checkout_ids;
  const prices = async (id: string | undefined) =>
    (await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice })).body.product
      .prices as Json[];
  const proPrices = await prices(pro);
  price.proMonthly = proPrices.find((p) => p.price_amount === 1900).id;
  price.proYearly = proPrices.find((p) => p.price_amount === 19000).id;
  price.teamMonthly = (await prices(team)).find((p) => p.recurring_interval === 'month').id;
  price.desktop = (await prices(desktop))[0].id;
  const store = svc.running.store;
  // A product's prices are its live ones (as the real service); the archived one from the store.
  price.proArchived = store.get<{ id: string }>(
    "SELECT pr.id FROM prices pr JOIN products p ON p.id = pr.product_id WHERE p.name = 'Acme Pro' AND pr.is_archived = 1",
  )!.id;
  price.legacy = store.get<{ id: string }>(
    "SELECT pr.id FROM prices pr JOIN products p ON p.id = pr.product_id WHERE p.name = 'Acme Legacy'",
  )!.id;
  const globexOrders = await svc.api('GET', '/v1/orders/', {
    token: svc.bob,
    query: { product_price_type: 'recurring', limit: 1 },
  });
  price.globex = globexOrders.body.items[0].product_price_id;
  const top = store.get<{ customer_id: string; n: number }>(
    `SELECT customer_id, count(*) AS n FROM subscriptions WHERE organization_id = ?
     GROUP BY customer_id ORDER BY n DESC, customer_id LIMIT 1`,
    svc.demo.organization_id,
  )!;
  customer = { id: top.customer_id, token: '', count: top.n };
});
afterAll(() => svc.stop());

/** A fresh session token after each reset (sessions live in the database). */
async function session(): Promise<string> {
  customer.token = await svc.customerSession(customer.id);
  return customer.token;
}

/** An Acme subscription in `status` on the Pro monthly price, via the admin's order list. */
async function acmeSubscription(status = 'active'): Promise<Json> {
  const orders = await allPages(svc.api, '/v1/orders/', {
    token: svc.alice,
    query: { product_price_type: 'recurring' },
  });
  const order = orders.find(
    (o) => o.subscription.status === status && o.subscription.price_id === price.proMonthly,
  );
  expect(order, `an Acme Pro monthly subscription in status ${status}`).toBeDefined();
  return order.subscription;
}

const adminPatch = (id: string, body: unknown, token = svc.alice) =>
  svc.api('PATCH', `/v1/subscriptions/${id}`, { token, body });

describe('PATCH /v1/subscriptions/{id} (admin form)', () => {
  beforeEach(() => svc.reset());

  it('changes the price and updates amount, price_id, product_id and the embedded forms', async () => {
    const sub = await acmeSubscription();
    const r = await adminPatch(sub.id, { product_price_id: price.proYearly });
    expect(r.status).toBe(200);
    expectShape(r.body, SUBSCRIPTION_ADMIN);
    expect(r.body).toMatchObject({
      id: sub.id,
      amount: 19000,
      currency: 'usd',
      recurring_interval: 'year',
      price_id: price.proYearly,
      product_id: sub.product_id,
      price: { id: price.proYearly, price_amount: 19000, recurring_interval: 'year' },
      product: { id: sub.product_id, name: 'Acme Pro' },
      customer: { id: sub.customer_id },
    });
    expect(r.body.modified_at).not.toBeNull();

    const team = await adminPatch(sub.id, { product_price_id: price.teamMonthly });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({
      amount: 4900,
      recurring_interval: 'month',
      price_id: price.teamMonthly,
      price: { id: price.teamMonthly, price_amount: 4900 },
      product: { name: 'Acme Team', is_recurring: true },
    });
    expect(team.body.product_id).toBe(team.body.product.id);
    expect(team.body.product_id).not.toBe(sub.product_id);
    // The admin product form carries metadata and the attached custom fields.
    expect(team.body.product.metadata).toEqual({ sku: 'acme-team' });
    expect(team.body.product.attached_custom_fields.map((f: Json) => f.custom_field.slug)).toEqual([
      'company',
      'seats',
      'start_date',
      'newsletter',
      'team_size',
    ]);

    // The change shows in the order's embedded subscription too.
    const orders = await allPages(svc.api, '/v1/orders/', {
      token: svc.alice,
      query: { customer_id: sub.customer_id },
    });
    const embedded = orders.find((o) => o.subscription_id === sub.id);
    expect(embedded.subscription).toMatchObject({ price_id: price.teamMonthly, amount: 4900 });
  });

  it('embeds the full discount of a subscription bought with a discount code', async () => {
    const [pro] = svc.demo.open_checkout_ids;
    const checkout = await svc.api('GET', `/v1/checkouts/custom/${pro}`, { token: svc.alice });
    const confirmed = await svc.api(
      'POST',
      `/v1/checkouts/custom/client/${checkout.body.client_secret}/confirm`,
      {
        body: {
          customer_email: 'half@example.com',
          discount_code: 'HALFOFF',
          ...BUYER,
          confirmation_token_id: 'tok_visa',
        },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      subtotal_amount: 950,
      discount: { code: 'HALFOFF', type: 'percentage', basis_points: 5000 },
    });
    const subId = (await svc.api('GET', `/v1/checkouts/custom/${pro}`, { token: svc.alice })).body
      .subscription_id;
    const [order] = (
      await allPages(svc.api, '/v1/orders/', {
        token: svc.alice,
        query: { discount_id: confirmed.body.discount_id },
      })
    ).filter((o) => o.checkout_id === pro);
    expect(order).toMatchObject({ amount: 950, subscription_id: subId });
    expect(order.subscription).toMatchObject({
      amount: 1900,
      discount_id: confirmed.body.discount_id,
    });
    const r = await adminPatch(subId, { product_price_id: price.proYearly });
    expect(r.status).toBe(200);
    expectShape(r.body, SUBSCRIPTION_ADMIN);
    expectShape(r.body.discount, DISCOUNT_FULL);
    expect(r.body.discount).toMatchObject({
      code: 'HALFOFF',
      duration: 'repeating',
      duration_in_months: 3,
      redemptions_count: 1,
      organization_id: svc.demo.organization_id,
    });
    expect(r.body.discount.products.map((p: Json) => p.name).sort()).toEqual([
      'Acme Pro',
      'Acme Team',
    ]);
    expect(r.body).toMatchObject({ discount_id: r.body.discount.id, checkout_id: pro });
    expect(r.body.customer).toMatchObject({ email: 'half@example.com' });
  });

  it('refuses prices that are one-time, archived, of another organization or unknown', async () => {
    const sub = await acmeSubscription();
    const loc = ['body', 'product_price_id'];
    const cases: [string, string][] = [
      [price.desktop, 'Price is not recurring.'],
      [price.proArchived, 'Price is archived.'],
      [price.legacy, 'Price is archived.'],
      [price.globex, 'Price does not exist.'],
      ['00000000-0000-4000-8000-000000000000', 'Price does not exist.'],
    ];
    for (const [id, msg] of cases) {
      const r = await adminPatch(sub.id, { product_price_id: id });
      expect([msg, r.status, r.body]).toEqual([
        msg,
        422,
        invalid({ type: 'value_error', loc, msg, input: id }),
      ]);
    }
    const notUuid = await adminPatch(sub.id, { product_price_id: 'yearly' });
    expect([notUuid.status, notUuid.body]).toEqual([
      422,
      uuidParsing(['body', 'product_price_id'], 'yearly'),
    ]);
    const unchanged = await acmeSubscription();
    expect(unchanged.id).toBe(sub.id);
    expect(unchanged.modified_at).toBeNull();
  });

  it('schedules a cancellation, then refuses a price change of it', async () => {
    const sub = await acmeSubscription();
    const r = await adminPatch(sub.id, {
      cancel_at_period_end: true,
      customer_cancellation_reason: 'too_expensive',
      customer_cancellation_comment: 'Budget cuts',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      ends_at: sub.current_period_end,
      customer_cancellation_reason: 'too_expensive',
      customer_cancellation_comment: 'Budget cuts',
    });
    expect(r.body.canceled_at).not.toBeNull();
    const change = await adminPatch(sub.id, { product_price_id: price.proYearly });
    expect([change.status, change.body]).toEqual([
      403,
      {
        error: 'AlreadyCanceledSubscription',
        detail: 'This subscription is already canceled or will be at the end of the period.',
      },
    ]);
    const undo = await adminPatch(sub.id, { cancel_at_period_end: false });
    expect(undo.body).toMatchObject({
      cancel_at_period_end: false,
      ends_at: null,
      canceled_at: null,
    });
  });

  it('revokes a subscription at once', async () => {
    const sub = await acmeSubscription();
    const r = await adminPatch(sub.id, { revoke: true, customer_cancellation_reason: 'unused' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'canceled', customer_cancellation_reason: 'unused' });
    expect(r.body.ended_at).not.toBeNull();
  });

  it('refuses bad bodies with 422', async () => {
    const sub = await acmeSubscription();
    const reason = await adminPatch(sub.id, { customer_cancellation_reason: 'bored' });
    expect(reason.status).toBe(422);
    expect(reason.body.detail[0]).toMatchObject({
      type: 'enum',
      loc: ['body', 'customer_cancellation_reason'],
      input: 'bored',
    });
    const proration = await adminPatch(sub.id, {
      product_price_id: price.proYearly,
      proration_behavior: 'later',
    });
    expect(proration.status).toBe(422);
    expect(proration.body.detail[0].loc).toEqual(['body', 'proration_behavior']);
    // Revoking and cancelling at period end at once is refused, not resolved by picking one.
    const both = await adminPatch(sub.id, { revoke: true, cancel_at_period_end: true });
    expect([both.status, both.body]).toEqual([
      422,
      invalid({
        type: 'value_error',
        loc: ['body', 'revoke'],
        msg: 'Use either `revoke` for immediate cancellation and revokation or `cancel_at_period_end`.',
        input: true,
      }),
    ]);
    const after = await adminPatch(sub.id, {});
    expect(after.body).toMatchObject({ status: 'active', cancel_at_period_end: false });
  });

  it('answers a PATCH with nothing to do with the subscription as it is, whatever its state', async () => {
    for (const status of ['active', 'canceled']) {
      const sub = await acmeSubscription(status);
      for (const body of [{}, { revoke: null, cancel_at_period_end: null }]) {
        const r = await adminPatch(sub.id, body);
        expect(r.status).toBe(200);
        expectShape(r.body, SUBSCRIPTION_ADMIN);
        expect(r.body).toMatchObject({ id: sub.id, status, modified_at: sub.modified_at });
      }
    }
  });

  it('embeds the user of a subscription whose customer is a user', async () => {
    const mine = await svc.api('GET', '/v1/customer-portal/subscriptions/', { token: svc.alice });
    const sub = mine.body.items.find(
      (s: Json) => s.product.organization.id === svc.demo.other.organization_id,
    );
    // A body that asks nothing answers the subscription as it is.
    const r = await adminPatch(sub.id, {}, svc.bob);
    expect(r.status).toBe(200);
    expectShape(r.body, SUBSCRIPTION_ADMIN);
    // Built from the customer, as the real SubscriptionUser at f179ede58c (the seed generation).
    const c = r.body.customer;
    expect(r.body.user).toEqual({
      id: sub.user_id,
      email: c.email,
      public_name: Array.from(c.name || c.email)[0],
      avatar_url: c.avatar_url,
      code_host_username: null,
      github_username: null,
    });
  });

  // The real service's update at the seed's generation (subscription/service.py
  // `_perform_cancellation` and `uncancel`, polarsource/polar f179ede58c): a second cancellation
  // is refused (403), a resumption of one not set to end is a 400, of one that ended a 410.
  it('refuses a second cancellation, a resumption of nothing, and one of an ended subscription', async () => {
    const sub = await acmeSubscription();
    expect((await adminPatch(sub.id, { cancel_at_period_end: true }, svc.alice)).status).toBe(200);
    const again = await adminPatch(sub.id, { cancel_at_period_end: true }, svc.alice);
    expect([again.status, again.body.error]).toEqual([403, 'AlreadyCanceledSubscription']);
    expect((await adminPatch(sub.id, { cancel_at_period_end: false }, svc.alice)).status).toBe(200);
    const nothing = await adminPatch(sub.id, { cancel_at_period_end: false }, svc.alice);
    expect([nothing.status, nothing.body.error]).toEqual([400, 'BadRequest']);
    expect((await adminPatch(sub.id, { revoke: true }, svc.alice)).status).toBe(200);
    const gone = await adminPatch(sub.id, { cancel_at_period_end: false }, svc.alice);
    expect([gone.status, gone.body]).toEqual([
      410,
      { error: 'ResourceUnavailable', detail: 'Unavailable' },
    ]);
  });

  it("answers 404 for another organization's subscription", async () => {
    const sub = await acmeSubscription();
    const r = await adminPatch(sub.id, { product_price_id: price.globex }, svc.bob);
    expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
  });
});

describe('customer portal', () => {
  beforeEach(async () => {
    await svc.reset();
    await session();
  });
  const list = (query: Record<string, string | number | (string | number)[]> = {}) =>
    svc.api('GET', '/v1/customer-portal/subscriptions/', { token: customer.token, query });
  const everything = () =>
    allPages(svc.api, '/v1/customer-portal/subscriptions/', { token: customer.token });

  it("lists the customer's own subscriptions in the portal form", async () => {
    const r = await list({ limit: 100 });
    expect(r.status).toBe(200);
    expectShape(r.body, page(SUBSCRIPTION_PORTAL));
    expect(customer.count).toBeGreaterThanOrEqual(3);
    expect(r.body.pagination).toEqual({ total_count: customer.count, max_page: 1 });
    for (const s of r.body.items) {
      expect(s.customer_id).toBe(customer.id);
      expect(s.product.organization).toMatchObject({ id: svc.demo.organization_id, slug: 'acme' });
      expect(s.price.id).toBe(s.price_id);
    }
  });

  it("lists a user's subscriptions across organizations with a personal access token", async () => {
    const r = await svc.api('GET', '/v1/customer-portal/subscriptions/', { token: svc.alice });
    expect(r.status).toBe(200);
    expectShape(r.body, page(SUBSCRIPTION_PORTAL));
    expect(new Set(r.body.items.map((s: Json) => s.product.organization.id))).toEqual(
      new Set([svc.demo.organization_id, svc.demo.other.organization_id]),
    );
  });

  it('filters by active, query, product_id and organization_id', async () => {
    const all = await everything();
    const active = await allPages(svc.api, '/v1/customer-portal/subscriptions/', {
      token: customer.token,
      query: { active: 'true' },
    });
    expect(active.map((s) => s.id).sort()).toEqual(
      all
        .filter((s) => ['active', 'trialing'].includes(s.status))
        .map((s) => s.id)
        .sort(),
    );
    const inactive = await allPages(svc.api, '/v1/customer-portal/subscriptions/', {
      token: customer.token,
      query: { active: 'false' },
    });
    expect(inactive.map((s) => s.id).sort()).toEqual(
      all
        .filter((s) => ['canceled', 'unpaid'].includes(s.status))
        .map((s) => s.id)
        .sort(),
    );
    const bad = await list({ active: 'maybe' });
    expect([bad.status, bad.body]).toEqual([
      422,
      invalid({
        type: 'bool_parsing',
        loc: ['query', 'active'],
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 'maybe',
      }),
    ]);

    const name = all[0].product.name as string;
    const fragment = name.slice(2, 7).toUpperCase();
    const byQuery = await list({ query: fragment, limit: 100 });
    expect(byQuery.body.items.map((s: Json) => s.id).sort()).toEqual(
      all
        .filter((s) => s.product.name.toLowerCase().includes(fragment.toLowerCase()))
        .map((s) => s.id)
        .sort(),
    );
    const none = await list({ query: 'zz%_no such product' });
    expect(none.body.pagination.total_count).toBe(0);

    const productIds = [...new Set(all.map((s) => s.product_id))];
    const byProduct = await list({ product_id: productIds[0], limit: 100 });
    expect(byProduct.body.items.length).toBe(
      all.filter((s) => s.product_id === productIds[0]).length,
    );
    const both = await list({ product_id: productIds, limit: 1 });
    expect(both.body.pagination.total_count).toBe(all.length);
    const otherOrg = await list({ organization_id: svc.demo.other.organization_id });
    expect(otherOrg.body.pagination.total_count).toBe(0);
  });

  it('sorts by -started_at by default, and by amount, status and product', async () => {
    const all = await everything();
    expectSorted(
      // Not started yet (null) sorts first descending, as in the real service's PostgreSQL.
      all.map((s) => s.started_at ?? '\uffff'),
      desc,
    );
    expect(all[0].started_at).toBeNull();
    const started = await allPages(svc.api, '/v1/customer-portal/subscriptions/', {
      token: customer.token,
      query: { sorting: 'started_at' },
    });
    expect(started.at(-1).started_at).toBeNull();
    expectSorted(
      started.map((s) => s.started_at ?? '\uffff'),
      asc,
    );
    const by = async (sorting: string | string[]) =>
      allPages(svc.api, '/v1/customer-portal/subscriptions/', {
        token: customer.token,
        query: { sorting },
      });
    expectSorted(
      (await by('amount')).map((s) => s.amount as number),
      asc,
    );
    expectSorted(
      (await by('-amount')).map((s) => s.amount as number),
      desc,
    );
    expectSorted(
      (await by('status')).map((s) => s.status as string),
      asc,
    );
    expectSorted(
      (await by('-product')).map((s) => s.product.name as string),
      desc,
    );
    expectSorted(
      (await by(['product', '-amount'])).map((s) => [s.product.name, s.amount] as const),
      (a, b) => asc(a[0] as string, b[0] as string) || desc(a[1] as number, b[1] as number),
    );
    const bad = await list({ sorting: 'amount,status' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: 'enum', loc: ['query', 'sorting', 0] });
  });

  it('pages through every subscription exactly once', async () => {
    const all = await everything();
    const seen: string[] = [];
    for (let p = 1; p <= Math.ceil(all.length / 2); p++) {
      const r = await list({ limit: 2, page: p });
      expect(r.body.pagination).toEqual({
        total_count: all.length,
        max_page: Math.ceil(all.length / 2),
      });
      seen.push(...r.body.items.map((s: Json) => s.id));
    }
    expect(seen).toEqual(all.map((s) => s.id));
    const past = await list({ limit: 2, page: 99 });
    expect(past.body.items).toEqual([]);
    const zero = await list({ limit: 0 });
    expect(zero.status).toBe(422);
  });

  it('changes the price of an own subscription with the session token', async () => {
    const all = await everything();
    const sub = all.find((s) => s.status === 'active' && !s.cancel_at_period_end);
    expect(sub).toBeDefined();
    const target = sub.price_id === price.proYearly ? price.teamMonthly : price.proYearly;
    const r = await svc.api('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, {
      token: customer.token,
      body: { product_price_id: target },
    });
    expect(r.status).toBe(200);
    expectShape(r.body, SUBSCRIPTION_PORTAL);
    expect(r.body.price_id).toBe(target);
    expect(r.body.price.id).toBe(target);
    expect(r.body.product_id).toBe(r.body.product.id);
    expect(r.body.amount).toBe(r.body.price.price_amount);
    const archived = await svc.api('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, {
      token: customer.token,
      body: { product_price_id: price.proArchived },
    });
    expect([archived.status, archived.body]).toEqual([
      422,
      invalid({
        type: 'value_error',
        loc: ['body', 'product_price_id'],
        msg: 'Price is archived.',
        input: price.proArchived,
      }),
    ]);
  });

  it("changes a user's own subscription with a personal access token", async () => {
    const mine = await svc.api('GET', '/v1/customer-portal/subscriptions/', { token: svc.alice });
    const sub = mine.body.items.find(
      (s: Json) => s.product.organization.id === svc.demo.other.organization_id,
    );
    const yearly = sub.product.prices.find((p: Json) => p.recurring_interval === 'year');
    const r = await svc.api('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, {
      token: svc.alice,
      body: { product_price_id: yearly.id },
    });
    expect(r.status).toBe(200);
    expectShape(r.body, SUBSCRIPTION_PORTAL);
    expect(r.body).toMatchObject({
      price_id: yearly.id,
      amount: yearly.price_amount,
      recurring_interval: 'year',
    });
    const acme = await svc.api('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, {
      token: svc.alice,
      body: { product_price_id: price.proYearly },
    });
    expect(acme.status).toBe(422);
  });

  it('cancels at period end with the portal field names', async () => {
    const all = await everything();
    const sub = all.find((s) => s.status === 'active' && !s.cancel_at_period_end);
    const r = await svc.api('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, {
      token: customer.token,
      body: { cancel_at_period_end: true, cancellation_reason: 'unused' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      cancel_at_period_end: true,
      customer_cancellation_reason: 'unused',
    });
  });

  it("answers 404 for another customer's subscription", async () => {
    const other = svc.running.store.get<{ id: string }>(
      'SELECT id FROM subscriptions WHERE customer_id != ? LIMIT 1',
      customer.id,
    )!.id;
    const r = await svc.api('PATCH', `/v1/customer-portal/subscriptions/${other}`, {
      token: customer.token,
      body: { product_price_id: price.proYearly },
    });
    expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
  });

  it('refuses a session token once it has expired (1 hour)', async () => {
    await svc.advanceClock(3601);
    const r = await list();
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('invalid_token');
  });
});
