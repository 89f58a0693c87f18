import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildAdvance } from './advance.js';
import { buildReset } from './reset.js';
import { buildSet } from './set.js';
import { buildShow } from './show.js';

export function registerClock(program: Command, ctx: Context): void {
  const clock = program
    .command('clock')
    .summary("the local service's test clock: show, advance, set, reset")
    .description(
      "The local service's test clock (billing serve only). Moving it forward makes what falls " +
        'due happen: renewals, expiries, ends.',
    )
    .addHelpText(
      'after',
      examples('billing clock', 'billing clock advance 31d', 'billing clock reset'),
    );
  buildShow(clock, ctx);
  buildAdvance(clock, ctx);
  buildSet(clock, ctx);
  buildReset(clock, ctx);
}
