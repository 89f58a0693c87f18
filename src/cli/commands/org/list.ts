// billing org list → GET /v1/organizations/ (those the token can act for)

import { anySorting, SORTS } from '../../../api/generation.js';
import type { OrganizationFilters } from '../../../api/organizations.js';
import type { Context } from '../../context.js';
import { sorting } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { ORG_COLUMNS } from './columns.js';

/** Either generation's criteria; the service in use is checked when the list is asked for. */
const CRITERIA = anySorting(SORTS.organizations);

export type ListOptions = Listing<OrganizationFilters>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { organizations, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, ORG_COLUMNS, (paging) =>
    organizations.list(client, opts.filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list your organizations')
          .description(
            'List the organizations your token can act for, oldest first: their ids are what ' +
              '--org takes.',
          )
          .option('--slug <slug>', 'only the organization with this slug')
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: created_at)`,
          ),
        'ORGANIZATION',
      ),
    ),
  options: (opts): ListOptions => ({
    filters: { slug: opts.slug, sorting: sorting(opts.sort, CRITERIA) },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: ['billing org list', 'billing org list --slug acme --fields id,name'],
});
