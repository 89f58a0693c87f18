// What PATCH and confirm change on a checkout session, and what confirming creates: customer,
// order, subscription, license keys and a customer session (spec §3).

import type { Clock } from '../clock.js';
import { createCustomerSession } from '../customer-sessions.js';
import { json, parseJson, type Row, type Store } from '../db.js';
import { invalid } from '../errors.js';
import { uuid } from '../ids.js';
import { grantLicenseKeys } from '../license-key-grants.js';
import type { Loader } from '../serialize.js';
import { checkMetadata } from '../validate.js';
import { checkCustomFields, discountProblem } from './checkout-rules.js';
import { checkoutView } from './checkout-view.js';

export interface CheckoutChanges {
  product_price_id?: string | null;
  amount?: number | null;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_billing_address?: Record<string, unknown> | null;
  customer_tax_id?: string | null;
  custom_field_data?: Record<string, unknown> | null;
  metadata?: unknown;
  customer_metadata?: unknown;
  discount_id?: string | null;
  discount_code?: string | null;
  allow_discount_codes?: boolean | null;
  customer_ip_address?: string | null;
  success_url?: string | null;
  embed_origin?: string | null;
  confirmation_token_id?: string | null;
}

export function applyCheckoutChanges(
  store: Store,
  clock: Clock,
  row: Row,
  body: CheckoutChanges,
  actor: 'seller' | 'customer',
): void {
  const now = clock.iso();
  const set: Record<string, unknown> = {};
  let productId = row.product_id as string;
  if (body.product_price_id) {
    const p = store.get('SELECT * FROM prices WHERE id = ?', body.product_price_id.toLowerCase());
    if (!p || p.product_id !== productId || p.is_archived === 1) {
      throw invalid(['body', 'product_price_id'], 'Price does not exist.', body.product_price_id);
    }
    set.product_price_id = p.id;
    set.amount =
      p.amount_type === 'fixed'
        ? p.price_amount
        : p.amount_type === 'free'
          ? 0
          : (row.amount as number);
    set.currency = p.price_currency ?? row.currency;
    productId = p.product_id as string;
  }
  const priceRow = store.get(
    'SELECT * FROM prices WHERE id = ?',
    (set.product_price_id ?? row.product_price_id) as string,
  )!;
  if (body.amount != null && priceRow.amount_type === 'custom') set.amount = body.amount;
  for (const key of ['customer_name', 'customer_email', 'customer_tax_id'] as const) {
    if (body[key] !== undefined) set[key] = body[key];
  }
  if (body.customer_billing_address !== undefined)
    set.customer_billing_address = body.customer_billing_address
      ? json(body.customer_billing_address)
      : null;
  if (body.custom_field_data) {
    const merged = {
      ...parseJson<object>(row.custom_field_data),
      ...checkCustomFields(store, productId, body.custom_field_data),
    };
    set.custom_field_data = json(merged);
  }
  if (body.customer_metadata !== undefined && body.customer_metadata !== null) {
    set.customer_metadata = json(
      checkMetadata(body.customer_metadata, ['body', 'customer_metadata']),
    );
  }
  if (actor === 'seller') {
    if (body.metadata !== undefined && body.metadata !== null)
      set.metadata = json(checkMetadata(body.metadata, ['body', 'metadata']));
    for (const key of ['customer_ip_address', 'success_url', 'embed_origin'] as const) {
      if (body[key] !== undefined) set[key] = body[key];
    }
    if (body.allow_discount_codes != null)
      set.allow_discount_codes = body.allow_discount_codes ? 1 : 0;
    if (body.discount_id !== undefined) {
      if (body.discount_id === null) {
        set.discount_id = null;
        set.discount_locked = 0;
      } else {
        const d = store.get(
          'SELECT * FROM discounts WHERE id = ? AND organization_id = ?',
          body.discount_id.toLowerCase(),
          row.organization_id as string,
        );
        const problem = discountProblem(store, d, productId, now);
        if (problem) throw invalid(['body', 'discount_id'], problem, body.discount_id);
        set.discount_id = d!.id;
        set.discount_locked = 1;
      }
    }
  } else if (body.discount_code) {
    const loc = ['body', 'discount_code'];
    const current = row.discount_id
      ? store.get('SELECT * FROM discounts WHERE id = ?', row.discount_id as string)
      : undefined;
    // Spec §2.2: a discount set when the checkout was created stays, and the customer cannot change it.
    const sameCode =
      current?.code && (current.code as string).toLowerCase() === body.discount_code.toLowerCase();
    if (row.discount_locked === 1 && !sameCode) {
      throw invalid(
        loc,
        'This checkout has a discount set by the seller; it cannot be changed.',
        body.discount_code,
      );
    }
    if (!sameCode) {
      if (row.allow_discount_codes !== 1)
        throw invalid(loc, 'Discount codes are not allowed on this checkout.', body.discount_code);
      const d = store.get(
        'SELECT * FROM discounts WHERE organization_id = ? AND code = ? COLLATE NOCASE',
        row.organization_id as string,
        body.discount_code,
      );
      const problem = discountProblem(store, d, productId, now);
      if (problem) throw invalid(loc, problem, body.discount_code);
      set.discount_id = d!.id;
    }
  }
  const keys = Object.keys(set);
  if (!keys.length) return;
  store.run(
    `UPDATE checkouts SET ${keys.map((k) => `${k} = ?`).join(', ')}, modified_at = ? WHERE id = ?`,
    ...Object.values(set),
    now,
    row.id as string,
  );
}

function addInterval(from: Date, interval: string): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export function confirmCheckout(
  store: Store,
  clock: Clock,
  loader: Loader,
  row: Row,
): { token: string } {
  const now = clock.now();
  const iso = now.toISOString();
  const view = checkoutView(loader, row, iso);
  const priceRow = loader.row('prices', row.product_price_id)!;
  const orgId = row.organization_id as string;
  const email = row.customer_email as string;
  const customerMetadata = parseJson<Record<string, unknown>>(row.customer_metadata);
  let customer = store.get(
    'SELECT * FROM customers WHERE organization_id = ? AND email = ? COLLATE NOCASE',
    orgId,
    email,
  );
  if (customer) {
    if (Object.keys(customerMetadata).length) {
      store.run(
        'UPDATE customers SET metadata = ?, modified_at = ? WHERE id = ?',
        json({ ...parseJson<object>(customer.metadata), ...customerMetadata }),
        iso,
        customer.id as string,
      );
    }
  } else {
    const id = uuid();
    const taxId = row.customer_tax_id ? json([row.customer_tax_id, 'eu_vat']) : null;
    store.run(
      `INSERT INTO customers (id, created_at, modified_at, organization_id, email, email_verified, name, billing_address, tax_id, metadata, avatar_url, user_id)
       VALUES (?, ?, NULL, ?, ?, 0, ?, ?, ?, ?, NULL, NULL)`,
      id,
      iso,
      orgId,
      email,
      (row.customer_name as string) ?? null,
      (row.customer_billing_address as string) ?? null,
      taxId,
      // The checkout's metadata is copied to the customer it creates (spec §4.3 item 2).
      json({ ...parseJson<object>(row.metadata), ...customerMetadata }),
    );
  }
  customer = store.get(
    'SELECT * FROM customers WHERE organization_id = ? AND email = ? COLLATE NOCASE',
    orgId,
    email,
  )!;
  if (row.discount_id) {
    const d = store.get('SELECT * FROM discounts WHERE id = ?', row.discount_id as string)!;
    if (
      d.max_redemptions != null &&
      (d.redemptions_count as number) >= (d.max_redemptions as number)
    ) {
      throw invalid(
        ['body', 'discount_code'],
        'Discount has reached its maximum number of redemptions.',
        d.code,
      );
    }
    store.run(
      'UPDATE discounts SET redemptions_count = redemptions_count + 1 WHERE id = ?',
      d.id as string,
    );
  }
  let subscriptionId: string | null = null;
  const recurring = priceRow.type === 'recurring';
  if (recurring) {
    subscriptionId = uuid();
    store.run(
      `INSERT INTO subscriptions (id, created_at, modified_at, organization_id, amount, currency, recurring_interval, status,
       current_period_start, current_period_end, cancel_at_period_end, canceled_at, started_at, ends_at, ended_at, customer_id,
       product_id, price_id, discount_id, checkout_id, customer_cancellation_reason, customer_cancellation_comment, user_id,
       metadata, custom_field_data)
       VALUES (?, ?, NULL, ?, ?, ?, ?, 'active', ?, ?, 0, NULL, ?, NULL, NULL, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?)`,
      subscriptionId,
      iso,
      orgId,
      // The subscription carries the price's amount; its discount applies to each order (as in
      // the seed and a price change), so a discounted checkout's order is the one that is reduced.
      view.amount as number,
      (view.currency as string) ?? 'usd',
      priceRow.recurring_interval as string,
      iso,
      addInterval(now, priceRow.recurring_interval as string).toISOString(),
      iso,
      customer.id as string,
      row.product_id as string,
      row.product_price_id as string,
      (row.discount_id as string) ?? null,
      row.id as string,
      (customer.user_id as string) ?? null,
      row.metadata as string,
      row.custom_field_data as string,
    );
  }
  store.run(
    `INSERT INTO orders (id, created_at, modified_at, organization_id, metadata, custom_field_data, amount, tax_amount, currency,
     billing_reason, billing_address, customer_id, product_id, product_price_id, price_type, discount_id, subscription_id,
     checkout_id, user_id) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    uuid(),
    iso,
    orgId,
    row.metadata as string,
    row.custom_field_data as string,
    view.subtotal_amount as number,
    view.tax_amount as number,
    (view.currency as string) ?? 'usd',
    recurring ? 'subscription_create' : 'purchase',
    (row.customer_billing_address as string) ?? null,
    customer.id as string,
    row.product_id as string,
    row.product_price_id as string,
    priceRow.type as string,
    (row.discount_id as string) ?? null,
    subscriptionId,
    row.id as string,
    (customer.user_id as string) ?? null,
  );
  grantLicenseKeys(store, now, row.product_id as string, customer);
  const sessionToken = createCustomerSession(store, clock, customer.id as string).token;
  store.run(
    `UPDATE checkouts SET status = 'confirmed', customer_id = ?, subscription_id = ?, modified_at = ? WHERE id = ?`,
    customer.id as string,
    subscriptionId,
    iso,
    row.id as string,
  );
  return { token: sessionToken };
}
