// The benchmarks. Each returns rows { figure, value, baseline, ratio, target, met, note } with
// value and baseline as display strings and ratio a number; `met` is undefined for a figure
// without a target.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interleave, median, ROOT, runNode } from './lib/measure.mjs';
import { memoryOf, startBilling, startTrivial } from './lib/service.mjs';
import { findWrk, runWrk, writeScript } from './lib/wrk.mjs';

const MiB = 1024;
const ms = (x) => `${x.toFixed(x < 100 ? 1 : 0)} ms`;
const mib = (kib) => `${(kib / MiB).toFixed(1)} MiB`;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const atMost = (limit) => ({ text: `≤ ${limit}×`, met: (r) => r <= limit });

function cliEnv(ctx, service) {
  return {
    BILLING_CONFIG_DIR: ctx.configDir,
    BILLING_BASE_URL: service?.url ?? 'http://127.0.0.1:9',
    BILLING_TOKEN: service?.token ?? 'polar_pat_unused',
    NO_COLOR: '1',
  };
}

function ratioRow(figure, subject, baseline, target, note) {
  const ratio = subject / baseline;
  return {
    figure,
    value: ms(subject),
    baseline: ms(baseline),
    ratio,
    target: target.text,
    met: target.met(ratio),
    note,
  };
}

/** Wall time of three CLI invocations against `node -e 0`. */
export async function startup(opts, ctx) {
  const commands = {
    'node -e 0': ['-e', '0'],
    'billing --version': [ctx.bin, '--version'],
    'billing --help': [ctx.bin, '--help'],
    'billing orders list --help': [ctx.bin, 'orders', 'list', '--help'],
  };
  const env = cliEnv(ctx);
  // Two untimed rounds warm the page cache (and Node's compile cache, when the bin enables it).
  await interleave(2, commands, (args) => runNode(args, { env }));
  const samples = await interleave(opts.startupRuns, commands, (args) => runNode(args, { env }));
  const t = Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [k, median(v.map((s) => s.ms))]),
  );
  return Object.keys(commands)
    .slice(1)
    .map((name) =>
      ratioRow(
        `\`${name}\``,
        t[name],
        t['node -e 0'],
        atMost(1.3),
        plural(opts.startupRuns, 'run'),
      ),
    );
}

/** `billing orders get <id> --json` against one fetch of the same URL. */
export async function request(opts, ctx) {
  const service = await ctx.billing(opts.exportSmallOrders);
  const [first] = await ctx.orderIds(service, 1);
  const commands = {
    baseline: [join(ROOT, 'bench/baselines/fetch-one.mjs'), `${service.url}/v1/orders/${first}`],
    cli: [ctx.bin, 'orders', 'get', first, '--json'],
  };
  const env = cliEnv(ctx, service);
  await interleave(1, commands, (args) => runNode(args, { env }));
  const samples = await interleave(opts.requestRuns, commands, (args) => runNode(args, { env }));
  const t = (name) => median(samples[name].map((s) => s.ms));
  return [
    ratioRow(
      '`billing orders get <id> --json`',
      t('cli'),
      t('baseline'),
      atMost(1.3),
      `${plural(opts.requestRuns, 'run')}; baseline: one fetch, printed`,
    ),
  ];
}

/**
 * `billing orders list --all -o ndjson` against sequential fetches, and the same list as a
 * table on a terminal (streamed page by page); peak RSS at two sizes.
 */
export async function exportList(opts, ctx) {
  const commands = {
    baseline: [join(ROOT, 'bench/baselines/export-pages.mjs')],
    cli: [ctx.bin, 'orders', 'list', '--all', '-o', 'ndjson'],
    tty: [ctx.bin, 'orders', 'list', '--all', '--no-pager'],
  };
  const measured = {};
  for (const orders of [opts.exportSmallOrders, opts.exportOrders]) {
    const service = await ctx.billing(orders);
    const env = cliEnv(ctx, service);
    const run = (args, name) =>
      runNode(args, { env, rss: true, tmp: ctx.tmp, terminal: name === 'tty' });
    if (orders === opts.exportSmallOrders) {
      // One run first checks that the export is the whole list.
      const out = join(ctx.tmp, 'export.ndjson');
      await runNode(commands.cli, { env, stdoutFile: out });
      const lines = readFileSync(out, 'utf8').split('\n').length - 1;
      if (lines !== orders) throw new Error(`export printed ${lines} orders, expected ${orders}`);
    }
    const samples = await interleave(opts.exportRuns, commands, run);
    const pick = (name, key) => median(samples[name].map((s) => s[key]));
    measured[orders] = {
      cliMs: pick('cli', 'ms'),
      baseMs: pick('baseline', 'ms'),
      cliRss: pick('cli', 'maxRssKiB'),
      baseRss: pick('baseline', 'maxRssKiB'),
      ttyMs: pick('tty', 'ms'),
      ttyRss: pick('tty', 'maxRssKiB'),
    };
    await ctx.stopBilling(orders);
  }
  const small = measured[opts.exportSmallOrders];
  const big = measured[opts.exportOrders];
  const n = (x) => x.toLocaleString('en-US');
  const runs = plural(opts.exportRuns, 'run');
  return [
    ratioRow(
      `export, ${n(opts.exportOrders)} orders`,
      big.cliMs,
      big.baseMs,
      atMost(1.1),
      `${runs}; baseline: sequential fetch of each page (limit 100), written as NDJSON`,
    ),
    ratioRow(
      `export, ${n(opts.exportSmallOrders)} orders`,
      small.cliMs,
      small.baseMs,
      { text: '—', met: () => undefined },
      runs,
    ),
    ...[
      [opts.exportSmallOrders, small],
      [opts.exportOrders, big],
    ].map(([orders, m]) => ({
      figure: `export peak RSS, ${n(orders)} orders`,
      value: mib(m.cliRss),
      baseline: mib(m.baseRss),
      ratio: m.cliRss / m.baseRss,
      target: '≤ 100 MiB',
      met: m.cliRss <= 100 * MiB,
      note: `${runs}; getrusage maxRSS; baseline: the sequential script`,
    })),
    {
      figure: `\`--all\` as a table on a terminal, peak RSS, ${n(opts.exportOrders)} orders`,
      value: mib(big.ttyRss),
      baseline: mib(big.cliRss),
      ratio: big.ttyRss / big.cliRss,
      target: '≤ 1.2×',
      met: big.ttyRss / big.cliRss <= 1.2,
      note: `${runs}; in a pseudo-terminal, --no-pager; baseline: the NDJSON export above; ${ms(big.ttyMs)} to print`,
    },
    {
      figure: `export peak RSS, ${n(opts.exportOrders)} vs ${n(opts.exportSmallOrders)} orders`,
      value: mib(big.cliRss),
      baseline: mib(small.cliRss),
      ratio: big.cliRss / small.cliRss,
      target: '≤ 1.1×',
      met: big.cliRss / small.cliRss <= 1.1,
      note: 'flat memory: items are streamed, never held',
    },
  ];
}

/**
 * Seeding 100 000 orders (against a bare INSERT loop of the same rows), resident memory, and
 * wrk against the service and against a trivial route (issue 30).
 */
export async function service(opts, ctx) {
  const n = opts.loadOrders.toLocaleString('en-US');
  // The rows the seed writes, once, into a file the baseline copies from.
  const seededDb = join(ctx.tmp, 'seeded.db');
  await (await startBilling(ctx.bin, opts.loadOrders, ['--db', seededDb])).stop();
  const runs = { emptyMs: [], emptyRss: [], seedMs: [], loadedRss: [], bareMs: [], floorMs: [] };
  let svc;
  for (let r = 0; r < opts.loadRuns; r++) {
    const empty = await startBilling(ctx.bin, 0);
    runs.emptyRss.push(memoryOf(empty.pid).rssKiB);
    await empty.stop();
    const loaded = await startBilling(ctx.bin, opts.loadOrders);
    runs.emptyMs.push(empty.readyMs);
    runs.seedMs.push(loaded.readyMs - empty.readyMs);
    runs.loadedRss.push(memoryOf(loaded.pid).rssKiB);
    if (r === opts.loadRuns - 1) svc = loaded;
    else await loaded.stop();
    // The baseline, and the floor: the same loop with the indexes made after the rows.
    for (const [key, extra] of [
      ['bareMs', []],
      ['floorMs', ['--late-indexes']],
    ]) {
      const out = join(ctx.tmp, 'insert-rows.json');
      await runNode([join(ROOT, 'bench/baselines/insert-rows.mjs'), seededDb, ...extra], {
        stdoutFile: out,
      });
      runs[key].push(JSON.parse(readFileSync(out, 'utf8')).ms);
    }
  }
  ctx.onCleanup(() => svc.stop());
  const med = (key) => median(runs[key]);
  const seedMs = med('seedMs');
  const emptyRss = med('emptyRss');
  const loaded = { rssKiB: med('loadedRss') };
  const bareRatio = med('bareMs') / seedMs;
  // Start-up with the orders minus start-up without: at a tiny size (the smoke test's) the seed
  // is shorter than start-up's own noise, and the difference says nothing.
  const seedRow =
    seedMs > 0
      ? null
      : {
          figure: `service: seed ${n} orders`,
          skipped: `not measurable at this size: start-up with the orders was not slower than without (${ms(seedMs)})`,
        };
  const rows = [
    seedRow ?? {
      figure: `service: seed ${n} orders`,
      value: `${(seedMs / 1000).toFixed(2)} s`,
      baseline: `${(med('bareMs') / 1000).toFixed(2)} s`,
      ratio: bareRatio,
      target: '≤ 1 s and ≥ 0.5×',
      met: seedMs <= 1000 && bareRatio >= 0.5,
      note: `${plural(opts.loadRuns, 'run')}; start-up with the orders minus start-up with none (${ms(med('emptyMs'))}); baseline: a bare INSERT loop of the same rows (every table, one transaction, the same schema), ratio baseline/seed; the same loop with the indexes made after the rows, as the seed makes them: ${(med('floorMs') / 1000).toFixed(2)} s`,
    },
    {
      figure: `service: RSS with ${n} orders`,
      value: mib(loaded.rssKiB),
      baseline: mib(emptyRss),
      ratio: loaded.rssKiB / emptyRss,
      target: '≤ 1.5×',
      met: loaded.rssKiB / emptyRss <= 1.5,
      note: 'VmRSS after seeding; baseline: the service with no orders',
    },
  ];
  const wrk = findWrk();
  if (!wrk) {
    const reason = 'skipped: wrk is not installed (apt-get install wrk)';
    ctx.log(reason);
    rows.push({ figure: 'service: load (wrk)', skipped: reason });
    await svc.stop();
    return rows;
  }
  const trivial = await startTrivial();
  ctx.onCleanup(() => trivial.stop());
  const ids = await ctx.orderIds(svc, 1000);
  const byId = writeScript(
    ctx.tmp,
    'by-id',
    ids.map((id) => `/v1/orders/${id}`),
  );
  const list = writeScript(ctx.tmp, 'list', ['/v1/orders/?limit=100']);
  const listToday = writeScript(ctx.tmp, 'list-today', ['/v1/orders/?limit=100'], {
    'Polar-Version': '2026-10',
  });
  const load = {
    seconds: opts.wrkSeconds,
    threads: opts.wrkThreads,
    connections: opts.wrkConnections,
  };
  const targets = {
    // The same paths: the trivial route answers /v1/orders/:id with a constant object.
    trivial: { url: trivial.url, script: byId },
    byId: { url: svc.url, script: byId },
    list: { url: svc.url, script: list },
    listToday: { url: svc.url, script: listToday },
  };
  const samples = await interleave(opts.loadRuns, targets, (t) =>
    runWrk(wrk, { ...load, ...t, token: svc.token }),
  );
  const hwm = memoryOf(svc.pid).hwmKiB;
  await trivial.stop();
  await svc.stop();
  const m = (name, key) => median(samples[name].map((s) => s[key]));
  const shape = `${plural(opts.loadRuns, 'run')} of ${opts.wrkSeconds} s, ${plural(opts.wrkThreads, 'thread')}, ${plural(opts.wrkConnections, 'connection')}`;
  const latency = (name) => {
    const errors = samples[name].reduce((n, s) => n + s.errors, 0);
    const failed = errors ? `, ${errors} failed or timed out (10 s)` : '';
    return `p50 ${ms(m(name, 'p50Ms'))}, p99 ${ms(m(name, 'p99Ms'))}${failed}`;
  };
  const rps = (x) => `${Math.round(x).toLocaleString('en-US')} req/s`;
  rows.push(
    {
      figure: 'service: `GET /v1/orders/{id}`',
      value: rps(m('byId', 'rps')),
      baseline: rps(m('trivial', 'rps')),
      ratio: m('byId', 'rps') / m('trivial', 'rps'),
      target: '≥ 0.85×',
      met: m('byId', 'rps') / m('trivial', 'rps') >= 0.85,
      note: `${latency('byId')} (trivial: ${latency('trivial')}); ${ids.length} ids round-robin; ${shape}`,
    },
    ...[
      ['list', 'the seed generation'],
      ['listToday', 'Polar-Version 2026-10'],
    ].map(([name, generation]) => ({
      figure: `service: \`GET /v1/orders/?limit=100\`, ${generation}`,
      value: rps(m(name, 'rps')),
      baseline: rps(m('trivial', 'rps')),
      ratio: m(name, 'rps') / m('trivial', 'rps'),
      target: '≥ 1,000 req/s',
      met: m(name, 'rps') >= 1000,
      note: `${latency(name)}; ${n} orders; ${shape}`,
    })),
    {
      figure: `service: peak RSS under load, ${n} orders`,
      value: mib(hwm),
      baseline: mib(loaded.rssKiB),
      ratio: hwm / loaded.rssKiB,
      target: '≤ 1.2×',
      met: hwm / loaded.rssKiB <= 1.2,
      note: 'VmHWM after the load runs (20 concurrent list pages and ids); baseline: VmRSS after seeding',
    },
  );
  return rows;
}
