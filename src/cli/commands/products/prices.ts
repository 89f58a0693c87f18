// --price values and the rules a product's prices follow (the real service's product schemas of
// the seed's generation): all one-time or all recurring; one one-time price; recurring, one per
// interval, or a single free one. Today's generation has one interval per product, which
// src/api/products.ts checks when it writes the body in that form.
import type { PriceCreate } from '../../../api/products.js';
import { UsageError } from '../../../errors.js';
import {
  PRICE_AMOUNT_MAX,
  PRICE_AMOUNT_MIN,
  RECURRING_FIXED_PRICES_MAX,
  RECURRING_INTERVALS,
} from '../../../shared/api-facts.js';
import { amount, clip } from '../../input.js';

type Interval = (typeof RECURRING_INTERVALS)[number];

export const PRICE_HELP =
  'a price: 19.00/month, 190/year (recurring), 79 (one-time), free, free/month, or custom ' +
  '(pay what you want)';

/** `19.00/month`, `79`, `free`, `free/year`, `custom` → the price to create. */
export function priceSpec(flag: string, value: string): PriceCreate {
  const [what = '', interval, ...rest] = value.trim().toLowerCase().split('/');
  if (rest.length || (interval !== undefined && !isInterval(interval))) {
    throw new UsageError(
      `${flag}: "${clip(value)}" has no interval ${RECURRING_INTERVALS.join(' or ')} after /`,
    );
  }
  const recurring = interval
    ? ({ type: 'recurring', recurring_interval: interval } as const)
    : ({ type: 'one_time' } as const);
  if (what === 'free') return { ...recurring, amount_type: 'free' };
  if (what === 'custom') {
    if (interval) throw new UsageError(`${flag}: a pay-what-you-want price is one-time only`);
    return { type: 'one_time', amount_type: 'custom', price_currency: 'usd' };
  }
  const cents = amount(flag, what, PRICE_AMOUNT_MIN, PRICE_AMOUNT_MAX);
  return { ...recurring, amount_type: 'fixed', price_amount: cents, price_currency: 'usd' };
}

function isInterval(value: string): value is Interval {
  return (RECURRING_INTERVALS as readonly string[]).includes(value);
}

/** What the rules look at; prices read from the service or --data may lack any of it. */
interface PriceShape {
  type?: unknown;
  amount_type?: unknown;
  recurring_interval?: unknown;
}

/** Refuses a set of prices the service would refuse, naming `flag`. */
export function checkPriceSet(flag: string, set: readonly object[]): void {
  // --data may hold anything: what is not an object is the service's to refuse.
  const prices = set.map((p) => (typeof p === 'object' && p !== null ? p : {})) as PriceShape[];
  if (prices.length === 0) {
    throw new UsageError(`${flag} is required: ${PRICE_HELP}`);
  }
  // A price without a type is in today's form (--data): the service in use judges the set.
  if (prices.some((p) => p.type === undefined)) return;
  const recurring = prices.filter((p) => p.type === 'recurring');
  if (recurring.length && recurring.length !== prices.length) {
    throw new UsageError(
      `${flag}: a product's prices are all one-time or all recurring (with /month or /year)`,
    );
  }
  if (!recurring.length) {
    if (prices.length > 1) throw new UsageError(`${flag}: a one-time product has one price`);
    return;
  }
  if (prices.length > 1 && prices.some((p) => p.amount_type === 'free')) {
    throw new UsageError(`${flag}: a free recurring price must be the product's only price`);
  }
  const intervals = new Set(prices.map((p) => p.recurring_interval));
  if (intervals.size !== prices.length || prices.length > RECURRING_FIXED_PRICES_MAX) {
    throw new UsageError(`${flag}: one price per interval at most (a monthly and a yearly one)`);
  }
}
