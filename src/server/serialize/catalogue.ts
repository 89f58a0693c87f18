// The catalogue's JSON forms (spec §2.3–2.7): organization, product in each context form,
// price, benefit, media, custom fields, discount short and full forms.
import type {
  BenefitRow,
  CustomFieldRow,
  DiscountRow,
  MediaRow,
  OrganizationRow,
  PriceRow,
  ProductRow,
  Table,
} from '../store/rows.js';
import { b, j, type Loader, type R, stamps } from './loader.js';

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

export function organization(r: OrganizationRow): R {
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
    // api-facts: the spec's social_username is the real service's twitter_username; send both.
    social_username: r.social_username ?? null,
    twitter_username: r.social_username ?? null,
    pledge_minimum_amount: r.pledge_minimum_amount,
    pledge_badge_show_amount: b(r.pledge_badge_show_amount),
    default_upfront_split_to_contributors: r.default_upfront_split_to_contributors ?? null,
    profile_settings: j(r.profile_settings),
    feature_settings: j(r.feature_settings),
  };
}

export function price(r: PriceRow): R {
  const out: R = {
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
  // A pay-what-you-want price (SDK ProductPriceOneTimeCustom): its bounds and preset amount.
  if (r.amount_type === 'custom') {
    out.minimum_amount = r.minimum_amount ?? null;
    out.maximum_amount = r.maximum_amount ?? null;
    out.preset_amount = r.preset_amount ?? null;
  }
  return out;
}

/** `full`: the admin product form, where the SDK reads custom benefits with is_tax_applicable. */
export function benefit(r: BenefitRow, full = false): R {
  const out: R = {
    id: r.id,
    ...stamps(r),
    type: r.type,
    description: r.description,
    selectable: b(r.selectable),
    deletable: b(r.deletable),
    organization_id: r.organization_id,
    properties: j(r.properties),
  };
  // The real service taxes every benefit type; the field is deprecated but still required there.
  if (full && r.type === 'custom') out.is_tax_applicable = true;
  return out;
}

export function media(r: MediaRow, baseUrl: string): R {
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

export function customField(r: CustomFieldRow): R {
  return {
    id: r.id,
    ...stamps(r),
    metadata: j(r.metadata),
    type: r.type,
    slug: r.slug,
    name: r.name,
    organization_id: r.organization_id,
    // api-facts: a property that is not set is absent, never null (the SDK refuses null there).
    properties: Object.fromEntries(
      Object.entries(j(r.properties) as R).filter(([, v]) => v !== null && v !== undefined),
    ),
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

export function product(l: Loader, r: ProductRow, form: ProductForm): R {
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
  const id = r.id;
  // The real Product.prices is the live ones only (is_archived false); archived prices stay
  // readable through what references them (a subscription's or an order's price).
  base.prices = l
    .productChildren('prices', id)
    // Metered prices are today's generation's (issue 27): the seed's shows none.
    .filter((p) => !p.is_archived && p.amount_type !== 'metered_unit')
    .map(price);
  // meter_credit benefits are today's generation's (issue 27): the seed's shows none.
  base.benefits = l
    .productChildren('benefits', id)
    .filter((x) => x.type !== 'meter_credit')
    .map((x) => benefit(x, form === 'admin'));
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

/**
 * A discount's short form. A percentage discount has basis_points and no amount or currency (the
 * real DiscountPercentage* schemas, discount/schemas.py at f179ede58c, the seed generation).
 */
export function discountShort(r: DiscountRow): R {
  const out: R = { duration: r.duration, type: r.type };
  if (r.type === 'percentage') out.basis_points = r.basis_points;
  else Object.assign(out, { amount: r.amount ?? null, currency: r.currency ?? null });
  Object.assign(out, { id: r.id, name: r.name, code: r.code ?? null });
  if (r.duration === 'repeating') out.duration_in_months = r.duration_in_months;
  return out;
}

const CATALOGUE_TABLES: readonly Table[] = ['products', 'prices', 'discounts', 'discount_products'];

/**
 * Catalogue objects are shared by many rows: each is built once until a write to the tables it
 * is made of (the order form of a product, a price, the full form of a discount).
 */
export function catalogue(l: Loader, key: string, build: () => R): R {
  return l.memo<R>('catalogue', CATALOGUE_TABLES).get(key, build);
}

export function discountFull(l: Loader, r: DiscountRow): R {
  const products = l.discountProducts(r.id).map((p) => product(l, p, 'order'));
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
