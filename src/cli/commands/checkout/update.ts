// billing checkout update <id> → PATCH /v1/checkouts/custom/{id}
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { checkMetadataObject, collect, dataObject, metadata, uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { done, examples, session, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { CHECKOUT_CARD } from './columns.js';

interface UpdateOptions extends OutputOptions {
  customerEmail?: string;
  customerName?: string;
  metadata?: string[];
  data?: string;
}

export function buildUpdate(parent: Command, ctx: Context) {
  const cmd = parent
    .command('update')
    .summary('change an open checkout session')
    .description(
      'Change an open checkout session. Flags override the same fields of --data. ' +
        'Metadata: key=value is a string, key:=42 or key:=true is typed (as in HTTPie); ' +
        'at most 50 pairs, keys up to 40 characters, strings up to 500. It is copied to ' +
        'the customer that confirming the checkout creates.',
    )
    .argument('<id>', 'checkout session id (UUID)')
    .option('--customer-email <email>', "the buyer's email")
    .option('--customer-name <name>', "the buyer's name")
    .option('--metadata <key=value>', 'set a metadata pair (repeatable)', collect)
    .option('--data <json>', 'request body as JSON, @file or - for stdin');
  withOutput(cmd);
  cmd.addHelpText(
    'after',
    examples(
      'billing checkout update <id> --customer-email jane@example.com --metadata ref=spring-sale',
      'billing checkout update <id> --metadata seats:=5 --metadata trial:=true',
      `echo '{"customer_name": "Jane"}' | billing checkout update <id> --data -`,
    ),
  );
  cmd.action(async (id, raw) => {
    const opts = raw as UpdateOptions;
    const checkoutId = uuid('checkout id', id);
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    checkMetadataObject('--data metadata', body.metadata);
    checkMetadataObject('--data customer_metadata', body.customer_metadata);
    if (opts.customerEmail !== undefined) body.customer_email = opts.customerEmail;
    if (opts.customerName !== undefined) body.customer_name = opts.customerName;
    const pairs = metadata('--metadata', opts.metadata);
    if (pairs) body.metadata = { ...(body.metadata as object), ...pairs };
    if (body.metadata) checkMetadataObject('--metadata', body.metadata);
    const s = session(ctx, cmd);
    const [{ checkouts }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('seller'),
    ]);
    const checkout = await checkouts.update(client, checkoutId, body).catch((err: unknown) => {
      throw stateError(err, [
        { code: 'NotOpenCheckout', hint: 'Only an open checkout can change.' },
      ]);
    });
    await (await s.printer(opts, CHECKOUT_CARD)).printOne(checkout, CHECKOUT_CARD);
    await done(ctx, `Checkout ${checkoutId} updated.`);
  });
  return cmd;
}
