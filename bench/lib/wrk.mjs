// Load from a separate process with Debian's `wrk`: a generated Lua script walks a list of paths
// and reports requests/s and latency percentiles as one JSON line from wrk's done() hook.
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/wrk', '/usr/local/bin/wrk'];

/** The wrk binary, or undefined when it is not installed. */
export function findWrk() {
  return CANDIDATES.find((p) => existsSync(p));
}

const DONE = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"errors":%d,"bad_status":%d,"p50_us":%.0f,"p99_us":%.0f}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;

/**
 * Writes a Lua script that requests `paths` round-robin (each thread from its own start), with
 * `headers` besides those of the command line (Polar-Version for today's generation).
 */
export function writeScript(dir, name, paths, headers = {}) {
  const list = paths.map((p) => JSON.stringify(p)).join(',\n  ');
  const extra = Object.entries(headers)
    .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join(', ');
  const lua = `local paths = {
  ${list}
}
local extra = { ${extra} }
local headers = nil
local i = 0
function init(args)
  i = math.random(#paths) - 1
end
function request()
  if headers == nil then
    headers = {}
    for k, v in pairs(wrk.headers) do headers[k] = v end
    for k, v in pairs(extra) do headers[k] = v end
  end
  i = i % #paths + 1
  return wrk.format('GET', paths[i], headers)
end
${DONE}`;
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, lua);
  return file;
}

/** One wrk run; resolves to { rps, p50Ms, p99Ms, requests, errors }. */
export function runWrk(wrk, { url, script, token, seconds, threads, connections }) {
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    '-H',
    `Authorization: Bearer ${token}`,
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(wrk, args, { timeout: (seconds + 30) * 1000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (!line) return reject(new Error(`wrk printed no summary:\n${stdout}${stderr}`));
      const s = JSON.parse(line.slice('BENCH_JSON '.length));
      if (s.requests === 0) return reject(new Error(`wrk completed no request:\n${stdout}`));
      resolve({
        rps: s.requests / (s.duration_us / 1e6),
        p50Ms: s.p50_us / 1000,
        p99Ms: s.p99_us / 1000,
        requests: s.requests,
        errors: s.errors + s.bad_status,
      });
    });
  });
}
