// `billing meters quantities` on a terminal: a title, a bar per interval in the terminal's width
// (io/chart.ts; past MAX_BARS intervals, columns folded by sum), and the total. Readable at 80
// columns and without colour: the bars are glyphs, the numbers beside them.
import type { TimeInterval } from '../../../api/meters.js';
import type { Context } from '../../context.js';
import { formatAggregation } from './aggregation.js';

/** Up to this many intervals, a bar each; more are folded into columns. */
const MAX_BARS = 62;

/** The period's label, as its start reads in the answer's own time zone. */
export function periodLabel(timestamp: string, interval: TimeInterval): string {
  const local = timestamp.replace('T', ' ');
  if (interval === 'hour') return local.slice(0, 16);
  if (interval === 'month') return local.slice(0, 7);
  if (interval === 'year') return local.slice(0, 4);
  return local.slice(0, 10);
}

export async function printChart(
  ctx: Context,
  interval: TimeInterval,
  meter: Record<string, unknown>,
  answer: { quantities: { timestamp: string; quantity: number }[]; total: number },
  window: { from: string; to: string },
): Promise<void> {
  const { from, to } = window;
  const [{ barChart, columnChart }, { createStyler }, { safeText }] = await Promise.all([
    import('../../io/chart.js'),
    import('../../io/color.js'),
    import('../../io/safe.js'),
  ]);
  const width = ctx.io.stdout.columns || 80;
  const style = createStyler(ctx.io.stdout);
  const color = style('green', '.') !== '.' && !ctx.env.NO_COLOR;
  const points = answer.quantities.map((q) => ({
    label: periodLabel(q.timestamp, interval),
    value: q.quantity,
  }));
  const aggregation = formatAggregation(meter.aggregation as { func?: string });
  const range = `${from.slice(0, 10)} to ${to.slice(0, 10)}, by ${interval}`;
  const lines = [
    `${safeText(String(meter.name))} (${safeText(aggregation)}), ${range}`,
    '',
    ...(points.length === 0
      ? ['(no intervals)']
      : points.length <= MAX_BARS
        ? barChart(points, { width, color })
        : columnChart(points, { width, color, height: 8, fold: 'sum' })),
    '',
    `Total: ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(answer.total)}`,
  ];
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
}
