// `npm run bench` is too slow for `npm test`; this runs every benchmark once at a tiny size and
// checks that each produces its figures (the load test is skipped, with its reason, without wrk).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Row {
  figure: string;
  ratio?: number;
  met?: boolean;
  skipped?: string;
}

const TINY = [
  '--startup-runs=1',
  '--request-runs=1',
  '--export-orders=200',
  '--export-small-orders=100',
  '--export-runs=1',
  '--load-orders=1000',
  '--load-runs=1',
  '--wrk-seconds=1',
  '--wrk-connections=4',
  '--events-latency-count=5',
  '--events-throughput-count=20',
  '--events-runs=1',
  '--interrupt-runs=1',
  '--usage-ingest-events=2000',
  '--usage-events=2000',
  '--usage-subscriptions=4',
  '--usage-quantity-runs=4',
  '--metrics-runs=1',
  '--sandbox-runs=2',
  '--out=-',
];

describe('npm run bench, at a tiny size', () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-bench-smoke-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures every figure', async () => {
    const json = join(dir, 'results.json');
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>(
      (resolve, reject) => {
        execFile(
          process.execPath,
          ['bench/run.mjs', ...TINY, `--json=${json}`],
          { cwd: ROOT, timeout: 60_000 },
          (err, stdout, stderr) =>
            err ? reject(new Error(`${err}\n${stderr}`)) : resolve({ stdout, stderr }),
        );
      },
    );
    const { machine, rows } = JSON.parse(readFileSync(json, 'utf8')) as {
      machine: { node: string; cores: number };
      rows: Row[];
    };
    expect(machine.node).toBe(process.version);
    expect(machine.cores).toBeGreaterThan(0);
    const figures = rows.map((r) => r.figure);
    for (const expected of [
      '`billing --version`',
      '`billing --help`',
      '`billing orders list --help`',
      '`billing orders get <id> --json`',
      'export, 200 orders',
      'export peak RSS, 200 orders',
      'export peak RSS, 200 vs 100 orders',
      'service: seed 1,000 orders',
      'service: RSS with 1,000 orders',
      'events: latency, change → receiver, p99',
      'events: throughput to a fast receiver',
      'Ctrl+C → exit, waiting out a 30 s Retry-After',
      'Ctrl+C → exit, in the pager',
      'usage: ingest 1,000 events, batches of 1,000',
      'usage: quantities, one customer-month of 2,000 events',
      'usage: quantities, every customer over 2,000 events',
      'usage: advance one month, 4 metered subscriptions, 2,000 events',
      'metrics: dashboard render, a year of daily periods',
      '`billing metrics`, a year by day, on a terminal',
      '`startSandbox()`, empty, in-process',
    ]) {
      expect(figures).toContain(expected);
    }
    const load = rows.filter((r) => r.figure.startsWith('service: `GET'));
    if (load.length === 0) {
      const wrk = rows.find((r) => r.figure === 'service: load (wrk)');
      expect(wrk?.skipped).toMatch(/wrk is not installed/);
      console.log(`bench smoke: load test skipped (${wrk?.skipped})`);
    } else {
      expect(load).toHaveLength(3);
    }
    // At this size the seed may be shorter than start-up's noise: then the row says so.
    const seed = rows.find((r) => r.figure === 'service: seed 1,000 orders');
    if (seed?.skipped) expect(seed.skipped).toMatch(/^not measurable at this size/);
    for (const row of rows.filter((r) => !r.skipped)) {
      expect(row.ratio, row.figure).toBeGreaterThan(0);
      expect(Number.isFinite(row.ratio), row.figure).toBe(true);
    }
    expect(stdout).toContain('| figure | measured | baseline | ratio | target | met | notes |');
    expect(stderr).not.toContain('Error');
  }, 60_000);
});
