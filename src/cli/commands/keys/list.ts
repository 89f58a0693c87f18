// billing keys list → GET /v1/license-keys, or GET /v1/customer-portal/license-keys/ with --mine

import type { Command } from '@commander-js/extra-typings';
import { LICENSE_KEY } from '../../../api/fields.js';
import type {
  CustomerPortalLicenseKeyFilters,
  LicenseKeyFilters,
} from '../../../api/license-keys.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, uuid, uuids } from '../../input.js';
import {
  examples,
  outputOf,
  type Paging,
  paging,
  printPages,
  type RunF,
  withOutput,
  withPaging,
} from '../shared.js';
import { KEY_COLUMNS } from './columns.js';

/** The seller's keys, or with --mine the customer's own (one value per filter there). */
export type ListOptions = { page: Paging; output: OutputOptions } & (
  | { mine: false; filters: LicenseKeyFilters }
  | { mine: true; filters: CustomerPortalLicenseKeyFilters }
);

export function buildList(parent: Command, ctx: Context, runF: RunF<ListOptions> = runList) {
  const cmd = withPaging(
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
        .option('--mine', "the customer's own keys, through the customer portal"),
      LICENSE_KEY,
    ),
  );
  cmd.addHelpText(
    'after',
    examples(
      'billing keys list',
      'billing keys list --benefit <benefit-id> --all -o tsv',
      'billing keys list --mine',
    ),
  );
  cmd.action((opts) => {
    const page = paging(opts);
    const output = outputOf(opts);
    if (!opts.mine) {
      const filters = {
        organization_id: uuids('--org', opts.org),
        benefit_id: uuids('--benefit', opts.benefit),
      };
      return runF({ mine: false, filters, page, output }, ctx);
    }
    if ((opts.org?.length ?? 0) > 1 || (opts.benefit?.length ?? 0) > 1) {
      throw new UsageError('with --mine, --org and --benefit take one value each');
    }
    const filters = {
      organization_id: opts.org?.[0] ? uuid('--org', opts.org[0]) : undefined,
      benefit_id: opts.benefit?.[0] ? uuid('--benefit', opts.benefit[0]) : undefined,
    };
    return runF({ mine: true, filters, page, output }, ctx);
  });
  return cmd;
}

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const [{ licenseKeys }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api(opts.mine ? 'customer' : 'seller'),
  ]);
  await printPages(
    ctx,
    opts.output,
    KEY_COLUMNS,
    (onPage) =>
      opts.mine
        ? licenseKeys.listCustomerPortal(client, opts.filters, { ...opts.page, onPage })
        : licenseKeys.list(client, opts.filters, { ...opts.page, onPage }),
    opts.page.pageSize,
  );
}
