// Charts as lines of text: pure functions from labelled values and a width (and colour on or
// off) to the lines a terminal shows. Unicode blocks for bars and columns, braille for lines;
// every line fits the width given, and without colour nothing but the glyphs carries meaning.
import { styleText } from 'node:util';
import { textWidth, truncate } from './humanize.js';
import { safeText } from './safe.js';

/** One value of a series and what it is called (a period, a meter, a customer…). */
export interface Point {
  label: string;
  value: number;
}

/** How several points share one column when there are more points than columns. */
export type Fold = 'sum' | 'mean' | 'last' | 'max';

export interface ChartOptions {
  /** Columns the chart may use, axis and labels included. */
  width: number;
  /** ANSI colour; off by default, and off under NO_COLOR as the caller decides. */
  color?: boolean;
  /** How a value is written on the axis and beside a bar (default: grouped digits). */
  format?: (value: number) => string;
}

export interface PlotOptions extends ChartOptions {
  /** Rows of the plot itself, axis lines excluded (default 4). */
  height?: number;
  /** How points share a column when there are more than the columns (default 'mean'). */
  fold?: Fold;
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const defaultFormat = (n: number) => numberFormat.format(n);

function paint(color: boolean | undefined, tone: 'green' | 'red' | 'dim' | 'cyan', text: string) {
  return color && text ? styleText(tone, text, { validateStream: false }) : text;
}

function pad(text: string, width: number, right = false): string {
  const gap = ' '.repeat(Math.max(0, width - textWidth(text)));
  return right ? gap + text : text + gap;
}

/** A horizontal bar of `cells` columns (fractions in eighths), at least a sliver when > 0. */
function bar(cells: number): string {
  const whole = Math.floor(cells);
  const eighth = Math.round((cells - whole) * 8);
  if (eighth === 8) return '█'.repeat(whole + 1);
  const text = '█'.repeat(whole) + EIGHTHS[eighth];
  return text === '' && cells > 0 ? '▏' : text;
}

/**
 * One bar per point, a row each: `label │██████▍ 1,234`. Bars are scaled to the largest
 * magnitude; negative values grow leftwards from the same axis (and are red in colour).
 */
export function barChart(points: readonly Point[], opts: ChartOptions): string[] {
  const format = opts.format ?? defaultFormat;
  if (points.length === 0) return [];
  const labels = points.map((p) => safeText(p.label));
  const values = points.map((p) => format(p.value));
  const valueWidth = Math.max(...values.map(textWidth));
  const labelWidth = Math.min(
    Math.max(...labels.map(textWidth)),
    Math.max(4, Math.floor(opts.width / 3)),
  );
  const room = Math.max(1, opts.width - labelWidth - valueWidth - 3);
  const max = Math.max(0, ...points.map((p) => p.value));
  const min = Math.min(0, ...points.map((p) => p.value));
  const span = max - min || 1;
  const left = Math.round((room * -min) / span);
  const right = room - left;
  return points.map((p, i) => {
    const label = pad(truncate(labels[i]!, labelWidth), labelWidth);
    let neg = '';
    let pos = '';
    if (p.value < 0) neg = bar((room * -p.value) / span);
    else if (p.value > 0) pos = bar((room * p.value) / span);
    // A negative bar ends at the axis: its fraction is drawn as a full block at the far end.
    const negText = neg ? '█'.repeat(Math.min(left, textWidth(neg))) : '';
    const before = ' '.repeat(Math.max(0, left - textWidth(negText)));
    const after = ' '.repeat(Math.max(0, right - textWidth(pos)));
    const bars = `${before}${paint(opts.color, 'red', negText)}│${paint(opts.color, 'green', pos)}${after}`;
    return `${label} ${bars} ${pad(values[i]!, valueWidth, true)}`.trimEnd();
  });
}

/** Folds `values` into exactly `n` columns (n ≥ values: each value spans whole columns). */
export function fold(values: readonly number[], n: number, how: Fold = 'mean'): number[] {
  if (values.length === 0 || n <= 0) return [];
  const out: number[] = [];
  for (let c = 0; c < n; c++) {
    const from = Math.floor((c * values.length) / n);
    const to = Math.max(from + 1, Math.floor(((c + 1) * values.length) / n));
    const part = values.slice(from, to);
    if (how === 'sum') out.push(part.reduce((a, b) => a + b, 0));
    else if (how === 'last') out.push(part[part.length - 1]!);
    else if (how === 'max') out.push(Math.max(...part));
    else out.push(part.reduce((a, b) => a + b, 0) / part.length);
  }
  return out;
}

/** How many columns the points get: one each when they fit, whole multiples when fewer. */
function plotColumns(count: number, room: number): number {
  if (count >= room) return room;
  return count * Math.max(1, Math.floor(room / count));
}

/** A one-line sparkline of `values` in `width` columns: ▁▂▃▄▅▆▇█ from the lowest to the highest. */
export function sparkline(values: readonly number[], width: number, how: Fold = 'mean'): string {
  const cols = fold(values, plotColumns(values.length, width), how);
  if (cols.length === 0) return '';
  const min = Math.min(...cols);
  const max = Math.max(...cols);
  return cols
    .map((v) => LEVELS[max === min ? (v === 0 ? 0 : 3) : Math.round(((v - min) / (max - min)) * 7)])
    .join('');
}

interface Frame {
  axis: number;
  room: number;
  top: string;
  bottom: string;
}

/** The y axis: the top and bottom values' labels, right-aligned in one width. */
function frame(lo: number, hi: number, opts: ChartOptions): Frame {
  const format = opts.format ?? defaultFormat;
  const top = format(hi);
  const bottom = format(lo);
  const axis = Math.max(textWidth(top), textWidth(bottom), lo < 0 ? textWidth(format(0)) : 0);
  return { axis, top, bottom, room: Math.max(1, opts.width - axis - 2) };
}

/** The x axis under a plot: a rule, then the first and last labels at its two ends. */
function xAxis(points: readonly Point[], axis: number, cols: number, color?: boolean): string[] {
  const rule = `${' '.repeat(axis)} └${'─'.repeat(cols)}`;
  const first = safeText(points[0]?.label ?? '');
  const last = safeText(points[points.length - 1]?.label ?? '');
  const span = cols;
  let labels: string;
  if (points.length < 2 || first === last) labels = truncate(first, span);
  else if (textWidth(first) + textWidth(last) + 1 <= span) {
    labels = first + ' '.repeat(span - textWidth(first) - textWidth(last)) + last;
  } else labels = truncate(`${first} – ${last}`, span);
  return [paint(color, 'dim', rule), `${' '.repeat(axis + 2)}${paint(color, 'dim', labels)}`];
}

function scale(values: readonly number[]): { lo: number; hi: number } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  return { lo, hi: hi === lo ? lo + 1 : hi };
}

/** Upper blocks for a negative column's partial cell: it hangs from the zero line. */
const UPPER = ['▔', '▔', '▔', '▀', '▀', '▀', '▀', '█'];

/**
 * Vertical bars over time, `height` rows of ▁…█ eighths, the y axis from min(0, lowest) to
 * the highest, the first and last labels under it. With more points than columns they are
 * folded (`fold`), so the axis shows the folded values. A value that is not zero shows at
 * least an eighth; negative ones hang below the zero line.
 */
export function columnChart(points: readonly Point[], opts: PlotOptions): string[] {
  if (points.length === 0) return [];
  const height = Math.max(1, opts.height ?? 4);
  const raw = points.map((p) => p.value);
  const probe = frame(Math.min(0, ...raw), Math.max(0, ...raw), opts);
  let cols = fold(raw, plotColumns(raw.length, probe.room), opts.fold);
  let { lo, hi } = scale(cols);
  let f = frame(lo, hi, opts);
  // Folded values may need wider axis labels: fold again into the room that is left.
  if (f.room < cols.length) {
    cols = fold(raw, plotColumns(raw.length, f.room), opts.fold);
    ({ lo, hi } = scale(cols));
    f = frame(lo, hi, opts);
  }
  const eighths = height * 8;
  // The zero line sits on a row boundary, so bars grow from whole cells; negative values get
  // at least a row (and positive ones keep one), so each side's scale is its own: the axis
  // labels say where zero is.
  const zeroRow =
    lo < 0
      ? Math.min(height - (hi > 0 ? 1 : 0), Math.max(1, Math.round((-lo / (hi - lo)) * height)))
      : 0;
  const zero = zeroRow * 8;
  const level = (v: number) => {
    if (v === 0) return zero;
    if (v > 0) return zero + Math.max(1, Math.round((v / hi) * (eighths - zero)));
    return zero - Math.max(1, Math.round((v / lo) * zero));
  };
  const levels = cols.map(level);
  const lines: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    const bottom = row * 8;
    let up = '';
    let down = '';
    for (const l of levels) {
      const above = Math.min(8, Math.max(0, l - bottom));
      const below = Math.min(8, Math.max(0, bottom + 8 - l));
      if (l > zero && bottom >= zero && above > 0) {
        up += above === 8 ? '█' : LEVELS[above - 1];
        down += ' ';
      } else if (l < zero && bottom < zero && below > 0) {
        up += ' ';
        down += UPPER[below - 1];
      } else {
        up += ' ';
        down += ' ';
      }
    }
    // Positive and negative parts never share a cell: merge them, each in its tone.
    let text = '';
    for (let i = 0; i < up.length; ) {
      const neg = up[i] === ' ' && down[i] !== ' ';
      let j = i;
      while (j < up.length && (up[j] === ' ' && down[j] !== ' ') === neg) j++;
      const part = [...(neg ? down : up)].slice(i, j).join('');
      text += paint(opts.color, neg ? 'red' : 'green', part.trim() ? part : '') || part;
      i = j;
    }
    let label = row === height - 1 ? f.top : row === 0 ? f.bottom : '';
    if (zero > 0 && row === zeroRow && row !== height - 1)
      label = (opts.format ?? defaultFormat)(0);
    const tick = label ? '┤' : '│';
    lines.push(`${pad(label, f.axis, true)} ${paint(opts.color, 'dim', tick)}${text}`.trimEnd());
  }
  return [...lines, ...xAxis(points, f.axis, cols.length, opts.color)];
}

// Braille: a cell is 2 dots wide and 4 high; the bit of (dot column, dot row from the top).
const DOTS = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
];

/** The value at dot column x of `width`: folded when there are more points, else interpolated. */
function sampleAt(values: readonly number[], x: number, width: number): number {
  if (values.length === 1) return values[0]!;
  const t = (x * (values.length - 1)) / Math.max(1, width - 1);
  const i = Math.floor(t);
  const next = values[Math.min(values.length - 1, i + 1)]!;
  return values[i]! + (next - values[i]!) * (t - i);
}

/**
 * A line over time in braille across the width: `height` rows of 4 dots, two dots per column.
 * More points than dots are folded (`fold`); fewer are joined by straight segments. Between
 * neighbouring dots the line is drawn through, so it stays continuous however steep.
 */
export function lineChart(points: readonly Point[], opts: PlotOptions): string[] {
  if (points.length === 0) return [];
  const height = Math.max(1, opts.height ?? 4);
  const raw = points.map((p) => p.value);
  const probe = frame(Math.min(0, ...raw), Math.max(0, ...raw), opts);
  let values = raw.length > probe.room * 2 ? fold(raw, probe.room * 2, opts.fold) : raw;
  const { lo, hi } = scale(values);
  const f = frame(lo, hi, opts);
  if (raw.length > f.room * 2) values = fold(raw, f.room * 2, opts.fold);
  const cells = f.room;
  const width = cells * 2;
  const dotsHigh = height * 4;
  const ys: number[] = [];
  for (let x = 0; x < width; x++) {
    const v = Math.min(hi, Math.max(lo, sampleAt(values, x, width)));
    ys.push(dotsHigh - 1 - Math.round(((v - lo) / (hi - lo)) * (dotsHigh - 1)));
  }
  const grid = Array.from({ length: height }, () => new Array<number>(cells).fill(0));
  const dot = (x: number, y: number) => {
    const row = grid[Math.floor(y / 4)]!;
    row[Math.floor(x / 2)]! |= DOTS[x % 2]![y % 4]!;
  };
  ys.forEach((y, x) => {
    const prev = x > 0 ? ys[x - 1]! : y;
    // From the dot after the previous one to this one: no gap on a steep slope.
    const [from, to] = y >= prev ? [Math.min(y, prev + 1), y] : [y, prev - 1];
    for (let d = from; d <= to; d++) dot(x, d);
  });
  const lines = grid.map((row, r) => {
    const text = row.map((bits) => String.fromCharCode(0x2800 + bits)).join('');
    const label = r === 0 ? f.top : r === height - 1 ? f.bottom : '';
    const tick = label ? '┤' : '│';
    return `${pad(label, f.axis, true)} ${paint(opts.color, 'dim', tick)}${paint(opts.color, 'cyan', text)}`;
  });
  return [...lines, ...xAxis(points, f.axis, cells, opts.color)];
}
