import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCreate } from './create.js';
import { buildDelete } from './delete.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';

export function registerLinks(program: Command, ctx: Context): void {
  const links = program
    .command('links')
    .summary('create, list, show, change and delete checkout links')
    .description(
      'Checkout links: an address to put on your site, which opens a new checkout session ' +
        "for your products each time it is followed (today's API: 2026-04 and later).",
    )
    .addHelpText(
      'after',
      examples(
        'billing links create --product "Acme Pro" --label "Pricing page"',
        'billing links list',
        'billing links get <link-id> --open',
      ),
    );
  buildCreate(links, ctx);
  buildList(links, ctx);
  buildGet(links, ctx);
  buildUpdate(links, ctx);
  buildDelete(links, ctx);
}
