// billing discounts update <id> → PATCH /v1/discounts/{id}

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, dataObject, uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, resources, verb } from '../verb.js';
import { checkPerCustomer, discountFields } from './fields.js';
import { printDiscount } from './get.js';

export interface UpdateOptions extends OneResource {
  /** --data with the flags over it; never empty. */
  body: Record<string, unknown>;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const { discounts, client } = await resources(ctx, 'seller');
  checkPerCustomer(client.today, opts.body);
  await printDiscount(ctx, opts.output, await discounts.update(client, opts.id, opts.body));
  await done(ctx, `Discount ${opts.id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change a discount')
        .description(
          'Change a discount. Only what you give changes; `none` clears a code, a limit or a ' +
            'date. Its type (fixed or percentage) and duration cannot change, nor its amount ' +
            'once redeemed. Flags override the same fields of --data.',
        )
        .argument('<id>', 'discount id (UUID)')
        .option('--name <name>', 'a new name')
        .option('--amount <amount>', 'a new fixed amount off (fixed discounts)')
        .option('--currency <code>', "the amount's currency (default: usd, the only one)")
        .option('--percent <percent>', 'a new percentage off (percentage discounts)')
        .option('--months <n>', 'for how many months (repeating discounts)')
        .option('--code <code>', 'a new code, or none')
        .option('--max-redemptions <n>', 'a new limit, or none')
        .option('--max-per-customer <n>', 'a new limit per customer, or none (2026-04+)')
        .option('--starts-at <date-time>', 'redeemable from (ISO 8601), or none')
        .option('--ends-at <date-time>', 'redeemable until (ISO 8601), or none')
        .option(
          '--product <id>',
          'only for these products (repeatable; replaces the list)',
          collect,
        )
        .option('--any-product', 'for every product (clears the list)')
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'DISCOUNT',
    ),
  options: async (id, opts, ctx): Promise<UpdateOptions> => {
    const discountId = uuid('discount id', id);
    if (opts.anyProduct && opts.product?.length) {
      throw new UsageError('--any-product and --product cannot be used together');
    }
    // With --amount or --percent the type goes too: the service refuses to change it (a
    // percentage discount given an amount), where an amount alone would be taken silently.
    const body: Record<string, unknown> = {
      ...(await dataObject(opts.data, ctx.io.stdin)),
      ...discountFields(opts),
    };
    if (opts.anyProduct) body.products = [];
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'nothing to change: give --name, --amount, --percent, --months, --code, ' +
          '--max-redemptions, --max-per-customer, --starts-at, --ends-at, --product, ' +
          '--any-product or --data',
      );
    }
    return { id: discountId, body, output: outputOf(opts) };
  },
  examples: [
    'billing discounts update <discount-id> --max-redemptions 500 --ends-at 2027-06-30T23:59:59Z',
    'billing discounts update <discount-id> --code none',
    'billing discounts update <discount-id> --product <product-id> --product <product-id>',
  ],
});
