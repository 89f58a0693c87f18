// GET /v1/subscriptions/export as the real service writes it (subscription endpoints `export`):
// Python's csv module with the excel dialect, one row per subscription, values as Python prints
// them (isoformat dates, float prices).
import { SUBSCRIPTION_ACTIVE_STATUSES } from '../../shared/api-facts.js';
import type { SubscriptionRow } from '../store/rows.js';
import type { Loader } from './loader.js';

export const SUBSCRIPTION_EXPORT_HEADER = [
  'Email',
  'Created At',
  'Active',
  'Product',
  'Price',
  'Currency',
  'Interval',
] as const;

/** The excel dialect: comma-separated, CRLF, a field quoted only when it must be. */
export function csvRow(values: readonly string[]): string {
  const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  // Python quotes the one field of a row that is empty, so the row is not a blank line.
  if (values.length === 1 && values[0] === '') return '""\r\n';
  return `${values.map(field).join(',')}\r\n`;
}

/** datetime.isoformat() of a UTC instant: microseconds only when there are some, +00:00. */
export function pythonIsoformat(iso: string): string {
  const d = new Date(iso);
  const base = d.toISOString().slice(0, 19);
  const ms = d.getUTCMilliseconds();
  return `${base}${ms ? `.${String(ms * 1000).padStart(6, '0')}` : ''}+00:00`;
}

/** str() of a Python float: integral values keep their `.0`. */
export function pythonFloat(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

export function subscriptionExportRow(l: Loader, r: SubscriptionRow): string[] {
  return [
    l.row('customers', r.customer_id)!.email,
    pythonIsoformat(r.created_at),
    (SUBSCRIPTION_ACTIVE_STATUSES as readonly string[]).includes(r.status) ? 'true' : 'false',
    l.row('products', r.product_id)!.name,
    r.amount == null ? '' : pythonFloat(r.amount / 100),
    r.currency ?? '',
    r.recurring_interval,
  ];
}
