// Metrics through SDK 1.0.1 in today's generation (API version 2026-10): GET /v1/metrics/,
// /v1/metrics/export and /v1/metrics/limits, each answer checked against the document
// (harness.ts). The rules are the real service's at c6c3645e (metrics/endpoints.py, service.py,
// kit/time_queries.py): the limits per interval, a range longer than its interval allows and
// unknown metric slugs refused (422), the periods of each interval from the truncated start, the
// metrics asked for and only those, the token's own organizations, the CSV export's columns.
// The values themselves are checked against a reference in test/server/metrics.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expect422,
  expectCalls,
  expectError,
  type Polar,
  PolarClientError,
  startToday,
  type TodayBox,
} from './harness.js';
import { buy } from './purchases.js';

let box: TodayBox;
let seller: Polar;
let bought: { orderId: string; customerId: string };
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  bought = await buy(box, 'desktop', 'metrics-buyer@example.com');
});
afterAll(async () => {
  expectCalls(box, 'metrics');
  await box.stop();
});

const INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;

/** The service's date (the demo's history ends there). */
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe('limits', () => {
  it('kit/time_queries.py: MIN_DATE, and the days each interval may span', async () => {
    expect(await seller.metrics.limits()).toEqual({
      min_date: '2023-01-01',
      intervals: {
        hour: { min_days: 0, max_days: 7 },
        day: { min_days: 0, max_days: 366 },
        week: { min_days: 14, max_days: 371 },
        month: { min_days: 60, max_days: 1460 },
        year: { min_days: 366, max_days: 3650 },
      },
    });
    expect(await box.org.metrics.limits()).toMatchObject({ min_date: '2023-01-01' });
  });
});

describe('periods', () => {
  it.each([
    ['hour', 2, 72],
    ['day', 30, 31],
    ['week', 70, 11],
    ['month', 365, 13],
    ['year', 1000, 3],
  ] as const)('by %s over %i days: every metric, in every period', async (interval, days, at) => {
    const end = today();
    const start = daysBefore(end, days);
    const answer = await seller.metrics.get({ start_date: start, end_date: end, interval });
    // Periods from the start's week/month/year, one per interval while not past the end.
    expect(answer.periods.length === at || answer.periods.length === at + 1).toBe(true);
    const first = Date.parse(answer.periods[0]!.timestamp);
    expect(first).toBeLessThanOrEqual(Date.parse(`${start}T00:00:00Z`));
    const slugs = Object.keys(answer.metrics);
    expect(slugs).toHaveLength(55);
    for (const p of answer.periods) expect(Object.keys(p)).toEqual(['timestamp', ...slugs]);
    expect(Object.keys(answer.totals)).toEqual(slugs);
  });

  it('the demo sells: its orders and revenue are counted, its subscriptions are MRR', async () => {
    const end = today();
    const answer = await seller.metrics.get({
      start_date: daysBefore(end, 360),
      end_date: end,
      interval: 'month',
      metrics: ['orders', 'revenue', 'monthly_recurring_revenue', 'active_subscriptions'],
    });
    expect(answer.totals.orders).toBeGreaterThan(0);
    expect(answer.totals.revenue).toBeGreaterThan(0);
    expect(answer.totals.monthly_recurring_revenue).toBeGreaterThan(0);
    expect(answer.totals.active_subscriptions).toBeGreaterThan(0);
    const sum = answer.periods.reduce((a, p) => a + (p.orders ?? 0), 0);
    expect(answer.totals.orders).toBe(sum);
  });

  it('in a time zone, a period starts at its local midnight', async () => {
    const end = today();
    const answer = await seller.metrics.get({
      start_date: daysBefore(end, 6),
      end_date: end,
      interval: 'day',
      timezone: 'Asia/Kolkata',
      metrics: ['orders'],
    });
    for (const p of answer.periods) expect(p.timestamp).toMatch(/T18:30:00Z$/);
  });
});

describe('the metrics asked for', () => {
  it('only those, with their definitions and totals', async () => {
    const end = today();
    const answer = await seller.metrics.get({
      start_date: daysBefore(end, 90),
      end_date: end,
      interval: 'week',
      metrics: ['checkouts_conversion', 'monthly_recurring_revenue'],
    });
    expect(answer.metrics).toEqual({
      monthly_recurring_revenue: {
        slug: 'monthly_recurring_revenue',
        display_name: 'Monthly Recurring Revenue',
        type: 'currency',
      },
      checkouts_conversion: {
        slug: 'checkouts_conversion',
        display_name: 'Checkouts Conversion Rate',
        type: 'percentage',
      },
    });
    for (const p of answer.periods)
      expect(Object.keys(p).sort()).toEqual([
        'checkouts_conversion',
        'monthly_recurring_revenue',
        'timestamp',
      ]);
  });

  it('unknown slugs: a 422 naming them, sorted', async () => {
    const detail = await expect422('unknown metrics', () =>
      seller.metrics.get({
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        interval: 'day',
        metrics: ['revenue', 'profit', 'happiness'],
      }),
    );
    expect(detail).toEqual([
      expect.objectContaining({
        loc: ['query', 'metrics'],
        type: 'value_error',
        msg: 'Invalid metric slugs: happiness, profit',
      }),
    ]);
  });
});

describe('ranges', () => {
  it.each(INTERVALS)('by %s: one day more than its limit is a 422', async (interval) => {
    const max = (await seller.metrics.limits()).intervals[interval].max_days;
    const end = '2026-06-30';
    const ok = await seller.metrics.get({
      start_date: daysBefore(end, max),
      end_date: end,
      interval,
      metrics: ['orders'],
    });
    expect(ok.periods.length).toBeGreaterThan(0);
    const detail = await expect422(`${interval} over ${max + 1} days`, () =>
      seller.metrics.get({ start_date: daysBefore(end, max + 1), end_date: end, interval }),
    );
    expect(detail).toEqual([
      expect.objectContaining({
        loc: ['query'],
        type: 'value_error',
        msg:
          'The interval is too small for the given date range. Use a larger interval or ' +
          'reduce the date range.',
      }),
    ]);
  });

  it('a start after the end, a bad date and interval: 422s', async () => {
    await expect422('start after end', () =>
      seller.metrics.get({ start_date: '2026-02-01', end_date: '2026-01-31', interval: 'day' }),
    );
    const detail = await expect422('bad date and interval', () =>
      seller.metrics.get({
        start_date: '2026-02-30',
        end_date: '2026-03-01',
        interval: 'fortnight' as 'day',
      }),
    );
    expect(detail.map((d) => [d.loc, d.type])).toEqual([
      [['query', 'start_date'], 'date_from_datetime_parsing'],
      [['query', 'interval'], 'enum'],
    ]);
  });
});

describe('whose numbers', () => {
  it("another seller's organization: nothing of it is counted", async () => {
    const end = today();
    const range = { start_date: daysBefore(end, 360), end_date: end, interval: 'month' as const };
    const mine = await seller.metrics.get({ ...range, metrics: ['orders'] });
    const asked = await seller.metrics.get({
      ...range,
      metrics: ['orders'],
      organization_id: box.demo.other.organization_id,
    });
    expect(asked.totals.orders).toBe(0);
    const bobs = await box.otherSeller.metrics.get({ ...range, metrics: ['orders'] });
    const both = await seller.metrics.get({
      ...range,
      metrics: ['orders'],
      organization_id: [box.demo.organization_id, box.demo.other.organization_id],
    });
    expect(both.totals.orders).toBe(mine.totals.orders);
    expect(bobs.totals.orders).not.toBe(undefined);
    // The organization token reads its own organization's.
    const org = await box.org.metrics.get({ ...range, metrics: ['orders'] });
    expect(org.totals.orders).toBe(mine.totals.orders);
  });

  it('a one-time billing type counts one-time orders only', async () => {
    const end = today();
    const range = { start_date: daysBefore(end, 360), end_date: end, interval: 'month' as const };
    const all = await seller.metrics.get({ ...range, metrics: ['orders', 'one_time_products'] });
    const oneTime = await seller.metrics.get({
      ...range,
      metrics: ['orders', 'one_time_products'],
      billing_type: 'one_time',
    });
    expect(oneTime.totals.orders).toBe(all.totals.one_time_products);
    expect(oneTime.totals.orders).toBeLessThan(all.totals.orders as number);
  });

  it("a customer's: its one order, for its net amount (after the discount, before tax)", async () => {
    const end = today();
    const answer = await seller.metrics.get({
      start_date: daysBefore(end, 30),
      end_date: end,
      interval: 'week',
      customer_id: bought.customerId,
      metrics: ['orders', 'revenue', 'one_time_products'],
    });
    const order = await seller.orders.get(bought.orderId);
    expect(answer.totals).toEqual({
      orders: 1,
      revenue: order.net_amount,
      one_time_products: 1,
    });
  });

  it('a token without metrics:read is refused', async () => {
    const res = await box.raw(`${box.svc.url}/__local/personal-access-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alice@acme.test', scopes: ['orders:read'] }),
    });
    const { token } = (await res.json()) as { token: string };
    // The SDK has no class for a 403 it does not expect: its PolarClientError.
    const refused = await expectError('no metrics:read', PolarClientError, () =>
      box.as(token).metrics.limits(),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('export', () => {
  it('CSV: a Timestamp column, then the metrics asked for by name', async () => {
    const csv = await seller.metrics.export({
      start_date: '2026-09-01',
      end_date: '2026-11-30',
      interval: 'month',
      metrics: ['orders', 'revenue', 'checkouts_conversion'],
    });
    const rows = String(csv).split('\r\n');
    expect(rows[0]).toBe('Timestamp,Orders,Revenue,Checkouts Conversion Rate');
    expect(rows.slice(1, 4).map((r) => r.split(',')[0])).toEqual([
      '2026-09-01T00:00:00+00:00',
      '2026-10-01T00:00:00+00:00',
      '2026-11-01T00:00:00+00:00',
    ]);
    expect(rows[1]).toMatch(/^[^,]+,\d+,\d+,\d+\.\d+$/);
    expect(rows.at(-1)).toBe('');
  });
});

describe("the seed's generation", () => {
  it('has no metrics: a 404 without the version header', async () => {
    const res = await box.raw(`${box.svc.url}/v1/metrics/limits`, {
      headers: { authorization: `Bearer ${box.demo.personal_access_token}` },
    });
    expect(res.status).toBe(404);
  });
});
