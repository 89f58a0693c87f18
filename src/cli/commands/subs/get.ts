// billing subs get <id>: with --mine GET /v1/customer-portal/subscriptions/{id}; the seller's,
// GET /v1/subscriptions/{id} on today's API. The seed's generation has no such read: there the
// seller's subscription is found in GET /v1/subscriptions/ (pages of 100, narrowed by --org and
// --customer), as its help says.

import type { Resource } from '../../../api/schemas.js';
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, uuid, uuids } from '../../input.js';
import { customerId, customerRef } from '../customers/ref.js';
import { columnNotes, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { SUBSCRIPTION_CARD } from './columns.js';

export interface GetOptions extends OneResource {
  /** Through the customer portal: the customer's own subscription. */
  mine: boolean;
  /** Where the seller's list is searched: these organizations … */
  organizations?: string[];
  /** … and this customer (an id or an email, resolved when run). */
  customer?: string;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  await printOne(ctx, opts.output, SUBSCRIPTION_CARD, await findSubscription(opts, ctx));
}

/** One subscription: the customer's own with `mine`, else the seller's (read, or searched). */
export function findSubscription(
  opts: Pick<GetOptions, 'id' | 'mine' | 'organizations' | 'customer'>,
  ctx: Context,
): Promise<Resource> {
  return opts.mine ? portal(opts, ctx) : searched(opts, ctx);
}

async function portal(opts: Pick<GetOptions, 'id'>, ctx: Context): Promise<Resource> {
  const { subscriptions, client } = await resources(ctx, 'customer');
  return subscriptions.getCustomerPortal(client, opts.id);
}

async function searched(
  opts: Pick<GetOptions, 'id' | 'organizations' | 'customer'>,
  ctx: Context,
): Promise<Resource> {
  const customer = opts.customer
    ? await customerId(ctx, '--customer', opts.customer, opts.organizations)
    : undefined;
  const { subscriptions, client } = await resources(ctx, 'seller');
  if (client.today) return subscriptions.get(client, opts.id);
  const { createProgress } = await import('../../io/index.js');
  const progress = createProgress(ctx.io.stderr);
  try {
    const pages = subscriptions.list(
      client,
      { organization_id: opts.organizations, customer_id: customer },
      {
        pageSize: 100,
        onPage: (info) => {
          if (info.page > 1) progress.page(info.page, info.maxPage);
        },
      },
    );
    for await (const sub of pages) {
      if (sub.id === opts.id) return sub;
    }
  } finally {
    progress.done();
  }
  throw new ApiError(404, `subscription ${opts.id} not found`, {
    hint:
      (opts.organizations || customer ? 'It is not among the subscriptions searched. ' : '') +
      `A customer's own? billing subs get ${opts.id} --mine`,
  });
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a subscription')
        .description(
          "Show one of your organizations' subscriptions, read by id on today's API (2026-04 " +
            "and later). The seed's API has no read of one subscription for sellers: there " +
            'billing finds it in your subscription list, 100 at a time, and --org and ' +
            '--customer make that search shorter. With --mine, one of the ' +
            "customer session's subscriptions (or BILLING_CUSTOMER_TOKEN's), read directly " +
            'through the customer portal.',
        )
        .argument('<id>', 'subscription id (UUID)')
        .option('--org <id>', 'search only this organization (repeatable)', collect)
        .option('--customer <id|email>', "search only this customer's subscriptions")
        .option('--mine', "the customer's own subscription, through the customer portal"),
      'SUBSCRIPTION',
    ),
  options: (id, opts): GetOptions => {
    const subscription = uuid('subscription id', id);
    if (opts.mine && (opts.org?.length || opts.customer)) {
      throw new UsageError('--org and --customer narrow the seller search: not with --mine');
    }
    return {
      id: subscription,
      mine: Boolean(opts.mine),
      organizations: uuids('--org', opts.org),
      customer: opts.customer === undefined ? undefined : customerRef('--customer', opts.customer),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing subs get <subscription-id>',
    'billing subs get <subscription-id> --customer jane@example.com --json',
    'billing subs get <subscription-id> --mine',
  ],
  notes: columnNotes('Read from either API generation', SUBSCRIPTION_CARD),
});
