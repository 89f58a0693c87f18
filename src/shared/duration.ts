// Durations of the test clock, as `billing clock advance` and the sandbox library's advance()
// read them: calendar months (`mo`; `y` is twelve) and seconds (s m h d w). A month is a calendar
// month from the clock's date, as a subscription renews: Jan 31 + 1mo is Feb 28 (29).

export interface Span {
  months: number;
  seconds: number;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const DAY = 86_400;
/** The service's bound: a century either way (server/routes/local.ts), in seconds. */
const CENTURY = 100 * 365.25 * DAY;

export const NOT_A_DURATION =
  'is not a duration: a number and a unit, s m h d w mo y (e.g. 90s, 2h, 31d, 1mo, 1y)';

/**
 * `90s`, `2h`, `31d`, `2w`, `1mo`, `1y`, `1y2mo`, `1d12h`, or why not: at least a second, at
 * most 100y.
 */
export function readSpan(value: string): Span | { refused: string } {
  const text = value.trim();
  const parts = [...text.matchAll(/(\d+)\s*(mo|[smhdwy])/g)];
  const whole = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || whole.replaceAll(/\s/g, '') !== text.replaceAll(/\s/g, '')) {
    return { refused: `"${value.slice(0, 40)}" ${NOT_A_DURATION}` };
  }
  let months = 0;
  let seconds = 0;
  for (const [, n, unit] of parts) {
    if (unit === 'y') months += Number(n) * 12;
    else if (unit === 'mo') months += Number(n);
    else seconds += Number(n) * UNITS[unit!]!;
  }
  if (months === 0 && seconds < 1) return { refused: 'must be at least 1s' };
  // A calendar month counted at its average (the service checks the exact move again).
  if (!Number.isSafeInteger(seconds) || months * (365.2425 / 12) * DAY + seconds > CENTURY) {
    return { refused: 'at most 100y' };
  }
  return { months, seconds };
}

const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `from` moved by `span`: calendar months first (the month's last day when it is shorter). */
export function after(from: Date, { months, seconds }: Span): Date {
  const d = new Date(from);
  if (months) {
    const year = from.getUTCFullYear();
    const month = from.getUTCMonth() + months;
    d.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDayOfMonth(year, month)));
  }
  return new Date(d.getTime() + seconds * 1000);
}
