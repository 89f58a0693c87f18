// billing events list → GET /v1/events/ (today's API only); --follow polls for new events.

import type { EventFilters } from '../../../api/events.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, dateTime, uuids } from '../../input.js';
import { customerIds, customerRefs, externalId } from '../customers/ref.js';
import { meterId, meterRef } from '../meters/ref.js';
import {
  type Listing,
  organization,
  outputOf,
  paging,
  printPages,
  withOutput,
  withPaging,
} from '../shared.js';
import { resources, verb } from '../verb.js';
import { EVENT_COLUMNS } from './columns.js';
import { follow } from './follow.js';

/** The filters, with customers as given (ids or emails, resolved when run). */
export type Filters = Omit<EventFilters, 'customer_id'> & { customer?: string[] };
export type ListOptions = Listing<Filters> & {
  /** Poll for new events every `intervalMs` until Ctrl+C. */
  follow?: { intervalMs: number };
};

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { customer, ...rest } = opts.filters;
  const { events, client } = await resources(ctx, 'seller');
  // Before a customer's email is looked up: the seed's generation has no events at all.
  client.needsToday('events');
  const filters: EventFilters = { ...rest };
  // The service takes a text query only within one organization (event/endpoints.py list).
  if (rest.query !== undefined && !rest.organization_id) {
    filters.organization_id = [await organization(undefined, ctx, 'events list --query')];
  }
  if (rest.meter_id !== undefined) filters.meter_id = await meterId(ctx, '--meter', rest.meter_id);
  const orgs = filters.organization_id as string[] | undefined;
  filters.customer_id = await customerIds(ctx, '--customer', customer, orgs);
  if (opts.follow) return follow(ctx, opts, filters, opts.follow.intervalMs);
  await printPages(ctx, opts, EVENT_COLUMNS, (page) => events.list(client, filters, page));
}

const SOURCES = ['user', 'system'] as const;

function seconds(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || n < 0.2 || n > 3600)
    throw new UsageError(`${flag}: must be a number of seconds from 0.2 to 3600, got "${value}"`);
  return Math.round(n * 1000);
}

function followOptions(opts: OutputOptions & { sort?: string; to?: string; all?: boolean }) {
  const clash = opts.all ? '--all' : opts.sort ? '--sort' : opts.to ? '--to' : undefined;
  if (clash) throw new UsageError(`--follow: cannot be used with ${clash}`);
  if (opts.json || opts.output === 'json')
    throw new UsageError('--follow: prints a table, TSV or NDJSON (-o ndjson), not a JSON array');
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list usage events')
          .description(
            "List your organizations' events, newest first (today's API: 2026-04 and later). " +
              'Repeat a filter to match any of its values. --follow prints the latest events, ' +
              'oldest first, then each new one as it arrives, until Ctrl+C.',
          )
          .option('--customer <id|email>', "only this customer's events (repeatable)", collect)
          .option(
            '--external-customer <id>',
            'only events of this customer, by your own id of it (repeatable)',
            collect,
          )
          .option('--name <name>', 'only events of this name (repeatable)', collect)
          .option('--source <source>', 'user (ingested) or system (repeatable)', collect)
          .option('--meter <id|name>', 'only the events this meter counts')
          .option('--from <time>', 'only events at or after this ISO 8601 time or date')
          .option('--to <time>', 'only events before this ISO 8601 time or date')
          .option('--query <text>', 'text search (needs one organization: --org or the default)')
          .option('--org <id>', "only this organization's events (repeatable)", collect)
          .option('--sort <order>', 'timestamp or -timestamp (default: -timestamp)')
          .option('--follow', 'then poll for new events until Ctrl+C (exit 130)')
          .option('--interval <seconds>', 'with --follow: seconds between polls (default: 2)'),
        'EVENT',
      ),
    ),
  options: (opts): ListOptions => {
    const source = opts.source?.map((s) => {
      if (!(SOURCES as readonly string[]).includes(s))
        throw new UsageError(`--source: "${s}" is not one of user, system`);
      return s as (typeof SOURCES)[number];
    });
    if (opts.sort !== undefined && opts.sort !== 'timestamp' && opts.sort !== '-timestamp')
      throw new UsageError(`--sort: "${opts.sort}" is not timestamp or -timestamp`);
    if (opts.interval !== undefined && !opts.follow)
      throw new UsageError('--interval: only with --follow');
    if (opts.query !== undefined && opts.query.length < 3)
      throw new UsageError('--query: at least 3 characters');
    if (opts.follow) followOptions(opts);
    const filters: Filters = {
      customer: customerRefs('--customer', opts.customer),
      external_customer_id: opts.externalCustomer?.map((e) => externalId('--external-customer', e)),
      name: opts.name,
      source,
      meter_id: opts.meter === undefined ? undefined : meterRef('--meter', opts.meter),
      start_timestamp: opts.from === undefined ? undefined : dateTime('--from', opts.from),
      end_timestamp: opts.to === undefined ? undefined : dateTime('--to', opts.to),
      query: opts.query,
      organization_id: uuids('--org', opts.org),
      sorting: opts.sort === undefined ? undefined : [opts.sort as 'timestamp'],
    };
    for (const k of Object.keys(filters) as (keyof Filters)[])
      if (filters[k] === undefined) delete filters[k];
    const listing: ListOptions = {
      filters,
      page: paging(opts.follow && opts.limit === undefined ? { ...opts, limit: '10' } : opts),
      output: outputOf(opts),
    };
    if (opts.follow)
      listing.follow = {
        intervalMs: opts.interval === undefined ? 2000 : seconds('--interval', opts.interval),
      };
    return listing;
  },
  notes:
    '\n--follow shows an event once the service has it with a timestamp at or after\n' +
    'the newest one shown; an event ingested later with an older timestamp is listed\n' +
    'by --from, not followed.\n',
  examples: [
    'billing events list --name api_request --from 2026-11-01',
    'billing events list --customer jane@example.com --limit 100 -o ndjson',
    "billing events list --meter 'API calls' --all --json",
    'billing events list --follow --name api_request',
  ],
});
