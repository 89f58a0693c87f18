// billing keys list → GET /v1/license-keys, or GET /v1/customer-portal/license-keys/ with --mine

import type { Command } from '@commander-js/extra-typings';
import { LICENSE_KEY } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, uuid, uuids } from '../../input.js';
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
import { KEY_COLUMNS } from './columns.js';

interface ListOptions extends OutputOptions, PagingOptions {
  org?: string[];
  benefit?: string[];
  mine?: boolean;
}

export function buildList(parent: Command, ctx: Context) {
  const cmd = parent
    .command('list')
    .summary('list license keys')
    .description(
      "List your organizations' license keys, oldest first. With --mine, the keys of " +
        'the customer session (or BILLING_CUSTOMER_TOKEN) instead; then --org and ' +
        '--benefit take one value each.',
    )
    .option('--org <id>', 'only this organization (repeatable)', collect)
    .option('--benefit <id>', 'only this license-key benefit (repeatable)', collect)
    .option('--mine', "the customer's own keys, through the customer portal");
  withPaging(withOutput(cmd, LICENSE_KEY));
  cmd.addHelpText(
    'after',
    examples(
      'billing keys list',
      'billing keys list --benefit <benefit-id> --all -o tsv',
      'billing keys list --mine',
    ),
  );
  cmd.action(async (raw) => {
    const opts = raw as ListOptions;
    const page = paging(opts);
    const s = session(ctx, cmd);
    const { licenseKeys } = await import('../../../api/index.js');
    if (opts.mine) {
      if ((opts.org?.length ?? 0) > 1 || (opts.benefit?.length ?? 0) > 1) {
        throw new UsageError('with --mine, --org and --benefit take one value each');
      }
      const filters = {
        organization_id: opts.org?.[0] ? uuid('--org', opts.org[0]) : undefined,
        benefit_id: opts.benefit?.[0] ? uuid('--benefit', opts.benefit[0]) : undefined,
      };
      const client = await s.api('customer');
      await printPages(
        s,
        opts,
        KEY_COLUMNS,
        (onPage) => licenseKeys.listCustomerPortal(client, filters, { ...page, onPage }),
        page.pageSize,
      );
      return;
    }
    const filters = {
      organization_id: uuids('--org', opts.org),
      benefit_id: uuids('--benefit', opts.benefit),
    };
    const client = await s.api('seller');
    await printPages(
      s,
      opts,
      KEY_COLUMNS,
      (onPage) => licenseKeys.list(client, filters, { ...page, onPage }),
      page.pageSize,
    );
  });
  return cmd;
}
