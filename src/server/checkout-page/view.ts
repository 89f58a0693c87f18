// What the hosted checkout page shows of a session, worked out from the API's own public form
// (serialize/checkout.ts checkoutPublicView), so the page shows what the API says: money in the
// session's currency, the price's interval, the summary's lines and the Pay button's words.

/** The parts of the public form (SDK CheckoutPublic) the page reads. */
export interface PageCheckout {
  id: string;
  status: string;
  client_secret: string;
  success_url: string;
  embed_origin: string | null;
  amount: number;
  subtotal_amount: number;
  total_amount: number;
  currency: string | null;
  allow_discount_codes: boolean;
  is_free_product_price: boolean;
  is_payment_form_required: boolean;
  customer_email: string | null;
  customer_name: string | null;
  customer_billing_address: BillingAddress | null;
  custom_field_data: Record<string, unknown>;
  discount_id: string | null;
  /** Set by the seller (not part of the API's form): the buyer cannot remove it. */
  discount_locked?: boolean;
  /**
   * Whether the whole billing address is required (not part of the API's form: today's
   * `billing_address_fields` says it part by part).
   */
  full_address?: boolean;
  discount: {
    name: string;
    code: string | null;
    type: string;
    duration: string;
    basis_points?: number;
    duration_in_months?: number;
  } | null;
  product: {
    name: string;
    description: string | null;
    is_recurring: boolean;
    medias: { public_url: string; mime_type: string }[];
    benefits: { description: string }[];
  };
  product_price: {
    amount_type: string;
    type: string;
    recurring_interval: string | null;
    price_amount: number | null;
    minimum_amount?: number | null;
    maximum_amount?: number | null;
  };
  organization: { name: string; profile_settings?: { accent_color?: string | null } | null };
  attached_custom_fields: PageField[];
}

/** The session's billing address (spec §2.1). */
export interface BillingAddress {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country: string;
}

export interface PageField {
  required: boolean;
  custom_field: {
    slug: string;
    name: string;
    type: string;
    properties: Record<string, unknown>;
  };
}

/** `cents` in `currency`, as a buyer reads it: $49.00, €9.50. */
export function money(cents: number, currency: string | null): string {
  const code = (currency ?? 'usd').toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

/** An amount in the form's major units (19.5 → "19.50"). */
export function majorUnits(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const perInterval = (interval: string | null): string =>
  interval === 'year' ? 'per year' : interval === 'month' ? 'per month' : '';

export interface SummaryLine {
  label: string;
  detail?: string;
  amount: string;
  kind?: 'discount' | 'total';
}

export interface Summary {
  /** The headline price: "$49.00", "Free", "Pay what you want". */
  price: string;
  /** "per month", "per year", or "" for a one-time price. */
  interval: string;
  lines: SummaryLine[];
  total: SummaryLine;
  /** What follows the first payment of a recurring price, when it differs. */
  then: string | null;
  /** The Pay button's words. */
  action: string;
}

function discountLabel(d: NonNullable<PageCheckout['discount']>): string {
  return d.type === 'percentage' && d.basis_points != null
    ? `${d.name} (${d.basis_points / 100}% off)`
    : d.name;
}

export function summarize(c: PageCheckout): Summary {
  const price = c.product_price;
  const recurring = price.type === 'recurring';
  const interval = recurring ? perInterval(price.recurring_interval) : '';
  const m = (cents: number) => money(cents, c.currency);
  const headline =
    price.amount_type === 'free'
      ? 'Free'
      : price.amount_type === 'custom'
        ? m(c.amount)
        : m(price.price_amount ?? c.amount);
  const billed = recurring
    ? price.recurring_interval === 'year'
      ? 'Billed yearly'
      : 'Billed monthly'
    : 'One-time purchase';
  const lines: SummaryLine[] = [{ label: c.product.name, detail: billed, amount: m(c.amount) }];
  const off = c.amount - c.subtotal_amount;
  if (c.discount) {
    lines.push({
      label: discountLabel(c.discount),
      detail: c.discount.code ?? undefined,
      amount: `−${m(off)}`,
      kind: 'discount',
    });
  }
  const total: SummaryLine = {
    label: recurring ? 'Total due today' : 'Total',
    amount: m(c.total_amount),
    kind: 'total',
  };
  let then: string | null = null;
  if (recurring && c.discount && off > 0) {
    if (c.discount.duration === 'once') then = `Then ${m(c.amount)} ${interval}.`;
    else if (c.discount.duration === 'repeating' && c.discount.duration_in_months)
      then = `${m(c.subtotal_amount)} ${interval} for ${c.discount.duration_in_months} months, then ${m(c.amount)} ${interval}.`;
  }
  const action =
    c.total_amount > 0
      ? `Pay ${m(c.total_amount)}`
      : recurring
        ? 'Start subscription'
        : 'Get it for free';
  return { price: headline, interval, lines, total, then, action };
}

/**
 * What a subscription costs after its first payment, for the receipt (issue 24): the price per
 * period, less a discount that lasts (forever: every period; repeating: for its months, then
 * the full price; once: the full price). Null for a one-time purchase or a free price.
 */
export function laterPeriods(c: PageCheckout): string | null {
  const price = c.product_price;
  if (price.type !== 'recurring' || price.amount_type === 'free') return null;
  const interval = perInterval(price.recurring_interval);
  const m = (cents: number) => money(cents, c.currency);
  const discounted = c.discount && c.subtotal_amount < c.amount;
  if (!discounted || c.discount!.duration === 'once') return `${m(c.amount)} ${interval}`;
  if (c.discount!.duration === 'repeating' && c.discount!.duration_in_months) {
    const months = c.discount!.duration_in_months;
    const lasts = `${months} month${months === 1 ? '' : 's'}`;
    return `${m(c.subtotal_amount)} ${interval} while the discount lasts (${lasts}), then ${m(c.amount)} ${interval}`;
  }
  return `${m(c.subtotal_amount)} ${interval}`;
}

/** The house blue, for pages without a session (and sessions without a colour). */
export const DEFAULT_ACCENT = '#0062ff';

/** The organization's accent colour when it is a plain hex colour; the house blue otherwise. */
export function accentOf(c: PageCheckout): string {
  const color = c.organization.profile_settings?.accent_color;
  return typeof color === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : DEFAULT_ACCENT;
}
