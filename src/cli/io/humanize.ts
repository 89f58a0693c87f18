// Human renderings for the TTY: money, relative times, width-aware truncation.
import { stripVTControlCharacters } from 'node:util';

/** Columns a string occupies, ignoring ANSI escapes; one per code point (no East Asian width). */
export function textWidth(str: string): number {
  return [...stripVTControlCharacters(str)].length;
}

/** Cuts `str` to at most `width` code points, ending in '…' when anything was cut. */
export function truncate(str: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...str];
  if (chars.length <= width) return str;
  // `3 days…` reads better than `3 days …`.
  return `${chars
    .slice(0, width - 1)
    .join('')
    .trimEnd()}…`;
}

const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(code: string): Intl.NumberFormat | null {
  if (!formatters.has(code)) {
    try {
      formatters.set(code, new Intl.NumberFormat('en-US', { style: 'currency', currency: code }));
    } catch {
      formatters.set(code, null);
    }
  }
  return formatters.get(code) ?? null;
}

/**
 * Integer minor units + ISO currency code -> `$12.00 USD`, `€9.50 EUR`, `¥1,200 JPY`.
 * When en-US has no symbol for the currency the code appears once: `12.00 CHF`.
 */
export function money(amount: number | null | undefined, currency: string | null | undefined) {
  if (amount === null || amount === undefined || !currency) return '-';
  const code = currency.toUpperCase();
  const fmt = currencyFormatter(code);
  if (!fmt) return `${(amount / 100).toFixed(2)} ${code}`;
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  const parts = fmt.formatToParts(amount / 10 ** digits);
  const symbol = parts.find((p) => p.type === 'currency')?.value;
  if (symbol === code) {
    const number = parts
      .filter((p) => p.type !== 'currency')
      .map((p) => p.value)
      .join('')
      .trim();
    return `${number} ${code}`;
  }
  return `${parts.map((p) => p.value).join('')} ${code}`;
}

const UNITS: Array<[unit: string, seconds: number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** `3 days ago`, `in 2 hours`, `just now` (under a minute either way). */
export function relativeTime(date: Date | string | number, now: Date): string {
  const when = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(when.getTime())) return String(date);
  const diff = Math.round((now.getTime() - when.getTime()) / 1000);
  const abs = Math.abs(diff);
  for (const [unit, seconds] of UNITS) {
    if (abs < seconds) continue;
    const n = Math.floor(abs / seconds);
    const label = `${n} ${unit}${n === 1 ? '' : 's'}`;
    return diff > 0 ? `${label} ago` : `in ${label}`;
  }
  return 'just now';
}
