// billing webhooks deliveries → GET /v1/webhooks/deliveries (each attempt, with its event)

import type { Context } from '../../context.js';
import { collect, uuids } from '../../input.js';
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
import { DELIVERY_COLUMNS } from './common.js';

export type DeliveriesOptions = Listing<{ endpoint_id?: string[] }> & {
  /** Only the attempts that failed (filtered by billing; --limit counts those). */
  failed: boolean;
};

export async function runDeliveries(opts: DeliveriesOptions, ctx: Context): Promise<void> {
  const { webhooks, client } = await resources(ctx, 'seller');
  if (!opts.failed) {
    await printPages(ctx, opts, DELIVERY_COLUMNS, (paging) =>
      webhooks.deliveries(client, opts.filters, paging),
    );
    return;
  }
  await printFiltered(
    ctx,
    opts,
    DELIVERY_COLUMNS,
    (paging) => webhooks.deliveries(client, opts.filters, paging),
    (delivery) => delivery.succeeded === false,
  );
}

export const buildDeliveries = verb(runDeliveries, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('deliveries')
          .summary('list delivery attempts')
          .description(
            'List the attempts to deliver events, newest first: each with its event, the HTTP ' +
              'status the endpoint answered (empty when it could not be reached) and whether it ' +
              'succeeded. Redeliver an event with `billing webhooks redeliver <event-id>`.',
          )
          .option('--endpoint <id>', 'only this endpoint (repeatable)', collect)
          .option('--failed', 'only the attempts that failed'),
        'WEBHOOK_DELIVERY',
      ),
    ),
  options: (opts) => ({
    filters: { endpoint_id: uuids('--endpoint', opts.endpoint) },
    failed: Boolean(opts.failed),
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing webhooks deliveries --endpoint <endpoint-id>',
    'billing webhooks deliveries --failed --fields webhook_event.id,http_code',
  ],
});
