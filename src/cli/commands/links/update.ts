// billing links update <id> → PATCH /v1/checkout-links/{id} (today's API only).

import type { CheckoutLinkUpdate } from '../../../api/checkout-links.js';
import { UsageError } from '../../../errors.js';
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
import { productRef } from '../products/ref.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CHECKOUT_LINK_CARD } from './columns.js';
import { linkFields, needsToday, resolveRefs } from './common.js';

export interface UpdateOptions extends OneResource {
  /** --product: the new list, ids or names (a name is looked up when run). */
  products?: string[];
  /** --data with the flags applied over it; metadata is merged in run(). */
  body: Record<string, unknown>;
  metadata: MetadataEdit;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const { checkoutLinks, client } = await resources(ctx, 'seller');
  needsToday(client, 'update');
  const body = await resolveRefs(ctx, opts.body, opts.products);
  // The service replaces the whole metadata: pairs are merged into what the link has.
  const merged = await editedMetadata(opts.metadata, body.metadata, async () => {
    return (await checkoutLinks.get(client, id)).metadata;
  });
  if (merged !== undefined) body.metadata = merged;
  const link = await checkoutLinks.update(client, id, body as CheckoutLinkUpdate);
  await printOne(ctx, opts.output, CHECKOUT_LINK_CARD, link);
  await done(ctx, `Checkout link ${id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change a checkout link')
        .description(
          "Change a checkout link; its URL stays the same. Today's API only (2026-04 and " +
            'later). Only what you give changes; `none` clears a label, discount, URL or trial. ' +
            '--product replaces the list of products. --metadata pairs are merged into the ' +
            'metadata the link has, --unset-metadata removes a key, --replace-metadata sends ' +
            'exactly the pairs given. Flags override the same fields of --data.',
        )
        .argument('<id>', 'checkout link id (UUID)')
        .option(
          '--product <id|name>',
          'sell these products instead (repeatable; by id or exact name)',
          collect,
        )
        .option('--label <text>', 'a new label, or none')
        .option('--discount <id|code>', 'apply this discount, or none')
        .option('--allow-discount-codes', 'let buyers enter a discount code')
        .option('--no-allow-discount-codes', 'do not let buyers enter a discount code')
        .option('--require-billing-address', "ask for the buyer's full billing address")
        .option('--no-require-billing-address', 'ask only for what the payment needs')
        .option('--success-url <url>', 'where buyers go after paying, or none')
        .option('--return-url <url>', "where the page's back link goes, or none")
        .option('--trial <length>', 'a free trial: 14d, 2w, 1mo, 1y, or none')
        .option(
          '--metadata <key=value>',
          'set a metadata pair, keeping the others (repeatable)',
          collect,
        )
        .option('--unset-metadata <key>', 'remove a metadata key (repeatable)', collect)
        .option('--replace-metadata', 'replace the whole metadata with the --metadata pairs given')
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'CHECKOUT_LINK',
    ),
  options: async (id, opts, ctx): Promise<UpdateOptions> => {
    const linkId = uuid('checkout link id', id);
    const body: Record<string, unknown> = {
      ...(await dataObject(opts.data, ctx.io.stdin)),
      ...linkFields(opts, true),
    };
    checkMetadataObject('--data metadata', body.metadata);
    const products = opts.product?.map((p) => productRef('--product', p));
    const edit: MetadataEdit = {
      set: metadata('--metadata', opts.metadata),
      unset: opts.unsetMetadata,
      replace: opts.replaceMetadata,
    };
    const metadataChanges = Boolean(edit.set || edit.unset?.length || edit.replace);
    if (!Object.keys(body).length && !products && !metadataChanges) {
      throw new UsageError(
        'nothing to change: give --product, --label, --discount, --allow-discount-codes, ' +
          '--require-billing-address, --success-url, --return-url, --trial, --metadata or --data',
      );
    }
    return {
      id: linkId,
      ...(products && { products }),
      body,
      metadata: edit,
      output: outputOf(opts),
    };
  },
  examples: [
    'billing links update <link-id> --label "Spring sale" --discount SPRING',
    'billing links update <link-id> --product "Acme Pro" --product "Acme Team"',
    'billing links update <link-id> --discount none --allow-discount-codes',
    'billing links update <link-id> --metadata campaign=spring --unset-metadata old',
  ],
});
