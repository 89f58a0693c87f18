// billing subs list → GET /v1/subscriptions/ (the seller's), or with --mine
// GET /v1/customer-portal/subscriptions/ (the customer's own).

import { anySorting, SORTS, VALUES } from '../../../api/generation.js';
import type { PageInfo } from '../../../api/paginate.js';
import type { Resource } from '../../../api/schemas.js';
import type {
  CustomerPortalSubscriptionFilters,
  SubscriptionFilters,
} from '../../../api/subscriptions.js';
import { UsageError } from '../../../errors.js';
import {
  SUBSCRIPTION_ACTIVE_STATUSES,
  SUBSCRIPTION_INACTIVE_STATUSES,
  SUBSCRIPTION_REVOKED_STATUSES,
} from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { clip, collect, sorting, uuids } from '../../input.js';
import type { Column } from '../../io/index.js';
import { customerIds, customerRefs } from '../customers/ref.js';
import {
  columnNotes,
  type Listing,
  outputOf,
  type Paging,
  paging,
  printFiltered,
  printPages,
  sellerOrMine,
  withOutput,
  withPaging,
} from '../shared.js';
import { resources, verb } from '../verb.js';
import { SELLER_SUBSCRIPTION_COLUMNS, SUBSCRIPTION_COLUMNS } from './columns.js';

/** The seller's filters, with customers still as given (ids or emails, resolved when run). */
export type SellerFilters = Omit<SubscriptionFilters, 'customer_id'> & { customer?: string[] };

/**
 * `status` is applied by the CLI (the API filters only by active/inactive), so --limit counts
 * the subscriptions that match.
 */
interface ByStatus {
  status?: SubscriptionStatus[];
}
/** The seller's subscriptions. */
export type SellerList = { mine: false } & ByStatus & Listing<SellerFilters>;
/** With --mine, the customer's own, through the customer portal. */
export type MyList = { mine: true } & ByStatus & Listing<CustomerPortalSubscriptionFilters>;
export type ListOptions = SellerList | MyList;

type SubscriptionStatus = (typeof VALUES.subscriptionStatus)[number];
const STATUSES = VALUES.subscriptionStatus;
const SELLER_CRITERIA = anySorting(SORTS.subscriptions);
const MY_CRITERIA = anySorting(SORTS.mySubscriptions);

const ACTIVE = new Set<string>(SUBSCRIPTION_ACTIVE_STATUSES);
/** `active=false`: the seller's list means the revoked statuses, the customer portal fewer. */
const INACTIVE = {
  seller: new Set<string>(SUBSCRIPTION_REVOKED_STATUSES),
  mine: new Set<string>(SUBSCRIPTION_INACTIVE_STATUSES),
};

async function runSellerList(opts: SellerList, ctx: Context): Promise<void> {
  const { customer, ...rest } = opts.filters;
  const orgs = rest.organization_id as string[] | undefined;
  const filters: SubscriptionFilters = {
    ...rest,
    customer_id: await customerIds(ctx, '--customer', customer, orgs),
  };
  const { subscriptions, client } = await resources(ctx, 'seller');
  await printSubscriptions(ctx, opts, SELLER_SUBSCRIPTION_COLUMNS, (paging) =>
    subscriptions.list(client, filters, paging),
  );
}

async function runMyList(opts: MyList, ctx: Context): Promise<void> {
  const { subscriptions, client } = await resources(ctx, 'customer');
  await printSubscriptions(ctx, opts, SUBSCRIPTION_COLUMNS, (paging) =>
    subscriptions.listCustomerPortal(client, opts.filters, paging),
  );
}

export const runList = sellerOrMine({ seller: runSellerList, mine: runMyList });

/** Every page as it comes, or with --status only the subscriptions of those statuses. */
async function printSubscriptions(
  ctx: Context,
  opts: ByStatus & Omit<Listing<unknown>, 'filters'>,
  columns: Column[],
  list: (paging: Paging & { onPage: (info: PageInfo) => void }) => AsyncIterable<Resource>,
): Promise<void> {
  if (!opts.status) return printPages(ctx, opts, columns, list);
  const wanted = new Set<string>(opts.status);
  await printFiltered(ctx, opts, columns, list, (sub) => wanted.has(String(sub.status)));
}

/** --status values (repeatable, comma-separated), checked. */
function statusesOf(values: string[] | undefined): SubscriptionStatus[] | undefined {
  if (!values?.length) return undefined;
  const all = values.flatMap((v) => v.split(',')).map((s) => s.trim());
  for (const s of all) {
    if (!(STATUSES as readonly string[]).includes(s)) {
      throw new UsageError(
        `--status: "${clip(s)}" is not a subscription status; valid: ${STATUSES.join(', ')}`,
      );
    }
  }
  return [...new Set(all)] as SubscriptionStatus[];
}

/** The server-side narrowing --status allows: `active` when every status is in its set. */
function activeFor(statuses: SubscriptionStatus[] | undefined, mine: boolean): boolean | undefined {
  if (!statuses) return undefined;
  if (statuses.every((s) => ACTIVE.has(s))) return true;
  if (statuses.every((s) => INACTIVE[mine ? 'mine' : 'seller'].has(s))) return false;
  return undefined;
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list subscriptions')
          .description(
            "List your organizations' subscriptions, newest first. With --mine, the " +
              'subscriptions of the customer session that `checkout confirm` stored (or ' +
              'BILLING_CUSTOMER_TOKEN) instead, through the customer portal. Repeat a filter ' +
              'to match any of its values. --status is applied by billing itself, reading ' +
              'every page; --limit counts the subscriptions that match.',
          )
          .option('--active', 'only trialing or active subscriptions')
          .option(
            '--inactive',
            'only past_due, canceled or unpaid ones (with --mine: canceled or unpaid)',
          )
          .option(
            '--status <status>',
            `only these statuses (repeatable or comma-separated): ${STATUSES.join(', ')}`,
            collect,
          )
          .option('--product <id>', 'only this product (repeatable)', collect)
          .option(
            '--customer <id|email>',
            'only this customer (repeatable; not with --mine)',
            collect,
          )
          .option(
            '--discount <id>',
            'only with this discount (repeatable; not with --mine)',
            collect,
          )
          .option('--org <id>', 'only this organization (repeatable)', collect)
          .option('--query <text>', 'with --mine: product name contains this text')
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${SELLER_CRITERIA.join(', ')} ` +
              `(default: -started_at); with --mine: ${MY_CRITERIA.join(', ')}`,
          )
          .option('--mine', "the customer's own subscriptions, through the customer portal"),
        'SUBSCRIPTION',
      ),
    ),
  options: (opts): ListOptions => {
    if (opts.active && opts.inactive)
      throw new UsageError('--active and --inactive cannot be used together');
    const status = statusesOf(opts.status);
    if (status && (opts.active || opts.inactive)) {
      throw new UsageError('--status cannot be used with --active or --inactive');
    }
    if (status && opts.page !== undefined) {
      throw new UsageError(
        '--status cannot be used with --page: it filters every page; use --limit',
      );
    }
    const active = opts.active
      ? true
      : opts.inactive
        ? false
        : activeFor(status, Boolean(opts.mine));
    const page = paging(opts);
    const output = outputOf(opts);
    const common = {
      active,
      product_id: uuids('--product', opts.product),
      organization_id: uuids('--org', opts.org),
    };
    if (opts.mine) {
      if (opts.customer?.length) throw new UsageError('--customer cannot be used with --mine');
      if (opts.discount?.length) throw new UsageError('--discount cannot be used with --mine');
      const filters: CustomerPortalSubscriptionFilters = {
        ...common,
        query: opts.query,
        sorting: sorting(opts.sort, MY_CRITERIA),
      };
      return { mine: true, filters, page, output, ...(status && { status }) };
    }
    if (opts.query !== undefined) {
      throw new UsageError(
        '--query needs --mine: the seller list has no text search (filter by --customer or --product)',
      );
    }
    const filters: SellerFilters = {
      ...common,
      customer: customerRefs('--customer', opts.customer),
      discount_id: uuids('--discount', opts.discount),
      sorting: sorting(opts.sort, SELLER_CRITERIA),
    };
    return { mine: false, filters, page, output, ...(status && { status }) };
  },
  examples: [
    'billing subs list --active',
    'billing subs list --customer jane@example.com --status past_due,unpaid',
    'billing subs list --sort -amount --limit 10 --json',
    'billing subs list --mine',
  ],
  notes: columnNotes('Read from either API generation', SUBSCRIPTION_COLUMNS),
});
