// billing products create → POST /v1/products/

import type { ProductCreate } from '../../../api/products.js';
import { UsageError } from '../../../errors.js';
import { PRODUCT_NAME_MIN_LENGTH } from '../../../shared/api-facts.js';
import type { Context, OutputOptions } from '../../context.js';
import { characters, collect, dataObject, uuid } from '../../input.js';
import { creationOrganization, done, outputOf, withOutput } from '../shared.js';
import { resources, verb } from '../verb.js';
import { printProduct } from './get.js';
import { checkPriceSet, PRICE_HELP, priceSpec } from './prices.js';

export interface CreateOptions {
  /** --data with the flags over it: a name and a valid set of prices. */
  body: Record<string, unknown> & ProductCreate;
  output: OutputOptions;
}

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const body = { ...opts.body };
  // Without --org: none for an organization's own token; else the profile's organization
  // (BILLING_ORG, config), the local demo's, or the one the token acts for; a usage error
  // naming --org when that cannot be told.
  body.organization_id ??= await creationOrganization(ctx, 'products create');
  const { products, client } = await resources(ctx, 'seller');
  const created = await products.create(client, body);
  await printProduct(ctx, opts.output, created);
  await done(ctx, `Product ${created.id} created.`);
}

/** A product name, as the service counts it (characters). */
export function productName(flag: string, value: string): string {
  if (characters(value) < PRODUCT_NAME_MIN_LENGTH) {
    throw new UsageError(`${flag}: must be at least ${PRODUCT_NAME_MIN_LENGTH} characters`);
  }
  return value;
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('create a product and its prices')
        .description(
          'Create a product. A subscription has one price per interval (a monthly and a ' +
            'yearly one) or a single free one; a one-time purchase has one price. On ' +
            "today's API (2026-04 and later) a product has one interval: make one product " +
            'per interval. Amounts are in dollars (USD). Flags override the same fields of ' +
            "--data, which may be in either API generation's form.",
        )
        .option('--name <name>', `the product name, at least ${PRODUCT_NAME_MIN_LENGTH} characters`)
        .option('--description <text>', 'the product description')
        .option('--price <price>', `${PRICE_HELP} (repeatable)`, collect)
        .option('--org <id>', "the organization (default: the profile's, as BILLING_ORG)")
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'PRODUCT',
    ),
  options: async (opts, ctx): Promise<CreateOptions> => {
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.name !== undefined) body.name = opts.name;
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.org !== undefined) body.organization_id = uuid('--org', opts.org);
    if (opts.price?.length) body.prices = opts.price.map((p) => priceSpec('--price', p));
    if (typeof body.name !== 'string') throw new UsageError('--name is required');
    productName('--name', body.name);
    if (!Array.isArray(body.prices)) throw new UsageError(`--price is required: ${PRICE_HELP}`);
    checkPriceSet(opts.price?.length ? '--price' : '--data prices', body.prices as object[]);
    return { body: body as CreateOptions['body'], output: outputOf(opts) };
  },
  examples: [
    'billing products create --name "Acme Pro" --price 19/month --price 190/year',
    'billing products create --name "Acme Desktop" --price 79 --description "A perpetual licence"',
    'billing products create --name "Starter Kit" --price free',
  ],
});
