// Ctrl+C, timed: a command waiting on something (a 30-second Retry-After, the pager) is ended
// by a real Ctrl+C in a pseudo-terminal, and the time from the keypress to its exit is the
// figure. The tests (test/e2e/terminal.test.ts) check that it ends, with exit 130, on an
// observable end and no stopwatch; how fast belongs here. Baseline: a Node process that only
// waits for SIGINT and exits, in the same terminal.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { interleave, median, NODE, ROOT } from './lib/measure.mjs';

const TERMINAL = join(ROOT, 'test/helpers/terminal.py');
const WAIT_MS = 60_000;

/**
 * Runs `node ...args` in a pseudo-terminal, waits until it shows `ready`, presses Ctrl+C and
 * returns the milliseconds until it exited, and its exit code.
 */
function interruptOnce(args, ready, env) {
  const child = spawn('python3', [TERMINAL, '120', '40', NODE, ...args], {
    env: { ...process.env, TERM: 'xterm-256color', ...env },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let shown = '';
  let pressed;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ${ready} within ${WAIT_MS / 1000} s: ${shown.slice(-500)}`));
    }, WAIT_MS);
    child.stdout.setEncoding('utf8').on('data', (d) => {
      shown += d;
      if (pressed === undefined && ready.test(shown)) {
        pressed = process.hrtime.bigint();
        child.stdin.write('\x03');
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pressed === undefined) reject(new Error(`exited (${code}) before ${ready}: ${shown}`));
      else resolve({ ms: Number(process.hrtime.bigint() - pressed) / 1e6, code });
    });
  });
}

const WAITER =
  "process.on('SIGINT', () => process.exit(130)); console.log('ready'); setInterval(() => {}, 1e6)";

export async function interrupt(opts, ctx) {
  const service = await ctx.billing(opts.exportSmallOrders);
  const env = {
    BILLING_CONFIG_DIR: ctx.configDir,
    BILLING_BASE_URL: service.url,
    BILLING_TOKEN: service.token,
    PAGER: 'less',
  };
  const faults = (body) =>
    fetch(`${service.url}/__local/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => {
      if (!r.ok) throw new Error(`PUT /__local/faults: ${r.status}`);
    });
  const cases = {
    baseline: [['-e', WAITER], /ready/],
    retry: [[ctx.bin, 'orders', 'list'], /retrying in 30 s/],
    // less's prompt at the foot of the first screen (it clears the line with ESC [K).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape is what less writes
    pager: [[ctx.bin, 'orders', 'list', '--all'], /\r\n:\x1b\[K|\n:$/],
  };
  // While the retry case runs, every /v1/orders* request answers 503 with Retry-After: 30.
  const faulty = { seed: 1, rules: [{ match: '/v1/orders*', 503: 1, retry_after: 30 }] };
  const samples = await interleave(opts.interruptRuns, cases, async ([args, ready], name) => {
    if (name === 'retry') await faults(faulty);
    try {
      const r = await interruptOnce(args, ready, env);
      if (r.code !== 130) throw new Error(`${name}: exit ${r.code}, expected 130`);
      return r;
    } finally {
      if (name === 'retry') await faults({ rules: [] });
    }
  });
  const t = (name) => median(samples[name].map((s) => s.ms));
  const ms = (x) => `${x.toFixed(1)} ms`;
  const row = (figure, name, note) => ({
    figure,
    value: ms(t(name)),
    baseline: ms(t('baseline')),
    ratio: t(name) / t('baseline'),
    target: '< 200 ms',
    met: t(name) < 200,
    note: `${opts.interruptRuns} runs; ${note}; baseline: a Node process that exits on SIGINT`,
  });
  return [
    row('Ctrl+C → exit, waiting out a 30 s Retry-After', 'retry', 'orders list, exit 130'),
    row('Ctrl+C → exit, in the pager', 'pager', 'orders list --all through less, exit 130'),
  ];
}
