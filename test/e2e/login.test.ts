// `billing login` end to end: the real OAuth server of the local service, headless Chromium
// (Debian's) following the URL the CLI opens, then auth status, whoami, a resource command and
// logout — with the token revoked server-side.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { launchChromium, requireChromium, skipWithoutChromium } from '../helpers/chromium.js';
import { Capture, run, stdinOf, tempConfigDir } from '../helpers/cli.js';

const skip = skipWithoutChromium('login e2e');
const keychain =
  Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) && existsSync('/usr/bin/secret-tool');

describe.skipIf(skip)('billing login with a browser', () => {
  let svc: RunningService;
  let browser: Browser;
  const configDir = tempConfigDir();
  const profile = `e2e${process.pid}`;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    svc = await start({ port: 0 });
    browser = await launchChromium();
    env = {
      BILLING_PROFILE: profile,
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR,
    };
    const set = await run(['config', 'set', `profiles.${profile}.base_url`, svc.url], {
      configDir,
      env,
    });
    expect(set.code).toBe(0);
  });
  afterAll(async () => {
    await browser?.close();
    await svc?.stop();
  });

  /** What the user does in the browser: pick alice, click Allow. */
  const allowAsAlice = async (url: string) => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByLabel(/alice@acme\.test/).check();
    await Promise.all([
      page.waitForURL(/127\.0\.0\.1:\d+\/callback/),
      page.getByRole('button', { name: 'Allow' }).click(),
    ]);
    expect(await page.textContent('h1')).toBe('Logged in');
    await page.close();
  };

  it('logs in, shows who, uses the token, and logs out with revocation', async () => {
    requireChromium();
    let opened = '';
    const login = await run(['login', '--timeout', '60s'], {
      configDir,
      env: { ...env, DISPLAY: ':0' },
      tty: true,
      stdin: stdinOf([], { tty: true }),
      openBrowser: async (url) => {
        opened = url;
        await allowAsAlice(url);
      },
    });
    expect(login.stderr).toContain('Logged in as alice@acme.test');
    expect(login.code).toBe(0);
    const auth = new URL(opened);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toMatch(/.{16,}/);
    expect(auth.searchParams.get('nonce')).toMatch(/.{16,}/);
    expect(login.stderr).toContain(opened); // the URL is always printed too

    const status = await run(['auth', 'status', '--json'], { configDir, env });
    const info = JSON.parse(status.stdout);
    expect(info).toMatchObject({
      logged_in: true,
      kind: 'oauth',
      subject: 'alice@acme.test',
      refreshable: true,
      env_token_overrides: false,
    });
    expect(info.scopes).toContain('orders:read');
    expect(info.storage).toBe(keychain ? 'keychain' : 'file');
    // Where the token in use comes from, and that the server takes it.
    expect(info.source).toBe(keychain ? 'keychain' : 'file');
    expect(info.check).toEqual({ ok: true, detail: 'accepted by the server' });

    const token = (await run(['auth', 'token'], { configDir, env })).stdout.trim();
    expect(token).toMatch(/^polar_at_u_/);
    // No token in any plain file except the 0600 fallback store.
    for (const name of readdirSync(configDir)) {
      const path = join(configDir, name);
      if (!statSync(path).isFile()) continue;
      if (name === 'credentials.json') {
        expect(keychain).toBe(false);
        expect(statSync(path).mode & 0o777).toBe(0o600);
      } else expect(readFileSync(path, 'utf8')).not.toContain(token);
    }
    if (keychain) {
      const found = execFileSync(
        'secret-tool',
        ['lookup', 'service', 'billing-cli', 'username', profile],
        { encoding: 'utf8' },
      );
      expect(JSON.parse(found).access_token).toBe(token);
    }

    const who = await run(['whoami'], { configDir, env });
    expect(who).toMatchObject({
      code: 0,
      stdout: `alice@acme.test (OAuth, stored in the ${keychain ? 'OS keychain' : 'fallback file'})\n`,
    });
    const orders = await run(['orders', 'list', '--limit', '2', '--json'], { configDir, env });
    expect(orders.code).toBe(0);
    expect(JSON.parse(orders.stdout)).toHaveLength(2);

    const logout = await run(['logout'], { configDir, env });
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain('token revoked at the server');
    const after = await fetch(`${svc.url}/v1/orders/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    expect((await run(['auth', 'status', '--json'], { configDir, env })).stdout).toContain(
      '"logged_in": false',
    );
  });

  it('accepts a pasted redirect URL when no browser can be opened, checking the state', async () => {
    requireChromium();
    // Over SSH the CLI prints the URL; the user opens it elsewhere and pastes where it landed.
    let pasteLines: string[] = [];
    let release!: () => void;
    const ready = new Promise<void>((r) => {
      release = r;
    });
    const stdin = (async function* () {
      await ready;
      for (const l of pasteLines) yield `${l}\n`;
      await new Promise(() => {});
    })() as AsyncIterable<string> & { isTTY?: boolean };
    stdin.isTTY = true;
    const stderr = new Capture(true);
    let opened = false;
    const pending = run(['login', '--timeout', '60s'], {
      configDir,
      env: { ...env, SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 22', DISPLAY: ':0' },
      tty: true,
      stdin,
      stderr,
      openBrowser: async () => {
        opened = true;
      },
    });
    // Read the printed URL from the CLI's stderr, as a person would.
    const printed = await waitForUrl(() => stderr.text);
    expect(opened).toBe(false); // over SSH the CLI does not try to open a browser
    // The browser is on another machine and cannot reach the loopback server: it ends on the
    // redirect address, which the user pastes. Consent is given over plain HTTP, as the form does.
    const landed = await consentOverHttp(printed, svc.demo!.users[0]!.id);
    const wrongState = landed.replace(/state=[^&]+/, 'state=forged');
    pasteLines = ['not a url', wrongState, landed];
    release();
    const result = await pending;
    expect(result.stderr).toContain('does not match this login; ignored');
    expect(result.stderr).toContain('Logged in as alice@acme.test');
    expect(result.code).toBe(0);
  });
});

async function consentOverHttp(authorizeUrl: string, userId: string): Promise<string> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  if (!requestId) throw new Error(`no consent form in: ${html.slice(0, 200)}`);
  const answer = await fetch(new URL('/oauth2/authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, user_id: userId, decision: 'allow' }),
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent answered ${answer.status}`);
  return location;
}

async function waitForUrl(read: () => string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const m = /(http:\/\/\S+\/oauth2\/authorize\?\S+)/.exec(read());
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the CLI printed no authorize URL');
}
