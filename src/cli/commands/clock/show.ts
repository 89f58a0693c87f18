// billing clock [show] → GET /__local/clock (the local service's test clock)

import type { Context } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { verb } from '../verb.js';
import { type ClockOptions, showClock } from './common.js';

export async function runShow(opts: ClockOptions, ctx: Context): Promise<void> {
  await showClock(ctx, opts.output);
}

export const buildShow = verb(runShow, {
  command: (parent) =>
    withOutput(
      parent
        .command('show', { isDefault: true })
        .summary("show the local service's clock")
        .description(
          "Show the local service's test clock: its now and how far it is from real time.",
        ),
      'CLOCK',
    ),
  options: (opts) => ({ output: outputOf(opts) }),
  examples: ['billing clock', 'billing clock show --json'],
});
