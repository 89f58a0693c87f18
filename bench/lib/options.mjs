// Sizes and run counts of `npm run bench`: defaults for the real run, each overridable by a flag
// (`--export-orders 200`) or an environment variable (BENCH_EXPORT_ORDERS=200), so the smoke
// test can run every benchmark at a tiny size.

export const DEFAULTS = {
  /** Comma-separated: startup, request, export, service, events, interrupt, metrics, sandbox, usage. */
  only: 'startup,request,export,service,events,interrupt,metrics,sandbox,usage',
  startupRuns: 30,
  requestRuns: 20,
  exportOrders: 20_000,
  exportSmallOrders: 2_000,
  exportRuns: 3,
  loadOrders: 100_000,
  loadRuns: 3,
  wrkSeconds: 5,
  wrkThreads: 2,
  wrkConnections: 20,
  /** Events (issue 16): changes one at a time for the latency, per run. */
  eventsLatencyCount: 300,
  /** Changes sent for the throughput, per run, and how many at a time. */
  eventsThroughputCount: 3000,
  eventsConcurrency: 8,
  eventsRuns: 3,
  /** Ctrl+C in a pseudo-terminal, per case (issue 25: the tests no longer time it). */
  interruptRuns: 10,
  /** Usage-based billing (issue 27): events ingested through the API (batches of 1 000). */
  usageIngestEvents: 100_000,
  /** The store the quantities and the month's renewals run over, and its subscriptions. */
  usageEvents: 1_000_000,
  usageSubscriptions: 1000,
  /** Quantities requests for one customer-month (a tenth of them for every customer). */
  usageQuantityRuns: 200,
  /** `billing metrics` (issue 28): renders of a year of days, and runs of the command. */
  metricsRuns: 10,
  /** startSandbox() in-process (issue 29), after 3 untimed. */
  sandboxRuns: 30,
  /** Where the Markdown report goes; `-` for none. */
  out: 'bench/RESULTS.md',
  /** Where the raw results go as JSON; `-` for none. */
  json: '-',
};

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const envName = (name) => `BENCH_${kebab(name).replaceAll('-', '_').toUpperCase()}`;

export const USAGE = `Usage: node bench/run.mjs [options]

Every option also reads BENCH_<NAME> from the environment (BENCH_EXPORT_ORDERS=200).

${Object.entries(DEFAULTS)
  .map(([k, v]) => `${`  --${kebab(k)} <value>`.padEnd(32)}default: ${v}`)
  .join('\n')}
`;

/** Flags win over the environment, which wins over the defaults. */
export function parseOptions(argv, env) {
  const opts = { ...DEFAULTS };
  for (const name of Object.keys(DEFAULTS)) {
    const value = env[envName(name)];
    if (value !== undefined && value !== '') opts[name] = convert(name, value);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') return { help: true };
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    const name = Object.keys(DEFAULTS).find((k) => `--${kebab(k)}` === flag);
    if (!name) throw new Error(`unknown option ${arg}\n\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    opts[name] = convert(name, value);
  }
  const suites = opts.only.split(',').map((s) => s.trim());
  const unknown = suites.filter(
    (s) =>
      ![
        'startup',
        'request',
        'export',
        'service',
        'events',
        'interrupt',
        'metrics',
        'sandbox',
        'usage',
      ].includes(s),
  );
  if (unknown.length) throw new Error(`--only: unknown benchmark ${unknown.join(', ')}`);
  return { ...opts, suites };
}

function convert(name, value) {
  if (typeof DEFAULTS[name] !== 'number') return value;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`--${kebab(name)} must be a positive integer, got "${value}"`);
  }
  return n;
}
