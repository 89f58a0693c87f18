// billing clock reset → POST /__local/clock {reset: true}

import type { Context } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { verb } from '../verb.js';
import { type ClockOptions, showClock } from './common.js';

export async function runReset(opts: ClockOptions, ctx: Context): Promise<void> {
  await showClock(ctx, opts.output, { reset: true });
}

export const buildReset = verb(runReset, {
  command: (parent) =>
    withOutput(
      parent
        .command('reset')
        .summary('put the local clock back to real time')
        .description(
          "Put the local service's clock back to real time. What happened while it was ahead stays.",
        ),
      'CLOCK',
    ),
  options: (opts) => ({ output: outputOf(opts) }),
  examples: ['billing clock reset'],
});
