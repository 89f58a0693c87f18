// billing keys get <id> → GET /v1/license-keys/{id} (the seller's), or with --mine
// GET /v1/customer-portal/license-keys/{id}; both with the key's activations.

import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, printSection, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ACTIVATION_COLUMNS, KEY_CARD } from './columns.js';

export interface GetOptions extends OneResource {
  /** Through the customer portal: the customer's own key. */
  mine: boolean;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { licenseKeys, client } = await resources(ctx, opts.mine ? 'customer' : 'seller');
  const key = await (opts.mine
    ? licenseKeys.getCustomerPortal(client, opts.id)
    : licenseKeys.get(client, opts.id)
  ).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) {
      throw new ApiError(404, err.message, {
        code: err.code,
        body: err.body,
        hint: opts.mine
          ? 'With --mine the key is read through the customer portal: it must be a key of the customer session that `checkout confirm` stored (or BILLING_CUSTOMER_TOKEN).'
          : `A customer's own key? Read it through the customer portal: billing keys get ${opts.id} --mine`,
      });
    }
    throw err;
  });
  const { output } = opts;
  await printOne(ctx, output, KEY_CARD, key);
  // On a terminal the activations follow the card as a table; scripts read them from --json.
  if (!output.json && !output.output && !output.fields && ctx.io.stdout.isTTY) {
    await printSection(ctx, 'Activations', ACTIVATION_COLUMNS, (key.activations ?? []) as object[]);
  }
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a license key with its activations')
        .description(
          "Show one of your organizations' license keys and its activations. With --mine, a key " +
            'of the customer session that `checkout confirm` stored (or BILLING_CUSTOMER_TOKEN), ' +
            'through the customer portal.',
        )
        .argument('<id>', 'license key id (UUID)')
        .option('--mine', "the customer's own key, through the customer portal"),
      'LICENSE_KEY',
    ),
  options: (id, opts) => ({
    id: uuid('license key id', id),
    mine: Boolean(opts.mine),
    output: outputOf(opts),
  }),
  examples: [
    'billing keys get <key-id>',
    'billing keys get <key-id> --json | jq .activations',
    'billing keys get <key-id> --mine',
  ],
});
