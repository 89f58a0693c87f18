import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCancel } from './cancel.js';
import { buildChangePrice } from './change-price.js';
import { buildExport } from './export.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildResume } from './resume.js';
import { buildRevoke } from './revoke.js';

export function registerSubs(program: Command, ctx: Context): void {
  const subs = program
    .command('subs')
    .summary('list, export, change, cancel and end subscriptions')
    .description('Subscriptions: recurring purchases.')
    .addHelpText(
      'after',
      examples(
        'billing subs list --active',
        'billing subs export > subs.csv',
        'billing subs change-price <id> --price <price-id>',
      ),
    );
  buildList(subs, ctx);
  buildGet(subs, ctx);
  buildExport(subs, ctx);
  buildChangePrice(subs, ctx);
  buildCancel(subs, ctx);
  buildResume(subs, ctx);
  buildRevoke(subs, ctx);
}
