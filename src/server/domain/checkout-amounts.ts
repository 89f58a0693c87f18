// What a checkout session costs and asks for (spec §2.2): amounts derived from its price and
// discount, and the status it shows.
import type { CheckoutRow, CheckoutStatus, DiscountRow, PriceRow } from '../store/rows.js';

/** What `discount` takes off `amount` (a fixed one only in its own currency). */
export function discountAmount(
  discount: DiscountRow | null,
  amount: number,
  currency: string | null,
): number {
  if (!discount) return 0;
  if (discount.type === 'percentage')
    return Math.round((amount * (discount.basis_points as number)) / 10_000);
  if (discount.currency && currency && discount.currency !== currency) return 0;
  return Math.min(amount, discount.amount as number);
}

export interface Amounts {
  amount: number;
  currency: string | null;
  subtotal: number;
  /** null until a billing address lets the tax be computed (taxAfterChange). */
  tax: number | null;
  total: number;
  free: boolean;
  paymentRequired: boolean;
  paymentSetupRequired: boolean;
  paymentFormRequired: boolean;
}

export function checkoutAmounts(
  checkout: CheckoutRow,
  price: PriceRow,
  discount: DiscountRow | null,
): Amounts {
  const amount = checkout.amount ?? 0;
  const currency = checkout.currency ?? null;
  const subtotal = amount - discountAmount(discount, amount, currency);
  const tax = checkout.tax_amount ?? null;
  // The real Checkout.total_amount: the subtotal plus the tax when there is one.
  const total = subtotal + (tax ?? 0);
  const free = price.amount_type === 'free';
  const paymentRequired = total > 0;
  const paymentSetupRequired = price.type === 'recurring' && !free;
  const paymentFormRequired = paymentRequired || paymentSetupRequired;
  return {
    amount,
    currency,
    subtotal,
    tax,
    total,
    free,
    paymentRequired,
    paymentSetupRequired,
    paymentFormRequired,
  };
}

/**
 * The session's tax_amount after a create or a change, as the real service's
 * _update_checkout_tax sets it (checkout/service.py at f179ede58c, the seed generation): 0 when
 * no payment is required; with a billing address, the tax computed for it (this service computes
 * none: 0); without one, as it was — null on a new session, until an address is known.
 */
export function taxAfterChange(
  checkout: CheckoutRow,
  price: PriceRow,
  discount: DiscountRow | null,
): number | null {
  if (!checkoutAmounts(checkout, price, discount).paymentRequired) return 0;
  if (checkout.customer_billing_address) return 0;
  return checkout.tax_amount ?? null;
}

/** An open session past expires_at is shown as expired, as the real service's expiry job does. */
export function shownStatus(checkout: CheckoutRow, now: string): CheckoutStatus {
  return checkout.status === 'open' && checkout.expires_at <= now ? 'expired' : checkout.status;
}

/** A price that costs nothing (today's `is_free`: a seed's free price, or a fixed one of 0). */
export const isFreePrice = (p: PriceRow) =>
  p.amount_type === 'free' || (p.amount_type === 'fixed' && (p.price_amount ?? 0) === 0);

/** What today's Checkout computes (models/checkout.py at c6c3645e), from its stored facts. */
export interface TodaysAmounts {
  amount: number;
  discount: number;
  /** After the discount, before the tax (`net_amount`). */
  net: number;
  tax: number | null;
  total: number;
  /** Every price of the selected product is free (`is_free_product_price`). */
  free: boolean;
  /** Some price of the selected product takes a discount (`is_discount_applicable`). */
  discountApplicable: boolean;
  paymentRequired: boolean;
  paymentSetupRequired: boolean;
  paymentFormRequired: boolean;
}

/**
 * `checkout`'s amounts, its product being `recurring` with `prices` (the product's, Checkout.
 * prices): a trial asks no payment, a free price, a custom amount of 0 or a 100% forever
 * percentage discount no payment method either.
 */
export function todaysAmounts(
  checkout: CheckoutRow,
  recurring: boolean,
  prices: readonly PriceRow[],
  discount: DiscountRow | null,
): TodaysAmounts {
  const amount = checkout.amount ?? 0;
  const off = discountAmount(discount, amount, checkout.currency ?? null);
  const net = amount - off;
  const tax = checkout.tax_amount ?? null;
  const total = net + (tax ?? 0);
  const free = prices.length > 0 && prices.every(isFreePrice);
  const discountApplicable = prices.some(
    (p) => !isFreePrice(p) && (p.amount_type === 'fixed' || p.amount_type === 'custom'),
  );
  const paymentRequired = total > 0 && !checkout.trial_end;
  const wholeForever =
    discount?.type === 'percentage' &&
    discount.duration === 'forever' &&
    discount.basis_points === 10_000;
  const paymentSetupRequired = !free && amount !== 0 && !wholeForever && recurring;
  return {
    amount,
    discount: off,
    net,
    tax,
    total,
    free,
    discountApplicable,
    paymentRequired,
    paymentSetupRequired,
    paymentFormRequired: paymentRequired || paymentSetupRequired,
  };
}
