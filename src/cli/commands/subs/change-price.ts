// billing subs change-price <id> --price <id> | --product <id> → PATCH /v1/subscriptions/{id} (or
// the customer portal's). The seed's generation moves a subscription to a price
// (product_price_id); today's to a product (product_id): there --price names the product that
// sells it. On a terminal, without either, the seller picks from what is on sale. --preview
// (today's API) prints what the move would cost and changes nothing (preview.ts).

import { Option } from '@commander-js/extra-typings';
import type { ApiClient } from '../../../api/client.js';
import { VALUES } from '../../../api/generation.js';
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { safeText } from '../../io/safe.js';
import { done, isMine, outputOf, withMine, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { SUBSCRIPTION_CARD } from './columns.js';
import { subscriptionRefusal } from './refused.js';

type ProrationBehavior = (typeof VALUES.prorationBehavior)[number];

export interface ChangePriceOptions extends OneResource {
  /** The new price; with neither it nor productId, picked on the terminal (seller only). */
  priceId?: string;
  /** The new product (today's generation moves a subscription to a product). */
  productId?: string;
  /** Seller only. */
  proration?: ProrationBehavior;
  asCustomer: boolean;
  /** Print what the move would cost instead of making it (today's API). */
  preview?: boolean;
}

export async function runChangePrice(opts: ChangePriceOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const { subscriptions, client } = await resources(ctx, opts.asCustomer ? 'customer' : 'seller');
  if (opts.preview && !client.today) {
    throw new UsageError(
      "--preview needs today's API (2026-04 or later): this service's generation has no preview",
      { hint: `billing --api-version 2026-10 subs change-price ${id} --product <id> --preview` },
    );
  }
  const target = await targetOf(opts, ctx, client);
  const proration = opts.proration;
  if (opts.preview) {
    const { printChangePreview } = await import('./preview.js');
    await printChangePreview(ctx, { ...opts, productId: target.id, proration });
    return;
  }
  const patch = (to: { kind: 'price' | 'product'; id: string }) =>
    client.today
      ? opts.asCustomer
        ? subscriptions.updateCustomerPortal(client, id, { product_id: to.id })
        : subscriptions.update(client, id, {
            product_id: to.id,
            ...(proration ? { proration_behavior: proration } : {}),
          })
      : opts.asCustomer
        ? subscriptions.updateCustomerPortal(client, id, { product_price_id: to.id })
        : subscriptions.update(client, id, {
            product_price_id: to.id,
            // The seed's service judges today's behaviours (next_period, reset) itself.
            ...(proration ? { proration_behavior: proration as 'invoice' | 'prorate' } : {}),
          });
  let moved = target;
  const updated = await patch(target)
    .catch(async (err: unknown) => {
      // --price given a product's id on the seed's API (issue 24): its one recurring price.
      const price = refusedPrice(err) && !opts.asCustomer && (await onePriceOf(ctx, target.id));
      if (!price) throw err;
      moved = { kind: 'price', id: price };
      return patch(moved);
    })
    .catch(async (err: unknown) => {
      throw await subscriptionRefusal(err, ctx, id, opts.asCustomer, 'change-price');
    });
  await printOne(ctx, opts.output, SUBSCRIPTION_CARD, updated);
  await done(ctx, `Subscription ${id} is now on ${moved.kind} ${moved.id}.`);
}

/** The seed's refusal of a price it does not know: 422 at product_price_id. */
function refusedPrice(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 422 &&
    err.details.some((d) => d.field === 'product_price_id')
  );
}

/** Intervals, shortest first (a legacy product's prices are shown in this order). */
const INTERVALS = ['day', 'week', 'month', 'year'];

/** A recurring product on sale, of the seller's, or undefined. */
async function recurringProduct(client: ApiClient, id: string) {
  const { products } = await import('../../../api/index.js');
  const product = await products.get(client, id).catch(() => undefined);
  if (!product || product.is_archived === true || product.is_recurring === false) return undefined;
  return product;
}

/**
 * The one recurring price on sale of product `id`, said on stderr; a usage error listing them
 * when it has several; undefined when `id` is no recurring product on sale.
 */
async function onePriceOf(ctx: Context, id: string): Promise<string | undefined> {
  const client = await ctx.api('seller');
  const product = await recurringProduct(client, id);
  if (!product) return undefined;
  const name = safeText(String(product.name));
  const onSale = (product.prices ?? []).filter(
    (p) => p.is_archived !== true && (p.type === undefined || p.type === 'recurring'),
  );
  if (onSale.length !== 1) {
    throw new UsageError(`--price: ${id} is the product ${name}, not one of its prices`, {
      hint: `Its recurring prices: ${onSale.map((p) => p.id).join(', ') || 'none on sale'}`,
    });
  }
  ctx.io.stderr.write(`${id} is the product ${name}: moving to its one price, ${onSale[0]!.id}\n`);
  return onSale[0]!.id;
}

/**
 * What the PATCH names: a price on the seed's generation, a product on today's (the product
 * of the --price given, found among the recurring products on sale, or the product itself when
 * --price names one).
 */
async function targetOf(
  opts: ChangePriceOptions,
  ctx: Context,
  client: ApiClient,
): Promise<{ kind: 'price' | 'product'; id: string }> {
  if (!client.today) {
    if (opts.productId) {
      throw new UsageError(
        "--product needs today's API (2026-04 or later): on this service a subscription " +
          'moves to a price',
        { hint: `Its prices: billing products get ${opts.productId}` },
      );
    }
    return { kind: 'price', id: opts.priceId ?? (await pick(ctx, client, 'price', opts.id)) };
  }
  if (opts.productId) return { kind: 'product', id: opts.productId };
  if (!opts.priceId) return { kind: 'product', id: await pick(ctx, client, 'product', opts.id) };
  const { products } = await import('../../../api/index.js');
  const filters = { is_recurring: true, is_archived: false };
  const product = await products.findByPrice(client, opts.priceId, filters);
  if (product) return { kind: 'product', id: product.id };
  const named = opts.asCustomer ? undefined : await recurringProduct(client, opts.priceId);
  if (named) {
    ctx.io.stderr.write(
      `${named.id} is the product ${safeText(String(named.name))}: moving to it\n`,
    );
    return { kind: 'product', id: named.id };
  }
  throw new ApiError(404, `price ${opts.priceId} is not a price of a recurring product on sale`, {
    hint: 'List them: billing products list --recurring',
  });
}

interface OnSale {
  id: string;
  name: string;
  organization: unknown;
  /** Today's products carry their interval; the seed's prices do. */
  interval?: unknown;
  prices: Record<string, unknown>[];
}

/** The seller's recurring products on sale, with their recurring prices on sale. */
async function recurringOnSale(client: ApiClient): Promise<OnSale[]> {
  const { products } = await import('../../../api/index.js');
  const out: OnSale[] = [];
  for await (const product of products.list(
    client,
    { is_recurring: true, is_archived: false },
    { pageSize: 100 },
  )) {
    const list = Array.isArray(product.prices) ? (product.prices as Record<string, unknown>[]) : [];
    out.push({
      id: product.id,
      name: String(product.name),
      organization: product.organization_id,
      interval: product.recurring_interval,
      prices: list.filter(
        (price) =>
          price.is_archived !== true &&
          typeof price.id === 'string' &&
          (price.type === undefined || price.type === 'recurring'),
      ),
    });
  }
  return out;
}

/**
 * The recurring prices (or products) on sale, numbered on stderr, the subscription's own marked
 * (current); the one the user picks. The subscription is read first, to name it in the question
 * (whose, of what) and to know its current price: an unknown one ends here, nothing asked.
 */
async function pick(
  ctx: Context,
  client: ApiClient,
  kind: 'price' | 'product',
  id: string,
): Promise<string> {
  const [{ money }, prompt, { findSubscription }] = await Promise.all([
    import('../../io/humanize.js'),
    import('../../io/prompt.js'),
    import('./get.js'),
  ]);
  const sub = await findSubscription({ id, mine: false }, ctx);
  const org = (sub.product as { organization_id?: unknown } | undefined)?.organization_id;
  const choices: { id: string; label: string; organization: unknown }[] = [];
  const amountOf = (price: Record<string, unknown>) =>
    price.amount_type === 'free'
      ? 'free'
      : price.amount_type === 'custom'
        ? 'pay what you want'
        : money(price.price_amount as number, price.price_currency as string);
  for (const product of await recurringOnSale(client)) {
    // A subscription moves within its own organization.
    if (typeof org === 'string' && product.organization !== org) continue;
    if (kind === 'product') {
      if (product.prices.length === 0) continue;
      // Today's service moves no subscription to a product with legacy recurring prices (a price
      // per interval: subscription/service.py update_product at c6c3645e): not offered.
      if (product.prices.some((p) => p.legacy === true)) continue;
      // Today's product has one interval, its prices add up; a legacy product (the seed's
      // migrated) has a price per interval, of which the subscription pays one.
      const amounts =
        typeof product.interval === 'string'
          ? `${product.prices.map(amountOf).join(' + ')}/${product.interval}`
          : [...product.prices]
              .sort(
                (a, b) =>
                  INTERVALS.indexOf(a.recurring_interval as string) -
                  INTERVALS.indexOf(b.recurring_interval as string),
              )
              .map((p) =>
                typeof p.recurring_interval === 'string'
                  ? `${amountOf(p)}/${p.recurring_interval}`
                  : amountOf(p),
              )
              .join(' or ');
      choices.push({
        id: product.id,
        label: `${product.name}: ${amounts}  ${product.id}`,
        organization: product.organization,
      });
      continue;
    }
    for (const price of product.prices) {
      const every =
        typeof price.recurring_interval === 'string' ? `/${price.recurring_interval}` : '';
      choices.push({
        id: price.id as string,
        label: `${product.name}: ${amountOf(price)}${every}  ${String(price.id)}`,
        organization: product.organization,
      });
    }
  }
  const currentId = kind === 'price' ? sub.price_id : sub.product_id;
  const current = choices.findIndex((c) => c.id === currentId);
  if (choices.length === 0 || (choices.length === 1 && current === 0)) {
    throw new UsageError(
      `subs change-price: there is no other recurring ${kind} on sale to move to`,
      { hint: 'Create one: billing products create --help' },
    );
  }
  const customer = (sub.customer as { email?: unknown } | undefined)?.email;
  const product = (sub.product as { name?: unknown } | undefined)?.name;
  const whose = [customer, product].filter((x) => typeof x === 'string').join(', ');
  const index = await prompt.pick(ctx, {
    title: `Move subscription ${id}${whose ? ` (${whose})` : ''} to which recurring ${kind}?`,
    choices: choices.map((p) => p.label),
    action: 'subs change-price',
    ...(current >= 0 && { current }),
  });
  return choices[index]!.id;
}

export const buildChangePrice = verb(runChangePrice, {
  command: (parent) =>
    withOutput(
      withMine(
        parent
          .command('change-price')
          .summary('move a subscription to another price or product')
          .description(
            'Move a subscription to another recurring, non-archived price of the same ' +
              "organization. Today's API (2026-04 and later) moves a subscription to a product: " +
              'there --price names the product that sells it, and --product names it directly. ' +
              'As the seller by default; with --mine through the customer portal (the ' +
              'stored customer session or BILLING_CUSTOMER_TOKEN).',
          )
          .argument('<id>', 'subscription id (UUID)')
          .option(
            '--price <price-id>',
            "the new price (UUID; a product's id: its one recurring price; on a terminal, " +
              'picked from a list without it)',
          )
          .option('--product <product-id>', "the new product (today's API)")
          .addOption(
            new Option(
              '--proration <behavior>',
              'invoice now, prorate on the next invoice, … (seller only)',
            ).choices(VALUES.prorationBehavior),
          )
          .option(
            '--preview',
            "print what the move would cost, and when it is charged, without making it (today's API)",
          ),
        "the customer's own subscription, through the customer portal",
      ),
      'SUBSCRIPTION',
    ),
  options: async (id, opts, ctx) => {
    const subscriptionId = uuid('subscription id', id);
    if (opts.price !== undefined && opts.product !== undefined) {
      throw new UsageError('--price and --product cannot be used together');
    }
    if (opts.price === undefined && opts.product === undefined) {
      if (isMine(opts)) {
        throw new UsageError('--price or --product is required with --mine');
      }
      const { canPrompt } = await import('../../io/prompt.js');
      if (!canPrompt(ctx)) {
        throw new UsageError(
          '--price or --product is required (there is no terminal to pick one on)',
          { hint: 'List them: billing products list --recurring' },
        );
      }
    }
    const priceId = opts.price === undefined ? undefined : uuid('--price', opts.price);
    const productId = opts.product === undefined ? undefined : uuid('--product', opts.product);
    if (isMine(opts) && opts.proration)
      throw new UsageError('--proration is for the seller; drop it with --mine');
    return {
      id: subscriptionId,
      ...(priceId ? { priceId } : {}),
      ...(productId ? { productId } : {}),
      proration: opts.proration,
      asCustomer: isMine(opts),
      ...(opts.preview ? { preview: true } : {}),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing subs change-price <subscription-id> --price <price-id>',
    'billing subs change-price <id> --price <price-id> --mine',
    'billing subs change-price <id> --product <product-id>   # 2026-04 and later',
    'billing subs change-price <id> --product <product-id> --proration invoice --preview',
    'billing subs change-price <id>   # on a terminal: pick the price',
  ],
});
