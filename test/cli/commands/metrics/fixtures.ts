// A week of daily metrics as the 2026-10 service answers them, and the week before it.
const DEFS = {
  revenue: ['Revenue', 'currency'],
  monthly_recurring_revenue: ['Monthly Recurring Revenue', 'currency'],
  orders: ['Orders', 'scalar'],
  active_subscriptions: ['Active Subscriptions', 'scalar'],
  new_subscriptions: ['New Subscriptions', 'scalar'],
  churned_subscriptions: ['Churned Subscriptions', 'scalar'],
} as const;

type Slug = keyof typeof DEFS;

function answer(start: string, series: Record<Slug, number[]>, totals: Record<Slug, number>) {
  const days = series.revenue.length;
  const t0 = Date.parse(`${start}T00:00:00Z`);
  return {
    periods: Array.from({ length: days }, (_, i) => ({
      timestamp: new Date(t0 + i * 86_400_000).toISOString().replace('.000Z', 'Z'),
      ...Object.fromEntries(Object.entries(series).map(([slug, values]) => [slug, values[i]])),
    })),
    totals,
    metrics: Object.fromEntries(
      Object.entries(DEFS).map(([slug, [display_name, type]]) => [
        slug,
        { slug, display_name, type },
      ]),
    ),
  };
}

export const WEEK = answer(
  '2026-11-17',
  {
    revenue: [1900, 0, 4900, 7900, 0, 29000, 2500],
    monthly_recurring_revenue: [50000, 50000, 51900, 51900, 53800, 53800, 55364],
    orders: [1, 0, 1, 1, 0, 1, 1],
    active_subscriptions: [14, 14, 15, 15, 16, 16, 16],
    new_subscriptions: [0, 0, 1, 0, 1, 0, 0],
    churned_subscriptions: [0, 0, 0, 0, 0, 1, 0],
  },
  {
    revenue: 46200,
    monthly_recurring_revenue: 55364,
    orders: 5,
    active_subscriptions: 16,
    new_subscriptions: 2,
    churned_subscriptions: 1,
  },
);

export const WEEK_BEFORE = answer(
  '2026-11-10',
  {
    revenue: [0, 19000, 0, 0, 2500, 0, 2900],
    monthly_recurring_revenue: [48000, 48000, 48000, 50000, 50000, 50000, 50000],
    orders: [0, 1, 0, 0, 1, 0, 1],
    active_subscriptions: [13, 13, 13, 14, 14, 14, 14],
    new_subscriptions: [0, 0, 0, 1, 0, 0, 0],
    churned_subscriptions: [0, 0, 0, 0, 0, 0, 0],
  },
  {
    revenue: 24400,
    monthly_recurring_revenue: 50000,
    orders: 3,
    active_subscriptions: 14,
    new_subscriptions: 1,
    churned_subscriptions: 0,
  },
);

export const LIMITS = {
  min_date: '2023-01-01',
  intervals: {
    hour: { min_days: 0, max_days: 7 },
    day: { min_days: 0, max_days: 366 },
    week: { min_days: 14, max_days: 371 },
    month: { min_days: 60, max_days: 1460 },
    year: { min_days: 366, max_days: 3650 },
  },
};
