// billing webhooks list → GET /v1/webhooks/endpoints

import type { Context } from '../../context.js';
import { collect, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { ENDPOINT_COLUMNS, withoutSecret } from './common.js';

export type ListOptions = Listing<{ organization_id?: string[] }>;

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { webhooks, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, ENDPOINT_COLUMNS, (paging) =>
    endpoints(webhooks.list(client, opts.filters, paging)),
  );
}

async function* endpoints(items: AsyncIterable<import('../../../api/schemas.js').Resource>) {
  for await (const item of items) yield withoutSecret(item);
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list webhook endpoints')
          .description("List your organizations' webhook endpoints (their secrets are not shown).")
          .option('--org <id>', 'only this organization (repeatable)', collect),
        'WEBHOOK_ENDPOINT',
      ),
    ),
  options: (opts) => ({
    filters: { organization_id: uuids('--org', opts.org) },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: ['billing webhooks list', 'billing webhooks list --json'],
});
