// billing keys list → GET /v1/license-keys, or GET /v1/customer-portal/license-keys/ with --mine

import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import type { LicenseKeyStatus } from '../../../api/enums.js';
import type {
  CustomerPortalLicenseKeyFilters,
  LicenseKeyFilters,
} from '../../../api/license-keys.js';
import { UsageError } from '../../../errors.js';
import { LICENSE_KEY_STATUSES } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { collect, uuid, uuids } from '../../input.js';
import {
  type Listing,
  outputOf,
  paging,
  printPages,
  sellerOrMine,
  withOutput,
  withPaging,
} from '../shared.js';
import { resources, verb } from '../verb.js';
import { KEY_COLUMNS } from './columns.js';

/** The seller's keys. */
export type SellerList = { mine: false } & Listing<LicenseKeyFilters>;
/** With --mine, the customer's own (one value per filter there). */
export type MyList = { mine: true } & Listing<CustomerPortalLicenseKeyFilters>;
export type ListOptions = SellerList | MyList;

async function runSellerList(opts: SellerList, ctx: Context): Promise<void> {
  const { licenseKeys, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, KEY_COLUMNS, (paging) =>
    licenseKeys.list(client, opts.filters, paging),
  );
}

async function runMyList(opts: MyList, ctx: Context): Promise<void> {
  const { licenseKeys, client } = await resources(ctx, 'customer');
  await printPages(ctx, opts, KEY_COLUMNS, (paging) =>
    licenseKeys.listCustomerPortal(client, opts.filters, paging),
  );
}

export const runList = sellerOrMine({ seller: runSellerList, mine: runMyList });

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list license keys')
          .description(
            "List your organizations' license keys, oldest first. With --mine, the keys of " +
              'the customer session (or BILLING_CUSTOMER_TOKEN) instead; then --org and ' +
              '--benefit take one value each.',
          )
          .option('--org <id>', 'only this organization (repeatable)', collect)
          .option('--benefit <id>', 'only this license-key benefit (repeatable)', collect)
          .addOption(
            new Option(
              '--status <status>',
              "only keys in this status (repeatable; today's API, not with --mine)",
            )
              .choices(LICENSE_KEY_STATUSES)
              .argParser((v, prev: LicenseKeyStatus[] = []) => {
                if (!(LICENSE_KEY_STATUSES as readonly string[]).includes(v))
                  throw new InvalidArgumentError(
                    `Allowed choices are ${LICENSE_KEY_STATUSES.join(', ')}.`,
                  );
                return [...prev, v as LicenseKeyStatus];
              }),
          )
          .option('--mine', "the customer's own keys, through the customer portal"),
        'LICENSE_KEY',
      ),
    ),
  options: (opts): ListOptions => {
    const page = paging(opts);
    const output = outputOf(opts);
    if (!opts.mine) {
      const filters = {
        organization_id: uuids('--org', opts.org),
        benefit_id: uuids('--benefit', opts.benefit),
        status: opts.status,
      };
      return { mine: false, filters, page, output };
    }
    if (opts.status)
      throw new UsageError("--status: the customer portal's keys have no such filter");
    if ((opts.org?.length ?? 0) > 1 || (opts.benefit?.length ?? 0) > 1) {
      throw new UsageError('with --mine, --org and --benefit take one value each');
    }
    const filters = {
      organization_id: opts.org?.[0] ? uuid('--org', opts.org[0]) : undefined,
      benefit_id: opts.benefit?.[0] ? uuid('--benefit', opts.benefit[0]) : undefined,
    };
    return { mine: true, filters, page, output };
  },
  examples: [
    'billing keys list',
    'billing keys list --benefit <benefit-id> --all -o tsv',
    'billing keys list --mine',
    'billing keys list --status revoked --status disabled',
  ],
});
