// billing subs change-price <id> --price <id> → PATCH /v1/subscriptions/{id} (or the customer portal's)

import { type Command, Option } from '@commander-js/extra-typings';
import { SUBSCRIPTION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { done, examples, session, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { SUBSCRIPTION_CARD } from './columns.js';

interface ChangeOptions extends OutputOptions {
  price?: string;
  proration?: 'invoice' | 'prorate';
  asCustomer?: boolean;
}

export function buildChangePrice(parent: Command, ctx: Context) {
  const cmd = parent
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
      ).choices(['invoice', 'prorate'] as const),
    )
    .option('--as-customer', 'act as the customer, through the customer portal');
  withOutput(cmd, SUBSCRIPTION);
  cmd.addHelpText(
    'after',
    examples(
      'billing subs change-price <subscription-id> --price <price-id>',
      'billing subs change-price <id> --price <price-id> --as-customer',
    ),
  );
  cmd.action(async (id, raw) => {
    const opts = raw as ChangeOptions;
    const subscriptionId = uuid('subscription id', id);
    if (!opts.price) throw new UsageError('--price is required');
    const priceId = uuid('--price', opts.price);
    if (opts.asCustomer && opts.proration)
      throw new UsageError('--proration is for the seller; drop it with --as-customer');
    const s = session(ctx, cmd);
    const { subscriptions } = await import('../../../api/index.js');
    const updated = await (opts.asCustomer
      ? subscriptions.updateCustomerPortal(await s.api('customer'), subscriptionId, {
          product_price_id: priceId,
        })
      : subscriptions.update(await s.api('seller'), subscriptionId, {
          product_price_id: priceId,
          ...(opts.proration ? { proration_behavior: opts.proration } : {}),
        })
    ).catch((err: unknown) => {
      throw stateError(err, [
        {
          code: 'AlreadyCanceledSubscription',
          message: `subscription ${subscriptionId} is canceled or ends with its period: its price can no longer change`,
          hint: `If it has not ended yet, resume it first: billing subs resume ${subscriptionId}`,
        },
      ]);
    });
    await (await s.printer(opts, SUBSCRIPTION_CARD)).printOne(updated, SUBSCRIPTION_CARD);
    await done(ctx, `Subscription ${subscriptionId} is now on price ${priceId}.`);
  });
  return cmd;
}
