// billing subs change-price <id> --price <id> → PATCH /v1/subscriptions/{id} (or the customer portal's).
// On a terminal, without --price, the seller picks one of the recurring prices on sale.

import { Option } from '@commander-js/extra-typings';
import type { ApiClient } from '../../../api/client.js';
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
  /** Absent: picked on the terminal from the recurring prices on sale (seller only). */
  priceId?: string;
  /** Seller only. */
  proration?: ProrationBehavior;
  asCustomer: boolean;
}

export async function runChangePrice(opts: ChangePriceOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const { subscriptions, client } = await resources(ctx, opts.asCustomer ? 'customer' : 'seller');
  const priceId = opts.priceId ?? (await pickPrice(ctx, client));
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

/** The seller's recurring prices on sale, numbered on stderr; the one the user picks. */
async function pickPrice(ctx: Context, client: ApiClient): Promise<string> {
  const [{ products }, { money }, { pick }] = await Promise.all([
    import('../../../api/index.js'),
    import('../../io/humanize.js'),
    import('../../io/prompt.js'),
  ]);
  const prices: { id: string; label: string; organization: unknown }[] = [];
  for await (const product of products.list(
    client,
    { is_recurring: true, is_archived: false },
    { pageSize: 100 },
  )) {
    const list = Array.isArray(product.prices) ? (product.prices as Record<string, unknown>[]) : [];
    for (const price of list) {
      if (price.is_archived === true || typeof price.id !== 'string') continue;
      if (price.type !== undefined && price.type !== 'recurring') continue;
      const amount =
        price.amount_type === 'free'
          ? 'free'
          : price.amount_type === 'custom'
            ? 'pay what you want'
            : money(price.price_amount as number, price.price_currency as string);
      const every =
        typeof price.recurring_interval === 'string' ? `/${price.recurring_interval}` : '';
      prices.push({
        id: price.id,
        label: `${String(product.name)}: ${amount}${every}  ${price.id}`,
        organization: product.organization_id,
      });
    }
  }
  if (prices.length === 0) {
    throw new UsageError('subs change-price: there is no recurring price on sale to move to', {
      hint: 'Create one: billing products create --help',
    });
  }
  // Several organizations: say whose each price is (a subscription moves within its own).
  const orgs = new Set(prices.map((p) => p.organization));
  const choices = prices.map((p) =>
    orgs.size > 1 ? `${p.label}  (organization ${String(p.organization)})` : p.label,
  );
  const index = await pick(ctx, {
    title: 'Recurring prices on sale:',
    choices,
    action: 'subs change-price',
  });
  return prices[index]!.id;
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
        .option(
          '--price <price-id>',
          'the new price (UUID; on a terminal, picked from a list without it)',
        )
        .addOption(
          new Option(
            '--proration <behavior>',
            'invoice now or prorate on the next invoice (seller only)',
          ).choices(PRORATION_BEHAVIORS),
        )
        .option('--as-customer', 'act as the customer, through the customer portal'),
      SUBSCRIPTION,
    ),
  options: async (id, opts, ctx) => {
    const subscriptionId = uuid('subscription id', id);
    if (opts.price === undefined) {
      if (opts.asCustomer) throw new UsageError('--price is required with --as-customer');
      const { canPrompt } = await import('../../io/prompt.js');
      if (!canPrompt(ctx)) {
        throw new UsageError('--price is required (there is no terminal to pick a price on)', {
          hint: 'List the prices: billing products list --recurring',
        });
      }
    }
    const priceId = opts.price === undefined ? undefined : uuid('--price', opts.price);
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
    'billing subs change-price <id>   # on a terminal: pick the price',
  ],
});
