// Usage-based billing (issue 27): ingest through the API against a bare SQLite batch insert of
// the same rows; a meter's quantities over a store of `usageEvents` events (one customer-month,
// and every customer); and one month of the test clock for `usageSubscriptions` metered
// subscriptions with those events (time, and the service's resident memory before and after).
// The large store is written straight into a `--db` file made by `billing serve` (its schema,
// and one subscription made through the API cloned), then served again: setting it up is not
// what is measured.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { memoryOf, startBilling } from './lib/service.mjs';

const TODAY = { 'polar-version': '2026-10', 'content-type': 'application/json' };
const REQUESTS = {
  conjunction: 'and',
  clauses: [{ property: 'name', operator: 'eq', value: 'bench.request' }],
};
const COLUMNS = [
  'id',
  'ingested_at',
  'ts',
  'organization_id',
  'name',
  'source',
  'customer_id',
  'external_customer_id',
  'member_id',
  'external_member_id',
  'external_id',
  'parent_id',
  'parent_ref',
  'metadata',
];
const INSERT = `INSERT INTO usage_events (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`;

/** A request of today's generation; `body` an object, or JSON text already written. */
async function api(svc, method, path, body) {
  const res = await fetch(`${svc.url}${path}`, {
    method,
    headers: { ...TODAY, authorization: `Bearer ${svc.token}` },
    body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The usage_events table and its indexes as the service made them in `file`. */
function usageSchema(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  const sql = db
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'usage_events' AND sql IS NOT NULL")
    .all()
    .map((r) => `${r.sql};`)
    .join('\n');
  db.close();
  return sql;
}

/** Events/s through POST /v1/events/ingest, batches of 1 000 from one client, vs bare SQLite. */
async function ingest(opts, ctx) {
  // The service's own schema for the baseline, from a file it made; the ingest runs in memory.
  const file = join(ctx.tmp, 'schema.db');
  await (await startBilling(ctx.bin, 0, ['--db', file])).stop();
  const svc = await startBilling(ctx.bin, 0);
  ctx.onCleanup(() => svc.stop());
  const batches = Math.max(1, Math.floor(opts.usageIngestEvents / 1000));
  const start = Date.UTC(2026, 0, 1);
  const bodies = Array.from({ length: batches }, (_, b) => ({
    events: Array.from({ length: 1000 }, (_, i) => ({
      name: 'api.request',
      organization_id: svc.orgId,
      external_customer_id: `customer-${(b * 1000 + i) % 500}`,
      timestamp: new Date(start + (b * 1000 + i) * 1000).toISOString(),
      metadata: { route: '/v1/completions', status: 200, tokens: i % 900 },
    })),
  }));
  // The same rows, bound as the service binds them, one transaction per batch of 1 000.
  const db = new DatabaseSync(':memory:');
  db.exec(usageSchema(file));
  const stmt = db.prepare(INSERT);
  const bare = (body) => {
    const rows = body.events.map((e) => [
      randomUUID(),
      new Date().toISOString(),
      Date.parse(e.timestamp),
      e.organization_id,
      e.name,
      'user',
      null,
      e.external_customer_id,
      null,
      null,
      null,
      null,
      null,
      JSON.stringify(e.metadata),
    ]);
    db.exec('BEGIN');
    for (const r of rows) stmt.run(...r);
    db.exec('COMMIT');
  };
  // One warm-up batch each, not counted; then batch by batch, the API's then the baseline's,
  // so both meet the same moments of a shared machine.
  await api(svc, 'POST', '/v1/events/ingest', bodies[0]);
  bare(bodies[0]);
  let apiMs = 0;
  let bareMs = 0;
  // The client's batches are written before: what is timed is the service's work.
  const texts = bodies.map((body) => JSON.stringify(body));
  for (const [i, body] of bodies.entries()) {
    if (i === 0) continue;
    apiMs += await timed(() => api(svc, 'POST', '/v1/events/ingest', texts[i]));
    bareMs += await timed(() => bare(body));
  }
  await svc.stop();
  db.close();
  const counted = (batches - 1) * 1000;
  const apiRate = counted / (apiMs / 1000);
  const bareRate = counted / (bareMs / 1000);
  const ratio = apiRate / bareRate;
  return [
    {
      figure: `usage: ingest ${((batches - 1) * 1000).toLocaleString('en-US')} events, batches of 1,000`,
      value: `${Math.round(apiRate).toLocaleString('en-US')} events/s`,
      baseline: `${Math.round(bareRate).toLocaleString('en-US')} events/s`,
      ratio,
      target: '≥ 50,000/s and ≥ 0.5×',
      met: apiRate >= 50_000 && ratio >= 0.5,
      note: 'POST /v1/events/ingest from one client, one batch at a time; baseline: the same rows into the same table and indexes with one prepared statement',
    },
  ];
}

/** A store of metered subscriptions and their events, in a --db file. */
async function bigStore(opts, ctx) {
  const file = join(ctx.tmp, 'usage.db');
  let svc = await startBilling(ctx.bin, 0, ['--db', file]);
  const meter = await api(svc, 'POST', '/v1/meters/', {
    name: 'API requests',
    filter: REQUESTS,
    aggregation: { func: 'count' },
    organization_id: svc.orgId,
  });
  const product = await api(svc, 'POST', '/v1/products/', {
    name: 'Bench API',
    recurring_interval: 'month',
    organization_id: svc.orgId,
    prices: [
      { amount_type: 'fixed', price_amount: 1000 },
      { amount_type: 'metered_unit', meter_id: meter.id, unit_amount: '0.1' },
    ],
  });
  const checkout = await api(svc, 'POST', '/v1/checkouts/', { products: [product.id] });
  await api(svc, 'POST', `/v1/checkouts/client/${checkout.client_secret}/confirm`, {
    customer_email: 'bench-0@example.com',
    customer_name: 'Bench 0',
    customer_billing_address: {
      country: 'US',
      state: 'US-NY',
      city: 'NYC',
      line1: '1 St',
      postal_code: '10001',
    },
    confirmation_token_id: 'tok_visa',
  });
  const [sub] = (await api(svc, 'GET', `/v1/subscriptions/?product_id=${product.id}`)).items;
  await svc.stop();

  const db = new DatabaseSync(file);
  const customer = db.prepare('SELECT * FROM customers WHERE id = ?').get(sub.customer_id);
  const subscription = db.prepare('SELECT * FROM subscriptions WHERE id = ?').get(sub.id);
  const insertRow = (table, row) => {
    const keys = Object.keys(row);
    db.prepare(
      `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
    ).run(...Object.values(row));
  };
  const customers = [customer.id];
  db.exec('BEGIN');
  for (let i = 1; i < opts.usageSubscriptions; i++) {
    const id = randomUUID();
    insertRow('customers', {
      ...customer,
      id,
      email: `bench-${i}@example.com`,
      name: `Bench ${i}`,
    });
    insertRow('subscriptions', { ...subscription, id: randomUUID(), customer_id: id });
    customers.push(id);
  }
  db.exec('COMMIT');
  const from = Date.parse(subscription.current_period_start);
  const span = Date.parse(subscription.current_period_end) - from;
  const ingestedAt = new Date(from + 1000).toISOString();
  const stmt = db.prepare(INSERT);
  const perCustomer = Math.ceil(opts.usageEvents / customers.length);
  db.exec('BEGIN');
  for (const [c, id] of customers.entries())
    for (let i = 0; i < perCustomer; i++)
      stmt.run(
        randomUUID(),
        ingestedAt,
        from + Math.floor(((i + (c % 7) / 7) / perCustomer) * span),
        svc.orgId,
        'bench.request',
        'user',
        id,
        null,
        null,
        null,
        null,
        null,
        null,
        '{"route":"/v1/completions","status":200}',
      );
  db.exec('COMMIT');
  db.close();
  svc = await startBilling(ctx.bin, 0, ['--db', file]);
  ctx.onCleanup(() => svc.stop());
  return { svc, meter, subscription, customers, events: perCustomer * customers.length };
}

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function usage(opts, ctx) {
  const rows = await ingest(opts, ctx);
  ctx.log(`usage: writing ${opts.usageEvents} events for ${opts.usageSubscriptions} subscriptions`);
  const { svc, meter, subscription, customers, events } = await bigStore(opts, ctx);
  const n = events.toLocaleString('en-US');
  const month = `start_timestamp=${encodeURIComponent(subscription.current_period_start)}&end_timestamp=${encodeURIComponent(subscription.current_period_end)}&interval=day`;
  const path = `/v1/meters/${meter.id}/quantities?${month}`;
  const one = [];
  for (let i = 0; i < opts.usageQuantityRuns; i++) {
    const customer = customers[(i * 7919) % customers.length];
    one.push(await timed(() => api(svc, 'GET', `${path}&customer_id=${customer}`)));
  }
  const all = [];
  for (let i = 0; i < Math.max(5, Math.floor(opts.usageQuantityRuns / 10)); i++)
    all.push(await timed(() => api(svc, 'GET', path)));
  const check = await api(svc, 'GET', path);
  if (check.total !== events)
    throw new Error(`quantities total ${check.total}, expected ${events}`);
  const p99one = percentile(one, 99);
  const p99all = percentile(all, 99);
  rows.push(
    {
      figure: `usage: quantities, one customer-month of ${n} events`,
      value: `${p99one.toFixed(1)} ms p99`,
      baseline: `${percentile(one, 50).toFixed(1)} ms p50`,
      ratio: p99one / percentile(one, 50),
      target: '< 50 ms p99',
      met: p99one < 50,
      note: `${one.length} requests by day over the period, customers spread over ${customers.length}`,
    },
    {
      figure: `usage: quantities, every customer over ${n} events`,
      value: `${p99all.toFixed(1)} ms p99`,
      baseline: `${percentile(all, 50).toFixed(1)} ms p50`,
      ratio: p99all / percentile(all, 50),
      target: '< 500 ms',
      met: p99all < 500,
      note: `${all.length} requests by day over the period`,
    },
  );
  const before = memoryOf(svc.pid);
  const end = new Date(Date.parse(subscription.current_period_end) + 60_000).toISOString();
  const advance = await timed(() => api(svc, 'POST', '/__local/clock', { set: end }));
  const after = memoryOf(svc.pid);
  const product = subscription.product_id;
  const orders = await api(svc, 'GET', `/v1/orders/?product_id=${product}&limit=1`);
  // The first subscription's own order at its start, then one renewal each.
  const renewals = { pagination: { total_count: orders.pagination.total_count - 1 } };
  rows.push({
    figure: `usage: advance one month, ${customers.length.toLocaleString('en-US')} metered subscriptions, ${n} events`,
    value: `${(advance / 1000).toFixed(2)} s`,
    baseline: `RSS ${(before.rssKiB / 1024).toFixed(0)} → ${(after.rssKiB / 1024).toFixed(0)} MiB`,
    ratio: after.rssKiB / before.rssKiB,
    target: '< 5 s, flat memory',
    met: advance < 5000 && after.rssKiB < before.rssKiB * 1.5,
    note: `POST /__local/clock; ${renewals.pagination.total_count} renewal orders; ratio: resident memory after over before`,
  });
  return rows;
}
