// billing links get <id> → GET /v1/checkout-links/{id} (today's API only); --open shows its page.

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { showPage } from '../checkout/browse.js';
import { outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { CHECKOUT_LINK_CARD } from './columns.js';
import { needsToday } from './common.js';

export interface GetOptions extends OneResource {
  /** --open: the link's page in the browser too. */
  open: boolean;
}

export async function runGet(opts: GetOptions, ctx: Context): Promise<void> {
  const { checkoutLinks, client } = await resources(ctx, 'seller');
  needsToday(client, 'get');
  const link = await checkoutLinks.get(client, opts.id);
  await printOne(ctx, opts.output, CHECKOUT_LINK_CARD, link);
  if (opts.open) await showPage(ctx, String(link.url), false, 'checkout link');
}

export const buildGet = verb(runGet, {
  command: (parent) =>
    withOutput(
      parent
        .command('get')
        .summary('show a checkout link')
        .description(
          "Show a checkout link: its URL, what it sells and how. Today's API only (2026-04 and " +
            'later). --open also opens its page in the browser, as a buyer following the link ' +
            'would (a new checkout session each time); over SSH or without a display the ' +
            'address is printed instead.',
        )
        .argument('<id>', 'checkout link id (UUID)')
        .option('--open', "open the link's page in the browser (prints its URL without one)"),
      'CHECKOUT_LINK',
    ),
  options: (id, opts): GetOptions => ({
    id: uuid('checkout link id', id),
    open: opts.open === true,
    output: outputOf(opts),
  }),
  examples: [
    'billing links get <link-id>',
    'billing links get <link-id> --open',
    'billing links get <link-id> --fields url,products.0.name',
  ],
});
