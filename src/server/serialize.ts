// Turns rows into the API's JSON forms (spec §2), field for field, with every related row loaded
// in batches per request (no N+1 on lists).
import type { Row, Store } from './db.js';
import { displayKey } from './ids.js';

type R = Record<string, unknown>;
const j = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : null);
const b = (v: unknown): boolean => v === 1 || v === true;

/** Per-request row cache; `prime` fetches many rows of one table in one query. */
export class Loader {
  private readonly rows = new Map<string, Map<string, Row | null>>();
  constructor(
    readonly store: Store,
    readonly baseUrl: string,
  ) {}

  prime(table: string, ids: Iterable<unknown>): void {
    const cache = this.table(table);
    const missing = [
      ...new Set([...ids].filter((id): id is string => typeof id === 'string' && !cache.has(id))),
    ];
    if (!missing.length) return;
    const rows = this.store.all(
      `SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(missing),
    );
    for (const id of missing) cache.set(id, null);
    for (const row of rows) cache.set(row.id as string, row);
  }

  row(table: string, id: unknown): Row | null {
    if (typeof id !== 'string') return null;
    const cache = this.table(table);
    if (!cache.has(id))
      cache.set(id, this.store.get(`SELECT * FROM ${table} WHERE id = ?`, id) ?? null);
    return cache.get(id) ?? null;
  }

  private table(name: string) {
    let t = this.rows.get(name);
    if (!t) {
      t = new Map();
      this.rows.set(name, t);
    }
    return t;
  }

  // Product children are small and shared by many rows: one query per product, memoised.
  private readonly children = new Map<string, Row[]>();
  productChildren(kind: 'prices' | 'benefits' | 'medias' | 'fields', productId: string): Row[] {
    const key = `${kind}:${productId}`;
    let rows = this.children.get(key);
    if (!rows) {
      rows = this.store.all(CHILD_SQL[kind], productId);
      this.children.set(key, rows);
    }
    return rows;
  }
}

const CHILD_SQL = {
  prices: 'SELECT * FROM prices WHERE product_id = ? ORDER BY created_at, id',
  benefits: `SELECT b.* FROM benefits b JOIN product_benefits pb ON pb.benefit_id = b.id
             WHERE pb.product_id = ? ORDER BY pb."order"`,
  medias: `SELECT m.* FROM medias m JOIN product_medias pm ON pm.media_id = m.id
           WHERE pm.product_id = ? ORDER BY pm."order"`,
  fields: `SELECT cf.*, pcf."order" AS attach_order, pcf.required AS attach_required FROM custom_fields cf
           JOIN product_custom_fields pcf ON pcf.custom_field_id = cf.id WHERE pcf.product_id = ? ORDER BY pcf."order"`,
};

const stamps = (r: Row) => ({ created_at: r.created_at, modified_at: r.modified_at ?? null });

export function address(v: unknown): R | null {
  const a = j(v) as R | null;
  if (!a) return null;
  return {
    line1: a.line1 ?? null,
    line2: a.line2 ?? null,
    postal_code: a.postal_code ?? null,
    city: a.city ?? null,
    state: a.state ?? null,
    country: a.country ?? null,
  };
}

export function organization(r: Row): R {
  return {
    id: r.id,
    ...stamps(r),
    name: r.name,
    slug: r.slug,
    avatar_url: r.avatar_url ?? null,
    bio: r.bio ?? null,
    company: r.company ?? null,
    blog: r.blog ?? null,
    location: r.location ?? null,
    email: r.email ?? null,
    social_username: r.social_username ?? null,
    pledge_minimum_amount: r.pledge_minimum_amount,
    pledge_badge_show_amount: b(r.pledge_badge_show_amount),
    default_upfront_split_to_contributors: r.default_upfront_split_to_contributors ?? null,
    profile_settings: j(r.profile_settings),
    feature_settings: j(r.feature_settings),
  };
}

export function price(r: Row): R {
  return {
    id: r.id,
    ...stamps(r),
    amount_type: r.amount_type,
    is_archived: b(r.is_archived),
    product_id: r.product_id,
    price_currency: r.price_currency ?? null,
    price_amount: r.price_amount ?? null,
    type: r.type,
    recurring_interval: r.recurring_interval ?? null,
  };
}

export function benefit(r: Row): R {
  return {
    id: r.id,
    ...stamps(r),
    type: r.type,
    description: r.description,
    selectable: b(r.selectable),
    deletable: b(r.deletable),
    organization_id: r.organization_id,
    properties: j(r.properties),
  };
}

export function media(r: Row, baseUrl: string): R {
  const size = Number(r.size);
  return {
    id: r.id,
    organization_id: r.organization_id,
    name: r.name,
    path: r.path,
    mime_type: r.mime_type,
    size,
    storage_version: r.storage_version ?? null,
    checksum_etag: r.checksum_etag ?? null,
    checksum_sha256_base64: r.checksum_sha256_base64 ?? null,
    checksum_sha256_hex: r.checksum_sha256_hex ?? null,
    last_modified_at: r.last_modified_at ?? null,
    version: r.version ?? null,
    service: r.service,
    is_uploaded: b(r.is_uploaded),
    created_at: r.created_at,
    size_readable: size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`,
    public_url: `${baseUrl}/__local/media/${r.id}`,
  };
}

export function customField(r: Row): R {
  return {
    id: r.id,
    ...stamps(r),
    metadata: j(r.metadata),
    type: r.type,
    slug: r.slug,
    name: r.name,
    organization_id: r.organization_id,
    properties: j(r.properties),
  };
}

function attachedFields(l: Loader, productId: string): R[] {
  return l.productChildren('fields', productId).map((f) => ({
    custom_field_id: f.id,
    custom_field: customField(f),
    order: f.attach_order,
    required: b(f.attach_required),
  }));
}

export type ProductForm = 'order' | 'checkout' | 'admin' | 'portal';

export function product(l: Loader, r: Row, form: ProductForm): R {
  const base: R = {
    id: r.id,
    ...stamps(r),
    name: r.name,
    description: r.description ?? null,
    is_recurring: b(r.is_recurring),
    is_archived: b(r.is_archived),
    organization_id: r.organization_id,
  };
  if (form === 'order') return base;
  const id = r.id as string;
  base.prices = l.productChildren('prices', id).map(price);
  base.benefits = l.productChildren('benefits', id).map(benefit);
  base.medias = l.productChildren('medias', id).map((m) => media(m, l.baseUrl));
  if (form === 'admin') {
    base.metadata = j(r.metadata);
    base.attached_custom_fields = attachedFields(l, id);
  }
  if (form === 'portal') {
    const org = l.row('organizations', r.organization_id);
    base.organization = org ? organization(org) : null;
  }
  return base;
}

export function checkoutAttachedFields(l: Loader, productId: string): R[] {
  return attachedFields(l, productId);
}

export function discountShort(r: Row): R {
  const out: R = {
    duration: r.duration,
    type: r.type,
    amount: r.amount ?? null,
    currency: r.currency ?? null,
    id: r.id,
    name: r.name,
    code: r.code ?? null,
  };
  if (r.type === 'percentage') out.basis_points = r.basis_points;
  if (r.duration === 'repeating') out.duration_in_months = r.duration_in_months;
  return out;
}

function catalogue(l: Loader, key: string, build: () => R): R {
  return l.store.memo<R>('catalogue').get(key, build);
}

export function discountFull(l: Loader, r: Row): R {
  const products = l.store
    .all(
      `SELECT p.* FROM products p JOIN discount_products dp ON dp.product_id = p.id
       WHERE dp.discount_id = ? ORDER BY p.created_at`,
      r.id as string,
    )
    .map((p) => product(l, p, 'order'));
  return {
    ...discountShort(r),
    ...stamps(r),
    metadata: j(r.metadata),
    starts_at: r.starts_at ?? null,
    ends_at: r.ends_at ?? null,
    max_redemptions: r.max_redemptions ?? null,
    redemptions_count: r.redemptions_count,
    organization_id: r.organization_id,
    products,
  };
}

export function customer(r: Row): R {
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
    avatar_url: r.avatar_url ?? null,
  };
}

export function user(r: Row | null, withCodeHost: boolean): R | null {
  if (!r) return null;
  const out: R = {
    id: r.id,
    email: r.email,
    public_name: r.public_name,
    avatar_url: r.avatar_url ?? null,
  };
  if (withCodeHost) out.code_host_username = r.code_host_username ?? null;
  return out;
}

export function subscriptionBase(r: Row): R {
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
    user_id: r.user_id ?? null,
  };
}

export function subscriptionAdmin(l: Loader, r: Row): R {
  const c = l.row('customers', r.customer_id);
  const d = l.row('discounts', r.discount_id);
  return {
    ...subscriptionBase(r),
    metadata: j(r.metadata),
    custom_field_data: j(r.custom_field_data),
    customer: c ? customer(c) : null,
    user: user(l.row('users', r.user_id), true),
    product: product(l, l.row('products', r.product_id)!, 'admin'),
    price: price(l.row('prices', r.price_id)!),
    discount: d ? discountFull(l, d) : null,
  };
}

export function subscriptionPortal(l: Loader, r: Row): R {
  return {
    ...subscriptionBase(r),
    product: product(l, l.row('products', r.product_id)!, 'portal'),
    price: price(l.row('prices', r.price_id)!),
  };
}

export function order(l: Loader, r: Row): R {
  const c = l.row('customers', r.customer_id);
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
    user_id: r.user_id ?? null,
    customer: c ? customer(c) : null,
    user: user(l.row('users', r.user_id), true),
    // The catalogue rows are shared by many orders: built once per data generation.
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

/** Loads every row a page of orders embeds, one query per table. */
export function primeOrders(l: Loader, rows: Row[]): void {
  l.prime(
    'customers',
    rows.map((r) => r.customer_id),
  );
  l.prime(
    'users',
    rows.map((r) => r.user_id),
  );
  l.prime(
    'products',
    rows.map((r) => r.product_id),
  );
  l.prime(
    'prices',
    rows.map((r) => r.product_price_id),
  );
  l.prime(
    'discounts',
    rows.map((r) => r.discount_id),
  );
  l.prime(
    'subscriptions',
    rows.map((r) => r.subscription_id),
  );
}

export function licenseKey(l: Loader, r: Row, withActivations = false): R {
  const c = l.row('customers', r.customer_id);
  const out: R = {
    id: r.id,
    organization_id: r.organization_id,
    user_id: r.user_id ?? null,
    customer_id: r.customer_id,
    user: user(l.row('users', r.user_id), false),
    customer: c ? customer(c) : null,
    benefit_id: r.benefit_id,
    key: r.key,
    display_key: displayKey(r.key as string),
    status: r.status,
    limit_activations: r.limit_activations ?? null,
    usage: r.usage,
    limit_usage: r.limit_usage ?? null,
    validations: r.validations,
    last_validated_at: r.last_validated_at ?? null,
    expires_at: r.expires_at ?? null,
  };
  if (withActivations) {
    out.activations = l.store
      .all(
        'SELECT * FROM license_key_activations WHERE license_key_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
        r.id as string,
      )
      .map((a) => activation(a));
  }
  return out;
}

export function primeLicenseKeys(l: Loader, rows: Row[]): void {
  l.prime(
    'customers',
    rows.map((r) => r.customer_id),
  );
  l.prime(
    'users',
    rows.map((r) => r.user_id),
  );
}

export function activation(r: Row): R {
  return {
    id: r.id,
    license_key_id: r.license_key_id,
    label: r.label,
    meta: j(r.meta),
    created_at: r.created_at,
    modified_at: r.modified_at ?? null,
  };
}
