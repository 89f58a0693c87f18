import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCancel } from './cancel.js';
import { buildChangePrice } from './change-price.js';
import { buildList } from './list.js';
import { buildResume } from './resume.js';

export function registerSubs(program: Command, ctx: Context): void {
  const subs = program
    .command('subs')
    .summary('list subscriptions, change their price, cancel them')
    .description('Subscriptions: recurring purchases.')
    .addHelpText(
      'after',
      examples('billing subs list --active', 'billing subs change-price <id> --price <price-id>'),
    );
  buildList(subs, ctx);
  buildChangePrice(subs, ctx);
  buildCancel(subs, ctx);
  buildResume(subs, ctx);
}
