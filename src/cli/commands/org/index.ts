import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';

export function registerOrg(program: Command, ctx: Context): void {
  const org = program
    .command('org')
    .summary('list, show and change organizations')
    .description('Organizations: a seller’s public profile and settings.')
    .addHelpText(
      'after',
      examples('billing org list', 'billing org get', 'billing org update <org-id> --name "Acme"'),
    );
  buildList(org, ctx);
  buildGet(org, ctx);
  buildUpdate(org, ctx);
}
