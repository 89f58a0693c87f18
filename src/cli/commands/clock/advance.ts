// billing clock advance <duration> → POST /__local/clock {advance_seconds}; with calendar months
// or years (1mo, 1y), the seconds to that date from the clock's own (read first).

import type { Context } from '../../context.js';
import { outputOf, withOutput } from '../shared.js';
import { verb } from '../verb.js';
import { after, type ClockOptions, minutesOnly, type Span, showClock, span } from './common.js';

export interface AdvanceOptions extends ClockOptions {
  span: Span;
}

export async function runAdvance(opts: AdvanceOptions, ctx: Context): Promise<void> {
  const { months, seconds } = opts.span;
  await showClock(
    ctx,
    opts.output,
    months
      ? (now) => ({ advance_seconds: (after(now, opts.span).getTime() - now.getTime()) / 1000 })
      : { advance_seconds: seconds },
  );
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
            "Months (mo) and years (y) are calendar ones from the clock's date, as renewals " +
            'count them (Jan 31 + 1mo is the last day of February); m is minutes. ' +
            'The service does so much per request: a long way is asked for again until it is ' +
            'done, with a progress line on a terminal.',
        )
        .argument('<duration>', 'how far: 90s, 30m, 2h, 31d, 2w, 1mo, 1y, or 1d12h'),
      'CLOCK',
    ),
  options: (value, opts, ctx) => {
    const parsed = span('duration', value);
    if (minutesOnly(value)) {
      ctx.io.stderr.write(
        `Note: m is minutes (${value.trim()} is ${parsed.seconds / 60} min); for months write mo, e.g. 1mo\n`,
      );
    }
    return { span: parsed, output: outputOf(opts) };
  },
  examples: [
    'billing clock advance 31d',
    'billing clock advance 1mo   # a calendar month',
    'billing clock advance 1y --json',
  ],
});
