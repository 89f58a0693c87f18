// billing events types → GET /v1/event-types/ (today's API only): each event name with its
// label and statistics over the events the filters keep.

import { EVENT_TYPE_SORTS, type EventTypeFilters } from '../../../api/event-types.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuid, uuids } from '../../input.js';
import { customerIds, customerRefs, externalId } from '../customers/ref.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { EVENT_TYPE_COLUMNS } from './columns.js';

/** The filters, with customers as given (ids or emails, resolved when run). */
export type Filters = Omit<EventTypeFilters, 'customer_id'> & { customer?: string[] };
export type TypesOptions = Listing<Filters>;

export async function runTypes(opts: TypesOptions, ctx: Context): Promise<void> {
  const { customer, ...rest } = opts.filters;
  const { eventTypes, client } = await resources(ctx, 'seller');
  // Before a customer's email is looked up: the seed's generation has no event types.
  client.needsToday('event types');
  const filters: EventTypeFilters = { ...rest };
  const orgs = filters.organization_id as string[] | undefined;
  filters.customer_id = await customerIds(ctx, '--customer', customer, orgs);
  if (filters.customer_id === undefined) delete filters.customer_id;
  await printPages(ctx, opts, EVENT_TYPE_COLUMNS, (page) => eventTypes.list(client, filters, page));
}

const SOURCES = ['user', 'system'] as const;

export const buildTypes = verb(runTypes, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('types')
          .summary('list event names with their labels and counts')
          .description(
            'List the names of your events with their labels, how many there are and when the ' +
              "first and last happened, most recent first (today's API: 2026-04 and later). The " +
              'filters narrow the events counted; a name none of them has is not listed. A name ' +
              "the system records has no ID (its label is the service's).",
          )
          .option('--query <text>', 'only names or labels containing this (any case)')
          .option('--source <source>', 'user (ingested) or system')
          .option(
            '--customer <id|email>',
            "count only this customer's events (repeatable)",
            collect,
          )
          .option(
            '--external-customer <id>',
            'count only the events of this customer, by your own id of it (repeatable)',
            collect,
          )
          .option('--root', 'count only events without a parent')
          .option('--parent <event-id>', 'count only the children of this event')
          .option('--org <id>', "only this organization's names (repeatable)", collect)
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${EVENT_TYPE_SORTS.join(', ')} (default: -last_seen)`,
          ),
        'EVENT_TYPE',
      ),
    ),
  options: (opts): TypesOptions => {
    const source = opts.source;
    if (source !== undefined && !(SOURCES as readonly string[]).includes(source))
      throw new UsageError(`--source: "${source}" is not one of user, system`);
    const filters: Filters = {
      query: opts.query,
      source: source as Filters['source'],
      customer: customerRefs('--customer', opts.customer),
      external_customer_id: opts.externalCustomer?.map((e) => externalId('--external-customer', e)),
      root_events: opts.root ? true : undefined,
      parent_id: opts.parent === undefined ? undefined : uuid('--parent', opts.parent),
      organization_id: uuids('--org', opts.org),
      sorting: sorting(opts.sort, EVENT_TYPE_SORTS),
    };
    for (const k of Object.keys(filters) as (keyof Filters)[])
      if (filters[k] === undefined) delete filters[k];
    return { filters, page: paging(opts), output: outputOf(opts) };
  },
  examples: [
    'billing events types',
    'billing events types --source user --sort -occurrences',
    'billing events types --customer jane@example.com --query api -o ndjson',
  ],
});
