// billing links create → POST /v1/checkout-links/ (today's API only): a shareable address that
// opens a fresh checkout session for the products each time it is followed.

import type { CheckoutLinkCreate } from '../../../api/checkout-links.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { checkMetadataObject, collect, dataObject, metadata } from '../../input.js';
import { showPage } from '../checkout/browse.js';
import { productRef } from '../products/ref.js';
import { done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { CHECKOUT_LINK_CARD } from './columns.js';
import { linkFields, needsToday, resolveRefs } from './common.js';

export interface CreateOptions {
  /** --product: ids or names, in order (a name is looked up when run). */
  products: string[];
  /** --data with the flags applied over it (a discount still as typed: id or code). */
  body: Record<string, unknown>;
  /** --open: the link's page in the browser. */
  open: boolean;
  output: OutputOptions;
}

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const { checkoutLinks, client } = await resources(ctx, 'seller');
  needsToday(client, 'create');
  const body = await resolveRefs(ctx, opts.body, opts.products);
  const link = await checkoutLinks.create(client, body as unknown as CheckoutLinkCreate);
  await printOne(ctx, opts.output, CHECKOUT_LINK_CARD, link);
  await done(ctx, `Checkout link ${link.id} created: each visit to its URL opens a new checkout.`);
  if (opts.open) await showPage(ctx, String(link.url), false, 'checkout link');
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('create a checkout link for one or more products')
        .description(
          'Create a checkout link: an address to put on your site or send to buyers. Each ' +
            'visit opens a new checkout session for the first product, or for the one its ' +
            "?product_id= names. Today's API only (2026-04 and later). Flags override the same " +
            'fields of --data. --metadata is copied to the sessions it opens: key=value is a ' +
            'string, key:=42 or key:=true is typed. success_url may contain {CHECKOUT_ID}.',
        )
        .option(
          '--product <id|name>',
          'a product to sell, by id or exact name (repeatable; the first is the default)',
          collect,
        )
        .option('--label <text>', 'a name for the link, for you (buyers do not see it)')
        .option('--discount <id|code>', 'apply this discount to every session it opens')
        .option('--allow-discount-codes', 'let buyers enter a discount code (the default)')
        .option('--no-allow-discount-codes', 'do not let buyers enter a discount code')
        .option('--require-billing-address', "ask for the buyer's full billing address")
        .option('--success-url <url>', 'where buyers go after paying')
        .option('--return-url <url>', "where the page's back link goes (your site)")
        .option('--trial <length>', 'a free trial of recurring products: 14d, 2w, 1mo, 1y')
        .option('--metadata <key=value>', 'a metadata pair (repeatable)', collect)
        .option('--data <json>', 'request body as JSON, @file or - for stdin')
        .option('--open', "open the link's page in the browser (prints its URL without one)"),
      'CHECKOUT_LINK',
    ),
  options: async (opts, ctx): Promise<CreateOptions> => {
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    checkMetadataObject('--data metadata', body.metadata);
    const products = (opts.product ?? []).map((p) => productRef('--product', p));
    if (!products.length && body.products === undefined)
      throw new UsageError('--product is required: what the link sells (repeatable)');
    Object.assign(body, linkFields(opts, false));
    const pairs = metadata('--metadata', opts.metadata);
    if (pairs) {
      body.metadata = { ...(body.metadata as object | undefined), ...pairs };
      checkMetadataObject('--metadata', body.metadata);
    }
    return { products, body, open: opts.open === true, output: outputOf(opts) };
  },
  examples: [
    'billing links create --product "Acme Pro" --label "Pricing page"',
    'billing links create --product <product-id> --product <product-id> --discount LAUNCH10 --no-allow-discount-codes',
    "billing links create --product <product-id> --trial 14d --success-url 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}'",
    'billing links create --product "Acme Pro" --json | jq -r .url',
  ],
});
