// What a subscription's changes cost in today's generation, as the real service computes it
// (polarsource/polar at c6c3645e): subscription/update.py (the prorations of a product change:
// the unused time of the old prices credited, the time left on the new ones charged, each after
// its discount, rounded half to even), billing_entry/service.py (their labels), order/amounts.py
// (an order's subtotal, discount — on the period's own charge, never on prorations —, net and
// total; the sandbox computes no tax) and subscription/service.py's charge and cancel previews.
// The sandbox keeps no wallet, so no balance is ever applied.
import type {
  BillingEntryRow,
  DiscountRow,
  PriceRow,
  ProductRow,
  SubscriptionRow,
} from '../store/rows.js';
import { discountAmount } from './checkout-amounts.js';
import { discountApplies, nextPeriod } from './due.js';
import type { Deps } from './work.js';

export type Proration = 'invoice' | 'prorate' | 'next_period' | 'reset';

/** `amount × (end − at) / (end − start)`, rounded half to even (Decimal's round); 0 past the end. */
export function prorate(amount: number, start: string, end: string, at: string): number {
  const total = BigInt(Date.parse(end) - Date.parse(start));
  const left = BigInt(Date.parse(end) - Date.parse(at));
  if (left <= 0n || total <= 0n) return 0;
  const n = BigInt(amount) * left;
  const q = n / total;
  const twice = 2n * (n % total);
  const up = twice > total || (twice === total && q % 2n === 1n);
  return Number(up ? q + 1n : q);
}

/** A product's prices in the subscription's currency (PriceSet.from_product); none: undefined. */
export function priceSet(
  { store }: Pick<Deps, 'store'>,
  productId: string,
  currency: string,
): PriceRow[] | undefined {
  const prices = store.products
    .activePrices(productId)
    .filter(
      (p) => (p.source ?? 'catalog') === 'catalog' && (p.price_currency ?? 'usd') === currency,
    );
  return prices.length ? prices : undefined;
}

/** What one period of a price costs (a free price is a fixed price of 0 today). */
export const priceAmount = (p: PriceRow): number => p.price_amount ?? 0;

/** A price set's price the subscription keeps: its static one (the sandbox keeps one a subscription). */
export const mainPrice = (prices: readonly PriceRow[]): PriceRow =>
  prices.find((p) => ['fixed', 'free', 'custom'].includes(p.amount_type)) ?? prices[0]!;

/** Only fixed prices of more than 0 are prorated (custom, free and metered ones are not). */
const proratable = (p: PriceRow) => p.amount_type === 'fixed' && (p.price_amount ?? 0) > 0;

/** The subscription's discount, unless its repetition ended before the period starting `at`. */
export function liveDiscount(
  { store }: Pick<Deps, 'store'>,
  sub: SubscriptionRow,
  at: string = sub.current_period_start,
): DiscountRow | null {
  const d = sub.discount_id ? store.row('discounts', sub.discount_id) : undefined;
  if (!d) return null;
  return discountApplies(d, new Date(firstDiscountedAt(sub, at)), new Date(at)) ? d : null;
}

/**
 * When the subscription's discount was first applied (discount_applied_at): stored once today's
 * generation changed it; before, the start of its first paid period.
 */
export function firstDiscountedAt(sub: SubscriptionRow, fallback: string): string {
  if (sub.discount_applied_at) return sub.discount_applied_at;
  if (sub.status === 'trialing') return fallback;
  return sub.started_at ?? sub.created_at;
}

/** A product change's prorations, as update.py `_generate_product_subscription_update` makes them. */
export interface ProductChangePlan {
  /** The cycle the subscription has once the change applies. */
  cycleStart: string;
  cycleEnd: string;
  intervalChanged: boolean;
  entries: Omit<BillingEntryRow, 'id' | 'created_at' | 'subscription_id' | 'order_id'>[];
}

export function planProductChange(
  deps: Deps,
  sub: SubscriptionRow,
  product: ProductRow,
  prices: readonly PriceRow[],
  proration: Proration,
  discountAfter: DiscountRow | null,
): ProductChangePlan {
  const currency = sub.currency ?? 'usd';
  const now = deps.clock.iso();
  const appliesAt = proration === 'next_period' ? sub.current_period_end! : now;
  const interval = intervalOf(product, prices);
  const intervalChanged =
    interval.interval !== sub.recurring_interval ||
    interval.count !== (sub.recurring_interval_count ?? 1);
  const reset = intervalChanged || proration === 'reset';
  const cycleStart = reset ? appliesAt : sub.current_period_start;
  const cycleEnd = reset
    ? nextPeriod(
        new Date(appliesAt),
        interval.interval,
        interval.count,
        new Date(appliesAt).getUTCDate(),
      ).toISOString()
    : sub.current_period_end!;
  const entries: ProductChangePlan['entries'] = [];
  const entry = (
    p: PriceRow,
    direction: 'credit' | 'debit',
    d: DiscountRow | null,
    start: string,
    end: string,
  ) => {
    const base = priceAmount(p);
    const off = discountAmount(d, base, currency);
    entries.push({
      type: 'proration',
      direction,
      start_timestamp: appliesAt,
      end_timestamp: end,
      amount: prorate(base - off, start, end, appliesAt),
      discount_amount: off,
      currency,
      price_id: p.id,
      product_id: p.product_id,
    });
  };
  // Reset mode credits nothing: the whole new period is invoiced at once.
  if (proration !== 'reset') {
    const current = deps.store.row('prices', sub.price_id);
    if (current && proratable(current))
      entry(
        current,
        'credit',
        liveDiscount(deps, sub),
        sub.current_period_start,
        sub.current_period_end!,
      );
  }
  for (const p of prices.filter(proratable)) entry(p, 'debit', discountAfter, cycleStart, cycleEnd);
  return { cycleStart, cycleEnd, intervalChanged, entries };
}

/** A product's billing interval: its own today, a legacy price's before. */
export function intervalOf(
  product: ProductRow,
  prices: readonly PriceRow[],
): { interval: SubscriptionRow['recurring_interval']; count: number } {
  const own = product.recurring_interval;
  if (own) return { interval: own, count: product.recurring_interval_count ?? 1 };
  const legacy = prices.find((p) => p.recurring_interval)?.recurring_interval ?? 'month';
  return { interval: legacy, count: 1 };
}

// ---- previews

/** One pending proration as a line of a charge (billing_entry/service.py labels). */
export interface Proration_ {
  label: string;
  amount: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** babel's format_date(d, locale="en_US"): the medium form, `Aug 5, 2026`, of the UTC date. */
export function usDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The pending prorations' lines: a credit negative, for the remaining time of its product. */
export function prorationLines(
  { store }: Pick<Deps, 'store'>,
  entries: readonly Pick<
    BillingEntryRow,
    'direction' | 'amount' | 'product_id' | 'start_timestamp' | 'end_timestamp'
  >[],
): Proration_[] {
  return entries.map((e) => {
    const name = store.row('products', e.product_id)?.name ?? '';
    const when = `From ${usDate(e.start_timestamp)} to ${usDate(e.end_timestamp)}`;
    return e.direction === 'credit'
      ? { label: `Remaining time on ${name} — ${when}`, amount: -e.amount }
      : { label: `${name} — ${when}`, amount: e.amount };
  });
}

/** SubscriptionChargePreview. */
export interface ChargePreview {
  base_amount: number;
  metered_amount: number;
  proration_amount: number;
  prorations: Proration_[];
  subtotal_amount: number;
  discount_amount: number;
  net_amount: number;
  tax_amount: number;
  total_amount: number;
  applied_balance_amount: number;
  due_amount: number;
}

/**
 * An order's amounts (order/amounts.py compute_order_amounts; build_subscription_order): the
 * discount on the period's own charge (`charged`) only, no tax, no wallet balance. `base` is what
 * the preview reports as its base amount.
 */
export function chargeOf(
  charge: { charged: number; base: number; prorations: Proration_[]; metered?: number },
  discount: DiscountRow | null,
  currency: string,
): ChargePreview {
  const { charged, base, prorations, metered = 0 } = charge;
  const proration_amount = prorations.reduce((sum, p) => sum + p.amount, 0);
  const subtotal = charged + metered + proration_amount;
  const off = discount ? discountAmount(discount, charged, currency) : 0;
  const net = subtotal - off;
  return {
    base_amount: base,
    metered_amount: metered,
    proration_amount,
    prorations,
    subtotal_amount: subtotal,
    discount_amount: off,
    net_amount: net,
    tax_amount: 0,
    total_amount: net,
    applied_balance_amount: 0,
    due_amount: Math.max(0, net),
  };
}
