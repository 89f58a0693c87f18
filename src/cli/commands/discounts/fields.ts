// The discount flags create and update share, checked into request fields (the real service's
// discount schemas): a fixed amount or a percentage, codes, limits, dates and products.
import { UsageError } from '../../../errors.js';
import {
  CURRENCIES,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_MIN_LENGTH,
} from '../../../shared/api-facts.js';
import {
  amount,
  characters,
  clip,
  dateTimeOrNone,
  integer,
  integerOrNone,
  percent,
  uuids,
} from '../../input.js';

export interface DiscountFlags {
  name?: string;
  amount?: string;
  currency?: string;
  percent?: string;
  months?: string;
  code?: string;
  maxRedemptions?: string;
  maxPerCustomer?: string;
  startsAt?: string;
  endsAt?: string;
  product?: string[];
}

/** The fields the flags give (only those given); `none` clears where update allows it. */
export function discountFields(flags: DiscountFlags): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (flags.name !== undefined) {
    if (flags.name.trim() === '') throw new UsageError('--name: must not be empty');
    out.name = flags.name;
  }
  if (flags.amount !== undefined && flags.percent !== undefined) {
    throw new UsageError('--amount and --percent cannot be used together');
  }
  if (flags.currency !== undefined && flags.amount === undefined) {
    throw new UsageError('--currency goes with --amount (a fixed discount)');
  }
  if (flags.amount !== undefined) {
    out.type = 'fixed';
    out.amount = amount('--amount', flags.amount, 1, Number.MAX_SAFE_INTEGER);
    out.currency = currency(flags.currency ?? CURRENCIES[0]);
  }
  if (flags.percent !== undefined) {
    out.type = 'percentage';
    out.basis_points = percent('--percent', flags.percent);
  }
  if (flags.months !== undefined) out.duration_in_months = integer('--months', flags.months, 1);
  if (flags.code !== undefined) out.code = flags.code === 'none' ? null : code(flags.code);
  if (flags.maxRedemptions !== undefined) {
    out.max_redemptions = integerOrNone('--max-redemptions', flags.maxRedemptions, 1);
  }
  if (flags.maxPerCustomer !== undefined) {
    out.max_redemptions_per_customer = integerOrNone('--max-per-customer', flags.maxPerCustomer, 1);
  }
  if (flags.startsAt !== undefined) out.starts_at = dateTimeOrNone('--starts-at', flags.startsAt);
  if (flags.endsAt !== undefined) out.ends_at = dateTimeOrNone('--ends-at', flags.endsAt);
  if (
    typeof out.starts_at === 'string' &&
    typeof out.ends_at === 'string' &&
    out.starts_at >= out.ends_at
  ) {
    throw new UsageError('--starts-at must be before --ends-at');
  }
  const products = uuids('--product', flags.product);
  if (products) out.products = products;
  return out;
}

/**
 * A limit per customer is today's (DiscountCreate/DiscountUpdate of 2026-04 and later): the
 * seed's generation would take the body and drop the field without a word.
 */
export function checkPerCustomer(today: boolean, body: Record<string, unknown>): void {
  if (!today && body.max_redemptions_per_customer !== undefined)
    throw new UsageError(
      "--max-per-customer needs today's API (2026-04 or later): set api_version, or pass --api-version 2026-10",
    );
}

function currency(value: string): string {
  const code = value.toLowerCase();
  if (!(CURRENCIES as readonly string[]).includes(code)) {
    throw new UsageError(
      `--currency: "${clip(value)}" is not supported; the API takes ${CURRENCIES.join(', ')}`,
    );
  }
  return code;
}

/** A code customers type at checkout: letters and digits only (Python's isalnum), 3 to 256. */
function code(value: string): string {
  const n = characters(value);
  if (
    !/^[\p{L}\p{N}]+$/u.test(value) ||
    n < DISCOUNT_CODE_MIN_LENGTH ||
    n > DISCOUNT_CODE_MAX_LENGTH
  ) {
    throw new UsageError(
      `--code: "${clip(value)}" must be ${DISCOUNT_CODE_MIN_LENGTH} to ` +
        `${DISCOUNT_CODE_MAX_LENGTH} letters or digits`,
    );
  }
  return value;
}
