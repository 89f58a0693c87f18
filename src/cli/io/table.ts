// TTY layouts: a borderless table fitted to the terminal, and key/value cards.
import Table from 'cli-table3';
import { type Column, type HumanCell, humanCell } from './cells.js';
import type { Styler } from './color.js';
import { textWidth, truncate } from './humanize.js';
import { safeText } from './safe.js';

/** Below this a text column is not shrunk; trailing columns are dropped instead. */
export const MIN_COLUMN_WIDTH = 6;
const GAP = '  ';

/**
 * Widths that fit `total`: shrink the widest shrinkable column one step at a time, then
 * drop trailing columns; the result's length is the number of columns kept.
 */
export function fitWidths(natural: readonly number[], mins: readonly number[], total: number) {
  for (let n = natural.length; n > 0; n--) {
    const widths = natural.slice(0, n);
    const available = total - GAP.length * (n - 1);
    let excess = widths.reduce((a, b) => a + b, 0) - available;
    while (excess > 0) {
      let widest = -1;
      widths.forEach((w, i) => {
        if (w > (mins[i] ?? 0) && (widest < 0 || w >= widths[widest]!)) widest = i;
      });
      if (widest < 0) break;
      widths[widest]!--;
      excess--;
    }
    if (excess <= 0) return widths;
    if (n === 1) return [Math.max(1, available)];
  }
  return [];
}

const NO_BORDERS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: GAP,
};

export interface LayoutOptions {
  width: number;
  now: Date;
  style: Styler;
}

function paint(cell: HumanCell, width: number, style: Styler): string {
  return style(cell.tone, truncate(cell.text, width));
}

export function renderTable(
  columns: readonly Column[],
  items: readonly object[],
  { width, now, style }: LayoutOptions,
): string {
  if (columns.length === 0) return '';
  // Headers can be keys the server chose (a default card, --fields): as unsafe as values.
  const heads = columns.map((col) => safeText(col.header));
  const cells = items.map((item) => columns.map((col) => humanCell(col, item, now)));
  const natural = columns.map((_col, i) =>
    Math.max(textWidth(heads[i]!), ...cells.map((row) => textWidth(row[i]!.text))),
  );
  // Only free text gives way: a cut ID cannot be pasted back, a cut amount or time misleads.
  const mins = columns.map((col, i) =>
    (col.kind ?? 'text') === 'text' ? Math.min(natural[i]!, MIN_COLUMN_WIDTH) : natural[i]!,
  );
  const widths = fitWidths(natural, mins, width);
  const table = new Table({
    head: widths.map((w, i) => style('bold', truncate(heads[i]!, w))),
    colWidths: widths,
    chars: NO_BORDERS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of cells) table.push(widths.map((w, i) => paint(row[i]!, w, style)));
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}

/** `label  value` lines, labels padded to one column, values cut to the terminal width. */
export function renderCard(
  rows: readonly Column[],
  obj: object,
  { width, now, style }: LayoutOptions,
): string {
  const labels = rows.map((r) => safeText(r.header));
  const labelWidth = Math.min(Math.max(0, ...labels.map(textWidth)), Math.floor(width / 2));
  const valueWidth = Math.max(1, width - labelWidth - GAP.length);
  return rows
    .map((row, i) => {
      const label = truncate(labels[i]!, labelWidth).padEnd(labelWidth);
      const value = paint(humanCell(row, obj, now), valueWidth, style);
      return `${style('dim', label)}${GAP}${value}\n`;
    })
    .join('');
}
