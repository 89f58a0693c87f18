// What the receipt of a subscription says later periods cost (issue 24): the price per period,
// less a discount while it lasts, as the service renews it (domain/due.ts discountApplies).
import { describe, expect, it } from 'vitest';
import { laterPeriods, type PageCheckout } from '../../src/server/checkout-page/view.js';

const monthly = (amount: number, subtotal: number, discount: PageCheckout['discount']) =>
  ({
    amount,
    subtotal_amount: subtotal,
    total_amount: subtotal,
    currency: 'usd',
    discount,
    product_price: {
      amount_type: 'fixed',
      type: 'recurring',
      recurring_interval: 'month',
      price_amount: amount,
    },
  }) as unknown as PageCheckout;

const discount = (duration: string, months?: number) => ({
  name: 'Off',
  code: 'OFF',
  type: 'fixed',
  duration,
  ...(months !== undefined && { duration_in_months: months }),
});

describe('laterPeriods', () => {
  it.each([
    ['no discount', monthly(4900, 4900, null), '$49.00 per month'],
    ['a discount once', monthly(4900, 3900, discount('once')), '$49.00 per month'],
    ['a discount forever', monthly(4900, 3900, discount('forever')), '$39.00 per month'],
    [
      'a discount for 3 months',
      monthly(4900, 2450, discount('repeating', 3)),
      '$24.50 per month while the discount lasts (3 months), then $49.00 per month',
    ],
    [
      'a discount for 1 month',
      monthly(4900, 2450, discount('repeating', 1)),
      '$24.50 per month while the discount lasts (1 month), then $49.00 per month',
    ],
  ])('%s: %s', (_what, checkout, said) => {
    expect(laterPeriods(checkout)).toBe(said);
  });

  it('a one-time purchase or a free subscription: nothing to say', () => {
    const oneTime = monthly(900, 900, null);
    oneTime.product_price.type = 'one_time';
    expect(laterPeriods(oneTime)).toBeNull();
    const free = monthly(0, 0, null);
    free.product_price.amount_type = 'free';
    expect(laterPeriods(free)).toBeNull();
  });
});
