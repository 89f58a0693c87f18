// Checkout sessions (spec §4.2 #1–3; request bodies: api-facts.md "Request bodies"). Today's
// generation serves them at /v1/checkouts/ (/custom/ is only a hidden alias there) and creates
// a session for products, not a price: the path is chosen once from the client's version,
// never by trying one and then the other.
import { ApiError } from '../errors.js';
import type { Address, Metadata } from '../shared/shapes.js';
import type { ApiClient } from './client.js';
import { checkSorting, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { findByPrice } from './products.js';
import { resourceClient } from './resource.js';
import {
  type ConfirmedCheckout,
  checkoutWithSecret,
  confirmedCheckout,
  type Resource,
  resource,
} from './schemas.js';
import type { Body, Query } from './today.js';
import { segment } from './url.js';

/** Where the checkout routes are for this client's generation. */
function base(client: ApiClient): string {
  return client.today ? '/v1/checkouts/' : '/v1/checkouts/custom/';
}

const checkouts = resourceClient<CheckoutCreate | Body<'checkouts:create'>, CheckoutUpdate>(
  base,
  'checkout',
);

interface CustomerFields {
  product_price_id?: string;
  amount?: number;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_billing_address?: Partial<Address> | null;
  customer_tax_id?: string | null;
  custom_field_data?: Record<string, unknown>;
}

export interface CheckoutUpdate extends CustomerFields {
  /** Today's: another of the session's products (with product_price_id, one of its prices). */
  product_id?: string;
  metadata?: Metadata;
  customer_metadata?: Metadata;
  discount_id?: string | null;
  allow_discount_codes?: boolean;
  customer_ip_address?: string | null;
  success_url?: string | null;
  embed_origin?: string | null;
}

export interface CheckoutConfirm extends CustomerFields {
  discount_code?: string | null;
  /** Payment processor token; required when the session's is_payment_required is true. */
  confirmation_token_id?: string;
}

export interface CheckoutFilters {
  organization_id?: string | readonly string[];
  product_id?: string | readonly string[];
  /**
   * Today's service filters by status; the seed's has no such filter (polar f179ede58c
   * checkout/endpoints.py list): callers filter its sessions themselves.
   */
  status?: readonly string[];
  /** Criteria of either generation, checked per generation when sent. */
  sorting?: readonly string[];
}

/** The seller's checkout sessions (GET /v1/checkouts/custom/; SDK checkouts.custom.list). */
export function list(
  client: ApiClient,
  filters: CheckoutFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.checkouts);
  const query = client.today
    ? ({
        organization_id: filters.organization_id,
        product_id: filters.product_id,
        status: filters.status as Query<'checkouts:list'>['status'],
        sorting: sorting as Query<'checkouts:list'>['sorting'],
      } satisfies Query<'checkouts:list'>)
    : { ...filters, status: undefined };
  return checkouts.list(client, query, paging);
}

export const { get, update } = checkouts;

/** The session's client secret, which confirming needs (a seller's token can read it). */
export async function clientSecret(client: ApiClient, id: string): Promise<string> {
  return (await checkouts.get(client, id, checkoutWithSecret)).client_secret;
}

/** The body of POST /v1/checkouts/custom/ (SDK CheckoutPriceCreate). */
export interface CheckoutCreate extends CheckoutUpdate {
  /** The seed's forms: a price (CheckoutPriceCreate) or a product (CheckoutProductCreate). */
  product_price_id?: string;
  product_id?: string;
  /** Today's form: the products on offer (CheckoutProductsCreate). */
  products?: string[];
  customer_id?: string | null;
  subscription_id?: string | null;
  embed_origin?: string | null;
}

/** A new checkout session for a price (checkouts:write); its `url` is the hosted page. */
export async function create(
  client: ApiClient,
  body: CheckoutCreate,
): Promise<Resource & { client_secret: string }> {
  if (!client.today) return checkouts.create(client, body, checkoutWithSecret);
  const created = await checkouts.create(
    client,
    await todayCreate(client, body),
    checkoutWithSecret,
  );
  const price = body.product_price_id;
  if (!price || body.products || created.product_price_id === price) return created;
  // Today's body names products, not a price: the session starts on its product's default
  // price, and the one asked for is selected after, as the page selects it (CheckoutUpdate's
  // product_id and product_price_id; checkout/service.py _update_checkout at c6c3645e).
  const selected = await checkouts.update(client, created.id, {
    product_id: String(created.product_id),
    product_price_id: price,
  });
  return { ...selected, client_secret: created.client_secret };
}

/**
 * Today's CheckoutProductsCreate: the products on offer. A price of the seed's form is sold by
 * its product (found among those on sale); `products` already given is sent as it is.
 */
async function todayCreate(
  client: ApiClient,
  body: CheckoutCreate,
): Promise<Body<'checkouts:create'>> {
  const { product_price_id: priceId, product_id: productId, ...rest } = body;
  if (rest.products) return rest as Body<'checkouts:create'>;
  let product = productId;
  if (!product && priceId) {
    const found = await findByPrice(client, priceId, { is_archived: false });
    if (!found) {
      throw new ApiError(404, `price ${priceId} is not a price of a product on sale`, {
        hint: 'List them: billing products list',
      });
    }
    product = found.id;
  }
  return { ...rest, products: product ? [product] : [] } as Body<'checkouts:create'>;
}

/**
 * The session as its buyer reads it (SDK 0.20.2 checkouts.custom.clientGet): public, the client
 * secret in the path is the credential.
 */
export async function clientGet(client: ApiClient, clientSecret: string): Promise<Resource> {
  return client.request('GET', `${base(client)}client/${segment(clientSecret)}`, {
    schema: resource,
    auth: false,
    notFound: 'checkout session for that client secret',
  });
}

/** Public: the client secret in the path is the credential, so no token is sent. */
export async function confirm(
  client: ApiClient,
  clientSecret: string,
  body: CheckoutConfirm = {},
): Promise<ConfirmedCheckout> {
  return client.request('POST', `${base(client)}client/${segment(clientSecret)}/confirm`, {
    body,
    schema: confirmedCheckout,
    auth: false,
    // Never echo the client secret into a message.
    notFound: 'checkout session for that client secret',
  });
}
