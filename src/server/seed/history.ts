// The demo customers and their order history: orders, subscriptions in every status, and the
// license keys their purchases granted; `orderCount` scales it for benchmarks.
import { grantLicenseKeys } from '../domain/license-key-grants.js';
import { json } from '../store/index.js';
import { invoiceNumber, receiptNumber, settledDiscount } from '../store/order-numbers.js';
import type { BillingReason, SubscriptionStatus } from '../store/rows.js';
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
  // The orders' creation facts (store/order-numbers.ts), given as they are written: the history
  // is written oldest first, so each customer's numbers follow the dates. An order written out of
  // its customer's date order (another part of the seed adds an older one) is left without them,
  // and seed.ts settles that customer's orders again at the end.
  const names = new Map<string, string>();
  const slugs = new Map<string, string>();
  const numbered = new Map<string, { invoices: number; receipts: number; last: string }>();
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
    store.insert('customers', {
      id: cid,
      created_at: at(370 - (n % 300)),
      modified_at: null,
      organization_id: orgId,
      email: mail,
      email_verified: 1,
      name: name ?? `${first} ${last}`,
      billing_address: json({
        line1: `${10 + n} Market Street`,
        line2: null,
        postal_code: `${10000 + n}`,
        city: pick(['Lisbon', 'Berlin', 'Austin', 'Osaka', 'Nairobi']),
        state: null,
        country: pick(['PT', 'DE', 'US', 'JP', 'KE']),
      }),
      tax_id: null,
      metadata: json({ source: pick(['newsletter', 'search', 'referral']) }),
      avatar_url: null,
      user_id: userId,
    });
    const c = { id: cid, email: mail, user_id: userId };
    customers[orgId]!.push(c);
    names.set(cid, name ?? `${first} ${last}`);
    return c;
  };

  const acmeCustomers = Math.max(12, Math.ceil(orderCount / 100));
  for (let n = 0; n < acmeCustomers; n++) addCustomer(acme, n);
  for (let n = 0; n < 6; n++) addCustomer(globex, n + 3);
  const aliceAtGlobex = addCustomer(globex, 999, users[0]!.id, 'alice@acme.test', 'Alice Example');
  const jane = customers[acme]![0]!;

  const STATUSES: SubscriptionStatus[] = [
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
    reason: BillingReason,
    subId: string | null,
    discountId: string | null,
    /** What was paid, when not the price less an Acme discount. */
    amount?: number,
  ) => {
    const off =
      discountId === launch ? 1000 : discountId === half ? Math.round((p.amount ?? 0) / 2) : 0;
    const paid = amount ?? Math.max((p.amount ?? 0) - off, 0);
    let slug = slugs.get(orgId);
    if (slug === undefined) {
      slug = store.row('organizations', orgId)!.slug;
      slugs.set(orgId, slug);
    }
    const n = numbered.get(c.id) ?? { invoices: 0, receipts: 0, last: '' };
    // A customer not written here is settled at the end, its billing name read from its row.
    const name = names.get(c.id);
    const inOrder = name !== undefined && when > n.last;
    if (inOrder) {
      n.invoices += 1;
      if (paid > 0) n.receipts += 1;
      n.last = when;
      numbered.set(c.id, n);
    }
    store.insert('orders', {
      id: id(),
      created_at: when,
      modified_at: null,
      organization_id: orgId,
      metadata: json({ channel: pick(['web', 'web', 'api', 'partner']) }),
      custom_field_data: '{}',
      amount: paid,
      tax_amount: 0,
      currency: 'usd',
      billing_reason: reason,
      billing_address: null,
      customer_id: c.id,
      product_id: p.product,
      product_price_id: p.id,
      price_type: p.type,
      discount_id: discountId,
      subscription_id: subId,
      checkout_id: null,
      user_id: c.user_id,
      invoice_number: inOrder ? invoiceNumber(slug, c.id, n.invoices) : null,
      receipt_number: inOrder && paid > 0 ? receiptNumber(c.id, n.receipts) : null,
      billing_name: name ?? null,
      // As the settling reads it: the fixed price above what was paid.
      discount_amount: settledDiscount({
        discount_id: discountId,
        discount_amount: 0,
        base: (p.amountType ?? 'fixed') === 'fixed' ? p.amount : null,
        amount: paid,
      }),
    });
  };
  const insertSubscription = (
    orgId: string,
    c: { id: string; user_id: string | null },
    p: Price,
    startMs: number,
    status: SubscriptionStatus,
    discountId: string | null,
  ) => {
    const sid = id();
    const periodMs = (p.interval === 'year' ? 365 : 30) * DAY;
    const periods = Math.max(Math.floor((now - startMs) / periodMs), 0);
    const periodStart = startMs + periods * periodMs;
    const ended = status === 'canceled' || status === 'incomplete_expired';
    store.insert('subscriptions', {
      id: sid,
      created_at: new Date(startMs).toISOString(),
      modified_at: null,
      organization_id: orgId,
      amount: p.amount,
      currency: 'usd',
      recurring_interval: p.interval!,
      status,
      current_period_start: new Date(periodStart).toISOString(),
      current_period_end: new Date(periodStart + periodMs).toISOString(),
      cancel_at_period_end: 0,
      canceled_at: ended ? new Date(periodStart).toISOString() : null,
      started_at: status === 'incomplete' ? null : new Date(startMs).toISOString(),
      ends_at: ended ? new Date(periodStart).toISOString() : null,
      ended_at: ended ? new Date(periodStart).toISOString() : null,
      customer_id: c.id,
      product_id: p.product,
      price_id: p.id,
      discount_id: discountId,
      checkout_id: null,
      customer_cancellation_reason: ended
        ? pick(['too_expensive', 'unused', 'switched_service'])
        : null,
      customer_cancellation_comment: null,
      user_id: c.user_id,
      metadata: '{}',
      custom_field_data: '{}',
    });
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
