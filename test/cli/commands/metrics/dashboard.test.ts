// The dashboard of `billing metrics` as text: a week of daily metrics and the week before, at 80
// and 120 columns, with and without colour.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  change,
  formatValue,
  periodLabel,
  renderDashboard,
} from '../../../../src/cli/commands/metrics/dashboard.js';
import { DEFAULT_METRICS } from '../../../../src/cli/commands/metrics/range.js';
import { textWidth } from '../../../../src/cli/io/humanize.js';
import { WEEK, WEEK_BEFORE } from './fixtures.js';

type Answer = Parameters<typeof renderDashboard>[0]['current'];
const input = (width: number, color = false) => ({
  current: WEEK as unknown as Answer,
  previous: WEEK_BEFORE as unknown as Answer,
  slugs: DEFAULT_METRICS,
  caption: '2026-11-17 → 2026-11-23 · by day · UTC',
  timezone: 'UTC',
  width,
  color,
});

describe('the dashboard as text', () => {
  it('at 80 columns: each metric, its total and change, over one shared axis', () => {
    expect(renderDashboard(input(80))).toEqual([
      '2026-11-17 → 2026-11-23 · by day · UTC',
      '',
      'Revenue  $462.00  ▲ 89.3% vs previous',
      '   $290 ┤                                                  ██████████',
      '        │                                                  ██████████',
      '     $0 ┤▂▂▂▂▂▂▂▂▂▂          ▄▄▄▄▄▄▄▄▄▄▇▇▇▇▇▇▇▇▇▇          ██████████▂▂▂▂▂▂▂▂▂▂',
      '',
      'Monthly Recurring Revenue  $553.64  ▲ 10.7% vs previous',
      '$553.64 ┤⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⢀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⡠⠤⠤⠤⠔⠒⠒⠒⠉⠉',
      '        │⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⠤⠤⠤⠒⠒⠊⠉⠉⠁⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀',
      '   $500 ┤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⡠⠤⠤⠔⠒⠒⠊⠉⠉⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀',
      '',
      'Orders  5  ▲ 66.7% vs previous',
      '      1 ┤██████████          ████████████████████          ████████████████████',
      '        │██████████          ████████████████████          ████████████████████',
      '      0 ┤██████████          ████████████████████          ████████████████████',
      '',
      'Active Subscriptions  16  ▲ 14.3% vs previous',
      '     16 ┤⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⣀⣀⡠⠤⠔⠒⠊⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉',
      '        │⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⣀⣀⡠⠤⠔⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠉⠉⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀',
      '     14 ┤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⠤⠤⠒⠒⠉⠉⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀',
      '',
      'New Subscriptions  2  ▲ 100.0% vs previous',
      '      1 ┤                    ██████████          ██████████',
      '        │                    ██████████          ██████████',
      '      0 ┤                    ██████████          ██████████',
      '',
      'Churned Subscriptions  1  ▲ new vs previous',
      '      1 ┤                                                  ██████████',
      '        │                                                  ██████████',
      '      0 ┤                                                  ██████████',
      '        └──────────────────────────────────────────────────────────────────────',
      '         2026-11-17                                                  2026-11-23',
    ]);
  });

  it('at 120 columns the same, wider: every plot starts and ends in the same columns', () => {
    const lines = renderDashboard(input(120));
    expect(lines).toHaveLength(33);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(120);
    const plots = lines.filter((l) => /[┤│]/.test(l));
    expect(new Set(plots.map((l) => l.search(/[┤│]/)))).toEqual(new Set([8]));
    // 7 days in 111 columns: 15 each, 105 in all, the axis as long.
    expect(lines.at(-2)).toBe(`        └${'─'.repeat(105)}`);
    expect(lines.at(-1)).toBe(`         2026-11-17${' '.repeat(85)}2026-11-23`);
    expect(lines[5]).toBe(
      `     $0 ┤${'▂'.repeat(15)}${' '.repeat(15)}${'▄'.repeat(15)}${'▇'.repeat(15)}` +
        `${' '.repeat(15)}${'█'.repeat(15)}${'▂'.repeat(15)}`,
    );
  });

  it('in colour: the same text, good news green and bad news red', () => {
    const colored = renderDashboard(input(80, true));
    expect(colored.map((l) => stripVTControlCharacters(l))).toEqual(renderDashboard(input(80)));
    const title = (name: string) =>
      colored.find((l) => stripVTControlCharacters(l).startsWith(name))!;
    expect(title('Revenue')).toContain('\x1b[32m▲ 89.3%\x1b[39m');
    // More churn is not good news.
    expect(title('Churned')).toContain('\x1b[31m▲ new\x1b[39m');
  });

  it('without the previous range there is no change; unknown metrics are left out', () => {
    const lines = renderDashboard({
      ...input(80),
      previous: undefined,
      slugs: ['orders', 'checkouts'],
    });
    expect(lines[2]).toBe('Orders  5');
    expect(lines.filter((l) => l.startsWith('Checkouts'))).toEqual([]);
  });
});

describe('why they canceled', () => {
  it('after the charts, a bar per reason given, most first, when the reasons were asked for', () => {
    const reasons = {
      canceled_subscriptions: ['Canceled Subscriptions', 3],
      canceled_subscriptions_too_expensive: ['Canceled Subscriptions - Too Expensive', 2],
      canceled_subscriptions_unused: ['Canceled Subscriptions - Unused', 0],
      canceled_subscriptions_other: ['Canceled Subscriptions - Other', 1],
    } as const;
    const current = {
      periods: [{ timestamp: '2026-11-23T00:00:00Z', canceled_subscriptions: 3 }],
      totals: Object.fromEntries(Object.entries(reasons).map(([slug, [, n]]) => [slug, n])),
      metrics: Object.fromEntries(
        Object.entries(reasons).map(([slug, [display_name]]) => [
          slug,
          { slug, display_name, type: 'scalar' },
        ]),
      ),
    } as unknown as Answer;
    const lines = renderDashboard({
      ...input(40),
      current,
      previous: undefined,
      slugs: ['canceled_subscriptions'],
    });
    expect(lines.slice(-4)).toEqual([
      '',
      'Why they canceled',
      'Too Expensive │███████████████████████ 2',
      'Other         │███████████▌            1',
    ]);
  });
});

describe('values and changes', () => {
  it.each([
    ['currency', 46200, false, '$462.00'],
    ['currency', 29000, true, '$290'],
    ['currency', 55364, true, '$553.64'],
    ['currency', 1_234_500, true, '$12.3K'],
    ['currency', -2500, false, '-$25.00'],
    ['scalar', 16, false, '16'],
    ['scalar', 12345, true, '12.3K'],
    ['scalar', 1.5, false, '1.5'],
    ['percentage', 0.1234, false, '12.3%'],
  ] as const)('%s %d (short %s) -> %s', (type, value, short, text) => {
    expect(formatValue(type, value, short)).toBe(text);
  });

  it.each([
    ['revenue', 110, 100, { text: '▲ 10.0%', good: true }],
    ['revenue', 90, 100, { text: '▼ 10.0%', good: false }],
    ['churned_subscriptions', 2, 1, { text: '▲ 100.0%', good: false }],
    ['churn_rate', 0.01, 0.02, { text: '▼ 50.0%', good: true }],
    ['orders', 3, 0, { text: '▲ new', good: true }],
    ['orders', 3, 3, { text: '= 0.0%' }],
    ['orders', 3, undefined, undefined],
  ] as const)('%s %d after %s', (slug, now, before, expected) => {
    expect(change(slug, now, before)).toEqual(expected);
  });

  it('a period is labelled with its date in the time zone, an hour with its time', () => {
    expect(periodLabel('2026-10-31T23:00:00Z', 'Europe/Paris')).toBe('2026-11-01');
    expect(periodLabel('2026-11-01T14:00:00Z', 'UTC')).toBe('2026-11-01 14:00');
    expect(periodLabel('\x1b[2Jnot a time', 'UTC')).toBe('\\x1b[2Jnot a time');
  });
});
