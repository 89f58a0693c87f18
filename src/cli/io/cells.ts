// One cell, two renderings: human (TTY table/card) and raw (TSV).
import type { FieldPath } from '../../api/today.js';
import { statusTone, type Tone } from './color.js';
import { money, relativeTime } from './humanize.js';
import { getPath, type Json, leaves } from './paths.js';
import { escapeTsv, safeText } from './safe.js';

export type ColumnKind =
  | 'text'
  | 'money'
  | 'time'
  | 'status'
  | 'bool'
  | 'id'
  | 'price'
  | 'discount'
  | 'prices'
  | 'names';

export interface Column {
  header: string;
  /**
   * Where the value sits. For `price` the price's `price_amount`, for `discount` the
   * discount's `name`: their siblings (amount type, currency, percentage) complete the text.
   * For `prices` a product's list of prices, summed up in one line (also in TSV). For `names`
   * a list of objects by their `name`, comma-separated (also in TSV).
   */
  path: string;
  kind?: ColumnKind;
  /** For `money`: where the currency code sits; the amount at `path` is in minor units. */
  currencyPath?: string;
  /** Read when `path` holds nothing: the real service's name of a field the spec renamed. */
  alt?: readonly string[];
  /** When a table is too wide for the terminal, columns are hidden in this order (1 first). */
  hide?: number;
  /** For --help: where the value comes from, when the API generations name it differently. */
  note?: string;
  /**
   * A field of one API generation only: a card leaves the row out when the answer has no
   * such field at all (its top-level key, or an alternative's, is missing).
   */
  ifPresent?: boolean;
  /**
   * For `price`: where the interval of a recurring price sits when the price has none (today's
   * products carry it); `$49.00 USD/month`.
   */
  intervalPath?: string;
}

/**
 * A column of a resource T: its paths are checked against T's fields (today's description,
 * and the seed's thin types), so a renamed or dropped field is a compile error. Written as
 * `[…] satisfies ColumnOf<T>[]`: a type only, nothing more is loaded at start-up.
 */
export type ColumnOf<T> = Omit<Column, 'path' | 'alt' | 'currencyPath' | 'intervalPath'> & {
  path: FieldPath<T>;
  alt?: readonly FieldPath<T>[];
  currencyPath?: FieldPath<T>;
  intervalPath?: FieldPath<T>;
};

export interface HumanCell {
  text: string;
  tone?: Tone;
}

/** A list of objects (a link's products) as their names, one line; undefined for anything else. */
function namesText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>).name : undefined))
    .map((name) => oneLine(typeof name === 'string' ? name : '?'))
    .join(', ');
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

/** The value at the column's path, else at its first alternative that holds one. */
function cellValue(col: Column, obj: object): unknown {
  let value = getPath(obj, col.path);
  for (const alt of col.alt ?? []) if (isEmpty(value)) value = getPath(obj, alt);
  return value;
}

/** Whether a card shows the row: always, or for `ifPresent` when the answer has the field. */
export function showsRow(col: Column, obj: object): boolean {
  if (!col.ifPresent) return true;
  return [col.path, ...(col.alt ?? [])].some((path) => Object.hasOwn(obj, path.split('.')[0]!));
}

function parentOf(obj: object, path: string): Record<string, unknown> | undefined {
  const dot = path.lastIndexOf('.');
  const parent = dot < 0 ? obj : getPath(obj, path.slice(0, dot));
  return parent && typeof parent === 'object' ? (parent as Record<string, unknown>) : undefined;
}

function moneyCell(amount: unknown, currency: unknown): HumanCell {
  if (typeof amount !== 'number') {
    return isEmpty(amount) ? { text: '-', tone: 'dim' } : { text: oneLine(summarize(amount)) };
  }
  const text = money(amount, typeof currency === 'string' ? currency : null);
  return text === '-' ? { text, tone: 'dim' } : { text };
}

/**
 * A price by its amount type: free, pay what you want, fixed (api-facts "Enumerations"), and
 * today's generation's free (a fixed 0), per seat and per unit of a meter.
 */
function priceCell(price: Record<string, unknown> | undefined, amount: unknown): HumanCell {
  const currency = price?.price_currency;
  if (price?.amount_type === 'free') return { text: 'Free' };
  if (price?.amount_type === 'custom') {
    const min = moneyCell(price.minimum_amount, currency);
    return { text: min.tone ? 'Pay what you want' : `Pay what you want (from ${min.text})` };
  }
  if (price?.amount_type === 'fixed' && amount === 0) return { text: 'Free' };
  if (price?.amount_type === 'seat_based') {
    const tiers = (price.seat_tiers as { tiers?: unknown } | undefined)?.tiers;
    const first = Array.isArray(tiers) ? (tiers[0] as Record<string, unknown>) : undefined;
    const each = moneyCell(first?.price_per_seat, currency);
    const more = Array.isArray(tiers) && tiers.length > 1 ? ', tiered' : '';
    return { text: each.tone ? 'Per seat' : `${each.text} per seat${more}` };
  }
  if (price?.amount_type === 'metered_unit') {
    // unit_amount is a decimal string of minor units: it may be a fraction of a cent.
    const unit = Number(price.unit_amount);
    const code = typeof currency === 'string' ? currency.toUpperCase() : '';
    const meter = (price.meter as { name?: unknown } | undefined)?.name;
    const per = typeof meter === 'string' ? ` ${oneLine(meter)}` : ' unit';
    return Number.isFinite(unit) && code
      ? { text: `${trimZeros(unit / 100)} ${code} per${per}` }
      : { text: `Metered (per${per})` };
  }
  return moneyCell(amount, currency);
}

function trimZeros(n: number): string {
  return n.toFixed(12).replace(/\.?0+$/, '');
}

/**
 * `$19.00 USD/month, $190.00 USD/year`: a product's prices on sale, each by its amount type.
 * The seed's generation keeps the interval on each price; today's on the product (`parent`).
 */
function pricesText(value: unknown, parent?: Record<string, unknown>): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const every = parent?.recurring_interval;
  return value
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
    .filter((p) => p.is_archived !== true)
    .map((p) => {
      const unit = p.recurring_interval ?? every;
      const interval = typeof unit === 'string' ? `/${unit}` : '';
      return oneLine(priceCell(p, p.price_amount).text) + interval;
    })
    .join(', ');
}

/** `Launch 10 ($10.00 USD off)`, `Half off (50% off)`: a percentage discount has no amount. */
function discountCell(discount: Record<string, unknown> | undefined, name: unknown): HumanCell {
  if (!discount) return { text: '-', tone: 'dim' };
  const label = isEmpty(name) ? '' : oneLine(String(name));
  let off: string | undefined;
  if (discount.type === 'percentage' && typeof discount.basis_points === 'number') {
    off = `${discount.basis_points / 100}% off`;
  } else if (typeof discount.amount === 'number') {
    const m = moneyCell(discount.amount, discount.currency);
    if (!m.tone) off = `${m.text} off`;
  }
  if (!off) return label ? { text: label } : { text: '-', tone: 'dim' };
  return { text: label ? `${label} (${off})` : off };
}

/** A cell for a terminal: its text is safe to print whatever the server sent (safe.ts). */
export function humanCell(col: Column, obj: object, now: Date): HumanCell {
  const cell = unsafeHumanCell(col, obj, now);
  return { ...cell, text: safeText(cell.text) };
}

function unsafeHumanCell(col: Column, obj: object, now: Date): HumanCell {
  const value = cellValue(col, obj);
  if (col.kind === 'money') {
    return moneyCell(value, col.currencyPath ? getPath(obj, col.currencyPath) : undefined);
  }
  if (col.kind === 'price') {
    const price = parentOf(obj, col.path);
    const cell = priceCell(price, value);
    if (!col.intervalPath || cell.tone || cell.text === 'Free' || price?.type === 'one_time') {
      return cell;
    }
    const every = price?.recurring_interval ?? getPath(obj, col.intervalPath);
    return typeof every === 'string' ? { text: `${cell.text}/${oneLine(every)}` } : cell;
  }
  if (col.kind === 'discount') return discountCell(parentOf(obj, col.path), value);
  if (col.kind === 'prices') {
    const text = pricesText(value, parentOf(obj, col.path));
    if (text) return { text };
    if (text === '' || isEmpty(value)) return { text: '-', tone: 'dim' };
  }
  if (col.kind === 'names') {
    const text = namesText(value);
    if (text) return { text };
    if (text === '') return { text: '-', tone: 'dim' };
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
  const value = cellValue(col, obj);
  if (isEmpty(value)) return '';
  // A summary of several fields has no one raw value: the same line as on a terminal.
  const summary =
    col.kind === 'prices'
      ? pricesText(value, parentOf(obj, col.path))
      : col.kind === 'names'
        ? namesText(value)
        : undefined;
  if (summary !== undefined) return escapeTsv(summary);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return escapeTsv(text);
}

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
    // A field under another generation's name reads the same column: `amount` of today's
    // order is its net_amount, `net_amount` of the seed's is its amount.
    const match = known.find((c) => c.path === path || c.alt?.includes(path));
    if (!match) return { header: path, path, kind: inferKind(path) };
    const alt = [match.path, ...(match.alt ?? [])].filter((p) => p !== path);
    return { ...match, header: path, path, ...(alt.length ? { alt } : {}) };
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
