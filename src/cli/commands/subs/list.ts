// billing subs list → GET /v1/customer-portal/subscriptions/

import { SUBSCRIPTION } from '../../../api/fields.js';
import type { CustomerPortalSubscriptionFilters } from '../../../api/subscriptions.js';
import { UsageError } from '../../../errors.js';
import { SUBSCRIPTION_SORT_CRITERIA } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { SUBSCRIPTION_COLUMNS } from './columns.js';

export type ListOptions = Listing<CustomerPortalSubscriptionFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { subscriptions, client } = await resources(ctx, 'customer');
  await printPages(ctx, opts, SUBSCRIPTION_COLUMNS, (paging) =>
    subscriptions.listCustomerPortal(client, opts.filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary("list a customer's subscriptions")
          .description(
            'List subscriptions through the customer portal: those of the customer session ' +
              'that `checkout confirm` stored (or BILLING_CUSTOMER_TOKEN), else your own.',
          )
          .option('--active', 'only trialing or active subscriptions')
          .option('--inactive', 'only canceled or unpaid subscriptions')
          .option('--product <id>', 'only this product (repeatable)', collect)
          .option('--org <id>', 'only this organization (repeatable)', collect)
          .option('--query <text>', 'product name contains this text (case-insensitive)')
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${SUBSCRIPTION_SORT_CRITERIA.join(', ')} (default: -started_at)`,
          ),
        SUBSCRIPTION,
      ),
    ),
  options: (opts) => {
    if (opts.active && opts.inactive)
      throw new UsageError('--active and --inactive cannot be used together');
    const filters: CustomerPortalSubscriptionFilters = {
      active: opts.active ? true : opts.inactive ? false : undefined,
      product_id: uuids('--product', opts.product),
      organization_id: uuids('--org', opts.org),
      query: opts.query,
      sorting: sorting(opts.sort, SUBSCRIPTION_SORT_CRITERIA),
    };
    return { filters, page: paging(opts), output: outputOf(opts) };
  },
  examples: ['billing subs list --active', 'billing subs list --query pro --sort -amount --json'],
});
