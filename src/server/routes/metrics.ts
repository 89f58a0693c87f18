// GET /v1/metrics/, /v1/metrics/export and /v1/metrics/limits (metrics/endpoints.py at
// c6c3645e), today's generation only: the seed's had no metrics, so without Polar-Version they
// are the router's 404. The query is read as FastAPI reads it (every parameter's problem at
// once), then the metric slugs, then the range against the interval's limit (kit/time_queries.py
// is_under_limits).
import { type Router, sellerAuth, slashRedirect } from '../app.js';
import { discountAmount } from '../domain/checkout-amounts.js';
import { Invalid, invalid, type Problem } from '../domain/errors.js';
import {
  computeMetrics,
  isUnderLimits,
  METRIC_SLUGS,
  type MetricsFacts,
  type MetricsQuery,
  PAID_ORDER_STATUSES,
} from '../domain/metrics.js';
import { isTimeZone, TIME_INTERVALS, type TimeInterval } from '../domain/metrics-time.js';
import type { Store, Visibility } from '../store/index.js';
import * as today from '../today/metrics.js';
import { enumList, type Query, uuidLists } from '../validate.js';

const { READ } = sellerAuth('metrics');
const TODAY = { only: 'today' } as const;
const BILLING_TYPES = ['one_time', 'recurring'] as const;

export function registerMetrics({ app, get, service }: Router): void {
  const { store } = service;

  get(
    '/v1/metrics/',
    READ,
    (req, ctx) => {
      const query = parseQuery(req.query as Query);
      const facts = factsOf(store, ctx.visible);
      const visible = store.metrics.organizations(ctx.visible);
      return today.metricsResponse(computeMetrics(facts, query, visible));
    },
    TODAY,
  );
  slashRedirect(app, '/v1/metrics', '/v1/metrics/');

  get(
    '/v1/metrics/export',
    READ,
    (req, ctx) => {
      const query = parseQuery(req.query as Query);
      const facts = factsOf(store, ctx.visible);
      const result = computeMetrics(facts, query, store.metrics.organizations(ctx.visible));
      ctx.reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="polar-metrics.csv"');
      return today.metricsCsv(result);
    },
    TODAY,
  );

  get('/v1/metrics/limits', READ, () => today.metricsLimits(), TODAY);
}

function factsOf(store: Store, visible: Visibility): MetricsFacts {
  const facts = store.metrics;
  return {
    orders: facts.paidOrders(visible, PAID_ORDER_STATUSES).map((o) => ({
      organization_id: o.organization_id,
      created_at: o.created_at,
      net_amount: o.amount,
      refunded_amount: o.refunded_amount,
      product_id: o.product_id,
      recurring: o.is_recurring === 1,
      customer_id: o.customer_id,
      subscription_id: o.subscription_id,
      subscription_started_at: o.subscription_started_at,
    })),
    subscriptions: facts.subscriptions(visible).map(({ row, recurring, discount }) => {
      const amount = row.amount ?? 0;
      return {
        ...row,
        // Today's Subscription.net_amount: its prices less the discount that still applies.
        net_amount: amount - discountAmount(discount, amount, row.currency ?? 'usd'),
        recurring_interval_count: row.recurring_interval_count ?? 1,
        trial_end: row.trial_end ?? null,
        recurring,
      };
    }),
    checkouts: groupCheckouts(facts.checkouts(visible), facts.products(visible)),
    products: facts.products(visible).map((p) => ({ ...p, recurring: p.is_recurring === 1 })),
  };
}

function groupCheckouts(
  rows: ReturnType<Store['metrics']['checkouts']>,
  products: ReturnType<Store['metrics']['products']>,
): MetricsFacts['checkouts'] {
  const recurring = new Map(products.map((p) => [p.id, p.is_recurring === 1]));
  const byId = new Map<
    string,
    MetricsFacts['checkouts'][number] & { products: { id: string; recurring: boolean }[] }
  >();
  for (const r of rows) {
    let c = byId.get(r.id);
    if (!c) {
      c = { ...r, products: [] };
      byId.set(r.id, c);
    }
    c.products.push({ id: r.product_id, recurring: recurring.get(r.product_id) ?? false });
  }
  return [...byId.values()];
}

const asList = (v: string | string[] | undefined) =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** pydantic's reading of a `date` from a query string, and its words when it cannot. */
function dateProblem(name: string, raw: string | undefined): Problem | undefined {
  if (raw === undefined)
    return { type: 'missing', loc: [name], msg: 'Field required', input: null };
  const bad = (why: string): Problem => ({
    type: 'date_from_datetime_parsing',
    loc: [name],
    msg: `Input should be a valid date or datetime, ${why}`,
    input: raw,
    ctx: { error: why },
  });
  if (raw.length < 10) return bad('input is too short');
  if (!/^\d{4}/.test(raw)) return bad('invalid character in year');
  if (raw[4] !== '-' || raw[7] !== '-') return bad('invalid date separator, expected `-`');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw))
    return bad('unexpected extra characters at the end of the input');
  const [y, m, d] = raw.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12) return bad('month value is outside expected range');
  if (d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate())
    return bad('day value is outside expected range');
  return undefined;
}

export function parseQuery(query: Query): MetricsQuery {
  const problems: Problem[] = [];
  const collect = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      problems.push(...err.problems);
      return undefined;
    }
  };
  const start = asList(query.start_date).at(-1);
  const end = asList(query.end_date).at(-1);
  for (const [name, raw] of [
    ['start_date', start],
    ['end_date', end],
  ] as const) {
    const p = dateProblem(name, raw);
    if (p) problems.push(p);
  }
  const zone = asList(query.timezone).at(-1) ?? 'UTC';
  if (!isTimeZone(zone)) {
    problems.push({
      type: 'TimeZoneName',
      loc: ['timezone'],
      msg: 'Invalid timezone name.',
      input: zone,
    });
  }
  const interval = asList(query.interval).at(-1);
  if (interval === undefined) {
    problems.push({ type: 'missing', loc: ['interval'], msg: 'Field required', input: null });
  } else if (!(TIME_INTERVALS as readonly string[]).includes(interval)) {
    const expected = "'year', 'month', 'week', 'day' or 'hour'";
    problems.push({
      type: 'enum',
      loc: ['interval'],
      msg: `Input should be ${expected}`,
      input: interval,
      ctx: { expected },
    });
  }
  const ids = collect(() => uuidLists(query, 'organization_id', 'product_id')) ?? {
    organization_id: [],
    product_id: [],
  };
  const billing = collect(() => enumList(query, 'billing_type', BILLING_TYPES)) ?? [];
  const customers = collect(() => uuidLists(query, 'customer_id'))?.customer_id ?? [];
  if (problems.length) throw new Invalid(problems, 'query');

  const metrics = query.metrics === undefined ? undefined : asList(query.metrics);
  if (metrics) {
    const unknown = [...new Set(metrics.filter((s) => !METRIC_SLUGS.includes(s)))].sort();
    if (unknown.length) {
      throw invalid(
        ['metrics'],
        `Invalid metric slugs: ${unknown.join(', ')}`,
        metrics,
        'value_error',
        undefined,
        'query',
      );
    }
  }
  if (!isUnderLimits(start!, end!, interval as TimeInterval)) {
    throw invalid(
      [],
      'The interval is too small for the given date range. Use a larger interval or reduce the date range.',
      [start, end, interval],
      'value_error',
      undefined,
      'query',
    );
  }
  return {
    start_date: start!,
    end_date: end!,
    interval: interval as TimeInterval,
    timezone: zone,
    organization_id: ids.organization_id,
    product_id: ids.product_id,
    billing_type: billing as MetricsQuery['billing_type'],
    customer_id: customers,
    ...(metrics ? { metrics } : {}),
  };
}
