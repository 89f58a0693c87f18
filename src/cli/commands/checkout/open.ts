// billing checkout open <id> → GET /v1/checkouts/custom/{id}, then its url in the browser

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { resources, verb } from '../verb.js';
import { showPage } from './browse.js';

export interface OpenOptions {
  id: string;
}

export async function runOpen(opts: OpenOptions, ctx: Context): Promise<void> {
  const { checkouts, client } = await resources(ctx, 'seller');
  const checkout = await checkouts.get(client, opts.id);
  if (checkout.status !== 'open') {
    const { createMessenger } = await import('../../io/index.js');
    createMessenger(ctx.io).warn(
      `Checkout ${opts.id} is ${String(checkout.status)}: its page says so, and takes no payment.`,
    );
  }
  await showPage(ctx, String(checkout.url), true);
}

export const buildOpen = verb(runOpen, {
  command: (parent) =>
    parent
      .command('open')
      .summary("open a checkout session's page in the browser")
      .description(
        "Open a checkout session's page (its url) in the browser, where a buyer pays. Over " +
          'SSH or without a display the address is printed on stdout instead.',
      )
      .argument('<id>', 'checkout session id (UUID)'),
  options: (id) => ({ id: uuid('checkout id', id) }),
  examples: [
    'billing checkout open <checkout-id>',
    'curl -s "$(billing checkout open <checkout-id>)"',
  ],
});
