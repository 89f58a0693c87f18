// TTY layouts: a borderless table whose rows stream as they arrive, with widths planned from
// its first rows, and key/value cards whose long values wrap. Ids and URLs are never cut: a
// cut value cannot be pasted back (issue 13).
import { type Column, type HumanCell, humanCell } from './cells.js';
import type { Styler } from './color.js';
import { textWidth, truncate } from './humanize.js';
import { safeText } from './safe.js';

/** Below this a text column is not shrunk; columns are hidden instead. */
export const MIN_COLUMN_WIDTH = 6;
const GAP = '  ';

export interface LayoutOptions {
  width: number;
  now: Date;
  style: Styler;
}

/**
 * Only free text gives way: a cut id or URL cannot be pasted back, a cut amount misleads. A
 * product's prices give way a whole price at a time (cutList).
 */
function keepsWhole(col: Column): boolean {
  if (col.kind === 'prices') return false;
  return (col.kind ?? 'text') !== 'text' || /url$/i.test(col.path);
}

/** `$49.00 USD/month, $490.00 USD/year` in `width`: whole items, then `+N` for the rest. */
function cutList(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const items = text.split(', ');
  for (let n = items.length - 1; n >= 1; n--) {
    const shown = `${items.slice(0, n).join(', ')} +${items.length - n}`;
    if (textWidth(shown) <= width) return shown;
  }
  return truncate(text, width);
}

/** A cell's text in its column's width. */
function fitted(col: Column, text: string, width: number): string {
  if (col.kind === 'prices') return cutList(text, width);
  return keepsWhole(col) ? text : truncate(text, width);
}

/** An email is how commands take a customer: it gives way last of the text, and only a little. */
function isEmail(col: Column): boolean {
  return /email$/i.test(col.path);
}

/**
 * The narrowest a text column may get and still tell its values apart: cut any shorter, two
 * different names ("Acme Pro", "Acme Team") would read the same ("Acme…"), which says nothing.
 */
function distinctWidth(texts: readonly string[], natural: number): number {
  const distinct = new Set(texts).size;
  for (let w = MIN_COLUMN_WIDTH; w < natural; w++) {
    if (new Set(texts.map((t) => truncate(t, w))).size === distinct) return w;
  }
  return natural;
}

/**
 * Widths that fit `total`: the widest shrinkable column gives one step at a time; undefined
 * when even the minimums do not fit.
 */
export function fitWidths(
  natural: readonly number[],
  mins: readonly number[],
  total: number,
): number[] | undefined {
  const widths = [...natural];
  const available = total - GAP.length * Math.max(0, widths.length - 1);
  let excess = widths.reduce((a, b) => a + b, 0) - available;
  while (excess > 0) {
    let widest = -1;
    widths.forEach((w, i) => {
      if (w > (mins[i] ?? 0) && (widest < 0 || w >= widths[widest]!)) widest = i;
    });
    if (widest < 0) return undefined;
    widths[widest]!--;
    excess--;
  }
  return widths;
}

/**
 * One item as a table row: its cells, column by column. A table keeps its rows, not the items
 * they were made from: a page of orders held while it renders survived V8's young-generation
 * collections and grew it (issue 30, the `--all` table's peak memory).
 */
export type Row = readonly HumanCell[];

/** `item`'s row in `columns`. */
export function rowOf(columns: readonly Column[], item: object, now: Date): Row {
  return columns.map((col) => humanCell(col, item, now));
}

export interface TablePlan {
  columns: Column[];
  /** Where each of `columns` is among the columns the plan was made from. */
  indexes: number[];
  heads: string[];
  widths: number[];
  /** Columns left out to fit the terminal, for a note (choose others with --fields). */
  hidden: Column[];
}

/**
 * Which columns fit the terminal, and how wide, judged by a sample of rows (the first page).
 * Low-value columns (those with a `hide` rank) give way first: they shrink, then hide in
 * rank order (1 first). Only then does the rest of the free text shrink, and columns go from
 * the end; the first column always stays, and ids, URLs, amounts and times are never cut.
 */
export function planTable(
  columns: readonly Column[],
  sample: readonly Row[],
  { width }: Pick<LayoutOptions, 'width'>,
): TablePlan {
  // Headers can be keys the server chose (--fields): as unsafe as values.
  const heads = columns.map((col) => safeText(col.header));
  const natural = columns.map((_, i) =>
    Math.max(textWidth(heads[i]!), ...sample.map((row) => textWidth(row[i]!.text))),
  );
  const shrunk = (i: number) =>
    keepsWhole(columns[i]!)
      ? natural[i]!
      : columns[i]!.kind === 'prices'
        ? // The first price of each row stays whole.
          Math.max(
            0,
            ...sample.map((row) => textWidth(cutList(row[i]!.text, 0).replace(/ \+\d+$/, '')) + 3),
          )
        : distinctWidth(
            sample.map((row) => row[i]!.text),
            natural[i]!,
          );
  const lowValue = columns
    .map((col, i) => ({ i, rank: col.hide }))
    .filter((c): c is { i: number; rank: number } => c.rank !== undefined && c.i > 0)
    .sort((a, b) => a.rank - b.rank)
    .map((c) => c.i);
  const kept = columns.map((_, i) => i);
  // Emails shrink only when nothing else can: first every other text column tries.
  const attempt = (shrinkAll: boolean) =>
    [false, true]
      .map((emails) =>
        fitWidths(
          kept.map((i) => natural[i]!),
          kept.map((i) =>
            (shrinkAll || lowValue.includes(i)) && (emails || !isEmail(columns[i]!))
              ? shrunk(i)
              : natural[i]!,
          ),
          width,
        ),
      )
      .find((widths) => widths !== undefined);
  const plan = (widths: number[]): TablePlan => ({
    columns: kept.map((i) => columns[i]!),
    indexes: [...kept],
    heads: kept.map((i) => heads[i]!),
    widths,
    hidden: columns.filter((_, i) => !kept.includes(i)),
  });
  for (const i of [undefined, ...lowValue]) {
    if (i !== undefined) kept.splice(kept.indexOf(i), 1);
    const widths = attempt(false);
    if (widths) return plan(widths);
  }
  while (kept.length > 1) {
    const widths = attempt(true);
    if (widths) return plan(widths);
    kept.pop();
  }
  return plan(attempt(true) ?? [Math.max(1, width)]);
}

function line(cells: string[], widths: readonly number[], texts: string[]): string {
  return cells
    .map((cell, i) =>
      i === cells.length - 1
        ? cell
        : cell + ' '.repeat(Math.max(0, widths[i]! - textWidth(texts[i]!))),
    )
    .join(GAP)
    .trimEnd();
}

export function renderHeader(plan: TablePlan, style: Styler): string {
  const texts = plan.heads.map((h, i) => truncate(h, plan.widths[i]!));
  return `${line(
    texts.map((t) => style('bold', t)),
    plan.widths,
    texts,
  )}\n`;
}

/** `row`, made from the columns the plan was made from, in the plan's columns. */
export function plannedRow(plan: TablePlan, row: Row): Row {
  return plan.indexes.map((i) => row[i]!);
}

/**
 * `rows` (in the plan's columns: rowOf(plan.columns, …) or plannedRow) in the plan's widths;
 * text beyond a width is cut, ids and URLs never.
 */
export function renderRows(
  plan: TablePlan,
  rows: Iterable<Row>,
  { style }: Pick<LayoutOptions, 'style'>,
): string {
  let out = '';
  for (const cells of rows) {
    const texts = cells.map((cell, i) => fitted(plan.columns[i]!, cell.text, plan.widths[i]!));
    out += `${line(
      texts.map((t, i) => style(cells[i]!.tone, t)),
      plan.widths,
      texts,
    )}\n`;
  }
  return out;
}

/** `text` in lines of at most `width` columns, broken at spaces where it can be. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = [...word];
    while (rest.length > width) {
      lines.push(rest.slice(0, width).join(''));
      rest = rest.slice(width);
    }
    current = rest.join('');
  }
  lines.push(current);
  return lines;
}

/** `label  value` lines, labels padded to one column; a long value wraps under itself. */
export function renderCard(
  rows: readonly Column[],
  obj: object,
  { width, now, style }: LayoutOptions,
): string {
  const labels = rows.map((r) => safeText(r.header));
  const labelWidth = Math.min(Math.max(0, ...labels.map(textWidth)), Math.floor(width / 2));
  const valueWidth = Math.max(1, width - labelWidth - GAP.length);
  const indent = ' '.repeat(labelWidth + GAP.length);
  return rows
    .map((row, i) => {
      const label = truncate(labels[i]!, labelWidth).padEnd(labelWidth);
      const cell = humanCell(row, obj, now);
      const [first, ...more] = wrap(cell.text, valueWidth).map((l) => style(cell.tone, l));
      return `${style('dim', label)}${GAP}${first}\n${more.map((l) => `${indent}${l}\n`).join('')}`;
    })
    .join('');
}
