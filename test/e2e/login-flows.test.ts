// Login edge cases: no terminal, timeout, busy port, wrong state at the loopback server,
// --with-token, and keychain fallback / refusal.

import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback } from '../../src/auth/loopback.js';
import { type RunningService, start } from '../../src/server/index.js';
import { run, stdinOf, tempConfigDir } from '../helpers/cli.js';

// A session bus address where nothing listens: the keychain is unusable.
const NO_DBUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

describe('billing login without a browser answer', () => {
  let svc: RunningService;
  let env: Record<string, string>;
  beforeAll(async () => {
    svc = await start({ port: 0 });
    env = { BILLING_BASE_URL: svc.url, ...NO_DBUS };
  });
  afterAll(() => svc?.stop());

  it('refuses to wait for a browser without a terminal, with guidance, exit 4', async () => {
    const r = await run(['login'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'billing: billing login needs a terminal to wait for the browser\n' +
        'In scripts and CI set BILLING_TOKEN to a personal access token, or pipe one to `billing login --with-token`.\n',
    );
  });

  it('says the server cannot be reached when it is down, exit 3', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', () => ok()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((ok) => probe.close(ok));
    const r = await run(['login'], {
      env: { BILLING_BASE_URL: `http://127.0.0.1:${port}`, DISPLAY: ':0', ...NO_DBUS },
      tty: true,
      stdin: stdinOf([], { tty: true }),
    });
    expect(r).toMatchObject({
      code: 3,
      stderr:
        `billing: cannot reach http://127.0.0.1:${port} (connection refused)\n` +
        'Start the local service with `billing serve`, or check the API base URL.\n',
    });
  });

  it('gives up after --timeout with a clear message, exit 4', async () => {
    // Nothing ever calls back: only the 1 s timeout, named in the message, ends the wait.
    const r = await run(['login', '--timeout', '1s'], {
      env: { ...env, DISPLAY: ':0' },
      tty: true,
      stdin: stdinOf([], { tty: true }),
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('billing: no answer from the browser within 1 s; login cancelled\n');
  });

  it('names the busy port and what to do, exit 2', async () => {
    const blocker = createServer();
    await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', () => ok()));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const r = await run(['login', '--port', String(port)], {
        env: { ...env, DISPLAY: ':0' },
        tty: true,
        stdin: stdinOf([], { tty: true }),
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`billing: port ${port} on 127.0.0.1 is already in use\n`);
      expect(r.stderr).toContain('omit --port to use any free port');
    } finally {
      blocker.close();
    }
  });

  it('rejects bad --timeout and --port values before anything happens', async () => {
    expect((await run(['login', '--timeout', 'soon'], { env })).stderr).toBe(
      'billing: --timeout: "soon" is not a duration like 300, 90s or 5m\n',
    );
    expect((await run(['login', '--port', '70000'], { env })).code).toBe(2);
  });

  it('stores a personal access token read from stdin after checking it', async () => {
    const configDir = tempConfigDir();
    const pat = svc.demo!.personal_access_token;
    const r = await run(['login', '--with-token'], {
      env,
      configDir,
      stdin: stdinOf([pat], { end: true }),
    });
    expect(r.code).toBe(0);
    const file = join(configDir, 'credentials.json');
    // One line in plain words with what to do; the D-Bus error only under --debug (issue 24).
    const warnings = r.stderr.split('\n').filter((line) => line.startsWith('!'));
    expect(warnings).toEqual([
      `! No usable keychain (no Secret Service on the session bus); token stored in ${file} ` +
        '(mode 0600); to keep it there without this warning: billing config set storage file',
    ]);
    expect(r.stderr).not.toMatch(/dbus/i);
    const debug = await run(['login', '--with-token', '--debug'], {
      env,
      configDir: tempConfigDir(),
      stdin: stdinOf([pat], { end: true }),
    });
    expect(debug.code).toBe(0);
    expect(debug.stderr).toMatch(
      /^keychain write: no Secret Service on the session bus \(.*DBus error.*\)$/m,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      profiles: { local: { access_token: pat, kind: 'pat' } },
    });
    const orders = await run(['orders', 'list', '--limit', '1', '--json'], { env, configDir });
    expect(orders.code).toBe(0);
  });

  it('refuses a token the server rejects and stores nothing', async () => {
    const configDir = tempConfigDir();
    const r = await run(['login', '--with-token'], {
      env,
      configDir,
      stdin: stdinOf(['polar_pat_nope'], { end: true }),
    });
    expect(r).toMatchObject({
      code: 4,
      stderr: 'billing: the server rejected this token (401); nothing was stored\n',
    });
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
  });

  it('with --storage keychain and no Secret Service, fails clearly and writes no file', async () => {
    const configDir = tempConfigDir();
    const r = await run(['login', '--with-token', '--storage', 'keychain'], {
      env,
      configDir,
      stdin: stdinOf([svc.demo!.personal_access_token], { end: true }),
    });
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[0]).toMatch(/^billing: .*keychain/i);
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
  });
});

describe('the loopback redirect server', () => {
  it('ignores callbacks with the wrong state and accepts exactly one with the right one', async () => {
    const server = await startLoopback('right-state');
    try {
      const wrong = await fetch(`${server.redirectUri}?code=x&state=wrong`);
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('does not belong to the login in progress');
      const right = await fetch(`${server.redirectUri}?code=abc&state=right-state`);
      expect(right.status).toBe(200);
      expect((await server.callback).searchParams.get('code')).toBe('abc');
      const again = await fetch(`${server.redirectUri}?code=def&state=right-state`);
      expect(again.status).toBe(400);
      const elsewhere = await fetch(server.redirectUri.replace('/callback', '/other'));
      expect(elsewhere.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
