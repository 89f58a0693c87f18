// billing discounts create → POST /v1/discounts/

import { Option } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { DISCOUNT_DURATIONS } from '../../../shared/api-facts.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, dataObject, uuid } from '../../input.js';
import { creationOrganization, done, outputOf, withOutput } from '../shared.js';
import { resources, verb } from '../verb.js';
import { checkPerCustomer, discountFields } from './fields.js';
import { printDiscount } from './get.js';

export interface CreateOptions {
  /** --data with the flags over it: a name, an amount or a percentage, a duration. */
  body: Record<string, unknown>;
  output: OutputOptions;
}

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const body = { ...opts.body };
  // Without --org: none for an organization's own token; else the profile's organization
  // (BILLING_ORG, config), the local demo's, or the one the token acts for; a usage error
  // naming --org when that cannot be told.
  body.organization_id ??= await creationOrganization(ctx, 'discounts create');
  const { discounts, client } = await resources(ctx, 'seller');
  checkPerCustomer(client.today, body);
  const created = await discounts.create(client, body);
  await printDiscount(ctx, opts.output, created);
  const code = typeof created.code === 'string' ? ` (code ${created.code})` : '';
  await done(ctx, `Discount ${created.id} created${code}.`);
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('create a discount')
        .description(
          'Create a discount: a fixed --amount (in dollars, USD) or a --percent off, applied ' +
            'once, forever, or for --months months of a subscription (--duration repeating). ' +
            'Without --code it can only be applied through the API; without --product it ' +
            'applies to every product. Flags override the same fields of --data.',
        )
        .option('--name <name>', 'shown to the customer when the discount applies (required)')
        .option('--amount <amount>', 'a fixed amount off, e.g. 10 or 4.99')
        .option('--currency <code>', "the amount's currency (default: usd, the only one)")
        .option('--percent <percent>', 'a percentage off, more than 0 and at most 100, e.g. 12.5')
        .addOption(
          new Option(
            '--duration <duration>',
            'for subscriptions: which invoices (default: once)',
          ).choices(DISCOUNT_DURATIONS),
        )
        .option('--months <n>', 'with --duration repeating: for how many months')
        .option('--code <code>', 'what customers type at checkout: 3 to 256 letters or digits')
        .option('--max-redemptions <n>', 'how many times it can be redeemed')
        .option('--max-per-customer <n>', 'how many times one customer can redeem it (2026-04+)')
        .option('--starts-at <date-time>', 'redeemable from (ISO 8601)')
        .option('--ends-at <date-time>', 'redeemable until (ISO 8601)')
        .option('--product <id>', 'only for this product (repeatable)', collect)
        .option('--org <id>', "the organization (default: the profile's, as BILLING_ORG)")
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'DISCOUNT',
    ),
  options: async (opts, ctx): Promise<CreateOptions> => {
    const body: Record<string, unknown> = {
      ...(await dataObject(opts.data, ctx.io.stdin)),
      ...discountFields(opts),
    };
    if (opts.duration !== undefined) body.duration = opts.duration;
    body.duration ??= 'once';
    if (opts.org !== undefined) body.organization_id = uuid('--org', opts.org);
    if (typeof body.name !== 'string') throw new UsageError('--name is required');
    if (body.type === undefined) {
      throw new UsageError('give --amount (a fixed discount) or --percent (a percentage)');
    }
    if (body.duration === 'repeating' && body.duration_in_months === undefined) {
      throw new UsageError('--months is required with --duration repeating');
    }
    if (opts.months !== undefined && body.duration !== 'repeating') {
      throw new UsageError('--months goes with --duration repeating');
    }
    return { body, output: outputOf(opts) };
  },
  examples: [
    'billing discounts create --name "Launch" --code LAUNCH10 --amount 10',
    'billing discounts create --name "Half off" --percent 50 --duration repeating --months 3',
    'billing discounts create --name "Pro only" --percent 12.5 --duration forever --product <id>',
    'billing discounts create --name "Spring" --code SPRING --percent 20 --max-redemptions 100 ' +
      '--ends-at 2027-04-01T00:00:00Z',
    'billing discounts create --name "Welcome" --code WELCOME --amount 5 --max-per-customer 1',
  ],
});
