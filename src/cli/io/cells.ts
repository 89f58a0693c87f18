// One cell, two renderings: human (TTY table/card) and raw (TSV).
import { statusTone, type Tone } from './color.js';
import { money, relativeTime } from './humanize.js';
import { getPath, type Json, leaves } from './paths.js';

export type ColumnKind = 'text' | 'money' | 'time' | 'status' | 'bool' | 'id';

export interface Column {
  header: string;
  path: string;
  kind?: ColumnKind;
  /** For `money`: where the currency code sits; the amount at `path` is in minor units. */
  currencyPath?: string;
}

export interface HumanCell {
  text: string;
  tone?: Tone;
}

function isEmpty(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

function summarize(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  if (typeof value === 'object') {
    return value && Object.keys(value).length > 0 ? JSON.stringify(value) : '-';
  }
  return String(value);
}

/** Whitespace would break table rows, so it collapses to single spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function humanCell(col: Column, obj: object, now: Date): HumanCell {
  const value = getPath(obj, col.path);
  if (col.kind === 'money') {
    const currency = col.currencyPath ? getPath(obj, col.currencyPath) : undefined;
    const amount = typeof value === 'number' ? value : null;
    const text = money(amount, typeof currency === 'string' ? currency : null);
    return text === '-' ? { text, tone: 'dim' } : { text };
  }
  if (isEmpty(value)) return { text: '-', tone: 'dim' };
  if (typeof value === 'boolean') return { text: value ? 'yes' : 'no' };
  if (col.kind === 'time' && (typeof value === 'string' || typeof value === 'number')) {
    return { text: relativeTime(value, now) };
  }
  const text = oneLine(summarize(value));
  if (col.kind === 'status') return { text, tone: statusTone(text) };
  return { text };
}

/** TSV cell: raw values, ISO times as sent, null as empty, tab/newline/backslash escaped. */
export function rawCell(col: Column, obj: object): string {
  const value = getPath(obj, col.path);
  if (isEmpty(value)) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return escapeTsv(text);
}

export function escapeTsv(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c);
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function inferKind(path: string): ColumnKind {
  const last = path.slice(path.lastIndexOf('.') + 1);
  if (last.endsWith('_at')) return 'time';
  if (last === 'status') return 'status';
  if (last === 'id' || last.endsWith('_id')) return 'id';
  return 'text';
}

/** --fields become columns headed by their path; a known column lends its kind. */
export function fieldColumns(fields: readonly string[], known: readonly Column[]): Column[] {
  return fields.map((path) => {
    const match = known.find((c) => c.path === path);
    return match ? { ...match, header: path } : { header: path, path, kind: inferKind(path) };
  });
}

/** Rows of a default card: every leaf of the object, amounts paired with a sibling currency. */
export function cardColumns(obj: object): Column[] {
  return leaves(obj as Json).map(({ path, parent }) => {
    const last = path.slice(path.lastIndexOf('.') + 1);
    const prefix = path.slice(0, path.length - last.length);
    if (last.endsWith('amount')) {
      const key = last === 'price_amount' ? 'price_currency' : 'currency';
      if (typeof parent[key] === 'string') {
        return { header: path, path, kind: 'money', currencyPath: `${prefix}${key}` };
      }
    }
    return { header: path, path, kind: inferKind(path) };
  });
}
