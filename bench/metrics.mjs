// `billing metrics` (issue 28): the dashboard for a year of daily periods must render in under
// 150 ms. Two figures, each against a baseline measured in the same run, interleaved:
//  - the render itself, cold, in a fresh process (what one run of the command pays): the six
//    default metrics over 366 days at 120 columns with colour, against the TSV of the same
//    answer (what a pipe gets); the modules are bundled from src/ with esbuild for this;
//  - the whole command on a terminal (limits, this year and the year before, the dashboard)
//    against the same command piped as TSV (limits and this year), both against one service.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { interleave, median, ROOT, runNode } from './lib/measure.mjs';

const ms = (x) => `${x.toFixed(x < 100 ? 1 : 0)} ms`;
const DAY = 86_400_000;

/** The child: renders the year once, cold, and writes how long that took to `out`. */
const CHILD = `
import { writeFileSync } from 'node:fs';
const [, , bundle, mode, out] = process.argv;
const { renderDashboard, tsv, DEFAULT_METRICS } = await import(bundle);
const DAY = 86_400_000;
const start = Date.parse('2025-11-26T00:00:00Z');
const defs = {
  revenue: ['Revenue', 'currency'],
  monthly_recurring_revenue: ['Monthly Recurring Revenue', 'currency'],
  orders: ['Orders', 'scalar'],
  active_subscriptions: ['Active Subscriptions', 'scalar'],
  new_subscriptions: ['New Subscriptions', 'scalar'],
  churned_subscriptions: ['Churned Subscriptions', 'scalar'],
};
const answer = (from) => {
  const periods = Array.from({ length: 366 }, (_, i) => ({
    timestamp: new Date(from + i * DAY).toISOString().replace('.000Z', 'Z'),
    revenue: 50_000 + ((i * 7919) % 40_000),
    monthly_recurring_revenue: 900_000 + i * 1_200,
    orders: 20 + ((i * 31) % 17),
    active_subscriptions: 300 + Math.floor(i / 3),
    new_subscriptions: (i * 13) % 5,
    churned_subscriptions: (i * 7) % 3,
  }));
  const sum = (k) => periods.reduce((a, p) => a + p[k], 0);
  return {
    periods,
    totals: {
      revenue: sum('revenue'),
      monthly_recurring_revenue: periods.at(-1).monthly_recurring_revenue,
      orders: sum('orders'),
      active_subscriptions: periods.at(-1).active_subscriptions,
      new_subscriptions: sum('new_subscriptions'),
      churned_subscriptions: sum('churned_subscriptions'),
    },
    metrics: Object.fromEntries(Object.entries(defs).map(([slug, [display_name, type]]) => [slug, { slug, display_name, type }])),
  };
};
const current = answer(start);
const previous = answer(start - 366 * DAY);
const t = performance.now();
const text =
  mode === 'dashboard'
    ? renderDashboard({ current, previous, slugs: DEFAULT_METRICS, caption: 'a year by day', timezone: 'UTC', width: 120, color: true }).join('\\n')
    : tsv({ metrics: DEFAULT_METRICS }, current);
const took = performance.now() - t;
if (text.length < 1000) throw new Error('nothing rendered');
writeFileSync(out, String(took));
`;

async function bundle(ctx) {
  const entry = join(ctx.tmp, 'metrics-entry.mjs');
  writeFileSync(
    entry,
    `export { renderDashboard } from '${join(ROOT, 'src/cli/commands/metrics/dashboard.ts')}';\n` +
      `export { tsv } from '${join(ROOT, 'src/cli/commands/metrics/show.ts')}';\n` +
      `export { DEFAULT_METRICS } from '${join(ROOT, 'src/cli/commands/metrics/range.ts')}';\n`,
  );
  const out = join(ctx.tmp, 'metrics-bundle.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
  });
  const child = join(ctx.tmp, 'metrics-render.mjs');
  writeFileSync(child, CHILD);
  return { out, child };
}

export async function metrics(opts, ctx) {
  const { out, child } = await bundle(ctx);
  const { readFileSync } = await import('node:fs');
  const timing = join(ctx.tmp, 'metrics-took');
  const commands = { dashboard: 'dashboard', tsv: 'tsv' };
  const took = { dashboard: [], tsv: [] };
  await interleave(opts.metricsRuns, commands, async (mode) => {
    await runNode([child, out, mode, timing], { tmp: ctx.tmp });
    took[mode].push(Number(readFileSync(timing, 'utf8')));
    return { ms: 0 };
  });
  const render = median(took.dashboard);
  const baseline = median(took.tsv);
  const rows = [
    {
      figure: 'metrics: dashboard render, a year of daily periods',
      value: ms(render),
      baseline: ms(baseline),
      ratio: render / baseline,
      target: '< 150 ms',
      met: render < 150,
      note: `${opts.metricsRuns} runs, each a fresh process (cold); 6 metrics × 366 days at 120 columns, colour; baseline: the same answer as TSV`,
    },
  ];

  // The whole command, against the service.
  const service = await ctx.billing(opts.exportSmallOrders);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 365 * DAY).toISOString().slice(0, 10);
  const args = ['metrics', '--from', from, '--to', to];
  const env = {
    BILLING_CONFIG_DIR: ctx.configDir,
    BILLING_BASE_URL: service.url,
    BILLING_TOKEN: service.token,
    BILLING_API_VERSION: '2026-10',
  };
  const cli = { tty: [ctx.bin, ...args], tsv: [ctx.bin, ...args, '-o', 'tsv'] };
  const run = (argv, name) => runNode(argv, { env, tmp: ctx.tmp, terminal: name === 'tty' });
  await interleave(1, cli, run);
  const samples = await interleave(opts.metricsRuns, cli, run);
  const t = (name) => median(samples[name].map((s) => s.ms));
  rows.push({
    figure: '`billing metrics`, a year by day, on a terminal',
    value: ms(t('tty')),
    baseline: ms(t('tsv')),
    ratio: t('tty') / t('tsv'),
    target: 'report',
    met: undefined,
    note: `${opts.metricsRuns} runs; ${opts.exportSmallOrders} orders; the terminal asks for the year before too (the change); baseline: the same year piped as TSV`,
  });
  return rows;
}
