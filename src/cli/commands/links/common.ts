// What the links verbs share: the refusal on the seed's generation (which has no checkout
// links), products by id or name, and the flags a link's create and update both take.
import type { ApiClient } from '../../../api/client.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { clip, webUrl } from '../../input.js';
import { discountId, discountRef } from '../discounts/ref.js';
import { productId } from '../products/ref.js';

/**
 * Checkout links are today's API only (checkout_link/endpoints.py, added after the seed's
 * generation): on the seed's, one line with the command to run instead, before anything is
 * looked up or sent.
 */
export function needsToday(client: ApiClient, verb: string): void {
  if (client.today) return;
  throw new UsageError(
    `checkout links need today's API (2026-04 or later): run billing --api-version 2026-10 links ${verb} …, or set api_version`,
  );
}

/** `14d`, `2w`, `1mo`, `1y` (clock advance's units) as the link's trial (TrialInterval). */
export function trial(
  flag: string,
  value: string,
): { trial_interval: string; trial_interval_count: number } {
  const m = /^(\d{1,4})\s*(d|days?|w|weeks?|mo|months?|y|years?)$/i.exec(value.trim());
  const count = m ? Number(m[1]) : Number.NaN;
  if (!m || count < 1 || count > 1000)
    throw new UsageError(
      `${flag}: "${clip(value)}" is not a trial of 1 to 1000 days, weeks, months or years (e.g. 14d, 2w, 1mo, 1y)`,
    );
  const unit = m[2]!.toLowerCase();
  const interval = unit.startsWith('d')
    ? 'day'
    : unit.startsWith('w')
      ? 'week'
      : unit.startsWith('m')
        ? 'month'
        : 'year';
  return { trial_interval: interval, trial_interval_count: count };
}

/** The link's fields its flags give, checked (`none` clears, where `clearable`). */
export interface LinkFlags {
  label?: string;
  discount?: string;
  allowDiscountCodes?: boolean;
  requireBillingAddress?: boolean;
  successUrl?: string;
  returnUrl?: string;
  trial?: string;
}

/**
 * The body fields of the flags given; a discount stays as typed (an id or a code, found when
 * run). With `clearable` (update), `none` sends null.
 */
export function linkFields(opts: LinkFlags, clearable: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const none = (v: string | undefined) => clearable && v === 'none';
  if (opts.label !== undefined) body.label = none(opts.label) ? null : opts.label;
  if (opts.discount !== undefined)
    body.discount_id = none(opts.discount) ? null : discountRef('--discount', opts.discount);
  if (opts.allowDiscountCodes !== undefined) body.allow_discount_codes = opts.allowDiscountCodes;
  if (opts.requireBillingAddress !== undefined)
    body.require_billing_address = opts.requireBillingAddress;
  if (opts.successUrl !== undefined)
    body.success_url = none(opts.successUrl) ? null : webUrl('--success-url', opts.successUrl);
  if (opts.returnUrl !== undefined)
    body.return_url = none(opts.returnUrl) ? null : webUrl('--return-url', opts.returnUrl);
  if (opts.trial !== undefined) {
    Object.assign(
      body,
      none(opts.trial)
        ? { trial_interval: null, trial_interval_count: null }
        : trial('--trial', opts.trial),
    );
  }
  return body;
}

/** Products by id or name, and the discount by id or code, as ids (names looked up). */
export async function resolveRefs(
  ctx: Context,
  body: Record<string, unknown>,
  products: readonly string[] | undefined,
): Promise<Record<string, unknown>> {
  const out = { ...body };
  if (products?.length) {
    const ids: string[] = [];
    for (const ref of products) ids.push(await productId(ctx, '--product', ref));
    out.products = ids;
  }
  if (typeof out.discount_id === 'string') {
    out.discount_id = await discountId(ctx, '--discount', out.discount_id);
  }
  return out;
}
