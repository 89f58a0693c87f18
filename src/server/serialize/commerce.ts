// The JSON forms of what buyers have (spec §2.8–2.12): customer, user, subscription in each
// context form, order (the seller's and the customer portal's), license key and activation.
import { hash } from 'node:crypto';
import { displayKey } from '../ids.js';
import type {
  ActivationRow,
  CustomerRow,
  LicenseKeyRow,
  OrderRow,
  SubscriptionRow,
} from '../store/rows.js';
import { address, catalogue, discountFull, price, product } from './catalogue.js';
import { b, j, type Loader, type R, stamps } from './loader.js';

export function customer(r: CustomerRow): R {
  return {
    id: r.id,
    ...stamps(r),
    metadata: j(r.metadata),
    email: r.email,
    email_verified: b(r.email_verified),
    name: r.name ?? null,
    billing_address: address(r.billing_address),
    tax_id: j(r.tax_id),
    organization_id: r.organization_id,
    avatar_url: r.avatar_url ?? gravatarUrl(r.email),
  };
}

/** api-facts: the real service never sends a null customer avatar; it derives one from the email. */
export function gravatarUrl(email: string): string {
  return `https://www.gravatar.com/avatar/${hash('sha256', email.toLowerCase())}?d=blank`;
}

/**
 * The buyer as a User (spec §2.9), built from the customer as the real service builds it at the
 * seed generation (OrderUser, SubscriptionUser, LicenseKeyUser at f179ede58c: the customer's
 * legacy_user_id — the user account it came from, else its own id —, its email, the first
 * character of its name or email, its avatar). `withCodeHost`: orders and subscriptions carry the
 * code-host username, under the spec's name and the real service's (`github_username`), which
 * a customer never has; license keys carry neither.
 */
export function buyer(c: CustomerRow, withCodeHost: boolean): R {
  const out: R = {
    id: c.user_id ?? c.id,
    email: c.email,
    public_name: Array.from(c.name || c.email)[0],
    avatar_url: c.avatar_url ?? gravatarUrl(c.email),
  };
  if (withCodeHost) {
    out.code_host_username = null;
    out.github_username = null;
  }
  return out;
}

export function subscriptionBase(r: SubscriptionRow): R {
  return {
    id: r.id,
    ...stamps(r),
    amount: r.amount ?? null,
    currency: r.currency ?? null,
    recurring_interval: r.recurring_interval,
    status: r.status,
    current_period_start: r.current_period_start,
    current_period_end: r.current_period_end ?? null,
    cancel_at_period_end: b(r.cancel_at_period_end),
    canceled_at: r.canceled_at ?? null,
    started_at: r.started_at ?? null,
    ends_at: r.ends_at ?? null,
    ended_at: r.ended_at ?? null,
    customer_id: r.customer_id,
    product_id: r.product_id,
    price_id: r.price_id,
    discount_id: r.discount_id ?? null,
    checkout_id: r.checkout_id ?? null,
    customer_cancellation_reason: r.customer_cancellation_reason ?? null,
    customer_cancellation_comment: r.customer_cancellation_comment ?? null,
    // api-facts: never null; a buyer without a user account stands as its customer.
    user_id: r.user_id ?? r.customer_id,
  };
}

export function subscriptionAdmin(l: Loader, r: SubscriptionRow): R {
  const c = l.row('customers', r.customer_id)!;
  const d = l.row('discounts', r.discount_id);
  return {
    ...subscriptionBase(r),
    metadata: j(r.metadata),
    custom_field_data: j(r.custom_field_data),
    customer: customer(c),
    user: buyer(c, true),
    product: product(l, l.row('products', r.product_id)!, 'admin'),
    price: price(l.row('prices', r.price_id)!),
    discount: d ? discountFull(l, d) : null,
  };
}

export function subscriptionPortal(l: Loader, r: SubscriptionRow): R {
  return {
    ...subscriptionBase(r),
    product: product(l, l.row('products', r.product_id)!, 'portal'),
    price: price(l.row('prices', r.price_id)!),
  };
}

/**
 * The tables order() reads: the routes keep an order's JSON until one of them is written
 * (routes/orders.ts), so a serializer reading another table adds it here (store.test.ts checks).
 */
export const ORDER_TABLES = [
  'orders',
  'customers',
  'users',
  'products',
  'prices',
  'discounts',
  'discount_products',
  'subscriptions',
] as const;

export function order(l: Loader, r: OrderRow): R {
  const c = l.row('customers', r.customer_id)!;
  const d = l.row('discounts', r.discount_id);
  const s = l.row('subscriptions', r.subscription_id);
  return {
    id: r.id,
    ...stamps(r),
    metadata: j(r.metadata),
    custom_field_data: j(r.custom_field_data),
    amount: r.amount,
    tax_amount: r.tax_amount,
    currency: r.currency,
    billing_reason: r.billing_reason,
    billing_address: address(r.billing_address),
    customer_id: r.customer_id,
    product_id: r.product_id,
    product_price_id: r.product_price_id,
    discount_id: r.discount_id ?? null,
    subscription_id: r.subscription_id ?? null,
    checkout_id: r.checkout_id ?? null,
    user_id: r.user_id ?? r.customer_id,
    customer: customer(c),
    user: buyer(c, true),
    // The catalogue rows are shared by many orders: built once (serialize/catalogue.ts).
    product: catalogue(l, `product:${r.product_id}`, () =>
      product(l, l.row('products', r.product_id)!, 'order'),
    ),
    product_price: catalogue(l, `price:${r.product_price_id}`, () =>
      price(l.row('prices', r.product_price_id)!),
    ),
    discount: d ? catalogue(l, `discount:${d.id}`, () => discountFull(l, d)) : null,
    subscription: s ? { ...subscriptionBase(s), metadata: j(s.metadata) } : null,
  };
}

/** The customer portal's order (CustomerOrder): the buyer's view, without the seller's fields. */
export function customerOrder(l: Loader, r: OrderRow): R {
  const s = l.row('subscriptions', r.subscription_id);
  let subscription: R | null = null;
  if (s) {
    // The portal's embedded subscription is the base form without the deprecated user_id.
    const { user_id: _userId, ...base } = subscriptionBase(s);
    subscription = base;
  }
  return {
    ...stamps(r),
    id: r.id,
    amount: r.amount,
    tax_amount: r.tax_amount,
    currency: r.currency,
    customer_id: r.customer_id,
    product_id: r.product_id,
    product_price_id: r.product_price_id,
    subscription_id: r.subscription_id ?? null,
    user_id: r.user_id ?? r.customer_id,
    product: product(l, l.row('products', r.product_id)!, 'portal'),
    product_price: price(l.row('prices', r.product_price_id)!),
    subscription,
  };
}

/** Loads every row a page of orders embeds, one query per table. */
export function primeOrders(l: Loader, rows: OrderRow[]): void {
  primeAll(l, rows, {
    customers: 'customer_id',
    users: 'user_id',
    products: 'product_id',
    prices: 'product_price_id',
    discounts: 'discount_id',
    subscriptions: 'subscription_id',
  });
}

/** For each table, primes the rows that `column` of the given rows points at. */
export function primeAll<T extends object>(
  l: Loader,
  rows: T[],
  columns: Partial<Record<Parameters<Loader['prime']>[0], keyof T>>,
): void {
  for (const [table, column] of Object.entries(columns) as [
    Parameters<Loader['prime']>[0],
    keyof T,
  ][]) {
    l.prime(
      table,
      rows.map((r) => r[column]),
    );
  }
}

export function licenseKey(l: Loader, r: LicenseKeyRow, withActivations = false): R {
  const c = l.row('customers', r.customer_id)!;
  const out: R = {
    id: r.id,
    organization_id: r.organization_id,
    user_id: r.user_id ?? r.customer_id,
    customer_id: r.customer_id,
    user: buyer(c, false),
    customer: customer(c),
    benefit_id: r.benefit_id,
    key: r.key,
    display_key: displayKey(r.key),
    status: r.status,
    limit_activations: r.limit_activations ?? null,
    usage: r.usage,
    limit_usage: r.limit_usage ?? null,
    validations: r.validations,
    last_validated_at: r.last_validated_at ?? null,
    expires_at: r.expires_at ?? null,
  };
  if (withActivations) {
    out.activations = l.activations(r.id).map((a) => activation(a));
  }
  return out;
}

export function primeLicenseKeys(l: Loader, rows: LicenseKeyRow[]): void {
  primeAll(l, rows, { customers: 'customer_id', users: 'user_id' });
}

export function activation(r: ActivationRow): R {
  return {
    id: r.id,
    license_key_id: r.license_key_id,
    label: r.label,
    meta: j(r.meta),
    created_at: r.created_at,
    modified_at: r.modified_at ?? null,
  };
}
