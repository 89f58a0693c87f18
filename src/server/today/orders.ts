// Orders in today's generation (Polar-Version 2026-04/2026-10), read from polarsource/polar at
// c6c3645e: the Order form (order/schemas.py Order, OrderBase, OrderItemSchema; models/order.py
// for the computed amounts), the customer portal's CustomerOrder (customer_portal/schemas/
// order.py), the update body (OrderUpdate, CustomerOrderUpdate) and the list's filters. An order
// of the sandbox has one line, its price's; the seed's `amount` (after discounts, before tax) is
// today's net_amount, and what the discount took off is stored beside it. The deprecated fields
// the real form still serializes (SkipJsonSchema) are sent too: amount, from_balance_amount,
// user_id, user, product_price_id, product_price.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { ENUMS } from '../../shared/openapi/2026-10.facts.js';
import type { components } from '../../shared/openapi/2026-10.js';
import { invalid } from '../domain/errors.js';
import type { OrderChanges } from '../domain/orders.js';
import { addressInput } from '../fields.js';
import { address } from '../serialize/catalogue.js';
import { b, j, type Loader, stamps } from '../serialize/loader.js';
import type { TodaysOrderFilter } from '../store/orders.js';
import type { DiscountRow, OrderRow, ProductRow, SubscriptionRow } from '../store/rows.js';
import { enumList, type Query, stringParam, uuidLists } from '../validate.js';
import { avatarOf, customer } from './customers.js';
import { customerOrganization, organization } from './organizations.js';
import { price, product, productFields } from './products.js';

type Schemas = components['schemas'];

/** A uuid4 made from `seed` (an order's line has an id of its own; the sandbox derives it). */
function derivedUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The amounts of OrderBase, computed as models/order.py and the schema compute them. */
function amounts(r: OrderRow) {
  const net = r.amount;
  const discount = r.discount_amount ?? 0;
  const refunded = r.refunded_amount ?? 0;
  const refundedTax = r.refunded_tax_amount ?? 0;
  return {
    subtotal_amount: net + discount,
    discount_amount: discount,
    net_amount: net,
    tax_amount: r.tax_amount,
    total_amount: net + r.tax_amount,
    // No customer balance in the sandbox.
    applied_balance_amount: 0,
    due_amount: 0,
    refunded_amount: refunded,
    refunded_tax_amount: refundedTax,
    refundable_amount: Math.max(0, net - refunded),
    refundable_tax_amount: Math.max(0, r.tax_amount - refundedTax),
  };
}

/** DiscountMinimal (the order's discount): DiscountBase with its type's and duration's fields. */
function discountMinimal(r: DiscountRow): NonNullable<Schemas['Order']['discount']> {
  const kind =
    r.type === 'fixed'
      ? {
          type: 'fixed' as const,
          amount: r.amount ?? 0,
          currency: r.currency ?? 'usd',
          amounts: { [r.currency ?? 'usd']: r.amount ?? 0 },
        }
      : { type: 'percentage' as const, basis_points: r.basis_points ?? 0 };
  const duration =
    r.duration === 'repeating'
      ? { duration: 'repeating' as const, duration_in_months: r.duration_in_months ?? 1 }
      : { duration: r.duration as 'once' | 'forever' };
  return {
    ...stamps(r),
    id: r.id,
    metadata: (j(r.metadata) ?? {}) as Record<string, string>,
    name: r.name,
    code: r.code ?? null,
    starts_at: r.starts_at ?? null,
    ends_at: r.ends_at ?? null,
    max_redemptions: r.max_redemptions ?? null,
    // The sandbox has no per-customer limit.
    max_redemptions_per_customer: null,
    redemptions_count: r.redemptions_count,
    organization_id: r.organization_id,
    ...kind,
    ...duration,
  } as NonNullable<Schemas['Order']['discount']>;
}

/** What today's subscription rows may hold beyond the seed's (the subscriptions' own columns). */
type TodaysSubscription = SubscriptionRow &
  Partial<{
    recurring_interval_count: number;
    trial_start: string | null;
    trial_end: string | null;
    pause_at_period_end: number;
    paused_at: string | null;
    resumes_at: string | null;
  }>;

/** SubscriptionBase (CustomerOrderSubscription; OrderSubscription adds metadata). */
function subscriptionBase(s: TodaysSubscription): Schemas['CustomerOrderSubscription'] {
  return {
    ...stamps(s),
    id: s.id,
    amount: s.amount ?? 0,
    currency: s.currency ?? 'usd',
    recurring_interval: s.recurring_interval,
    recurring_interval_count: s.recurring_interval_count ?? 1,
    status: s.status,
    current_period_start: s.current_period_start,
    current_period_end: s.current_period_end ?? s.current_period_start,
    current_meter_period_start: null,
    current_meter_period_end: null,
    trial_start: s.trial_start ?? null,
    trial_end: s.trial_end ?? null,
    cancel_at_period_end: b(s.cancel_at_period_end),
    canceled_at: s.canceled_at ?? null,
    started_at: s.started_at ?? null,
    ends_at: s.ends_at ?? null,
    ended_at: s.ended_at ?? null,
    past_due_at: null,
    pause_at_period_end: b(s.pause_at_period_end ?? 0),
    paused_at: s.paused_at ?? null,
    resumes_at: s.resumes_at ?? null,
    customer_id: s.customer_id,
    product_id: s.product_id,
    discount_id: s.discount_id ?? null,
    checkout_id: s.checkout_id ?? null,
    seats: null,
    customer_cancellation_reason: (s.customer_cancellation_reason ?? null) as
      | Schemas['CustomerCancellationReason']
      | null,
    customer_cancellation_comment: s.customer_cancellation_comment ?? null,
  };
}

/** OrderBase: what both the seller's form and the customer's share. */
function orderBase(l: Loader, r: OrderRow) {
  const productRow = l.row('products', r.product_id);
  const priceRow = l.row('prices', r.product_price_id);
  // A period's metered lines (issue 27) follow the price's own line, which keeps the rest.
  const metered = r.subscription_id ? l.meterItems(r.id) : [];
  const usage = metered.reduce((sum, m) => sum + m.amount, 0);
  const items: Schemas['OrderItemSchema'][] = [
    ...(priceRow?.amount_type === 'metered_unit' && metered.length
      ? []
      : [
          {
            ...stamps(r),
            id: derivedUuid(`${r.id}:item`),
            label: productRow?.name ?? '',
            amount: r.amount + (r.discount_amount ?? 0) - usage,
            tax_amount: r.tax_amount,
            proration: false,
            product_price_id: r.product_price_id,
          },
        ]),
    ...metered.map((m) => ({
      ...stamps(r),
      id: m.id,
      label: m.label,
      amount: m.amount,
      tax_amount: 0,
      proration: false,
      product_price_id: m.price_id,
    })),
  ];
  return {
    id: r.id,
    ...stamps(r),
    status: r.status ?? 'paid',
    paid: true,
    ...amounts(r),
    currency: r.currency,
    billing_reason: r.billing_reason,
    billing_name: r.billing_name ?? null,
    billing_address: address(r.billing_address) as Schemas['Address'] | null,
    invoice_number: r.invoice_number ?? null,
    is_invoice_generated: r.invoice_generated_at != null,
    receipt_number: r.receipt_number ?? null,
    seats: null,
    customer_id: r.customer_id,
    product_id: r.product_id,
    discount_id: r.discount_id ?? null,
    subscription_id: r.subscription_id ?? null,
    checkout_id: r.checkout_id ?? null,
    next_payment_attempt_at: null,
    items,
    description: productRow?.name ?? '',
    // Deprecated, still serialized.
    amount: r.amount,
    from_balance_amount: 0,
    product_price_id: r.product_price_id,
    product_price: priceRow ? price(priceRow, l) : null,
  };
}

/**
 * The tables order() reads: the routes keep an order's JSON until one of them is written
 * (routes/orders.ts), so a serializer reading another table adds it here (store.test.ts checks).
 */
export const ORDER_TABLES = [
  'orders',
  'customers',
  'products',
  'prices',
  'discounts',
  'subscriptions',
  // A metered price's meter and a period's metered lines (issue 27).
  'meters',
  'order_meter_items',
] as const;

/** The Order form (GET /v1/orders/{id}, the order.* events). */
export function order(l: Loader, r: OrderRow): Schemas['Order'] {
  const c = l.row('customers', r.customer_id)!;
  const p = l.row('products', r.product_id);
  const d = l.row('discounts', r.discount_id);
  const s = l.row('subscriptions', r.subscription_id);
  return {
    ...orderBase(l, r),
    metadata: (j(r.metadata) ?? {}) as Schemas['Order']['metadata'],
    custom_field_data: (j(r.custom_field_data) ?? {}) as Schemas['Order']['custom_field_data'],
    // The sandbox keeps no ledger: no fee is taken.
    platform_fee_amount: 0,
    platform_fee_currency: null,
    customer: customer(c),
    // ProductBase: the product without its prices, benefits and media.
    product: p ? productFields(p) : null,
    discount: d ? discountMinimal(d) : null,
    subscription: s
      ? {
          ...subscriptionBase(s),
          metadata: (j(s.metadata) ?? {}) as Record<string, string>,
          user_id: s.user_id ?? s.customer_id,
        }
      : null,
    // Deprecated, still serialized: the customer as a user (OrderUser).
    user_id: c.user_id ?? c.id,
    user: {
      id: c.user_id ?? c.id,
      email: c.email,
      public_name: Array.from(c.name || c.email || '?')[0]!,
      avatar_url: avatarOf(c.email),
      github_username: null,
    },
  } as Schemas['Order'];
}

/** CustomerOrderProduct: the product with its prices, benefits, media and organization. */
function customerOrderProduct(l: Loader, r: ProductRow): Schemas['CustomerOrderProduct'] {
  const full = product(l, r);
  const org = organization(l.row('organizations', r.organization_id)!, '');
  const { attached_custom_fields: _fields, metadata: _metadata, ...rest } = full;
  return {
    ...rest,
    benefits: full.benefits.map((x) => ({
      id: x.id,
      created_at: x.created_at,
      modified_at: x.modified_at,
      type: x.type,
      description: x.description,
      selectable: x.selectable,
      deletable: x.deletable,
      is_deleted: x.is_deleted,
      organization_id: x.organization_id,
    })),
    organization: customerOrganization(org),
  } as Schemas['CustomerOrderProduct'];
}

/** The customer portal's CustomerOrder. */
export function customerOrder(l: Loader, r: OrderRow): Schemas['CustomerOrder'] {
  const c = l.row('customers', r.customer_id);
  const p = l.row('products', r.product_id);
  const s = l.row('subscriptions', r.subscription_id);
  return {
    ...orderBase(l, r),
    user_id: c?.user_id ?? r.customer_id,
    product: p ? customerOrderProduct(l, p) : null,
    subscription: s ? subscriptionBase(s) : null,
  } as Schemas['CustomerOrder'];
}

// ---- requests

/** OrderUpdate / CustomerOrderUpdate. */
export const updateBody = z.object({
  billing_name: z.string().nullish(),
  billing_address: addressInput.nullish(),
});

/** The domain's changes: the keys sent (exclude_unset); a null clears. */
export function updateChanges(body: z.output<typeof updateBody>, sent: object): OrderChanges {
  const out: OrderChanges = {};
  if (Object.hasOwn(sent, 'billing_name')) out.billing_name = body.billing_name ?? null;
  if (Object.hasOwn(sent, 'billing_address'))
    out.billing_address = body.billing_address
      ? { ...body.billing_address, country: body.billing_address.country }
      : null;
  return out;
}

/** A `datetime` query parameter (pydantic: an ISO 8601 date-time, or a date at midnight). */
function dateTimeParam(query: Query, name: string): string | undefined {
  const raw = stringParam(query, name);
  if (raw === undefined) return undefined;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw;
  const ok = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(iso);
  const at = ok ? new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw invalid(
      [name],
      'Input should be a valid datetime or date, invalid character in year',
      raw,
      'datetime_from_date_parsing',
      undefined,
      'query',
    );
  return at.toISOString();
}

/** `metadata[key]=value` parameters: the values of one key OR'ed, the keys AND'ed. */
export function metadataQuery(query: Query): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m && value !== undefined) out[m[1]!] = Array.isArray(value) ? value : [value];
  }
  return out;
}

const many = (query: Query, name: string): string[] => {
  const v = query[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

/** GET /v1/orders/'s filters (order/endpoints.py `list`), read in the document's order. */
export function listFilter(query: Query): TodaysOrderFilter {
  const ids = uuidLists(query, 'organization_id', 'product_id');
  const product_billing_type = enumList(query, 'product_billing_type', ENUMS.ProductBillingType);
  const more = uuidLists(query, 'discount_id', 'customer_id');
  const external_customer_id = many(query, 'external_customer_id');
  const rest = uuidLists(query, 'checkout_id', 'subscription_id');
  const status = enumList(query, 'status', ENUMS.OrderStatus);
  return {
    ...ids,
    ...more,
    ...rest,
    status,
    product_billing_type: [...new Set(product_billing_type)],
    external_customer_id,
    created_after: dateTimeParam(query, 'created_after'),
    created_before: dateTimeParam(query, 'created_before'),
    metadata: metadataQuery(query),
  };
}
