// `npm run bench`: start-up, one request, export, the local service under load and its events,
// the metrics dashboard,
// each figure a ratio against a baseline measured in the same run (median of interleaved runs).
// Prints a table and writes bench/RESULTS.md; `node bench/run.mjs --help` lists the sizes.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { events } from './events.mjs';
import { interrupt } from './interrupt.mjs';
import { NODE, ROOT, scratch } from './lib/measure.mjs';
import { parseOptions, USAGE } from './lib/options.mjs';
import { startBilling } from './lib/service.mjs';
import { metrics } from './metrics.mjs';
import { sandbox } from './sandbox.mjs';
import { exportList, request, service, startup } from './suites.mjs';
import { usage } from './usage.mjs';

const SUITES = {
  startup,
  request,
  export: exportList,
  service,
  events,
  interrupt,
  metrics,
  sandbox,
  usage,
};
const NOTES_MARKER =
  '<!-- notes: everything below this line is kept when the bench rewrites the file -->';

function log(line) {
  process.stderr.write(`bench: ${line}\n`);
}

/**
 * The build under test, copied once: `npm test` elsewhere in this tree may rebuild dist/ while
 * the benchmarks run. Inside the tree, so that node_modules resolves as it does for bin/.
 */
function snapshotBuild() {
  const dir = join(ROOT, 'bench', 'out', `build-${process.pid}`);
  for (const part of ['bin', 'dist'])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  return {
    bin: join(dir, 'bin', 'billing.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What the suites share: the build, scratch space, services by order count, cleanup. */
function createContext() {
  const tmp = scratch();
  const build = snapshotBuild();
  const cleanups = [];
  const services = new Map();
  return {
    bin: build.bin,
    tmp: tmp.dir,
    configDir: join(tmp.dir, 'config'),
    log,
    onCleanup: (fn) => cleanups.push(fn),
    async billing(orders) {
      if (!services.has(orders)) {
        log(`starting billing serve --orders ${orders}`);
        const started = startBilling(build.bin, orders);
        services.set(orders, started);
        cleanups.push(async () => (await started).stop());
      }
      return services.get(orders);
    },
    async stopBilling(orders) {
      const started = services.get(orders);
      services.delete(orders);
      if (started) await (await started).stop();
    },
    /** The ids of the newest `count` orders (one request per page of 100). */
    async orderIds(svc, count) {
      const ids = [];
      for (let page = 1; ids.length < count; page++) {
        const res = await fetch(`${svc.url}/v1/orders/?page=${page}&limit=100`, {
          headers: { authorization: `Bearer ${svc.token}` },
        });
        if (!res.ok) throw new Error(`GET /v1/orders/: ${res.status} ${await res.text()}`);
        const { items } = await res.json();
        if (items.length === 0) break;
        ids.push(...items.map((o) => o.id));
      }
      if (ids.length === 0) throw new Error('the service has no orders');
      return ids.slice(0, count);
    },
    async close() {
      for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
      tmp.remove();
      build.remove();
    },
  };
}

const fmtRatio = (r) =>
  Number.isFinite(r) ? `${r >= 0.1 || r === 0 ? r.toFixed(2) : r.toPrecision(1)}×` : '—';
const verdict = (row) =>
  row.skipped ? 'skipped' : row.met === undefined ? '—' : row.met ? 'yes' : 'NO';

function table(rows) {
  const header = ['figure', 'measured', 'baseline', 'ratio', 'target', 'met', 'notes'];
  const lines = rows.map((r) =>
    r.skipped
      ? [r.figure, '—', '—', '—', '—', 'skipped', r.skipped]
      : [r.figure, r.value, r.baseline, fmtRatio(r.ratio), r.target, verdict(r), r.note ?? ''],
  );
  return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`);
}

function machine() {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return { node: process.version, cores: availableParallelism(), cpu };
}

function markdown(rows, opts, m, seconds) {
  let notes = '';
  try {
    const previous = readFileSync(resolve(ROOT, opts.out), 'utf8');
    const at = previous.indexOf(NOTES_MARKER);
    if (at >= 0) notes = previous.slice(at + NOTES_MARKER.length).replace(/^\n+/, '');
  } catch {
    // First run: no notes yet.
  }
  const sizes = Object.entries(opts)
    .filter(([k]) => !['only', 'out', 'json', 'suites'].includes(k))
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `# Benchmark results

Written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 10)}, in ${Math.round(seconds)} s.
Node ${m.node}, ${m.cores} cores (${m.cpu}). Every ratio is the median of the figure over the
median of its baseline, both measured in this run, interleaved run by run. Sizes: ${sizes}.

${table(rows).join('\n')}

${NOTES_MARKER}

${notes}`;
}

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env);
  if (opts.help) {
    process.stdout.write(USAGE);
    return;
  }
  const m = machine();
  log(`Node ${m.node} (${NODE}), ${m.cores} cores; benchmarks: ${opts.suites.join(', ')}`);
  const ctx = createContext();
  const started = performance.now();
  const rows = [];
  try {
    for (const name of opts.suites) {
      const t = performance.now();
      log(`${name}…`);
      rows.push(...(await SUITES[name](opts, ctx)));
      log(`${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await ctx.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${table(rows).join('\n')}\n`);
  if (opts.out !== '-') {
    writeFileSync(resolve(ROOT, opts.out), markdown(rows, opts, m, seconds));
    log(`wrote ${opts.out}`);
  }
  if (opts.json !== '-') {
    writeFileSync(opts.json, `${JSON.stringify({ machine: m, seconds, rows }, null, 2)}\n`);
  }
  const missed = rows.filter((r) => r.met === false).map((r) => r.figure);
  log(missed.length ? `targets missed: ${missed.join('; ')}` : 'every target met');
}

main().catch((err) => {
  process.stderr.write(`bench: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
