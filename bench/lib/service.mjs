// Child processes that serve HTTP on loopback for the benchmarks: the local billing service
// (`billing serve --orders N`) and the trivial fastify baseline. Each prints one JSON line.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE, ROOT } from './measure.mjs';

const READY_TIMEOUT_MS = 120_000;

/** Spawns `node ...args`, waits for its first stdout line (JSON) and returns it with the pid. */
function startServer(args, what) {
  const child = spawn(NODE, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = process.hrtime.bigint();
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${what} did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    const onData = (d) => {
      stdout += d;
      const nl = stdout.indexOf('\n');
      if (nl < 0) return;
      const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({
        info: JSON.parse(stdout.slice(0, nl)),
        pid: child.pid,
        readyMs,
        stop: () => stopChild(child),
      });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it was ready:\n${stderr.slice(-2000)}`));
    });
  });
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/**
 * `billing serve --port 0 --json --quiet --orders N [...extra]`:
 * { url, token, orgId, pid, readyMs, stop }.
 */
export async function startBilling(bin, orders, extra = []) {
  const server = await startServer(
    // --quiet: a request log line per request is not part of what is measured.
    [bin, 'serve', '--port', '0', '--json', '--quiet', '--orders', String(orders), ...extra],
    `billing serve --orders ${orders}`,
  );
  const { url, personal_access_token: token, organization_id: orgId } = server.info;
  return { ...server, url, token, orgId };
}

/** The trivial fastify route, the ceiling any route of the service is compared with. */
export async function startTrivial() {
  const server = await startServer([join(ROOT, 'bench/baselines/trivial-server.mjs')], 'trivial');
  return { ...server, url: server.info.url };
}

/** Resident and peak resident set size of a running process, in KiB (Linux /proc). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssKiB: kib('VmRSS'), hwmKiB: kib('VmHWM') };
  } catch {
    return { rssKiB: Number.NaN, hwmKiB: Number.NaN };
  }
}
