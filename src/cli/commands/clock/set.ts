// billing clock set <date-time> → POST /__local/clock {set}

import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { dateTimeOrNone } from '../../input.js';
import { outputOf, withOutput } from '../shared.js';
import { verb } from '../verb.js';
import { type ClockOptions, showClock } from './common.js';

export interface SetOptions extends ClockOptions {
  at: string;
}

export async function runSet(opts: SetOptions, ctx: Context): Promise<void> {
  await showClock(ctx, opts.output, { set: opts.at });
}

export const buildSet = verb(runSet, {
  command: (parent) =>
    withOutput(
      parent
        .command('set')
        .summary('set the local clock to a date-time')
        .description(
          "Set the local service's clock. Forward, what falls due on the way happens, as with " +
            'advance; backward, nothing is undone or processed.',
        )
        .argument('<date-time>', 'ISO 8601, e.g. 2027-01-31T00:00:00Z'),
      'CLOCK',
    ),
  options: (value, opts) => {
    const at = dateTimeOrNone('date-time', value);
    if (at === null) throw new UsageError('date-time: give a date-time (to go back, clock reset)');
    return { at, output: outputOf(opts) };
  },
  examples: ['billing clock set 2027-01-31T00:00:00Z'],
});
