// npm run demo: the main job against the local service. Starts `billing serve` on a free port,
// runs a short tour of the CLI against it, and stops it again.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../bin/billing.js', import.meta.url).pathname;
// --quiet: the tour's own output, without the service's request log in between.
const serve = spawn(process.execPath, [bin, 'serve', '--port', '0', '--json', '--quiet'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const info = await new Promise((resolve, reject) => {
  let out = '';
  serve.stdout.on('data', (d) => {
    out += d;
    if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
  });
  serve.on('exit', (code) => reject(new Error(`billing serve exited with ${code}`)));
});
const env = {
  ...process.env,
  BILLING_BASE_URL: info.url,
  BILLING_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'billing-demo-')),
  FORCE_COLOR: process.stdout.isTTY ? '1' : undefined,
};
const steps = [
  ['orders', 'list', '--limit', '5'],
  [
    'orders',
    'list',
    '--type',
    'recurring',
    '--sort',
    '-amount',
    '--limit',
    '3',
    '--fields',
    'id,amount,customer.email',
  ],
  ['checkout', 'get', info.demo.open_checkout_ids[0]],
  [
    'checkout',
    'confirm',
    info.demo.open_checkout_ids[0],
    '--customer-email',
    'demo.buyer@example.com',
    '--customer-name',
    'Demo Buyer',
    '--billing-address',
    'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL',
    '--confirmation-token',
    'tok_demo',
  ],
  ['subs', 'list', '--mine'],
  ['keys', 'activate', info.demo.license_key, '--label', 'demo-laptop', '--meta', 'os=linux'],
  ['keys', 'validate', info.demo.license_key],
  ['org', 'get'],
];
let failed = 0;
for (const args of steps) {
  console.log(
    `\n$ billing ${args.map((a) => (/[\s'"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`,
  );
  const r = spawnSync(process.execPath, [bin, ...args], { env, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
serve.kill('SIGTERM');
console.log(
  `\nThe local service ran at ${info.url} with demo data; \`billing serve\` starts it on port 8787.`,
);
process.exitCode = failed ? 1 : 0;
