// The demo's usage-based product (issue 27): Acme's meter of API requests, "Acme API" — $9 a
// month and $1 per 1 000 requests, with 10 000 free requests a month (a meter_credit benefit) —
// and Initech, a customer subscribed to it 28 days ago, with a month of requests ingested as
// they happened: busier on weekdays and in working hours, about 10 900 so far, so the period's
// order bills the requests beyond the credits. Rows go in directly, as the rest of the demo's;
// no order for the subscription's start, so `orders` still counts the demo history's orders.
import { json } from '../store/index.js';
import type { UsageEventRow } from '../store/rows.js';
import type { Catalogue } from './catalogue.js';
import { DAY, type SeedContext } from './context.js';

const HOUR = 3_600_000;

export function seedUsage(c: SeedContext, cat: Catalogue): void {
  const { store, id, at, now, rnd } = c;
  const { acme } = cat;
  const meterId = id();
  const created = at(60);
  store.insert('meters', {
    id: meterId,
    created_at: created,
    modified_at: null,
    organization_id: acme,
    name: 'API requests',
    unit: 'custom',
    custom_label: 'requests',
    custom_multiplier: 1000,
    filter: json({
      conjunction: 'and',
      clauses: [{ property: 'name', operator: 'eq', value: 'api.request' }],
    }),
    aggregation: json({ func: 'count' }),
    metadata: '{}',
    archived_at: null,
    last_billed_event_id: null,
  });
  const benefitId = id();
  const units = 10_000;
  store.insert('benefits', {
    id: benefitId,
    created_at: created,
    modified_at: null,
    organization_id: acme,
    type: 'meter_credit',
    description: '10,000 free API requests a month',
    selectable: 1,
    deletable: 1,
    properties: json({ meter_id: meterId, units, rollover: false }),
  });
  const productId = id();
  store.insert('products', {
    id: productId,
    created_at: created,
    modified_at: null,
    organization_id: acme,
    name: 'Acme API',
    description: 'The Acme API: $9 a month, then $1 per 1,000 requests beyond the free 10,000.',
    is_recurring: 1,
    is_archived: 0,
    metadata: json({ sku: 'acme-api' }),
    visibility: 'public',
    recurring_interval: 'month',
    recurring_interval_count: 1,
  });
  const base = {
    created_at: created,
    modified_at: null,
    product_id: productId,
    is_archived: 0 as const,
    price_currency: 'usd',
    type: 'recurring' as const,
    recurring_interval: 'month' as const,
  };
  const fixedId = id();
  store.insert('prices', { ...base, id: fixedId, amount_type: 'fixed', price_amount: 900 });
  store.insert('prices', {
    ...base,
    id: id(),
    created_at: new Date(Date.parse(created) + 1).toISOString(),
    amount_type: 'metered_unit',
    price_amount: null,
    meter_id: meterId,
    unit_amount: '0.1',
    cap_amount: null,
  });
  store.insert('product_benefits', { product_id: productId, benefit_id: benefitId, order: 0 });

  // Initech, subscribed 28 days ago: its period ends in 2 days.
  const customerId = id();
  const start = now - 28 * DAY;
  store.insert('customers', {
    id: customerId,
    created_at: new Date(start - HOUR).toISOString(),
    modified_at: null,
    organization_id: acme,
    email: 'platform@initech.example',
    email_verified: 1,
    name: 'Initech',
    billing_address: json({
      line1: '4120 Freidrich Lane',
      line2: null,
      postal_code: '78744',
      city: 'Austin',
      state: 'US-TX',
      country: 'US',
    }),
    tax_id: null,
    metadata: json({ plan: 'api' }),
    avatar_url: null,
    user_id: null,
  });
  const startIso = new Date(start).toISOString();
  const subscriptionId = id();
  store.insert('subscriptions', {
    id: subscriptionId,
    created_at: startIso,
    modified_at: null,
    organization_id: acme,
    amount: 900,
    currency: 'usd',
    recurring_interval: 'month',
    status: 'active',
    current_period_start: startIso,
    current_period_end: new Date(start + 30 * DAY).toISOString(),
    cancel_at_period_end: 0,
    canceled_at: null,
    started_at: startIso,
    ends_at: null,
    ended_at: null,
    customer_id: customerId,
    product_id: productId,
    price_id: fixedId,
    discount_id: null,
    checkout_id: null,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    user_id: null,
    metadata: '{}',
    custom_field_data: '{}',
  });
  // The grant of the free requests, and its credit.
  // The same ids on every start, as the rest of the demo's, but one draw of the demo's (slow)
  // generator for all: its first 20 hex digits, then a counter.
  const stem = id().slice(0, 24);
  let n = 0;
  const event = (ts: number, fields: Partial<UsageEventRow>): UsageEventRow => ({
    id: `${stem}${(n++).toString(16).padStart(12, '0')}`,
    ingested_at: new Date(ts).toISOString(),
    ts,
    organization_id: acme,
    name: 'api.request',
    source: 'user',
    customer_id: customerId,
    external_customer_id: null,
    member_id: null,
    external_member_id: null,
    external_id: null,
    parent_id: null,
    parent_ref: null,
    metadata: '{}',
    ...fields,
  });
  store.benefitGrants.insert({
    id: id(),
    created_at: startIso,
    modified_at: null,
    organization_id: acme,
    benefit_id: benefitId,
    customer_id: customerId,
    user_id: null,
    order_id: null,
    subscription_id: subscriptionId,
    granted_at: startIso,
    revoked_at: null,
    properties: json({
      last_credited_meter_id: meterId,
      last_credited_units: units,
      last_credited_at: startIso,
    }),
  });
  const rows: UsageEventRow[] = [
    event(start, {
      name: 'meter.credited',
      source: 'system',
      metadata: json({ meter_id: meterId, units, rollover: false }),
    }),
  ];
  // The requests, hour by hour: more on weekdays and in working hours (UTC-6).
  const routes = ['/v1/completions', '/v1/embeddings', '/v1/search', '/v1/completions'];
  for (let t = start + HOUR; t < now; t += HOUR) {
    const d = new Date(t - 6 * HOUR);
    const weekday = d.getUTCDay() % 6 !== 0;
    const working = d.getUTCHours() >= 8 && d.getUTCHours() < 19;
    const mean = (weekday ? 14 : 4) * (working ? 2.6 : 0.5);
    const n = Math.round(mean * (0.6 + rnd() * 0.8));
    for (let i = 0; i < n; i++) {
      const ts = t + Math.floor(rnd() * HOUR);
      if (ts >= now) continue;
      const route = routes[Math.floor(rnd() * routes.length)]!;
      rows.push(
        event(ts, {
          metadata: `{"route":"${route}","status":${rnd() < 0.02 ? 429 : 200},"latency_ms":${40 + Math.floor(rnd() * 400)}}`,
        }),
      );
    }
  }
  store.usageEvents.insertBatch(rows);
  // The requests' event type, as their first ingest made it (event_type/repository.py
  // get_or_create); the system's meter.credited has none.
  store.eventTypes.ensure(acme, ['api.request'], new Date(start + HOUR).toISOString(), id);
}
