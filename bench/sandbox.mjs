// `startSandbox()` (billing/sandbox, issue 29): how long a seller's test waits for an empty
// sandbox, in-process, against the floor of any local HTTP service (a bare node:http server
// bound and closed). Measured in a child process of its own, after warm-up starts (the first
// loads the modules; a test file pays that once).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median, NODE } from './lib/measure.mjs';

const CHILD = `
const { startSandbox } = await import(process.argv[1]);
const { createServer } = await import('node:http');
const runs = Number(process.argv[2]);
const bare = async () => {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  await new Promise((r) => server.close(r));
};
const sandbox = async () => (await startSandbox()).stop();
for (let i = 0; i < 3; i++) { await sandbox(); await bare(); }
const out = { sandbox: [], bare: [] };
for (let i = 0; i < runs; i++) {
  for (const [name, fn] of [['sandbox', () => startSandbox()], ['bare', bare]]) {
    const t0 = performance.now();
    const started = await fn();
    out[name].push(performance.now() - t0);
    await started?.stop();
  }
}
process.stdout.write(JSON.stringify(out));
`;

export async function sandbox(opts, ctx) {
  const entry = join(ctx.bin, '..', '..', 'dist', 'sandbox.js');
  const { stdout } = await promisify(execFile)(NODE, [
    '--input-type=module',
    '-e',
    CHILD,
    entry,
    String(opts.sandboxRuns),
  ]);
  const samples = JSON.parse(stdout);
  const started = median(samples.sandbox);
  const bare = median(samples.bare);
  const ms = (x) => `${x.toFixed(1)} ms`;
  return [
    {
      figure: '`startSandbox()`, empty, in-process',
      value: ms(started),
      baseline: ms(bare),
      ratio: started / bare,
      target: '< 100 ms',
      met: started < 100,
      note: `${opts.sandboxRuns} starts after 3 untimed; baseline: a bare node:http server bound on loopback; p90 ${ms([...samples.sandbox].sort((a, b) => a - b)[Math.floor(samples.sandbox.length * 0.9)])}`,
    },
  ];
}
