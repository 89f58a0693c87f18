// billing checkout update <id> → PATCH /v1/checkouts/custom/{id}

import type { Context } from '../../context.js';
import {
  checkMetadataObject,
  collect,
  dataObject,
  editedMetadata,
  type MetadataEdit,
  metadata,
  uuid,
} from '../../input.js';
import { columnNotes, done, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CHECKOUT_CARD } from './columns.js';

export interface UpdateOptions extends OneResource {
  /** --data with the flags applied over it; metadata is merged in run(). */
  body: Record<string, unknown>;
  metadata: MetadataEdit;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const body = { ...opts.body };
  const { checkouts, client } = await resources(ctx, 'seller');
  const merged = await editedMetadata(opts.metadata, body.metadata, async () => {
    return (await checkouts.get(client, id)).metadata;
  });
  if (merged !== undefined) body.metadata = merged;
  const checkout = await checkouts.update(client, id, body).catch((err: unknown) => {
    throw stateError(err, [{ code: 'NotOpenCheckout', hint: 'Only an open checkout can change.' }]);
  });
  await printOne(ctx, opts.output, CHECKOUT_CARD, checkout);
  await done(ctx, `Checkout ${id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change an open checkout session')
        .description(
          'Change an open checkout session. Flags override the same fields of --data. ' +
            '--metadata pairs are merged into the metadata the session has (it is read first), ' +
            '--unset-metadata removes a key, and --replace-metadata sends exactly the pairs given. ' +
            'key=value is a string, key:=42 or key:=true is typed (as in HTTPie); at most 50 ' +
            'pairs, keys up to 40 characters, strings up to 500. The metadata is copied to the ' +
            'customer that confirming the checkout creates.',
        )
        .argument('<id>', 'checkout session id (UUID)')
        .option('--customer-email <email>', "the buyer's email")
        .option('--customer-name <name>', "the buyer's name")
        .option(
          '--metadata <key=value>',
          'set a metadata pair, keeping the others (repeatable)',
          collect,
        )
        .option('--unset-metadata <key>', 'remove a metadata key (repeatable)', collect)
        .option('--replace-metadata', 'replace the whole metadata with the --metadata pairs given')
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'CHECKOUT',
    ),
  options: async (id, opts, ctx) => {
    const checkoutId = uuid('checkout id', id);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    checkMetadataObject('--data metadata', body.metadata);
    checkMetadataObject('--data customer_metadata', body.customer_metadata);
    if (opts.customerEmail !== undefined) body.customer_email = opts.customerEmail;
    if (opts.customerName !== undefined) body.customer_name = opts.customerName;
    const metadataEdit: MetadataEdit = {
      set: metadata('--metadata', opts.metadata),
      unset: opts.unsetMetadata,
      replace: opts.replaceMetadata,
    };
    return { id: checkoutId, body, metadata: metadataEdit, output: outputOf(opts) };
  },
  notes: columnNotes('Read from either API generation', CHECKOUT_CARD),
  examples: [
    'billing checkout update <id> --customer-email jane@example.com --metadata ref=spring-sale',
    'billing checkout update <id> --metadata seats:=5 --unset-metadata trial',
    'billing checkout update <id> --replace-metadata --metadata ref=only-this',
    `echo '{"customer_name": "Jane"}' | billing checkout update <id> --data -`,
  ],
});
