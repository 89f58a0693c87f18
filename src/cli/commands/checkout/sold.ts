// What a new checkout session sells, from what `checkout create` was given: products by name or
// several (today's API), a --price that is a product's id, and how long the session is open.
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { safeText } from '../../io/safe.js';
import { productId } from '../products/ref.js';
import { resources } from '../verb.js';

/**
 * --product by name or several times: the product ids, as today's body takes them (products),
 * or the seed's (one product_id; the seed's generation sells one product a session).
 */
export async function productsBody(ctx: Context, refs: string[]): Promise<Record<string, unknown>> {
  const ids: string[] = [];
  for (const ref of refs) ids.push(await productId(ctx, '--product', ref));
  if (ids.length === 1) return { product_id: ids[0] };
  const client = await ctx.api('seller');
  if (!client.today)
    throw new UsageError(
      "several --product need today's API (2026-04 or later): pass --api-version 2026-10, or set api_version",
    );
  return { products: ids };
}

/**
 * How long the session stays open, read from its own dates: an hour on the seed's generation,
 * 24 hours on today's (CHECKOUT_TTL_SECONDS, config.py at c6c3645e).
 */
export function openFor(session: Record<string, unknown>): string {
  const ms = Date.parse(String(session.expires_at)) - Date.parse(String(session.created_at));
  if (!(ms > 0)) return '';
  const hours = Math.round(ms / 3_600_000);
  return hours <= 1 ? '; it is open for an hour' : `; it is open for ${hours} hours`;
}

/** The refusal of a --price the service does not know as a price (seed: 422, today: 404). */
function refusedPrice(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.status === 422) return err.details.some((d) => d.field === 'product_price_id');
  return err.status === 404 && err.message.startsWith('price ');
}

/**
 * --price given a product's id (issue 24): the body to send instead — the product on today's
 * API, its one price on sale on the seed's (said on stderr) — or a usage error listing its
 * prices; undefined when it is no product either.
 */
export async function asProduct(
  err: unknown,
  body: Record<string, unknown>,
  ctx: Context,
): Promise<Record<string, unknown> | undefined> {
  const id = body.product_price_id;
  if (typeof id !== 'string' || !refusedPrice(err)) return undefined;
  const { products, client } = await resources(ctx, 'seller');
  const product = await products.get(client, id).catch(() => undefined);
  if (!product) return undefined;
  const { product_price_id: _, ...rest } = body;
  if (client.today) return { ...rest, product_id: id };
  const onSale = (product.prices ?? []).filter((p) => p.is_archived !== true);
  const name = safeText(String(product.name));
  if (onSale.length !== 1) {
    throw new UsageError(`--price: ${id} is the product ${name}, not one of its prices`, {
      hint: `Its prices: ${onSale.map((p) => p.id).join(', ') || 'none on sale'}`,
    });
  }
  ctx.io.stderr.write(`${id} is the product ${name}: selling its one price, ${onSale[0]!.id}\n`);
  return { ...rest, product_price_id: onSale[0]!.id };
}
