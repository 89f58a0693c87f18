// billing subs change-price <id> --price <id> → PATCH /v1/subscriptions/{id} (or the customer portal's)

import { Option } from '@commander-js/extra-typings';
import type { ProrationBehavior } from '../../../api/enums.js';
import { SUBSCRIPTION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import { PRORATION_BEHAVIORS } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { SUBSCRIPTION_CARD } from './columns.js';

export interface ChangePriceOptions extends OneResource {
  priceId: string;
  /** Seller only. */
  proration?: ProrationBehavior;
  asCustomer: boolean;
}

export async function runChangePrice(opts: ChangePriceOptions, ctx: Context): Promise<void> {
  const { id, priceId } = opts;
  const { subscriptions, client } = await resources(ctx, opts.asCustomer ? 'customer' : 'seller');
  const updated = await (opts.asCustomer
    ? subscriptions.updateCustomerPortal(client, id, { product_price_id: priceId })
    : subscriptions.update(client, id, {
        product_price_id: priceId,
        ...(opts.proration ? { proration_behavior: opts.proration } : {}),
      })
  ).catch((err: unknown) => {
    throw stateError(err, [
      {
        code: 'AlreadyCanceledSubscription',
        message: `subscription ${id} is canceled or ends with its period: its price can no longer change`,
        hint: `If it has not ended yet, resume it first: billing subs resume ${id}`,
      },
    ]);
  });
  await printOne(ctx, opts.output, SUBSCRIPTION_CARD, updated);
  await done(ctx, `Subscription ${id} is now on price ${priceId}.`);
}

export const buildChangePrice = verb(runChangePrice, {
  command: (parent) =>
    withOutput(
      parent
        .command('change-price')
        .summary('move a subscription to another price')
        .description(
          'Move a subscription to another recurring, non-archived price of the same ' +
            'organization. As the seller by default; with --as-customer through the ' +
            'customer portal (the stored customer session or BILLING_CUSTOMER_TOKEN).',
        )
        .argument('<id>', 'subscription id (UUID)')
        .option('--price <price-id>', 'the new price (UUID, required)')
        .addOption(
          new Option(
            '--proration <behavior>',
            'invoice now or prorate on the next invoice (seller only)',
          ).choices(PRORATION_BEHAVIORS),
        )
        .option('--as-customer', 'act as the customer, through the customer portal'),
      SUBSCRIPTION,
    ),
  options: (id, opts) => {
    const subscriptionId = uuid('subscription id', id);
    if (!opts.price) throw new UsageError('--price is required');
    const priceId = uuid('--price', opts.price);
    if (opts.asCustomer && opts.proration)
      throw new UsageError('--proration is for the seller; drop it with --as-customer');
    return {
      id: subscriptionId,
      priceId,
      proration: opts.proration,
      asCustomer: Boolean(opts.asCustomer),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing subs change-price <subscription-id> --price <price-id>',
    'billing subs change-price <id> --price <price-id> --as-customer',
  ],
});
