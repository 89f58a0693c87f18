// billing clock advance <duration> → POST /__local/clock {advance_seconds}

import type { Context } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { verb } from '../verb.js';
import { type ClockOptions, duration, showClock } from './common.js';

export interface AdvanceOptions extends ClockOptions {
  seconds: number;
}

export async function runAdvance(opts: AdvanceOptions, ctx: Context): Promise<void> {
  await showClock(ctx, opts.output, { advance_seconds: opts.seconds });
}

export const buildAdvance = verb(runAdvance, {
  command: (parent) =>
    withOutput(
      parent
        .command('advance')
        .summary('move the local clock forward; what falls due happens')
        .description(
          "Move the local service's clock forward. Everything that falls due on the way " +
            'happens, in time order: open checkouts expire, subscriptions renew (an order per ' +
            'period), those cancelled at period end end. Prints the clock and how many of each. ' +
            'The service does so much per request: a long way is asked for again until it is ' +
            'done, with a progress line on a terminal.',
        )
        .argument('<duration>', 'how far: 90s, 30m, 2h, 31d, 2w, 1y (365 days), or 1d12h'),
      'CLOCK',
    ),
  options: (value, opts) => ({ seconds: duration('duration', value), output: outputOf(opts) }),
  examples: ['billing clock advance 31d', 'billing clock advance 1y --json'],
});
