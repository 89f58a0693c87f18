import { describe, expect, it } from 'vitest';
import { money, relativeTime, textWidth, truncate } from '../../../src/cli/io/humanize.js';

describe('money', () => {
  it.each([
    [1200, 'USD', '$12.00 USD'],
    [1200, 'usd', '$12.00 USD'],
    [5, 'USD', '$0.05 USD'],
    [-500, 'USD', '-$5.00 USD'],
    [123456789, 'USD', '$1,234,567.89 USD'],
    [950, 'EUR', '€9.50 EUR'],
    [1200, 'JPY', '¥1,200 JPY'],
    [1250, 'CHF', '12.50 CHF'],
    [1234, 'BHD', '1.234 BHD'],
    [1200, 'NOTACODE', '12.00 NOTACODE'],
    [null, 'USD', '-'],
    [undefined, 'USD', '-'],
    [1200, null, '-'],
    [1200, '', '-'],
  ])('money(%s, %s) = %s', (amount, currency, expected) => {
    expect(money(amount, currency)).toBe(expected);
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const at = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const MIN = 60;
  const HOUR = 3600;
  const DAY = 86_400;
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [-59, 'just now'],
    [60, '1 minute ago'],
    [-60, 'in 1 minute'],
    [119, '1 minute ago'],
    [HOUR - 1, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [-2 * HOUR, 'in 2 hours'],
    [DAY - 1, '23 hours ago'],
    [DAY, '1 day ago'],
    [3 * DAY + 5 * HOUR, '3 days ago'],
    [-3 * DAY, 'in 3 days'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [-800 * DAY, 'in 2 years'],
    [2 * MIN + 30, '2 minutes ago'],
  ])('%i seconds before now -> %s', (seconds, expected) => {
    expect(relativeTime(at(seconds), now)).toBe(expected);
  });

  it('accepts ISO strings and returns unparseable input unchanged', () => {
    expect(relativeTime('2025-06-12T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2025-06-15T14:00:00.000000Z', now)).toBe('in 2 hours');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});

describe('truncate', () => {
  it.each([
    ['hello', 10, 'hello'],
    ['hello', 5, 'hello'],
    ['hello world', 8, 'hello w…'],
    ['3 days ago', 8, '3 days…'],
    ['hello', 1, '…'],
    ['hello', 0, ''],
    ['héllo wörld', 6, 'héllo…'],
    ['💳💳💳', 2, '💳…'],
  ])('truncate(%j, %i) = %j', (str, width, expected) => {
    expect(truncate(str, width)).toBe(expected);
  });

  it('measures without ANSI escapes', () => {
    expect(textWidth('\x1b[32mpaid\x1b[39m')).toBe(4);
  });
});
