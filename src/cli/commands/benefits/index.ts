import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';

export function registerBenefits(program: Command, ctx: Context): void {
  const benefits = program
    .command('benefits')
    .summary('list and show benefits')
    .description('Benefits: what a product grants, such as license keys or downloads.')
    .addHelpText(
      'after',
      examples('billing benefits list --type license_keys', 'billing benefits get <benefit-id>'),
    );
  buildList(benefits, ctx);
  buildGet(benefits, ctx);
}
