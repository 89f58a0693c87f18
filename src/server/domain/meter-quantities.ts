// A meter's quantities over time (meter/service.py get_quantities, kit/time_queries.py at
// c6c3645e), as the real query computes them in PostgreSQL with the session's TIME ZONE set:
// - the rows are generate_series(start, end, '1 <interval>'): the start itself, then each
//   previous row plus one interval (a day, week, month or year in the zone's wall time, months
//   clamped to their last day; an hour in absolute time), while ≤ end;
// - each row's quantity aggregates the events whose date_trunc(interval, timestamp) in the zone
//   is the row's: the whole truncated period, even before start or after end; none is 0;
// - the total runs over the rows: the sum of the quantities for count and sum, their max or min
//   for max and min; for avg and unique, the aggregation over every event of the meter, whenever
//   it happened (the real total_subquery has no time bound);
// - with customer_aggregation_function, each row aggregates the per-customer quantities
//   (a customer being the id an event names, else its external id).
import type { AggregationFunction } from './meter-filter.js';

export const TIME_INTERVALS = ['year', 'month', 'week', 'day', 'hour'] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

/** time_queries.py MAX_INTERVAL_DAYS. */
export const MAX_INTERVAL_DAYS: Record<TimeInterval, number> = {
  hour: 7,
  day: 366,
  week: 7 * 53,
  month: 365 * 4,
  year: 365 * 10,
};

/** time_queries.py MIN_DATETIME: before it, Polar did not exist. */
export const MIN_DATETIME = Date.UTC(2023, 0, 1);

interface Wall {
  y: number;
  mo: number; // 1-12
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `zone` is a time zone this runtime knows (TimeZoneName). */
export function knownZone(zone: string): boolean {
  try {
    format(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `t` in `zone`. */
export function wall(t: number, zone: string): Wall {
  if (zone === 'UTC' || zone === 'Etc/UTC') {
    const d = new Date(t);
    return {
      y: d.getUTCFullYear(),
      mo: d.getUTCMonth() + 1,
      d: d.getUTCDate(),
      h: d.getUTCHours(),
      mi: d.getUTCMinutes(),
      s: d.getUTCSeconds(),
      ms: d.getUTCMilliseconds(),
    };
  }
  const parts: Record<string, number> = {};
  for (const p of format(zone).formatToParts(new Date(t)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts.year!,
    mo: parts.month!,
    d: parts.day!,
    h: parts.hour!,
    mi: parts.minute!,
    s: parts.second!,
    ms: ((t % 1000) + 1000) % 1000,
  };
}

const asUtc = (w: Wall) => Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s, w.ms);

/**
 * The instant of a wall time in `zone` (fields may overflow: Date.UTC normalizes them). In a gap
 * the instant is the one before the gap's offset applies, as PostgreSQL resolves it.
 */
export function fromWall(w: Wall, zone: string): number {
  const local = asUtc(w);
  let t = local;
  for (let i = 0; i < 3; i++) {
    const offset = asUtc(wall(t, zone)) - t;
    const next = local - offset;
    if (next === t) break;
    t = next;
  }
  return t;
}

const daysIn = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate();

/** t + one interval, as timestamptz + interval in the zone. */
export function step(t: number, interval: TimeInterval, zone: string): number {
  if (interval === 'hour') return t + 3_600_000;
  const w = wall(t, zone);
  if (interval === 'day' || interval === 'week') {
    return fromWall({ ...w, d: w.d + (interval === 'day' ? 1 : 7) }, zone);
  }
  const months = interval === 'month' ? 1 : 12;
  const total = w.y * 12 + (w.mo - 1) + months;
  const y = Math.floor(total / 12);
  const mo = (total % 12) + 1;
  return fromWall({ ...w, y, mo, d: Math.min(w.d, daysIn(y, mo)) }, zone);
}

/** date_trunc(interval, t) in the zone, and the start of the next such period. */
export function period(t: number, interval: TimeInterval, zone: string): [number, number] {
  const w = wall(t, zone);
  const midnight = { ...w, h: 0, mi: 0, s: 0, ms: 0 };
  switch (interval) {
    case 'hour':
      return [
        fromWall({ ...w, mi: 0, s: 0, ms: 0 }, zone),
        fromWall({ ...w, h: w.h + 1, mi: 0, s: 0, ms: 0 }, zone),
      ];
    case 'day':
      return [fromWall(midnight, zone), fromWall({ ...midnight, d: w.d + 1 }, zone)];
    case 'week': {
      // ISO weeks start on Monday.
      const weekday = (new Date(Date.UTC(w.y, w.mo - 1, w.d)).getUTCDay() + 6) % 7;
      const d = w.d - weekday;
      return [fromWall({ ...midnight, d }, zone), fromWall({ ...midnight, d: d + 7 }, zone)];
    }
    case 'month':
      return [
        fromWall({ ...midnight, d: 1 }, zone),
        fromWall({ ...midnight, d: 1, mo: w.mo + 1 }, zone),
      ];
    case 'year':
      return [
        fromWall({ ...midnight, mo: 1, d: 1 }, zone),
        fromWall({ ...midnight, y: w.y + 1, mo: 1, d: 1 }, zone),
      ];
  }
}

/** The series' timestamps (generate_series(start, end, '1 interval')). */
export function series(start: number, end: number, interval: TimeInterval, zone: string): number[] {
  const out: number[] = [];
  for (let t = start; t <= end; t = step(t, interval, zone)) out.push(t);
  return out;
}

/**
 * time_queries.py is_under_limits, given the datetimes as the endpoint does: their dates as
 * written (each in its own offset) at most MAX_INTERVAL_DAYS apart, start not after end.
 */
export function underLimits(
  start: { ms: number; date: string },
  end: { ms: number; date: string },
  interval: TimeInterval,
): boolean {
  if (start.ms > end.ms) return false;
  const days = (Date.parse(end.date) - Date.parse(start.date)) / 86_400_000;
  return days <= MAX_INTERVAL_DAYS[interval];
}

/** The aggregate functions as SQL aggregates them over values, nulls left out. */
export function combine(
  fn: AggregationFunction,
  values: readonly (number | null)[],
): number | null {
  const xs = values.filter((v): v is number => v !== null);
  switch (fn) {
    case 'count':
      return xs.length;
    case 'unique':
      return new Set(xs).size;
    case 'sum':
      return xs.length ? xs.reduce((a, b) => a + b, 0) : null;
    case 'max':
      return xs.length ? Math.max(...xs) : null;
    case 'min':
      return xs.length ? Math.min(...xs) : null;
    case 'avg':
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
  }
}
