// The README cannot rot: every fenced block marked `sh test` runs, in order, in one bash
// session with `billing` on PATH, against a live local service.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { npmAsSetUp } from '../helpers/npm.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function testedBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh test\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('README', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({ port: 0 });
  });
  afterAll(() => svc?.stop());

  it('has tested blocks for the tour, output, auth, profiles, completions and the local service', () => {
    const blocks = testedBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8')).join('\n');
    for (const command of [
      'orders list',
      'events ingest',
      'meters quantities',
      'clock advance 1mo',
      'checkout confirm',
      'keys activate',
      'login --with-token',
      'config set',
      'completion bash',
      '--fields',
      '-o ndjson',
      'billing listen',
      "from '@polar-sh/sdk'",
      '/v1/webhooks/endpoints',
      'checkout create',
      'api_version',
      'customers state',
      'change-price "$SUB" --product "$MAX" --preview',
      'fixtures apply shop.json --dry-run',
      'fixtures export --org',
      'billing serve --port 0 --json --quiet --seed empty --fixtures shop.json',
    ]) {
      expect(blocks).toContain(command);
    }
  });

  it('installs the SDK its blocks import where it is missing (from the npm registry)', async () => {
    const blocks = testedBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    // Each block that imports the SDK first installs it unless it resolves: those lines, run in
    // an empty directory, must leave an SDK that resolves. `npm ci` caches tarballs but not the
    // registry's package documents, so this asks the registry (what npm ci needed too).
    const installs = blocks
      .filter((b) => b.includes('@polar-sh/sdk'))
      .map((b) => b.match(/^node -e .*\n?.*npm install .*$/m)?.[0]);
    // The webhook handler's SDK, and both generations' in "Your own code against the sandbox".
    expect(installs.length).toBe(3);
    for (const line of installs) {
      expect(line, 'an install line before the import').toBeDefined();
      // What the line itself imports to decide whether to install must resolve after it.
      const spec = line?.match(/import\('([^']+)'\)/)?.[1];
      expect(spec).toMatch(/^@polar-sh\/sdk/);
      const dir = mkdtempSync(join(tmpdir(), 'billing-readme-install-'));
      await promisify(execFile)(
        'bash',
        ['-c', `set -euo pipefail\n${line}\nnode -e "import('${spec}')"`],
        {
          cwd: dir,
          env: {
            PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
            HOME: process.env.HOME,
            ...npmAsSetUp(),
          },
        },
      );
    }
  }, 120_000);

  it('runs every `sh test` block successfully', async () => {
    const home = mkdtempSync(join(tmpdir(), 'billing-readme-'));
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'billing'),
      `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin/billing.js')}" "$@"\n`,
    );
    chmodSync(join(bin, 'billing'), 0o755);
    // The blocks run in a project of their own: the SDK example's `npm install` is this one's.
    symlinkSync(join(ROOT, 'node_modules'), join(home, 'node_modules'));
    const blocks = testedBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    const script = [
      'set -euo pipefail',
      ...blocks.map((b, i) => `echo "--- block ${i + 1}" >&2\n${b}`),
    ].join('\n');
    const result = await promisify(execFile)('bash', ['-c', script], {
      // Files the blocks write (subs.csv, …) land in the temporary home, not in the checkout.
      cwd: home,
      env: {
        PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}`,
        HOME: home,
        BILLING_CONFIG_DIR: join(home, 'config'),
        BILLING_BASE_URL: svc.url,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
        ...npmAsSetUp(),
      },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { code: number; stdout: string; stderr: string }) => {
      throw new Error(`README block failed (exit ${err.code}):\n${err.stderr.slice(-3000)}`);
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toContain('exit code 7');
    // "Which API version": the setting stored and read back, and the header --debug shows.
    expect(result.stdout).toMatch(/^2026-04$/m);
    expect(result.stdout).toMatch(/^→ Polar-Version: 2026-10$/m);
    expect(result.stdout).toContain('Acme Pro');
    // billing listen -o ndjson printed the event trigger made.
    expect(result.stdout).toMatch(/^order\.created [0-9a-f-]{36}$/m);
    // Both SDKs' examples listed orders from the local service: today's with the order's status.
    expect(result.stdout).toMatch(/^[0-9a-f-]{36} paid \d+ \S+@\S+$/m);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36} \d+ \S+@\S+$/m);
    // The webhook handler verified its delivery with the SDK, and the service recorded it.
    expect(result.stdout).toContain('organization.updated Acme Webhooks\n');
    expect(result.stdout).toContain('202 organization.updated\n');
    // Today's API: a customer's state by its external id, and a change previewed, not made.
    expect(result.stdout).toMatch(/^\{"subscriptions":\[\{"status":"(active|trialing)"/m);
    expect(result.stdout).toMatch(
      /^LINE\tAMOUNT\nRemaining time on .*\t-\d+\nAcme Max — .*\t\d+\n/m,
    );
    expect(result.stdout).not.toMatch(/^product\.name\tAcme Max$/m);
    // Sell something end to end: a session created, its page paid, the buyer sent to success_url.
    expect(result.stdout).toMatch(/^open 4900 http:\/\/127\.0\.0\.1:\d+\/checkout\/polar_c_\w+$/m);
    expect(result.stdout).toMatch(
      /^303 https:\/\/shop\.example\/thanks\?checkout_id=[0-9a-f-]{36}$/m,
    );
    // A link to put on your site: its URL redirects to a fresh session's hosted page.
    expect(result.stdout).toMatch(/^307 http:\/\/127\.0\.0\.1:\d+\/checkout\/polar_c_\w+$/m);
  }, 120_000);
});
