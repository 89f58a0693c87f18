// The demo customers and their order history: orders, subscriptions in every status, and the
// license keys their purchases granted; `orderCount` scales it for benchmarks.
import { json } from '../db.js';
import { grantLicenseKeys } from '../license-key-grants.js';
import type { Catalogue } from './catalogue.js';
import { DAY, FIRST, LAST, type Price, type SeedContext } from './context.js';

export function seedHistory(c: SeedContext, cat: Catalogue, orderCount: number) {
  const { store, id, pick, at, now, rnd } = c;
  const { users, acme, globex, catalogue, launch, half } = cat;
  // Customers: at least 12 for Acme (more with --orders), 6 for Globex; alice is also a Globex customer.
  const customers: Record<string, { id: string; email: string; user_id: string | null }[]> = {
    [acme]: [],
    [globex]: [],
  };
  const addCustomer = (
    orgId: string,
    n: number,
    userId: string | null = null,
    email?: string,
    name?: string,
  ) => {
    const cid = id();
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
    const mail =
      email ??
      `${first}.${last}${n >= FIRST.length * LAST.length ? n : ''}@example.com`.toLowerCase();
    store.run(
      `INSERT INTO customers (id, created_at, modified_at, organization_id, email, email_verified, name, billing_address, tax_id, metadata, avatar_url, user_id)
       VALUES (?, ?, NULL, ?, ?, 1, ?, ?, NULL, ?, NULL, ?)`,
      cid,
      at(370 - (n % 300)),
      orgId,
      mail,
      name ?? `${first} ${last}`,
      json({
        line1: `${10 + n} Market Street`,
        line2: null,
        postal_code: `${10000 + n}`,
        city: pick(['Lisbon', 'Berlin', 'Austin', 'Osaka', 'Nairobi']),
        state: null,
        country: pick(['PT', 'DE', 'US', 'JP', 'KE']),
      }),
      json({ source: pick(['newsletter', 'search', 'referral']) }),
      userId,
    );
    const c = { id: cid, email: mail, user_id: userId };
    customers[orgId]!.push(c);
    return c;
  };

  const acmeCustomers = Math.max(12, Math.ceil(orderCount / 100));
  for (let n = 0; n < acmeCustomers; n++) addCustomer(acme, n);
  for (let n = 0; n < 6; n++) addCustomer(globex, n + 3);
  const aliceAtGlobex = addCustomer(globex, 999, users[0]!.id, 'alice@acme.test', 'Alice Example');
  const jane = customers[acme]![0]!;

  const STATUSES = [
    'active',
    'active',
    'active',
    'active',
    'active',
    'active',
    'trialing',
    'past_due',
    'canceled',
    'canceled',
    'unpaid',
    'incomplete',
  ];
  const subs: Record<
    string,
    { id: string; customer: string; price: Price; discount: string | null }[]
  > = {};
  let seq = 0;
  const insertOrder = (
    orgId: string,
    c: { id: string; user_id: string | null },
    p: Price,
    when: string,
    reason: string,
    subId: string | null,
    discountId: string | null,
  ) => {
    const off =
      discountId === launch ? 1000 : discountId === half ? Math.round((p.amount ?? 0) / 2) : 0;
    store.run(
      `INSERT INTO orders (id, created_at, modified_at, organization_id, metadata, custom_field_data, amount, tax_amount, currency, billing_reason,
       billing_address, customer_id, product_id, product_price_id, price_type, discount_id, subscription_id, checkout_id, user_id)
       VALUES (?, ?, NULL, ?, ?, '{}', ?, 0, 'usd', ?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?)`,
      id(),
      when,
      orgId,
      json({ channel: pick(['web', 'web', 'api', 'partner']) }),
      Math.max((p.amount ?? 0) - off, 0),
      reason,
      c.id,
      p.product,
      p.id,
      p.type,
      discountId,
      subId,
      c.user_id,
    );
  };
  const insertSubscription = (
    orgId: string,
    c: { id: string; user_id: string | null },
    p: Price,
    startMs: number,
    status: string,
    discountId: string | null,
  ) => {
    const sid = id();
    const periodMs = (p.interval === 'year' ? 365 : 30) * DAY;
    const periods = Math.max(Math.floor((now - startMs) / periodMs), 0);
    const periodStart = startMs + periods * periodMs;
    const ended = status === 'canceled' || status === 'incomplete_expired';
    store.run(
      `INSERT INTO subscriptions (id, created_at, modified_at, organization_id, amount, currency, recurring_interval, status, current_period_start,
       current_period_end, cancel_at_period_end, canceled_at, started_at, ends_at, ended_at, customer_id, product_id, price_id, discount_id,
       checkout_id, customer_cancellation_reason, customer_cancellation_comment, user_id, metadata, custom_field_data)
       VALUES (?, ?, NULL, ?, ?, 'usd', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, '{}', '{}')`,
      sid,
      new Date(startMs).toISOString(),
      orgId,
      p.amount,
      p.interval,
      status,
      new Date(periodStart).toISOString(),
      new Date(periodStart + periodMs).toISOString(),
      ended ? new Date(periodStart).toISOString() : null,
      status === 'incomplete' ? null : new Date(startMs).toISOString(),
      ended ? new Date(periodStart).toISOString() : null,
      ended ? new Date(periodStart).toISOString() : null,
      c.id,
      p.product,
      p.id,
      discountId,
      ended ? pick(['too_expensive', 'unused', 'switched_service']) : null,
      c.user_id,
    );
    return sid;
  };

  // Order history, oldest first, spread over the last 180 days.
  const history = (orgId: string, count: number) => {
    const prices = catalogue[orgId]!;
    for (let i = 0; i < count; i++) {
      const whenMs = now - 180 * DAY + Math.floor(((i + rnd()) / Math.max(count, 1)) * 179 * DAY);
      const when = new Date(whenMs).toISOString();
      const p = prices[i % prices.length]!;
      const discountId =
        orgId === acme && rnd() < 0.1
          ? p.type === 'recurring' && rnd() < 0.5
            ? half
            : launch
          : null;
      const key = `${orgId}:${p.id}`;
      const existing = subs[key] ?? [];
      if (p.type === 'one_time') {
        const c = pick(customers[orgId]!);
        insertOrder(orgId, c, p, when, 'purchase', null, discountId);
        if (seq++ % 3 === 0 || count <= 100)
          grantLicenseKeys(
            store,
            new Date(whenMs),
            p.product,
            { id: c.id, user_id: c.user_id },
            rnd,
          );
      } else if (existing.length && rnd() < 0.4) {
        const s = pick(existing);
        insertOrder(
          orgId,
          { id: s.customer, user_id: null },
          s.price,
          when,
          'subscription_cycle',
          s.id,
          s.discount,
        );
      } else {
        const c = pick(customers[orgId]!);
        const status = STATUSES[seq++ % STATUSES.length]!;
        const sid = insertSubscription(orgId, c, p, whenMs, status, discountId);
        existing.push({ id: sid, customer: c.id, price: p, discount: discountId });
        subs[key] = existing;
        insertOrder(orgId, c, p, when, 'subscription_create', sid, discountId);
        if (count <= 100 || seq % 5 === 0)
          grantLicenseKeys(
            store,
            new Date(whenMs),
            p.product,
            { id: c.id, user_id: c.user_id },
            rnd,
          );
      }
    }
  };
  history(acme, orderCount);
  history(globex, 12);

  return { customers, jane, aliceAtGlobex, insertOrder, insertSubscription };
}
