// A subscription's metered prices charged at its period's end (issue 27), as the real service
// bills them (billing_entry/service.py _get_metered_line_item, models/product_price.py
// ProductPriceMeteredUnit.get_amount_and_label, kit/math.py at c6c3645e):
// - the real service turns each event, in the order it was ingested, into a billing entry of
//   the subscription its customer then has (meter/service.py create_billing_entries: none during
//   a trial); the period's order bills the entries still pending. The sandbox bills the same
//   events: those of the customer (by id or by external id) ingested after what the previous
//   order billed — or the subscription's start, or its trial's end — up to the period's end, so
//   each event is charged once, by one order;
// - units: the meter's aggregate over them (coalesce 0); credited: the meter.credited events'
//   units in the same window, a running sum that never goes below 0;
// - amount: unit_amount × max(0, units − credited), rounded half away from 0 (polar_round),
//   at most cap_amount; label "{meter} — ({units} consumed units) × {unit price}[ — Capped at …]".
import { uuid } from '../ids.js';
import type { MeterRow, OrderMeterItemRow, PriceRow, SubscriptionRow } from '../store/rows.js';
import { meterScope } from './meters.js';
import { priceSet } from './subscription-billing.js';
import type { Work } from './work.js';

export interface MeterLine {
  price: PriceRow;
  meter: MeterRow;
  consumed: number;
  credited: number;
  amount: number;
  label: string;
  after: string;
}

/** kit/math.py non_negative_running_sum. */
export function nonNegativeRunningSum(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum = Math.max(0, sum + v);
  return sum;
}

/** kit/math.py polar_round: to the nearest integer, .5 away from 0. */
export function polarRound(n: number): number {
  return n >= 0 ? Math.floor(n + 0.5) : -Math.floor(-n + 0.5);
}

/** unit_amount (a decimal string of cents) × units, exactly when both are whole-ish decimals. */
export function times(unitAmount: string, units: number): number {
  if (Number.isInteger(units)) {
    const [whole, frac = ''] = unitAmount.replace(/^\+/, '').split('.');
    const scaled = BigInt(`${whole || '0'}${frac}`) * BigInt(units);
    const scale = 10n ** BigInt(frac.length);
    // polar_round on the exact product: half away from 0 (units ≥ 0 here).
    const q = scaled / scale;
    return Number(2n * (scaled % scale) >= scale ? q + 1n : q);
  }
  return polarRound(Number(unitAmount) * units);
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** babel's format_currency of cents, all decimals kept (decimal_quantization=False) or not. */
function money(cents: number | string, currency: string, quantize: boolean): string {
  const major = Number(cents) / 100;
  const code = currency.toUpperCase();
  if (quantize)
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(major);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 20,
  }).format(major);
}

/** get_amount_and_label for `units` (consumed less credited). */
export function amountAndLabel(price: PriceRow, units: number): { amount: number; label: string } {
  const currency = price.price_currency ?? 'usd';
  const unitAmount = price.unit_amount ?? '0';
  let label = `(${number.format(Math.max(0, units))} consumed units) × ${money(unitAmount, currency, false)}`;
  let amount = times(unitAmount, Math.max(0, units));
  const cap = price.cap_amount;
  if (cap != null && amount > cap) {
    amount = cap;
    label += ` — Capped at ${money(cap, currency, true)}`;
  }
  return { amount, label };
}

/** The metered lines of the subscription's period ending `at` (nothing billed twice). */
export function meteredLines(w: Work, sub: SubscriptionRow, at: string): MeterLine[] {
  const { store } = w;
  const prices = (priceSet(w, sub.product_id, sub.currency ?? 'usd') ?? []).filter(
    (p) => p.amount_type === 'metered_unit' && p.meter_id,
  );
  if (!prices.length) return [];
  const customer = store.row('customers', sub.customer_id);
  const customers = {
    ids: [sub.customer_id],
    external: customer?.external_id ? [customer.external_id] : [],
  };
  const start = sub.started_at ?? sub.created_at;
  const firstAfter = sub.trial_end && sub.trial_end > start ? sub.trial_end : before(start);
  return prices.flatMap((price) => {
    const meter = store.row('meters', price.meter_id!);
    if (!meter) return [];
    const after = store.meters.billedUntil(sub.id, meter.id) ?? firstAfter;
    if (after >= at) return [];
    const scope = { ...meterScope(meter), customers };
    const { units, credits } = store.usageEvents.billable(scope, meter.id, after, at);
    const credited = nonNegativeRunningSum(credits);
    const { amount, label } = amountAndLabel(price, units - credited);
    return [
      { price, meter, consumed: units, credited, amount, label: `${meter.name} — ${label}`, after },
    ];
  });
}

/** The instant just before an ISO instant (a window's exclusive start that includes it). */
const before = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

/** Records the lines on the order: the next period bills what is ingested after `until`. */
export function recordLines(
  w: Work,
  sub: SubscriptionRow,
  orderId: string,
  lines: readonly MeterLine[],
  until: string,
): void {
  lines.forEach((l, i) => {
    const row: OrderMeterItemRow = {
      id: uuid(),
      created_at: new Date(Date.parse(until) + i).toISOString(),
      order_id: orderId,
      subscription_id: sub.id,
      price_id: l.price.id,
      meter_id: l.meter.id,
      start_timestamp: sub.current_period_start,
      end_timestamp: until,
      billed_until: until,
      consumed_units: l.consumed,
      credited_units: l.credited,
      amount: l.amount,
      label: l.label,
    };
    w.store.insert('order_meter_items', row);
  });
}
