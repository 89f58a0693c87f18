// `billing login` in a real terminal (issue 24): where the browser cannot be opened for you
// (--no-browser, SSH), the command accepts the redirect address pasted on stdin and the
// loopback callback alike. When the callback wins, the command returns at once and the read of
// stdin ends with it: the next line typed goes to the shell, not to a reader left behind.
// Driven as a person would: bash in a pseudo-terminal, the consent page in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { launchChromium, requireChromium, skipWithoutChromium } from '../helpers/chromium.js';
import { spawnTerminal } from '../helpers/pty.js';

const skip = skipWithoutChromium('login in a terminal');
const BIN = join(import.meta.dirname, '../../bin/billing.js');
const python = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(skip)('billing login in a terminal', () => {
  let svc: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    svc = await start({ port: 0 });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await svc?.stop();
  });

  it('returns as soon as the browser logs in, and the shell gets the next line', async () => {
    requireChromium();
    expect(python, 'python3 runs the pseudo-terminal').toBe(true);
    const configDir = mkdtempSync(join(tmpdir(), 'billing-login-tty-'));
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { local: { storage: 'file' } } }),
      { mode: 0o600 },
    );
    const script =
      `"${process.execPath}" "${BIN}" login --no-browser --timeout 60s; ` +
      'echo "LOGIN:$?"; read -r line; echo "SHELL GOT:$line"';
    const term = spawnTerminal(['bash', '--norc', '--noprofile', '-c', script], {
      env: {
        PATH: process.env.PATH,
        HOME: configDir,
        BILLING_CONFIG_DIR: configDir,
        BILLING_BASE_URL: svc.url,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
      },
      cols: 120,
    });
    try {
      await term.waitFor(/Waiting for the browser/, 20_000);
      const shown = stripVTControlCharacters(term.output).replace(/\r/g, '');
      const url = /Open this address in a browser to log in:\s+(\S+)/.exec(shown)?.[1];
      expect(url, 'the address is printed').toMatch(/\/oauth2\/authorize\?/);

      const page = await browser.newPage();
      await page.goto(url!);
      await page.getByLabel(/alice@acme\.test/).check();
      await Promise.all([
        page.waitForURL(/127\.0\.0\.1:\d+\/callback/),
        page.getByRole('button', { name: 'Allow' }).click(),
      ]);
      await page.close();

      // The command ends by itself, without a line typed.
      await term.waitFor(/LOGIN:0/, 20_000);
      expect(stripVTControlCharacters(term.output)).toContain('Logged in as alice@acme.test');
      // The next line is the shell's.
      term.write('hello there\n');
      await term.waitFor(/SHELL GOT:hello there/, 10_000);
      expect((await term.exited).code).toBe(0);
    } finally {
      term.kill();
    }
  }, 60_000);
});
