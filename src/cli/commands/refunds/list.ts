// billing refunds list → GET /v1/refunds/ (today's API only).

import type { RefundFilters } from '../../../api/refunds.js';
import { SORTING } from '../../../shared/openapi/2026-10.facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { customerIds, customerRefs } from '../customers/ref.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { REFUND_COLUMNS } from './columns.js';

const CRITERIA = [...(SORTING['refunds:list'] ?? [])];

/** The filters, with customers as given (ids or emails, resolved when run). */
export type Filters = Omit<RefundFilters, 'customer_id'> & { customer?: string[] };
export type ListOptions = Listing<Filters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { customer, ...rest } = opts.filters;
  const { refunds, client } = await resources(ctx, 'seller');
  // Before a customer's email is looked up: the seed's generation has no refunds at all.
  client.needsToday('refunds');
  const orgs = rest.organization_id as string[] | undefined;
  const filters: RefundFilters = {
    ...rest,
    customer_id: await customerIds(ctx, '--customer', customer, orgs),
  };
  await printPages(ctx, opts, REFUND_COLUMNS, (paging) => refunds.list(client, filters, paging));
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list refunds')
          .description(
            "List your organizations' refunds, newest first (today's API: 2026-04 and " +
              'later). Repeat a filter to match any of its values.',
          )
          .option('--order <id>', 'only refunds of this order (repeatable)', collect)
          .option('--customer <id|email>', 'only refunds to this customer (repeatable)', collect)
          .option(
            '--subscription <id>',
            "only refunds of this subscription's orders (repeatable)",
            collect,
          )
          .option('--org <id>', 'only refunds of this organization (repeatable)', collect)
          .option('--succeeded', 'only the refunds that succeeded')
          .option('--no-succeeded', 'only the refunds that did not succeed')
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: -created_at)`,
          ),
        'REFUND',
      ),
    ),
  options: (opts): ListOptions => ({
    filters: {
      order_id: uuids('--order', opts.order),
      customer: customerRefs('--customer', opts.customer),
      subscription_id: uuids('--subscription', opts.subscription),
      organization_id: uuids('--org', opts.org),
      succeeded: opts.succeeded,
      sorting: sorting(opts.sort, CRITERIA),
    },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing refunds list',
    'billing refunds list --order <order-id>',
    'billing refunds list --customer jane@example.com --sort -amount',
    'billing refunds list --no-succeeded --json',
  ],
});
