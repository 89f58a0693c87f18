// Time zones and intervals as the real metrics queries use them (metrics/service.py and
// kit/time_queries.py at c6c3645e): PostgreSQL's date_trunc under `SET LOCAL TIME ZONE` and
// ClickHouse's toStartOfDay/Week(…, 1)/Month/Year in the request's zone both cut in local
// wall-clock time, weeks start on Monday, and the series steps one local hour, day, week, month
// or year at a time. Instants are milliseconds since the epoch.

export const TIME_INTERVALS = ['year', 'month', 'week', 'day', 'hour'] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

/** Wall-clock fields in a zone; month 1..12. */
export interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
  ms: number;
}

const QUARTER_HOUR = 900_000;

/**
 * A time zone, made once per request: its formatter (Intl's are slow to build) and the offsets
 * it has found, by quarter hour of UTC — every offset and every change of offset in the time
 * zone database since 1970 falls on a quarter hour, so one lookup serves the whole quarter.
 */
export class Zone {
  readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Local time minus UTC at `instant`, in milliseconds. */
  offsetAt(instant: number): number {
    const quarter = Math.floor(instant / QUARTER_HOUR);
    let offset = this.offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER_HOUR;
      const parts: Record<string, number> = {};
      for (const p of this.format.formatToParts(new Date(at))) {
        if (p.type !== 'literal') parts[p.type] = Number(p.value);
      }
      const local = Date.UTC(
        parts.year!,
        parts.month! - 1,
        parts.day!,
        parts.hour!,
        parts.minute!,
        parts.second!,
      );
      offset = local - at;
      this.offsets.set(quarter, offset);
    }
    return offset;
  }
}

/** Whether `zone` names an IANA time zone (an offset like `+01:00` is not one). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Zone(zone);
    return true;
  } catch {
    return false;
  }
}

export function wallOf(instant: number, zone: Zone): Wall {
  const d = new Date(instant + zone.offsetAt(instant));
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    min: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

function wallAsUtc(w: Wall): number {
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s, w.ms);
}

/**
 * The instant a wall-clock time names in `zone`. A time skipped by a DST change moves forward
 * by the gap, as PostgreSQL reads one (the first offset in force before the change).
 */
export function instantOf(w: Wall, zone: Zone): number {
  const asUtc = wallAsUtc(w);
  let guess = asUtc - (wallAsUtc(wallOf(asUtc, zone)) - asUtc);
  for (let i = 0; i < 2; i++) {
    const offset = wallAsUtc(wallOf(guess, zone)) - guess;
    guess = asUtc - offset;
  }
  return guess;
}

/** Monday = 0 … Sunday = 6, of a wall-clock date. */
function weekday(w: Wall): number {
  return (new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay() + 6) % 7;
}

/** The wall-clock start of the interval holding `w`. */
function truncWall(w: Wall, interval: TimeInterval): Wall {
  const base = { ...w, min: 0, s: 0, ms: 0 };
  if (interval === 'hour') return base;
  if (interval === 'day') return { ...base, h: 0 };
  if (interval === 'week') {
    const monday = new Date(Date.UTC(w.y, w.m - 1, w.d - weekday(w)));
    return {
      ...base,
      y: monday.getUTCFullYear(),
      m: monday.getUTCMonth() + 1,
      d: monday.getUTCDate(),
      h: 0,
    };
  }
  if (interval === 'month') return { ...base, d: 1, h: 0 };
  return { ...base, m: 1, d: 1, h: 0 };
}

/** date_trunc(interval, instant) in `zone`: the instant its local interval starts. */
export function truncate(instant: number, interval: TimeInterval, zone: Zone): number {
  return instantOf(truncWall(wallOf(instant, zone), interval), zone);
}

/** `instant` + n local days (calendar days: a DST day is 23 or 25 hours). */
export function addDays(instant: number, n: number, zone: Zone): number {
  const w = wallOf(instant, zone);
  const moved = new Date(Date.UTC(w.y, w.m - 1, w.d + n));
  return instantOf(
    { ...w, y: moved.getUTCFullYear(), m: moved.getUTCMonth() + 1, d: moved.getUTCDate() },
    zone,
  );
}

/** `instant` + one interval, as PostgreSQL adds `'1 <interval>'::interval` in the session zone. */
export function addInterval(instant: number, interval: TimeInterval, zone: Zone): number {
  if (interval === 'hour') return instant + 3_600_000;
  if (interval === 'day') return addDays(instant, 1, zone);
  if (interval === 'week') return addDays(instant, 7, zone);
  const w = wallOf(instant, zone);
  const y = interval === 'year' ? w.y + 1 : w.y + Math.floor(w.m / 12);
  const m = interval === 'year' ? w.m : (w.m % 12) + 1;
  // PostgreSQL clamps the day to the month's last (31 Jan + 1 month = 28/29 Feb).
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return instantOf({ ...w, y, m, d: Math.min(w.d, last) }, zone);
}

/** A calendar date `YYYY-MM-DD` at a wall-clock time in `zone`. */
export function dateAt(date: string, zone: Zone, end = false): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return end
    ? instantOf({ y, m, d, h: 23, min: 59, s: 59, ms: 999 }, zone)
    : instantOf({ y, m, d, h: 0, min: 0, s: 0, ms: 0 }, zone);
}

/**
 * The periods' starts (service.py get_metrics): from the start date's midnight, moved back to
 * its week's Monday, month's or year's first day, one interval at a time while not past the
 * end date's last instant.
 */
export function periodStarts(
  start: string,
  end: string,
  interval: TimeInterval,
  zone: Zone,
): number[] {
  let t = dateAt(start, zone);
  if (interval === 'week' || interval === 'month' || interval === 'year') {
    t = truncate(t, interval, zone);
  }
  const last = dateAt(end, zone, true);
  const out: number[] = [];
  for (; t <= last; t = addInterval(t, interval, zone)) out.push(t);
  return out;
}
