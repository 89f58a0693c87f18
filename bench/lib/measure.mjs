// Running a measured process: wall time from spawn to exit, optionally its peak RSS, and the
// statistics every figure is built from (medians of interleaved runs).
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NODE = process.execPath;
const MAXRSS_PRELOAD = pathToFileURL(join(ROOT, 'bench/lib/maxrss.mjs')).href;
// Runs a command in a pseudo-terminal (the tests' helper): for figures taken on a terminal.
const TERMINAL = join(ROOT, 'test/helpers/terminal.py');

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A scratch directory removed by the returned function. */
export function scratch(prefix = 'billing-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

let runs = 0;

/**
 * Runs `node ...args` once with stdout to /dev/null (or a file) and returns { ms, maxRssKiB? }.
 * Stderr goes to a file, not a pipe: a pipe would make the child load the net module, which a
 * terminal or a file does not. Rejects with that stderr when the exit code is not 0.
 */
export function runNode(
  args,
  { env = {}, rss = false, tmp = tmpdir(), stdoutFile = '/dev/null', terminal = false } = {},
) {
  const id = `${process.pid}-${runs++}`;
  const errFile = join(tmp, `stderr-${id}`);
  const rssFile = rss ? join(tmp, `maxrss-${id}`) : undefined;
  const out = openSync(stdoutFile, 'w');
  const err = openSync(errFile, 'w');
  const nodeArgs = rss ? ['--import', MAXRSS_PRELOAD, ...args] : args;
  const childEnv = { ...process.env, ...env };
  if (rssFile) childEnv.BENCH_MAXRSS_FILE = rssFile;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // On a terminal of 120 columns, what it shows goes to stdoutFile.
    const [command, argv] = terminal
      ? ['python3', [TERMINAL, '120', '40', NODE, ...nodeArgs]]
      : [NODE, nodeArgs];
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: childEnv,
      stdio: [terminal ? 'pipe' : 'ignore', out, err],
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      closeSync(out);
      closeSync(err);
      const stderr = readFileSync(errFile, 'utf8');
      rmSync(errFile, { force: true });
      if (code !== 0) {
        reject(new Error(`node ${args.join(' ')} exited with ${code}:\n${stderr.slice(-2000)}`));
        return;
      }
      const result = { ms };
      if (rssFile) {
        result.maxRssKiB = Number(readFileSync(rssFile, 'utf8'));
        rmSync(rssFile, { force: true });
      }
      resolve(result);
    });
  });
}

/**
 * Runs every named command `rounds` times, interleaved and in a rotating order, so that a
 * noisy neighbour slows the baseline as much as the subject. Returns the samples per name.
 */
export async function interleave(rounds, commands, run) {
  const names = Object.keys(commands);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(r + i) % names.length];
      samples[name].push(await run(commands[name], name));
    }
  }
  return samples;
}
