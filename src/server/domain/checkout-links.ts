// Checkout links (today's generation): a shareable address for a list of products that opens a
// fresh checkout session each time it is followed. The real service's CheckoutLinkService and
// CheckoutService.checkout_link_create (checkout_link/service.py, checkout/service.py at
// c6c3645e): the products must be the seller's, live and not drafts, of one organization; a
// discount must be the organization's and apply to them (redeemable or not: checked again when
// the link is opened, and dropped then if it no longer applies); a link is soft-deleted.
import { token, uuid } from '../ids.js';
import type { Store, Visibility } from '../store/index.js';
import { json } from '../store/index.js';
import type { CheckoutLinkRow, CheckoutRow, ProductRow } from '../store/rows.js';
import { checkCustomFields } from './checkout-rules.js';
import {
  checkoutLocale,
  defaultPrice,
  inCurrency,
  pricesOf,
  TODAYS_CHECKOUT_TTL_MS,
  todaysCustomAmountProblem,
  todaysDiscount,
  todaysTax,
  trialEnd,
  upfront,
} from './checkout-today.js';
import { Invalid, invalid, type Problem } from './errors.js';
import type { Metadata } from './metadata.js';
import type { Work } from './work.js';

export interface CheckoutLinkDraft {
  products?: string[];
  product_id?: string;
  product_price_id?: string;
  label?: string | null;
  allow_discount_codes: boolean;
  require_billing_address: boolean;
  discount_id?: string | null;
  seats?: number | null;
  success_url?: string | null;
  return_url?: string | null;
  trial_interval?: string | null;
  trial_interval_count?: number | null;
  metadata: Metadata;
}

/** CheckoutLinkUpdate: only the keys sent. */
export type CheckoutLinkChanges = Partial<
  Omit<CheckoutLinkDraft, 'product_id' | 'product_price_id'>
> & {
  products?: string[] | null;
};

/** `_get_validated_products`: each the seller's, live, not a draft; all of one organization. */
function linkProducts(store: Store, visible: Visibility, ids: readonly string[]): ProductRow[] {
  const problems: Problem[] = [];
  const products: ProductRow[] = [];
  ids.forEach((raw, index) => {
    const p = visible.own(store.row('products', raw.toLowerCase()));
    const at = (msg: string) =>
      problems.push({ type: 'value_error', loc: ['products', index], msg, input: raw });
    if (!p) at('Product does not exist.');
    else if (p.is_archived === 1) at('Product is archived.');
    else if (p.visibility === 'draft') at('Product is a draft.');
    else products.push(p);
  });
  if (new Set(products.map((p) => p.organization_id)).size > 1)
    problems.push({
      type: 'value_error',
      loc: ['products'],
      msg: 'Products must all belong to the same organization.',
      input: ids,
    });
  if (problems.length) throw new Invalid(problems);
  return products;
}

/** `_get_validated_price`: the product of one of the seller's live prices. */
function productOfPrice(store: Store, visible: Visibility, input: string): ProductRow {
  const loc = ['product_price_id'];
  const price = store.row('prices', input.toLowerCase());
  const product = price && visible.own(store.row('products', price.product_id));
  if (!price || !product) throw invalid(loc, 'Price does not exist.', input);
  if (price.is_archived === 1) throw invalid(loc, 'Price is archived.', input);
  if (product.is_archived === 1) throw invalid(loc, 'Product is archived.', input);
  if (product.visibility === 'draft') throw invalid(loc, 'Product is a draft.', input);
  return product;
}

/** The organization's discount that applies to every product (not checked redeemable). */
function linkDiscount(store: Store, orgId: string, input: string, products: readonly ProductRow[]) {
  const d = store.inOrganization('discounts', orgId, 'id', input.toLowerCase());
  const limited = d ? store.discounts.productIds(d.id) : [];
  if (!d || d.deleted_at || (limited.length && products.some((p) => !limited.includes(p.id))))
    throw invalid(
      ['discount_id'],
      'Discount does not exist or is not applicable to this product.',
      input,
    );
  return d.id;
}

/** No seat-based prices in the sandbox: a seat lock fits no product. */
const seatsRefused = (seats: number) =>
  invalid(
    ['seats'],
    'Seats can only be preconfigured when all products use seat-based pricing.',
    seats,
  );

/** POST /v1/checkout-links/: the new link's id. */
export function createCheckoutLink(w: Work, visible: Visibility, draft: CheckoutLinkDraft): string {
  const { store, clock } = w;
  const products =
    draft.product_price_id !== undefined
      ? [productOfPrice(store, visible, draft.product_price_id)]
      : linkProducts(store, visible, draft.products ?? [draft.product_id!]);
  const orgId = products[0]!.organization_id;
  const discountId =
    draft.discount_id != null ? linkDiscount(store, orgId, draft.discount_id, products) : null;
  if (draft.seats != null) throw seatsRefused(draft.seats);
  const id = uuid();
  store.insert('checkout_links', {
    id,
    created_at: clock.iso(),
    modified_at: null,
    deleted_at: null,
    organization_id: orgId,
    client_secret: token('polar_cl_'),
    payment_processor: 'stripe',
    label: draft.label ?? null,
    success_url: draft.success_url ?? null,
    return_url: draft.return_url ?? null,
    allow_discount_codes: draft.allow_discount_codes ? 1 : 0,
    require_billing_address: draft.require_billing_address ? 1 : 0,
    discount_id: discountId,
    seats: null,
    trial_interval: draft.trial_interval ?? null,
    trial_interval_count: draft.trial_interval_count ?? null,
    metadata: json(draft.metadata),
  });
  store.checkoutLinks.offer(
    id,
    products.map((p) => p.id),
  );
  return id;
}

/** PATCH /v1/checkout-links/{id}: only what is sent changes. */
export function updateCheckoutLink(
  w: Work,
  visible: Visibility,
  link: CheckoutLinkRow,
  changes: CheckoutLinkChanges,
): void {
  const { store, clock } = w;
  const set: Record<string, unknown> = {};
  let products = store.checkoutLinks.productIds(link.id).map((id) => store.row('products', id)!);
  if (changes.products != null) {
    products = linkProducts(store, visible, changes.products);
    if (products[0]!.organization_id !== link.organization_id)
      throw invalid(
        ['products'],
        "Products don't belong to the checkout link's organization.",
        changes.products,
      );
    store.checkoutLinks.offer(
      link.id,
      products.map((p) => p.id),
    );
    if (!products.some((p) => p.is_recurring === 1)) {
      set.trial_interval = null;
      set.trial_interval_count = null;
    }
  }
  if (Object.hasOwn(changes, 'discount_id'))
    set.discount_id =
      changes.discount_id == null
        ? null
        : linkDiscount(store, link.organization_id, changes.discount_id, products);
  if (changes.seats != null) throw seatsRefused(changes.seats);
  if (Object.hasOwn(changes, 'seats')) set.seats = null;
  for (const key of [
    'label',
    'success_url',
    'return_url',
    'trial_interval',
    'trial_interval_count',
  ] as const)
    if (Object.hasOwn(changes, key)) set[key] = changes[key] ?? null;
  for (const key of ['allow_discount_codes', 'require_billing_address'] as const)
    if (changes[key] != null) set[key] = changes[key] ? 1 : 0;
  if (changes.metadata != null) set.metadata = json(changes.metadata);
  // The ORM writes modified_at on every update of the row or of its products.
  store.update('checkout_links', link.id, set, clock.iso());
}

/** DELETE /v1/checkout-links/{id}: the link is gone (soft deletion). */
export function deleteCheckoutLink({ store, clock }: Work, link: CheckoutLinkRow): void {
  store.update('checkout_links', link.id, { deleted_at: clock.iso() }, clock.iso());
}

/** What the address of a link may prefill (the redirect's query parameters). */
export interface LinkPrefill {
  product_id?: string;
  amount?: string;
  customer_email?: string;
  customer_name?: string;
  discount_code?: string;
  locale?: string;
  custom_field_data?: Record<string, string>;
  /** reference_id and utm_*: copied into the session's metadata where the link has none. */
  metadata: Record<string, string>;
  embed_origin?: string;
  customer_ip_address?: string;
}

/**
 * A fresh session for `link` (`checkout_link_create`): its live products, the one the address
 * names selected (else the first), its default price; a prefilled amount, email, name, code and
 * custom fields taken where they are valid and ignored where not; the link's discount dropped if
 * it no longer applies. Emits checkout.created; the session's id.
 */
export function openCheckoutLink(w: Work, link: CheckoutLinkRow, prefill: LinkPrefill): string {
  const { store, clock, tx } = w;
  const at = clock.now();
  const products = store.checkoutLinks
    .productIds(link.id)
    .map((id) => store.row('products', id)!)
    .filter((p) => p.is_archived === 0 && p.visibility !== 'draft');
  if (!products.length) throw invalid(['products'], 'No valid products.', []);
  const product = products.find((p) => p.id === prefill.product_id?.toLowerCase()) ?? products[0]!;
  const currency =
    store.row('organizations', link.organization_id)?.default_presentment_currency ?? 'usd';
  const set = inCurrency(pricesOf(store, product.id), [currency]);
  if (!set)
    throw invalid(['products'], 'Product is not available in the specified currency.', product.id);
  const price = defaultPrice(set.prices);
  let custom: number | null = null;
  if (price.amount_type === 'custom' && prefill.amount !== undefined) {
    const n = Math.trunc(Number(prefill.amount));
    if (Number.isFinite(n) && !todaysCustomAmountProblem(price, n)) custom = n;
  }
  const discountOf = (
    find: () => ReturnType<Store['discounts']['byCode']>,
    loc: 'discount_id' | 'discount_code',
  ) => {
    try {
      return todaysDiscount(w, product, set.currency, find, loc, '');
    } catch (err) {
      if (err instanceof Invalid) return null;
      throw err;
    }
  };
  let discountId = link.discount_id
    ? discountOf(() => store.row('discounts', link.discount_id!), 'discount_id')
    : null;
  if (prefill.discount_code)
    discountId =
      discountOf(
        () => store.discounts.byCode(link.organization_id, prefill.discount_code!),
        'discount_code',
      ) ?? discountId;
  const metadata: Record<string, unknown> = JSON.parse(link.metadata);
  for (const [k, v] of Object.entries(prefill.metadata)) if (!(k in metadata)) metadata[k] = v;
  let customFields: Record<string, unknown> = {};
  if (prefill.custom_field_data) {
    const slugs = new Set(store.products.attachedFields(product.id).map((f) => f.slug));
    const known = Object.fromEntries(
      Object.entries(prefill.custom_field_data).filter(([k]) => slugs.has(k)),
    );
    try {
      customFields = checkCustomFields(store, product.id, known);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
    }
  }
  const email = prefill.customer_email;
  const id = uuid();
  const row: CheckoutRow = {
    id,
    created_at: at.toISOString(),
    modified_at: null,
    organization_id: link.organization_id,
    status: 'open',
    client_secret: token('polar_c_'),
    expires_at: new Date(at.getTime() + TODAYS_CHECKOUT_TTL_MS).toISOString(),
    success_url: link.success_url,
    embed_origin: prefill.embed_origin ?? null,
    amount: upfront(price, custom),
    tax_amount: null,
    currency: set.currency,
    product_id: product.id,
    product_price_id: price.id,
    discount_id: discountId,
    discount_locked: discountId && discountId === link.discount_id ? 1 : 0,
    allow_discount_codes: link.allow_discount_codes,
    customer_id: null,
    customer_name: prefill.customer_name ?? null,
    customer_email: email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : null,
    customer_ip_address: prefill.customer_ip_address ?? null,
    customer_billing_address: null,
    customer_tax_id: null,
    payment_processor_metadata: '{}',
    metadata: json(metadata),
    customer_metadata: '{}',
    custom_field_data: json(customFields),
    subscription_id: null,
    return_url: link.return_url,
    require_billing_address: link.require_billing_address,
    allow_trial: 1,
    trial_interval: link.trial_interval,
    trial_interval_count: link.trial_interval_count,
    locale: null,
  };
  row.locale = checkoutLocale(store, link.organization_id, prefill.locale ?? null);
  row.trial_end = trialEnd(row, product, at);
  row.tax_amount = todaysTax(store, row);
  store.insert('checkouts', row);
  store.checkouts.offer(
    id,
    products.map((p) => p.id),
  );
  tx.emit({ type: 'checkout.created', id });
  return id;
}

/**
 * The origin a session embedded from `value` keeps (organization/embed_hosts.py at c6c3645e):
 * none when it is no http(s) origin; false when the organization lists its embed hosts
 * (`hosts`, null when it need not) and none admits it. A host pattern admits https (and http on
 * a local host), its port or the default one, and with `*.` its subdomains.
 */
export function embedOriginOf(
  value: string,
  hosts: readonly string[] | null,
): string | null | false {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  const origin = url.origin;
  if (hosts === null) return origin;
  const scheme = url.protocol.slice(0, -1);
  const port = url.port ? Number(url.port) : scheme === 'https' ? 443 : 80;
  const local =
    url.hostname === 'localhost' ||
    /\.(localhost|local)$/.test(url.hostname) ||
    /^(127\.|\[::1\])/.test(url.hostname);
  const admitted = hosts.some((pattern) => {
    const m = /^(\*\.)?([^:]+)(?::(\d+))?$/.exec(pattern);
    if (!m || pattern.includes('://')) return pattern === origin;
    if (scheme === 'http' && !local) return false;
    if (port !== (m[3] ? Number(m[3]) : scheme === 'https' ? 443 : 80)) return false;
    return m[1] ? url.hostname.endsWith(`.${m[2]}`) : url.hostname === m[2];
  });
  return admitted ? origin : false;
}
