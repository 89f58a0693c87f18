import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildGet } from './get.js';
import { buildUpdate } from './update.js';

export function registerOrg(program: Command, ctx: Context): void {
  const org = program
    .command('org')
    .summary('show and change an organization')
    .description('Organizations: a seller’s public profile and settings.')
    .addHelpText('after', examples('billing org get', 'billing org update <org-id> --name "Acme"'));
  buildGet(org, ctx);
  buildUpdate(org, ctx);
}
