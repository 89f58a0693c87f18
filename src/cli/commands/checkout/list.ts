// billing checkout list → GET /v1/checkouts/custom/

import type { CheckoutFilters } from '../../../api/checkouts.js';
import { anySorting, SORTS, VALUES } from '../../../api/generation.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { clip, collect, sorting, uuids } from '../../input.js';
import {
  type Listing,
  outputOf,
  paging,
  printFiltered,
  printPages,
  withOutput,
  withPaging,
} from '../shared.js';
import { resources, verb } from '../verb.js';
import { CHECKOUT_COLUMNS } from './columns.js';

/** Either generation's criteria; the service in use is checked when the list is asked for. */
const CRITERIA = anySorting(SORTS.checkouts);

const STATUSES = VALUES.checkoutStatus;

export type ListOptions = Listing<CheckoutFilters> & {
  /** --page was given: the seed's service cannot start a --status list at a page. */
  pageGiven?: boolean;
};

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { checkouts, client } = await resources(ctx, 'seller');
  const { status } = opts.filters;
  if (!status || client.today) {
    await printPages(ctx, opts, CHECKOUT_COLUMNS, (paging) =>
      checkouts.list(client, opts.filters, paging),
    );
    return;
  }
  // The seed's service has no status filter: every page is read and filtered here.
  if (opts.pageGiven) {
    throw new UsageError(
      '--status cannot be used with --page on this service (before 2026-04 it filters every page); use --limit',
    );
  }
  const wanted = new Set(status);
  await printFiltered(
    ctx,
    opts,
    CHECKOUT_COLUMNS,
    (paging) => checkouts.list(client, opts.filters, paging),
    (checkout) => wanted.has(String(checkout.status)),
  );
}

/** --status values (repeatable, comma-separated), checked. */
function statusesOf(values: string[] | undefined): string[] | undefined {
  if (!values?.length) return undefined;
  const all = values.flatMap((v) => v.split(',')).map((s) => s.trim());
  for (const s of all) {
    if (!(STATUSES as readonly string[]).includes(s)) {
      throw new UsageError(
        `--status: "${clip(s)}" is not a checkout status; valid: ${STATUSES.join(', ')}`,
      );
    }
  }
  return [...new Set(all)];
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list checkout sessions')
          .description(
            "List your organizations' checkout sessions, newest first. --status narrows " +
              "them: today's API (2026-04 and later) filters on the service; before, billing " +
              'reads every page and --limit counts the sessions that match.',
          )
          .option(
            '--status <status>',
            `only these statuses (repeatable or comma-separated): ${STATUSES.join(', ')}`,
            collect,
          )
          .option('--product <id>', 'only sessions for this product (repeatable)', collect)
          .option('--org <id>', 'only sessions of this organization (repeatable)', collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: -created_at)`,
          ),
        'CHECKOUT',
      ),
    ),
  options: (opts): ListOptions => {
    const status = statusesOf(opts.status);
    return {
      filters: {
        organization_id: uuids('--org', opts.org),
        product_id: uuids('--product', opts.product),
        ...(status && { status }),
        sorting: sorting(opts.sort, CRITERIA),
      },
      page: paging(opts),
      output: outputOf(opts),
      ...(status && opts.page !== undefined && { pageGiven: true }),
    };
  },
  examples: [
    'billing checkout list --status open',
    'billing checkout list --product <product-id> --sort expires_at',
    'billing checkout list --status confirmed,succeeded --all -o ndjson | jq -r .id',
  ],
});
