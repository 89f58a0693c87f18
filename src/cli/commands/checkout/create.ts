// billing checkout create → POST /v1/checkouts/custom/ (SDK checkouts.custom.create)

import type { CheckoutCreate } from '../../../api/checkouts.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { checkMetadataObject, collect, dataObject, metadata, uuid, webUrl } from '../../input.js';
import { discountId, discountRef } from '../discounts/ref.js';
import { productRef } from '../products/ref.js';
import { columnNotes, done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { showPage } from './browse.js';
import { CHECKOUT_CARD } from './columns.js';
import { asProduct, openFor, productsBody } from './sold.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CreateOptions {
  /** --data with the flags applied over it. */
  body: Record<string, unknown>;
  /** --product given by name, or several times: looked up and placed in the body when run. */
  products?: string[];
  /** --open: the new session's page in the browser. */
  open: boolean;
  output: OutputOptions;
}

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const body = { ...opts.body };
  if (opts.products) Object.assign(body, await productsBody(ctx, opts.products));
  // --discount may be a code: the discount it names.
  if (typeof body.discount_id === 'string') {
    body.discount_id = await discountId(ctx, '--discount', body.discount_id);
  }
  const { checkouts, client } = await resources(ctx, 'seller');
  const created = await checkouts
    .create(client, body as unknown as CheckoutCreate)
    .catch(async (err: unknown) => {
      const again = await asProduct(err, body, ctx);
      if (!again) throw err;
      return checkouts.create(client, again as unknown as CheckoutCreate);
    });
  await printOne(ctx, opts.output, CHECKOUT_CARD, created);
  await done(ctx, `Checkout ${String(created.id)} created${openFor(created)}.`);
  if (opts.open && typeof created.url === 'string') await showPage(ctx, created.url, false);
}

/** --data's pairs with the flag's pairs over them, checked as one object (spec §8). */
function mergedMetadata(flag: string, fromData: unknown, pairs: string[] | undefined) {
  const set = metadata(flag, pairs);
  if (!set) return fromData;
  const merged = { ...(fromData as object | undefined), ...set };
  checkMetadataObject(flag, merged);
  return merged;
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('create a checkout session for a price or product')
        .description(
          'Create a checkout session for one of your prices and print it; its URL is the ' +
            'page where the buyer pays (on the local service: a sandbox page, no card charged). ' +
            "Today's API (2026-04 and later) sells products: there --price sells the product " +
            'of that price. ' +
            "The session is open for an hour (24 hours on today's API). Flags override the same " +
            'fields of --data. ' +
            '--metadata is copied to the order and subscription, --customer-metadata to the ' +
            'customer; key=value is a string, key:=42 or key:=true is typed. success_url may ' +
            'contain {CHECKOUT_ID}, replaced by the session id when the buyer is sent there.',
        )
        .option('--price <id>', 'the price to sell (or --product, or --data names it)')
        .option(
          '--product <id|name>',
          "the product to sell, by id or exact name (repeatable on today's API: the session offers each, the first selected)",
          collect,
        )
        .option('--email <email>', "the buyer's email, filled in on the page")
        .option('--name <name>', "the buyer's name, filled in on the page")
        .option(
          '--discount <id|code>',
          'apply this discount (its id or code); the buyer cannot change it',
        )
        .option('--no-discount-codes', 'do not let the buyer enter a discount code')
        .option('--success-url <url>', 'where the buyer goes after paying')
        .option('--metadata <key=value>', 'a metadata pair (repeatable)', collect)
        .option(
          '--customer-metadata <key=value>',
          "a pair for the customer's metadata (repeatable)",
          collect,
        )
        .option('--data <json>', 'request body as JSON, @file or - for stdin')
        .option('--open', "open the session's page in the browser (prints its URL without one)"),
      'CHECKOUT',
    ),
  options: async (opts, ctx): Promise<CreateOptions> => {
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    checkMetadataObject('--data metadata', body.metadata);
    checkMetadataObject('--data customer_metadata', body.customer_metadata);
    if (opts.price !== undefined && opts.product !== undefined) {
      throw new UsageError('--price and --product cannot be used together');
    }
    if (opts.price !== undefined) body.product_price_id = uuid('--price', opts.price);
    const refs = opts.product?.map((p) => productRef('--product', p));
    // One product by id goes as it is; names and several are resolved when run.
    const products = refs?.length === 1 && UUID.test(refs[0]!) ? undefined : refs;
    if (refs && !products) body.product_id = refs[0];
    if (
      body.product_price_id === undefined &&
      body.product_id === undefined &&
      body.products === undefined &&
      !products
    )
      throw new UsageError('--price or --product is required: what the buyer is sold');
    if (opts.email !== undefined) body.customer_email = opts.email;
    if (opts.name !== undefined) body.customer_name = opts.name;
    if (opts.discount !== undefined) body.discount_id = discountRef('--discount', opts.discount);
    if (opts.discountCodes === false) body.allow_discount_codes = false;
    if (opts.successUrl !== undefined) body.success_url = webUrl('--success-url', opts.successUrl);
    const meta = mergedMetadata('--metadata', body.metadata, opts.metadata);
    if (meta !== undefined) body.metadata = meta;
    const customerMeta = mergedMetadata(
      '--customer-metadata',
      body.customer_metadata,
      opts.customerMetadata,
    );
    if (customerMeta !== undefined) body.customer_metadata = customerMeta;
    return {
      body,
      ...(products && { products }),
      open: opts.open === true,
      output: outputOf(opts),
    };
  },
  notes: columnNotes('Read from either API generation', CHECKOUT_CARD),
  examples: [
    'billing checkout create --price <price-id> --email jane@example.com --open',
    "billing checkout create --price <price-id> --success-url 'https://shop.example/thanks?checkout_id={CHECKOUT_ID}'",
    'billing checkout create --price <price-id> --discount <discount-id> --no-discount-codes --metadata order=A-17',
    `billing checkout create --price <price-id> --json | jq -r .url`,
  ],
});
