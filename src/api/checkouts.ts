// Checkout sessions (spec §4.2 #1–3; request bodies: api-facts.md "Request bodies").
import type { ApiClient } from './client.js';
import type { CheckoutSortCriterion, Sorting } from './enums.js';
import type { PageOptions } from './paginate.js';
import {
  type Address,
  type ConfirmedCheckout,
  checkoutWithSecret,
  confirmedCheckout,
  type Resource,
  resource,
} from './schemas.js';
import { segment } from './url.js';

/** Metadata values allowed by spec §8: strings, integers, booleans. */
export type Metadata = Record<string, string | number | boolean>;

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
  sorting?: readonly Sorting<CheckoutSortCriterion>[];
}

/** The seller's checkout sessions (GET /v1/checkouts/custom/; SDK checkouts.custom.list). */
export function list(
  client: ApiClient,
  filters: CheckoutFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/checkouts/custom/', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  return client.request('GET', `/v1/checkouts/custom/${segment(id)}`, {
    schema: resource,
    notFound: `checkout ${id}`,
  });
}

/** The session's client secret, which confirming needs (a seller's token can read it). */
export async function clientSecret(client: ApiClient, id: string): Promise<string> {
  const found = await client.request('GET', `/v1/checkouts/custom/${segment(id)}`, {
    schema: checkoutWithSecret,
    notFound: `checkout ${id}`,
  });
  return found.client_secret;
}

export async function update(
  client: ApiClient,
  id: string,
  body: CheckoutUpdate,
): Promise<Resource> {
  return client.request('PATCH', `/v1/checkouts/custom/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `checkout ${id}`,
  });
}

/** The body of POST /v1/checkouts/custom/ (SDK CheckoutPriceCreate). */
export interface CheckoutCreate extends CheckoutUpdate {
  product_price_id: string;
  customer_id?: string | null;
  subscription_id?: string | null;
  embed_origin?: string | null;
}

/** A new checkout session for a price (checkouts:write); its `url` is the hosted page. */
export async function create(
  client: ApiClient,
  body: CheckoutCreate,
): Promise<Resource & { client_secret: string }> {
  return client.request('POST', '/v1/checkouts/custom/', { body, schema: checkoutWithSecret });
}

/** Public: the client secret in the path is the credential, so no token is sent. */
export async function confirm(
  client: ApiClient,
  clientSecret: string,
  body: CheckoutConfirm = {},
): Promise<ConfirmedCheckout> {
  return client.request('POST', `/v1/checkouts/custom/client/${segment(clientSecret)}/confirm`, {
    body,
    schema: confirmedCheckout,
    auth: false,
    // Never echo the client secret into a message.
    notFound: 'checkout session for that client secret',
  });
}
