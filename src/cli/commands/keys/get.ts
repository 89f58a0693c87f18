// billing keys get <id> → GET /v1/customer-portal/license-keys/{id} (with activations)

import { LICENSE_KEY } from '../../../api/fields.js';
import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { ACTIVATION_COLUMNS, KEY_CARD } from './columns.js';

export type GetOptions = OneResource;

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { licenseKeys, client } = await resources(ctx, 'customer');
  const key = await licenseKeys.getCustomerPortal(client, opts.id).catch((err: unknown) => {
    // Only the customer-portal endpoint has activations: the seller's own token sees only
    // the seller's own keys there.
    if (err instanceof ApiError && err.status === 404) {
      throw new ApiError(404, err.message, {
        code: err.code,
        body: err.body,
        hint: 'keys get reads through the customer portal: use the customer session that `checkout confirm` stored, or BILLING_CUSTOMER_TOKEN.',
      });
    }
    throw err;
  });
  const { output } = opts;
  await printOne(ctx, output, KEY_CARD, key);
  // On a terminal the activations follow the card as a table; scripts read them from --json.
  if (!output.json && !output.output && !output.fields && ctx.io.stdout.isTTY) {
    ctx.io.stdout.write('\nActivations:\n');
    await (await ctx.printer({}, ACTIVATION_COLUMNS)).printList(
      (key.activations ?? []) as object[],
    );
  }
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a license key with its activations')
        .description('Show a license key and its activations, through the customer portal.')
        .argument('<id>', 'license key id (UUID)'),
      LICENSE_KEY,
    ),
  options: (id, opts) => ({ id: uuid('license key id', id), output: outputOf(opts) }),
  examples: ['billing keys get <key-id>', 'billing keys get <key-id> --json | jq .activations'],
});
