// The subscription the subs verb tests answer with, its card, its PATCHes and their shared checks.
import { expect } from 'vitest';
import type { Context } from '../../../../src/cli/context.js';
import { answered, CUSTOMER_TOKEN, ID, ID2, type Seen } from '../verb.js';

/** A monthly Pro subscription of jane@example.com that renews on 2026-12-01. */
export const SUB = {
  id: ID,
  status: 'active',
  product: { name: 'Pro' },
  price_id: ID2,
  amount: 1000,
  currency: 'usd',
  recurring_interval: 'month',
  current_period_start: '2026-11-01T00:00:00Z',
  current_period_end: '2026-12-01T00:00:00Z',
  cancel_at_period_end: false,
  customer: { email: 'jane@example.com' },
};

/** The key\tvalue card of `sub`: one row a field, in this order. */
export function subCard(sub: typeof SUB): string {
  return (
    `id\t${sub.id}\n` +
    `status\t${sub.status}\n` +
    `product.name\t${sub.product.name}\n` +
    `price_id\t${sub.price_id}\n` +
    `amount\t${sub.amount}\n` +
    `recurring_interval\t${sub.recurring_interval}\n` +
    'discount.name\t\n' +
    `current_period_start\t${sub.current_period_start}\n` +
    `current_period_end\t${sub.current_period_end}\n` +
    `cancel_at_period_end\t${sub.cancel_at_period_end}\n` +
    `customer.email\t${sub.customer.email}\n`
  );
}

/** The seller's and the customer portal's PATCH of SUB. */
export const SELLER = { method: 'PATCH', path: `/v1/subscriptions/${ID}` };
export const PORTAL = { method: 'PATCH', path: `/v1/customer-portal/subscriptions/${ID}` };

/** The service's answer for a subscription that has ended or ends with its period. */
export const ALREADY_CANCELED = {
  error: 'AlreadyCanceledSubscription',
  detail: 'This subscription is already canceled or will be at the end of the period.',
};

type Run<O> = (options: O, ctx: Context) => Promise<void>;

/** `options` send the seller's PATCH, seen as `seen`, and print the card of `answer`. */
export async function expectSellerPatch<O>(
  run: Run<O>,
  options: O,
  answer: typeof SUB,
  seen: Seen,
) {
  expect(await answered(run, options, SELLER, 200, answer)).toEqual({
    code: 0,
    stdout: subCard(answer),
    stderr: '',
    seen,
  });
}

/**
 * `options` (--as-customer --json) send the customer-portal PATCH of `body` with
 * BILLING_CUSTOMER_TOKEN, and print `answer` as sent.
 */
export async function expectPortalPatch<O>(run: Run<O>, options: O, body: object, answer = SUB) {
  const r = await answered(run, options, PORTAL, 200, answer, {
    env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN },
  });
  expect(r).toEqual({
    code: 0,
    stdout: `${JSON.stringify(answer, null, 2)}\n`,
    stderr: '',
    seen: { authorization: `Bearer ${CUSTOMER_TOKEN}`, body },
  });
}

/**
 * A row check for it.each: the seller's PATCH of `options`, seen as `seen`, answered with
 * `status, body`, gives exit `code` and exactly `stderr`, with nothing on stdout.
 */
export function refused<O>(run: Run<O>, options: O, seen: Seen) {
  return async (status: number, body: object, code: number, stderr: string) => {
    expect(await answered(run, options, SELLER, status, body)).toEqual({
      code,
      stdout: '',
      stderr,
      seen,
    });
  };
}

/**
 * The seed's service has no GET of one subscription: a question that names it (whose, of what)
 * reads it from the seller's list first. `SUB` is there.
 */
export const SUBS_PAGE = '/v1/subscriptions/?page=1&limit=100';
export const QUESTION = `? End jane@example.com's Pro subscription (${ID}) now? Its benefits are revoked at once. [y/N] `;
