// Secrets (issue 8): every command run with --debug (and with BILLING_DEBUG=1), and every error
// path we can trigger, leaves no access token, refresh token, authorization code, client
// secret, license key or customer session token in stdout, stderr or any file of the config
// dir except the token store — which is mode 0600. Stdout may show a secret only where showing
// it is the command's purpose (`keys … --json`, the checkout's own data, `auth token`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_FILE } from '../../src/auth/file-store.js';
import { type RunningService, start } from '../../src/server/index.js';
import { cli, type Env, requireBuild, runInProcess, tempDir } from './helpers.js';

type Kind = 'token' | 'client_secret' | 'license_key' | 'session';

let svc: RunningService;
const dir = tempDir('secrets');
let configDir: string;
/** Every secret value seen so far, with its kind. */
const secrets = new Map<string, Kind>();
let closedPort: string;

const addSecret = (value: string | undefined | null, kind: Kind) => {
  if (value && value.length >= 8) secrets.set(value, kind);
};

/** Secrets of the service's data: all license keys and checkout client secrets. */
function collectStoreSecrets() {
  for (const { key } of svc.store.all<{ key: string }>('SELECT key FROM license_keys')) {
    addSecret(key, 'license_key');
  }
  for (const { client_secret } of svc.store.all<{ client_secret: string }>(
    'SELECT client_secret FROM checkouts',
  )) {
    addSecret(client_secret, 'client_secret');
  }
}

/** Tokens the CLI stored (OAuth pair, customer session). */
function collectStoredSecrets() {
  let text: string;
  try {
    text = readFileSync(join(configDir, CREDENTIALS_FILE), 'utf8');
  } catch {
    return;
  }
  const { profiles } = JSON.parse(text) as {
    profiles: Record<string, { access_token: string; refresh_token?: string }>;
  };
  for (const [name, c] of Object.entries(profiles)) {
    const kind = name.endsWith('--customer-session') ? 'session' : 'token';
    addSecret(c.access_token, kind);
    addSecret(c.refresh_token, 'token');
  }
}

beforeAll(async () => {
  svc = await start({ port: 0 });
  configDir = join(dir.path, 'config');
  // File storage: the token store is credentials.json, checked for its mode below.
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({ profiles: { local: { storage: 'file' } } }),
  );
  addSecret(svc.demo!.personal_access_token, 'token');
  addSecret(svc.demo!.other.personal_access_token, 'token');
  collectStoreSecrets();
  closedPort = await new Promise<string>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(String(port)));
    });
  });
});
afterAll(async () => {
  await svc.stop();
  dir.remove();
});

interface Output {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Fails on any secret in stderr, and in stdout unless its kind is allowed there. */
function expectNoSecrets(what: string, out: Output, allowInStdout: Kind[] = []) {
  collectStoredSecrets();
  for (const [value, kind] of secrets) {
    expect(out.stderr.includes(value), `${what}: ${kind} in stderr`).toBe(false);
    if (!allowInStdout.includes(kind)) {
      expect(out.stdout.includes(value), `${what}: ${kind} in stdout`).toBe(false);
    }
  }
}

const base = (): Env => ({
  BILLING_BASE_URL: svc.url,
  BILLING_CONFIG_DIR: configDir,
});
const withPat = (): Env => ({ ...base(), BILLING_TOKEN: svc.demo!.personal_access_token });

/** Runs in-process twice: with --debug, and with BILLING_DEBUG=1. */
async function debugRun(
  what: string,
  args: string[],
  env: Env,
  opts: { allow?: Kind[]; stdin?: string; expectCode?: number[]; trace?: boolean } = {},
): Promise<Output> {
  const a = await runInProcess([...args, '--debug'], env, { configDir, stdin: opts.stdin });
  expectNoSecrets(`${what} --debug`, a, opts.allow);
  if (opts.trace !== false) expect(a.stderr, `${what}: no trace`).toMatch(/^(→|✗) /m);
  if (opts.expectCode) expect(opts.expectCode, `${what}: ${a.stderr}`).toContain(a.code);
  const b = await runInProcess(
    args,
    { ...env, BILLING_DEBUG: '1' },
    { configDir, stdin: opts.stdin },
  );
  expectNoSecrets(`${what} BILLING_DEBUG=1`, b, opts.allow);
  return a;
}

describe('--debug and BILLING_DEBUG=1 never show a secret', () => {
  let keyId: string;
  let activationId: string;

  it('with a personal access token: reads, writes, license keys, checkout confirm', async () => {
    const demo = svc.demo!;
    const org = demo.organization_id;
    const order = svc.store.get<{ id: string }>('SELECT id FROM orders LIMIT 1')!.id;
    const [checkout, other] = demo.open_checkout_ids as [string, string];
    keyId = svc.store.get<{ id: string }>(
      'SELECT id FROM license_keys WHERE key = ?',
      demo.license_key,
    )!.id;
    const secret = svc.store.get<{ client_secret: string }>(
      'SELECT client_secret FROM checkouts WHERE id = ?',
      checkout,
    )!.client_secret;
    const env = withPat();
    const ok = { expectCode: [0] };
    await debugRun('orders list', ['orders', 'list', '--limit', '3'], env, ok);
    await debugRun('orders get', ['orders', 'get', order], env, ok);
    await debugRun('org get', ['org', 'get', org], env, ok);
    await debugRun('org update', ['org', 'update', org, '--name', 'Acme Debug'], env, ok);
    await debugRun('api', ['api', 'GET', '/v1/orders/', '-f', 'limit=2'], env, ok);
    await debugRun('keys list', ['keys', 'list'], env, ok);
    await debugRun('keys list --json', ['keys', 'list', '--json'], env, {
      ...ok,
      allow: ['license_key'],
    });
    await debugRun('keys update', ['keys', 'update', keyId, '--usage', '2'], env, ok);
    const activate = await debugRun(
      'keys activate',
      ['keys', 'activate', demo.license_key, '--org', org, '--label', 'debug-box', '--json'],
      env,
      { ...ok, allow: ['license_key'] },
    );
    activationId = JSON.parse(activate.stdout).id;
    await debugRun(
      'keys validate',
      ['keys', 'validate', demo.license_key, '--org', org, '--activation', activationId],
      env,
      ok,
    );
    await debugRun(
      'keys deactivate',
      ['keys', 'deactivate', demo.license_key, '--org', org, '--activation', activationId],
      env,
      { expectCode: [0, 6] },
    );
    // The checkout's own data carries its client secret (that is what `checkout get` is for).
    await debugRun('checkout get', ['checkout', 'get', checkout], env, {
      ...ok,
      allow: ['client_secret'],
    });
    await debugRun(
      'checkout update',
      ['checkout', 'update', other, '--customer-name', 'Debug Buyer', '--metadata', 'a=b'],
      env,
      { ...ok, allow: ['client_secret'] },
    );
    // Confirm by secret (in the URL path) and by id; stores a customer session.
    const confirm = await runInProcess(
      [
        'checkout',
        'confirm',
        secret,
        '--customer-email',
        'debug.buyer@example.com',
        '--customer-name',
        'Debug Buyer',
        '--billing-address',
        'country=US,state=US-IL,line1=1 Main St,city=Chicago,postal_code=60601',
        '--confirmation-token',
        'tok_visa',
        '--debug',
      ],
      env,
      { configDir },
    );
    expect(confirm.code, confirm.stderr).toBe(0);
    collectStoreSecrets();
    expectNoSecrets('checkout confirm --debug', confirm, ['client_secret']);
    // The customer session (stored by confirm) in use.
    await debugRun('keys list --mine', ['keys', 'list', '--mine'], env, ok);
    await debugRun('subs list --mine', ['subs', 'list', '--mine'], env, ok);
    await debugRun('auth status', ['auth', 'status'], env, { expectCode: [0, 4], trace: false });
    await debugRun('whoami', ['whoami'], env, { expectCode: [0, 4] });
    await debugRun('config list', ['config', 'list'], env, { ...ok, trace: false });
  });

  it('with an OAuth login: login, use, refresh, auth token, logout', async () => {
    const alice = svc.demo!.users.find((u) => u.email === 'alice@acme.test')!.id;
    // The browser: show the consent page, click Allow as Alice, follow the redirect back to the
    // CLI's loopback server. The authorization code is a secret too.
    const openBrowser = async (url: string) => {
      const page = await (await fetch(url)).text();
      const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1];
      if (!requestId) throw new Error(`no consent form:\n${page.slice(0, 500)}`);
      const allow = await fetch(`${svc.authUrl}/oauth2/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request_id: requestId, user_id: alice, decision: 'allow' }),
        redirect: 'manual',
      });
      const location = new URL(allow.headers.get('location')!);
      addSecret(location.searchParams.get('code'), 'token');
      await (await fetch(location)).text();
    };
    const env = { ...base(), DISPLAY: ':0' };
    const login = await runInProcess(['login', '--debug'], env, {
      configDir,
      openBrowser,
      tty: true,
    });
    expect(login.code, login.stderr).toBe(0);
    collectStoredSecrets();
    expectNoSecrets('login --debug', login);
    await debugRun('orders list (OAuth)', ['orders', 'list', '--limit', '1'], base(), {
      expectCode: [0],
    });
    await debugRun('whoami (OAuth)', ['whoami'], base(), { expectCode: [0] });

    // Expire the stored access token: the next command refreshes (refresh token on the wire).
    const file = join(configDir, CREDENTIALS_FILE);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.profiles.local.expires_at = new Date(Date.now() - 1000).toISOString();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
    const refreshed = await runInProcess(['orders', 'list', '--limit', '1', '--debug'], base(), {
      configDir,
    });
    expect(refreshed.code, refreshed.stderr).toBe(0);
    const after = JSON.parse(readFileSync(file, 'utf8')).profiles.local;
    expect(after.refresh_token).not.toBe(data.profiles.local.refresh_token);
    collectStoredSecrets();
    expectNoSecrets('refresh --debug', refreshed);

    await debugRun('auth status (OAuth)', ['auth', 'status'], base(), {
      expectCode: [0],
      trace: false,
    });
    // Printing the token is `auth token`'s purpose; stderr must still be clean.
    const shown = await debugRun('auth token', ['auth', 'token'], base(), {
      allow: ['token'],
      expectCode: [0],
      trace: false,
    });
    expect(shown.stdout.trim()).toMatch(/^polar_at_u_/);
    // Revocation goes through the OAuth library, not the traced client: nothing to show.
    await debugRun('logout', ['logout'], base(), { expectCode: [0], trace: false });
  });

  it('login --with-token keeps the token off the screen', async () => {
    const pat = svc.demo!.other.personal_access_token;
    const r = await runInProcess(['login', '--with-token', '--debug'], base(), {
      configDir,
      stdin: `${pat}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expectNoSecrets('login --with-token', r);
    await debugRun('auth status (PAT)', ['auth', 'status'], base(), {
      expectCode: [0],
      trace: false,
    });
    await debugRun('logout (PAT)', ['logout'], base(), { expectCode: [0], trace: false });
  });
});

describe('error paths never show a secret', () => {
  it('401, 403, 404, 422, a refusal by state, and a service that is down', async () => {
    const demo = svc.demo!;
    const org = demo.organization_id;
    // A well-formed token the service does not know: the user's secret all the same.
    const unknown = `polar_pat_${'Z'.repeat(37)}abcdef`;
    addSecret(unknown, 'token');
    const narrow = (
      (await (
        await fetch(`${svc.url}/__local/personal-access-tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'alice@acme.test', scopes: ['orders:read'] }),
        })
      ).json()) as { token: string }
    ).token;
    addSecret(narrow, 'token');
    const revoked = svc.store.get<{ key: string }>(
      "SELECT key FROM license_keys WHERE status = 'revoked' LIMIT 1",
    )!.key;
    const confirmed = svc.store.get<{ client_secret: string }>(
      "SELECT client_secret FROM checkouts WHERE status = 'confirmed' LIMIT 1",
    )?.client_secret;
    const cases: [string, string[], Env, number][] = [
      ['401', ['orders', 'list'], { ...base(), BILLING_TOKEN: unknown }, 4],
      ['401 keys', ['keys', 'list'], { ...base(), BILLING_TOKEN: unknown }, 4],
      ['403', ['org', 'update', org, '--name', 'x'], { ...base(), BILLING_TOKEN: narrow }, 5],
      ['404', ['orders', 'get', '00000000-0000-4000-8000-000000000000'], withPat(), 6],
      [
        '404 activate',
        ['keys', 'activate', `${demo.license_key}X`, '--org', org, '--label', 'x'],
        withPat(),
        6,
      ],
      ['403 activate', ['keys', 'activate', revoked, '--org', org, '--label', 'x'], withPat(), 7],
      ['422 activate', ['keys', 'activate', demo.license_key, '--org', org], withPat(), 2],
      [
        '422',
        ['checkout', 'update', demo.open_checkout_ids[2]!, '--data', '{"amount":-1}'],
        withPat(),
        2,
      ],
      [
        'invalid secret',
        ['checkout', 'confirm', 'polar_c_notreal', '--customer-email', 'a@b.example'],
        withPat(),
        6,
      ],
      ...(confirmed
        ? ([
            [
              'confirmed',
              ['checkout', 'confirm', confirmed, '--customer-email', 'a@b.example'],
              withPat(),
              7,
            ],
          ] as [string, string[], Env, number][])
        : []),
      [
        'down',
        ['orders', 'list'],
        { ...withPat(), BILLING_BASE_URL: `http://127.0.0.1:${closedPort}` },
        3,
      ],
      [
        'down activate',
        ['keys', 'activate', demo.license_key, '--org', org, '--label', 'x'],
        { ...withPat(), BILLING_BASE_URL: `http://127.0.0.1:${closedPort}` },
        3,
      ],
    ];
    for (const [what, args, env, code] of cases) {
      const trace = what !== '422 activate';
      const r = await debugRun(what, args, env, { expectCode: [code], trace });
      expect(r.code, `${what}: ${r.stderr}`).toBe(code);
    }
  });

  it('the real bin with BILLING_DEBUG=1 agrees', async () => {
    requireBuild();
    const env = { ...withPat(), BILLING_DEBUG: '1' };
    const demo = svc.demo!;
    for (const args of [
      ['keys', 'activate', demo.license_key, '--org', demo.organization_id, '--label', 'bin-box'],
      ['keys', 'list'],
      ['orders', 'list', '--limit', '1'],
    ]) {
      const r = await cli(args, env);
      expect(r.stderr).toMatch(/→ /);
      expectNoSecrets(`bin ${args.join(' ')}`, r);
    }
  });
});

describe('files', () => {
  it('keeps secrets only in the 0600 token store', async () => {
    // Something in the store again (the logins above ended with logout).
    const pat = svc.demo!.personal_access_token;
    const r = await runInProcess(['login', '--with-token'], base(), { configDir, stdin: pat });
    expect(r.code, r.stderr).toBe(0);
    collectStoredSecrets();
    const files: string[] = [];
    const walk = (d: string) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const path = join(d, entry.name);
        if (entry.isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(configDir);
    const store = join(configDir, CREDENTIALS_FILE);
    expect(files).toContain(store);
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o077).toBe(0);
    for (const file of files.filter((f) => f !== store)) {
      const text = readFileSync(file, 'utf8');
      for (const [value, kind] of secrets) {
        expect(text.includes(value), `${kind} in ${file}`).toBe(false);
      }
    }
  });
});
