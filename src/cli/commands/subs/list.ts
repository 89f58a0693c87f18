// billing subs list → GET /v1/customer-portal/subscriptions/

import type { Command } from '@commander-js/extra-typings';
import { SUBSCRIPTION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import { SUBSCRIPTION_SORT_CRITERIA } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import {
  examples,
  type PagingOptions,
  paging,
  printPages,
  session,
  withOutput,
  withPaging,
} from '../shared.js';
import { SUBSCRIPTION_COLUMNS } from './columns.js';

export const SUBSCRIPTION_SORTS = SUBSCRIPTION_SORT_CRITERIA;

interface ListOptions extends OutputOptions, PagingOptions {
  active?: boolean;
  inactive?: boolean;
  product?: string[];
  org?: string[];
  query?: string;
  sort?: string;
}

export function buildList(parent: Command, ctx: Context) {
  const cmd = parent
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
      `comma-separated, - for descending: ${SUBSCRIPTION_SORTS.join(', ')} (default: -started_at)`,
    );
  withPaging(withOutput(cmd, SUBSCRIPTION));
  cmd.addHelpText(
    'after',
    examples('billing subs list --active', 'billing subs list --query pro --sort -amount --json'),
  );
  cmd.action(async (raw) => {
    const opts = raw as ListOptions;
    if (opts.active && opts.inactive)
      throw new UsageError('--active and --inactive cannot be used together');
    const filters = {
      active: opts.active ? true : opts.inactive ? false : undefined,
      product_id: uuids('--product', opts.product),
      organization_id: uuids('--org', opts.org),
      query: opts.query,
      sorting: sorting(opts.sort, SUBSCRIPTION_SORTS) as never,
    };
    const page = paging(opts);
    const s = session(ctx, cmd);
    const [{ subscriptions }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('customer'),
    ]);
    await printPages(
      s,
      opts,
      SUBSCRIPTION_COLUMNS,
      (onPage) => subscriptions.listCustomerPortal(client, filters, { ...page, onPage }),
      page.pageSize,
    );
  });
  return cmd;
}
