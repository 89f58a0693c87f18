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
import { createHash } from 'node:crypto';
import { uuid } from '../ids.js';
import type { Loader, SubscriptionMeterState, SubscriptionUsage } from '../store/loader.js';
import type { MeterRow, OrderMeterItemRow, PriceRow, SubscriptionRow } from '../store/rows.js';
import { meterScope } from './meters.js';
import { priceSet } from './subscription-billing.js';
import type { Deps, Work } from './work.js';

export interface MeterLine {
  price: PriceRow;
  meter: MeterRow;
  /** The user events billed (each a billing entry of the real service's). */
  events: number;
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
export function meteredLines(
  w: Pick<Deps, 'store'>,
  sub: SubscriptionRow,
  at: string,
): MeterLine[] {
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
    const { units, events, credits } = store.usageEvents.billable(scope, meter.id, after, at);
    const credited = nonNegativeRunningSum(credits);
    const { amount, label } = amountAndLabel(price, units - credited);
    return [
      {
        price,
        meter,
        events,
        consumed: units,
        credited,
        amount,
        label: `${meter.name} — ${label}`,
        after,
      },
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

/** A subscription meter's id: one per subscription and meter, the same at every read. */
function subscriptionMeterId(subscriptionId: string, meterId: string): string {
  const h = createHash('sha256').update(`subscription-meter:${subscriptionId}:${meterId}`);
  const x = h.digest('hex');
  const variant = ((Number.parseInt(x[16]!, 16) & 3) | 8).toString(16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-4${x.slice(13, 16)}-${variant}${x.slice(17, 20)}-${x.slice(20, 32)}`;
}

/**
 * Today's Subscription's `prices` and `meters` at the clock's time (issue 27), as the real service
 * keeps them (models/subscription.py update_meters, subscription/service.py update_meters,
 * billing_entry/service.py compute_pending_subscription_line_items at c6c3645e): every price of
 * the subscription, its own first (the deprecated `price` is `prices[0]`), and one meter per
 * metered price's meter, in the prices' order — its consumed and credited units and amount the
 * sums of the metered lines still pending (not yet billed by an order) up to now, the lines the
 * next renewal bills. The real service recomputes them in a job after each batch of billing
 * entries, so it may lag; the sandbox's are always those of the moment.
 */
export function subscriptionUsage(deps: Deps, sub: SubscriptionRow): SubscriptionUsage | undefined {
  const set = priceSet(deps, sub.product_id, sub.currency ?? 'usd');
  if (!set) return undefined;
  const own = set.find((p) => p.id === sub.price_id);
  const prices = own ? [own, ...set.filter((p) => p !== own)] : set;
  const meterIds = [
    ...new Set(
      prices.filter((p) => p.amount_type === 'metered_unit' && p.meter_id).map((p) => p.meter_id!),
    ),
  ];
  if (!meterIds.length) return { prices, meters: [] };
  const lines = meteredLines(deps, sub, deps.clock.iso());
  const customer = deps.store.row('customers', sub.customer_id);
  const meters = meterIds.flatMap((meterId): SubscriptionMeterState[] => {
    const meter = deps.store.row('meters', meterId);
    if (!meter) return [];
    const mine = lines.filter((l) => l.meter.id === meterId);
    const last = customer && deps.store.usageEvents.meterActivity(customer, meter)?.last;
    return [
      {
        id: subscriptionMeterId(sub.id, meterId),
        created_at: sub.created_at,
        // update_meters writes it when an event of the meter reaches the subscription.
        modified_at: last && last > sub.created_at ? last : null,
        meter_id: meterId,
        consumed_units: mine.reduce((sum, l) => sum + l.consumed, 0),
        credited_units: mine.reduce((sum, l) => sum + l.credited, 0),
        amount: mine.reduce((sum, l) => sum + l.amount, 0),
      },
    ];
  });
  return { prices, meters };
}

/** The loader, reading subscriptions' usage at the clock's time. */
export function withUsage(l: Loader, deps: Deps): Loader {
  l.usage = (sub) => subscriptionUsage(deps, sub);
  return l;
}
