// Products and their prices (GET/POST /v1/products/, GET/PATCH /v1/products/{id}; the official
// SDK 0.20.2's products.* calls). Prices are never deleted: a PATCH whose `prices` leaves one
// out archives it. Bodies are written in the seed's form (each price its type and interval)
// and sent in today's where the client speaks it: the interval is the product's (one per
// product), a price has no type, and a free price is a fixed one of 0.
import { UsageError } from '../errors.js';
import type { Metadata } from '../shared/shapes.js';
import { array, nullish, object, string } from './check.js';
import type { ApiClient } from './client.js';
import type { PriceType, RecurringInterval } from './enums.js';
import { checkSorting, generationName, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import { type Resource, resource } from './schemas.js';
import type { Body, Query, Schemas } from './today.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface ProductFilters {
  /** Only these products (today's generation). */
  id?: Many<string>;
  organization_id?: Many<string>;
  /** Case-insensitive substring of the name. */
  query?: string;
  is_archived?: boolean;
  is_recurring?: boolean;
  benefit_id?: Many<string>;
  /** Criteria of either generation, checked per generation when sent. */
  sorting?: readonly string[];
}

/** A new price, as product create and update take it. */
export type PriceCreate =
  | {
      type: PriceType;
      amount_type: 'fixed';
      price_amount: number;
      price_currency?: string;
      recurring_interval?: RecurringInterval;
    }
  | { type: PriceType; amount_type: 'free'; recurring_interval?: RecurringInterval }
  | { type: 'one_time'; amount_type: 'custom'; price_currency?: string };

export interface ProductCreate {
  name: string;
  description?: string | null;
  prices: PriceCreate[];
  organization_id?: string | null;
  metadata?: Metadata;
}

export interface ProductUpdate {
  name?: string;
  description?: string | null;
  is_archived?: boolean;
  /** The whole set: `{id}` keeps a price, a new one is added, every other one is archived. */
  prices?: ({ id: string } | PriceCreate)[];
}

/** A product whose price ids `products update --add-price/--archive-price` computes with. */
export type ProductWithPrices = Resource & { prices?: Resource[] | null };
const productWithPrices = object<ProductWithPrices>({
  id: string,
  prices: nullish(array(resource)),
});

const products = resourceClient<
  ProductCreate | Record<string, unknown>,
  ProductUpdate | Record<string, unknown>
>('/v1/products/', 'product');

export function list(
  client: ApiClient,
  filters: ProductFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.products);
  const query = client.today
    ? ({
        id: filters.id,
        organization_id: filters.organization_id,
        query: filters.query,
        is_archived: filters.is_archived,
        is_recurring: filters.is_recurring,
        benefit_id: filters.benefit_id,
        sorting: sorting as Query<'products:list'>['sorting'],
      } satisfies Query<'products:list'>)
    : { ...filters };
  return products.list(client, query, paging);
}

export async function get(client: ApiClient, id: string): Promise<ProductWithPrices> {
  return products.get(client, id, productWithPrices);
}

export async function create(
  client: ApiClient,
  body: ProductCreate | Record<string, unknown>,
): Promise<Resource> {
  return products.create(client, client.today ? todayCreate(client, body) : body);
}

/**
 * `product`: the product as it is, for today's generation, whose new prices must be of its
 * interval (the PATCH's prices keep theirs).
 */
export async function update(
  client: ApiClient,
  id: string,
  body: ProductUpdate | Record<string, unknown>,
  product?: Record<string, unknown>,
): Promise<Resource> {
  return products.update(client, id, client.today ? todayUpdate(client, body, product) : body);
}

/** POST /v1/products/{id}/benefits: the product's benefits, the whole set (granted to buyers). */
export async function setBenefits(
  client: ApiClient,
  id: string,
  benefits: readonly string[],
): Promise<Resource> {
  return client.request('POST', `/v1/products/${segment(id)}/benefits`, {
    body: { benefits },
    schema: resource,
    notFound: `product ${id}`,
  });
}

/**
 * The product that sells a price, among the products `filters` lists (100 a page): today's
 * generation names products where the seed's named prices (checkouts, subscription changes).
 */
export async function findByPrice(
  client: ApiClient,
  priceId: string,
  filters: ProductFilters = {},
): Promise<Resource | undefined> {
  for await (const product of list(client, filters, { pageSize: 100 })) {
    const prices = Array.isArray(product.prices) ? (product.prices as Price[]) : [];
    if (prices.some((p) => p.id === priceId)) return product;
  }
  return undefined;
}

type Price = Record<string, unknown>;
type TodayPrice = Schemas['ProductPriceFixedCreate'] | Schemas['ProductPriceCustomCreate'];

/** A price of the seed's form in today's; one already in today's form is sent as it is. */
function todayPrice(price: Price): TodayPrice | Price {
  if (price.type === undefined && price.recurring_interval === undefined) return price;
  const currency = { price_currency: (price.price_currency ?? 'usd') as 'usd' };
  if (price.amount_type === 'free') return { amount_type: 'fixed', price_amount: 0, ...currency };
  if (price.amount_type === 'custom') return { amount_type: 'custom', ...currency };
  if (price.amount_type === 'fixed') {
    return { amount_type: 'fixed', price_amount: price.price_amount as number, ...currency };
  }
  const { type: _, recurring_interval: __, ...rest } = price;
  return rest;
}

/** The one interval the seed's form of these prices has (undefined: one-time, or none said). */
function intervalOf(client: ApiClient, prices: readonly Price[]): string | undefined {
  const intervals = new Set(
    prices.filter((p) => p.type === 'recurring').map((p) => p.recurring_interval),
  );
  if (intervals.size > 1) {
    throw new UsageError(
      `a product of ${generationName(client)} has one billing interval, not ` +
        `${[...intervals].join(' and ')}: make one product per interval`,
      { hint: 'e.g. billing products create --name "Acme Pro (yearly)" --price 190/year' },
    );
  }
  const [interval] = intervals;
  return typeof interval === 'string' ? interval : undefined;
}

function pricesOf(body: object): Price[] | undefined {
  const prices = (body as { prices?: unknown }).prices;
  return Array.isArray(prices) ? (prices as Price[]) : undefined;
}

function todayCreate(client: ApiClient, body: ProductCreate | Price): Body<'products:create'> {
  const prices = pricesOf(body) ?? [];
  const given = (body as Price).recurring_interval;
  const interval = given ?? intervalOf(client, prices) ?? null;
  return {
    ...body,
    recurring_interval: interval,
    prices: prices.map(todayPrice),
  } as Body<'products:create'>;
}

const ADJECTIVES: Record<string, string> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};

function todayUpdate(
  client: ApiClient,
  body: ProductUpdate | Price,
  product?: Record<string, unknown>,
): Body<'products:update'> {
  const prices = pricesOf(body);
  if (!prices) return body as Body<'products:update'>;
  const added = prices.filter((p) => p.id === undefined);
  const interval = intervalOf(client, added);
  const current = product?.recurring_interval;
  if (interval !== undefined && current !== undefined && interval !== current) {
    // The hint is the command for this very price, on a product of its own.
    const price = added.find((p) => p.recurring_interval === interval);
    const amount =
      price?.amount_type === 'fixed' && typeof price.price_amount === 'number'
        ? (price.price_amount / 100).toFixed(2).replace(/\.00$/, '')
        : 'free';
    const name = typeof product?.name === 'string' ? product.name : 'Acme Pro';
    const billed = current === null ? 'sold once' : `billed every ${String(current)}`;
    throw new UsageError(
      `this product is ${billed}: a product of ${generationName(client)} has one billing ` +
        `interval, so a /${interval} price needs a product of its own`,
      {
        hint: `e.g. billing products create --name ${JSON.stringify(`${name} (${ADJECTIVES[interval] ?? interval})`)} --price ${amount}/${interval}`,
      },
    );
  }
  return {
    ...body,
    prices: prices.map((p) => (p.id === undefined ? todayPrice(p) : { id: p.id as string })),
  } as Body<'products:update'>;
}
