// billing customers list → GET /v1/customers/

import type { CustomerFilters } from '../../../api/customers.js';
import { anySorting, SORTS } from '../../../api/generation.js';
import type { Context } from '../../context.js';
import { collect, sorting, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { CUSTOMER_COLUMNS } from './columns.js';
import { email as checkEmail } from './ref.js';

/** Either generation's criteria; the service in use is checked when the list is asked for. */
const CRITERIA = anySorting(SORTS.customers);

export type ListOptions = Listing<CustomerFilters> & {
  /** Only the customers with exactly this email (lower-cased). */
  email?: string;
};

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { customers, client } = await resources(ctx, 'seller');
  const { email } = opts;
  await printPages(ctx, opts, CUSTOMER_COLUMNS, (paging) => {
    if (!email) return customers.list(client, opts.filters, paging);
    // The API's query matches substrings of the email or the name: keep the exact ones.
    const all = customers.list(client, { ...opts.filters, query: email }, paging);
    return (async function* () {
      for await (const c of all) {
        if (typeof c.email === 'string' && c.email.toLowerCase() === email) yield c;
      }
    })();
  });
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list customers')
          .description(
            "List your organizations' customers, newest first. --query matches part of the " +
              'email or the name; --email finds the customer with exactly that email.',
          )
          .option('--org <id>', 'only customers of this organization (repeatable)', collect)
          .option('--query <text>', 'email or name contains this text (case-insensitive)')
          .option('--email <email>', 'only the customer with this email')
          .option(
            '--sort <criteria>',
            `comma-separated, - for descending: ${CRITERIA.join(', ')} (default: -created_at)`,
          ),
        'CUSTOMER',
      ),
    ),
  options: (opts): ListOptions => {
    const email =
      opts.email === undefined ? undefined : checkEmail('--email', opts.email).toLowerCase();
    return {
      filters: {
        organization_id: uuids('--org', opts.org),
        query: opts.query,
        sorting: sorting(opts.sort, CRITERIA),
      },
      email,
      page: paging(opts),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing customers list',
    'billing customers list --query acme --sort email',
    'billing customers list --email jane@example.com --json',
  ],
});
