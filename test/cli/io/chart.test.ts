import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  barChart,
  columnChart,
  fold,
  lineChart,
  type Point,
  sparkline,
} from '../../../src/cli/io/chart.js';
import { textWidth } from '../../../src/cli/io/humanize.js';

const months: Point[] = [500, 1200, -300, 0, 2200, 1800, 2500, 100, 0, 3100, 2900, 4000].map(
  (value, i) => ({ label: `2026-${String(i + 1).padStart(2, '0')}`, value }),
);
// A year of days: a wave on a rising line, deterministic.
const days: Point[] = Array.from({ length: 365 }, (_, i) => ({
  label: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
  value: Math.round(1000 + 800 * Math.sin(i / 30) + i * 5),
}));
const week: Point[] = [3, 0, 1, 4, 1, 5, 2].map((value, i) => ({ label: `d${i + 1}`, value }));

describe('fold', () => {
  it.each([
    ['mean of equal parts', [1, 2, 3, 4], 2, 'mean', [1.5, 3.5]],
    ['sum', [1, 2, 3, 4], 2, 'sum', [3, 7]],
    ['last (a level, like MRR)', [1, 2, 3, 4], 2, 'last', [2, 4]],
    ['max', [1, 5, 3, 4], 2, 'max', [5, 4]],
    ['uneven parts', [1, 2, 3, 4, 5], 2, 'sum', [3, 12]],
    ['more columns than values repeat them', [1, 2], 4, 'sum', [1, 1, 2, 2]],
    ['nothing', [], 3, 'sum', []],
  ] as const)('%s', (_name, values, n, how, expected) => {
    expect(fold(values, n, how)).toEqual(expected);
  });
});

describe('sparkline', () => {
  it('spans lowest to highest in eighths, one column per value', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], 80)).toBe(
      '▁▂▃▄▅▆▇█'.replace(/(.)/gu, '$1'.repeat(10)),
    );
    expect(sparkline([0, 7], 2)).toBe('▁█');
  });
  it('folds a year into the width', () => {
    expect([
      ...sparkline(
        days.map((d) => d.value),
        80,
      ),
    ]).toHaveLength(80);
    expect([
      ...sparkline(
        days.map((d) => d.value),
        120,
      ),
    ]).toHaveLength(120);
  });
  it('a flat series is a flat line, zero the lowest', () => {
    expect(sparkline([0, 0, 0], 3)).toBe('▁▁▁');
    expect(sparkline([5, 5], 2)).toBe('▄▄');
  });
});

describe('barChart as text', () => {
  it('at 80 columns: labels, bars from one axis, values right-aligned', () => {
    expect(barChart(week, { width: 80 })).toEqual([
      'd1 │████████████████████████████████████████████▍                              3',
      'd2 │                                                                           0',
      'd3 │██████████████▊                                                            1',
      'd4 │███████████████████████████████████████████████████████████▎               4',
      'd5 │██████████████▊                                                            1',
      'd6 │██████████████████████████████████████████████████████████████████████████ 5',
      'd7 │█████████████████████████████▋                                             2',
    ]);
  });
  it('at 120 columns a negative value grows leftwards and every line fits', () => {
    const lines = barChart(months, { width: 120 });
    expect(lines[2]).toMatch(/^2026-03 █+│ +-300$/);
    expect(lines[3]).toMatch(/^2026-04 +│ +0$/);
    expect(lines[11]).toMatch(/^2026-12 +│█{90,}.? 4,000$/);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(120);
    // The axis is in one column on every line.
    expect(new Set(lines.map((l) => l.indexOf('│'))).size).toBe(1);
  });
  it('the longest bar is the largest magnitude; a tiny value still shows a sliver', () => {
    const lines = barChart(
      [
        { label: 'a', value: 1000 },
        { label: 'b', value: 1 },
      ],
      { width: 40 },
    );
    expect(lines[1]).toMatch(/^b │▏ +1$/);
  });
  it('labels from a server are made safe and cut to a third of the width', () => {
    const [line] = barChart([{ label: `\x1b[31m${'x'.repeat(60)}`, value: 1 }], { width: 60 });
    expect(line).not.toContain('\x1b');
    expect(line).toMatch(/^\\x1b\[31mx+… │/);
    expect(textWidth(line!)).toBeLessThanOrEqual(60);
  });
});

describe('columnChart as text', () => {
  it('fewer points than columns: each gets whole columns, in eighths from zero', () => {
    // 27 columns of room for 7 points: 3 each; 3 of 5 is 9.6 → 10 eighths of the 16.
    expect(columnChart(week, { width: 30, height: 2 })).toEqual([
      '5 ┤▂▂▂      ▅▅▅   ███',
      '0 ┤███   ▃▃▃███▃▃▃███▆▆▆',
      '  └─────────────────────',
      '   d1                 d7',
    ]);
  });
  it('a year of days folds into 80 and 120 columns, each line within the width', () => {
    for (const width of [80, 120]) {
      const lines = columnChart(days, { width, height: 4 });
      expect(lines).toHaveLength(6);
      for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(width);
      expect(lines[0]).toMatch(/^2,991 ┤/);
      expect(lines[3]).toMatch(/^ {4}0 ┤█+$/);
      expect(lines[5]).toMatch(/^ {7}2026-01-01 +2026-12-31$/);
      expect(textWidth(lines[4]!)).toBe(width);
    }
  });
  it('negative values hang below a zero line labelled 0', () => {
    const lines = columnChart(months, { width: 80, height: 4 });
    expect(lines.map((l) => l.slice(0, 7))).toEqual([
      '4,000 ┤',
      '      │',
      '    0 ┤',
      ' -300 ┤',
      '      └',
      '       ',
    ]);
    // March, the third month, six columns from the 13th: only below the line.
    expect(lines[3]!.slice(7 + 12, 7 + 18)).toBe('██████');
    expect(lines[2]!.slice(7 + 12, 7 + 18)).toBe('      ');
  });
});

describe('lineChart as text', () => {
  it('a rising line from the bottom-left to the top-right corner', () => {
    const up = [0, 1, 2, 3].map((value, i) => ({ label: `p${i}`, value }));
    expect(lineChart(up, { width: 14, height: 2 })).toEqual([
      '3 ┤⠀⠀⠀⠀⠀⢀⣀⠤⠔⠒⠉',
      '0 ┤⣀⠤⠔⠒⠉⠁⠀⠀⠀⠀⠀',
      '  └───────────',
      '   p0       p3',
    ]);
  });
  it('at 80 and 120 columns a year of days fills the width and stays continuous', () => {
    for (const width of [80, 120]) {
      const lines = lineChart(days, { width, height: 4 });
      for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(width);
      const plot = lines.slice(0, 4).map((l) => [...l].slice(-(width - 8)));
      // Every column holds at least one dot: no gaps on the steep parts.
      for (let c = 0; c < width - 8; c++) {
        expect(plot.some((row) => row[c] !== '⠀')).toBe(true);
      }
    }
  });
});

describe('colour', () => {
  it('is off unless asked, and then only adds escapes', () => {
    for (const lines of [
      barChart(months, { width: 80 }),
      columnChart(days, { width: 80 }),
      lineChart(days, { width: 80 }),
    ]) {
      expect(lines.join('\n')).not.toContain('\x1b');
    }
    const colored = columnChart(months, { width: 80, color: true });
    expect(colored.join('\n')).toContain('\x1b[');
    expect(colored.map((l) => stripVTControlCharacters(l))).toEqual(
      columnChart(months, { width: 80 }),
    );
    const bars = barChart(months, { width: 80, color: true });
    expect(bars.map((l) => stripVTControlCharacters(l))).toEqual(barChart(months, { width: 80 }));
  });
});
