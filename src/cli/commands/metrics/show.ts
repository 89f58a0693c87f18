// How `billing metrics` prints: the dashboard on a terminal (dashboard.ts), TSV of periods ×
// metrics, the API's object as JSON, a period per NDJSON line; and --watch, which redraws the
// dashboard on the terminal's alternate screen until Ctrl+C, then gives the screen back.
import { setTimeout as delay } from 'node:timers/promises';
import type { MetricsAnswer } from '../../../api/metrics.js';
import type { Context } from '../../context.js';
import { createStyler } from '../../io/color.js';
import type { OutputFormat } from '../../io/format.js';
import { escapeTsv } from '../../io/safe.js';
import { renderDashboard } from './dashboard.js';
import type { MetricsOptions } from './metrics.js';
import type { Range } from './range.js';

/** Whether the terminal takes colour (NO_COLOR and FORCE_COLOR as Node reads them). */
function colorOn(ctx: Context): boolean {
  const style = createStyler(ctx.io.stdout);
  return style('green', 'x') !== 'x';
}

export function dashboardLines(
  ctx: Context,
  opts: MetricsOptions,
  range: Range,
  current: MetricsAnswer,
  previous: MetricsAnswer | undefined,
): string[] {
  return renderDashboard({
    current,
    previous,
    slugs: opts.metrics,
    caption: range.caption,
    timezone: opts.timezone,
    width: Math.max(40, ctx.io.stdout.columns || 80),
    color: colorOn(ctx),
  });
}

export async function print(
  ctx: Context,
  opts: MetricsOptions,
  format: OutputFormat,
  range: Range,
  current: MetricsAnswer,
  previous?: MetricsAnswer,
): Promise<void> {
  const out = ctx.io.stdout;
  if (format === 'json') {
    out.write(`${JSON.stringify(current, null, 2)}\n`);
  } else if (format === 'ndjson') {
    for (const p of current.periods) out.write(`${JSON.stringify(p)}\n`);
  } else if (format === 'tsv') {
    out.write(tsv(opts, current));
  } else {
    out.write(`${dashboardLines(ctx, opts, range, current, previous).join('\n')}\n`);
  }
}

/** A header of `period` and the slugs, then one row per period: raw numbers, cents. */
export function tsv(opts: MetricsOptions, answer: MetricsAnswer): string {
  const rows = [['period', ...opts.metrics].join('\t')];
  for (const p of answer.periods as unknown as Record<string, unknown>[]) {
    const cells = opts.metrics.map((slug) => {
      const v = p[slug];
      return typeof v === 'number' ? String(v) : '';
    });
    rows.push([escapeTsv(String(p.timestamp ?? '')), ...cells].join('\t'));
  }
  return `${rows.join('\n')}\n`;
}

const ALT_SCREEN = '\x1b[?1049h';
const MAIN_SCREEN = '\x1b[?1049l';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
const HOME_CLEAR = '\x1b[H\x1b[2J';

/**
 * Redraws every `every` seconds until Ctrl+C (the run's signal). The screen is restored however
 * it ends; an interrupted run returns quietly and main reports it (exit 130).
 */
export async function watch(
  ctx: Context,
  opts: MetricsOptions,
  load: () => Promise<{ range: Range; current: MetricsAnswer; previous?: MetricsAnswer }>,
  every: number,
): Promise<void> {
  const out = ctx.io.stdout;
  out.write(ALT_SCREEN + HIDE_CURSOR);
  try {
    while (!ctx.signal.aborted) {
      const { range, current, previous } = await load();
      if (ctx.signal.aborted) break;
      const lines = dashboardLines(ctx, opts, range, current, previous);
      const at = ctx.now().toISOString().slice(11, 19);
      const footer = `Updated ${at} UTC · every ${every}s · Ctrl+C to quit`;
      out.write(`${HOME_CLEAR}${lines.join('\n')}\n\n${footer}`);
      try {
        await delay(every * 1000, undefined, { signal: ctx.signal });
      } catch {
        break;
      }
    }
  } finally {
    out.write(SHOW_CURSOR + MAIN_SCREEN);
  }
}
