// billing login: argv -> the flow's options or the exact usage error; --with-token checks the
// token from stdin with one request and stores it; the browser flow needs a terminal.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../../../src/auth/token-store.js';
import {
  buildLogin,
  type LoginOptions,
  runLogin,
} from '../../../../src/cli/commands/login/login.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { fileStorage, NO_ENV_TOKEN, patLogin } from '../fixtures.js';
import { execute, json, page, parse } from '../verb.js';

const PASTED = 'polar_pat_loginTestPastedTokenNeverSent00000000000000';

// The scopes login asks for are a contract with the server's consent page: pinned as text.
const DEFAULT_SCOPES = (
  'openid email organizations:read organizations:write checkouts:read checkouts:write ' +
  'checkout_links:read checkout_links:write ' +
  'products:read products:write benefits:read benefits:write discounts:read discounts:write ' +
  'customers:read customers:write subscriptions:read subscriptions:write orders:read ' +
  'refunds:read refunds:write license_keys:read license_keys:write webhooks:read ' +
  'webhooks:write customer_portal:read customer_portal:write customer_sessions:write ' +
  'metrics:read events:read events:write meters:read meters:write customer_meters:read ' +
  'custom_fields:read custom_fields:write'
).split(' ');
const READ_ONLY_SCOPES = (
  'openid email organizations:read checkouts:read checkout_links:read products:read ' +
  'benefits:read discounts:read customers:read subscriptions:read orders:read refunds:read ' +
  'license_keys:read webhooks:read customer_portal:read metrics:read events:read meters:read ' +
  'customer_meters:read custom_fields:read'
).split(' ');

describe('login: argv -> options', () => {
  const flow = {
    storage: undefined,
    withToken: false,
    scopes: DEFAULT_SCOPES,
    organization: false,
    port: undefined,
    timeoutMs: 300_000,
    browser: true,
  };
  it.each<[string[], LoginOptions]>([
    [[], flow],
    [['--read-only'], { ...flow, scopes: READ_ONLY_SCOPES }],
    [
      ['--scopes', 'orders:read, license_keys:read openid'],
      { ...flow, scopes: ['orders:read', 'license_keys:read', 'openid'] },
    ],
    [
      ['--org', '--port', '8123', '--timeout', '90s', '--no-browser', '--storage', 'file'],
      {
        ...flow,
        organization: true,
        port: 8123,
        timeoutMs: 90_000,
        browser: false,
        storage: 'file',
      },
    ],
    [['--timeout', '300'], { ...flow, timeoutMs: 300_000 }],
    [['--timeout', '2m'], { ...flow, timeoutMs: 120_000 }],
    [['--with-token'], { storage: undefined, withToken: true }],
    [['--with-token', '--storage', 'keychain'], { storage: 'keychain', withToken: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildLogin, 'login', argv)).toEqual({ options, code: 0, stderr: '' });
  });

  it.each([
    [
      ['--scopes', 'x', '--read-only'],
      'billing: --scopes and --read-only cannot be used together\n',
    ],
    [['--timeout', '0'], 'billing: --timeout: "0" is not a duration like 300, 90s or 5m\n'],
    [['--timeout', '1h'], 'billing: --timeout: "1h" is not a duration like 300, 90s or 5m\n'],
    [['--port', '70000'], 'billing: --port: must be an integer from 1 to 65535, got 70000\n'],
    [['--port', '0'], 'billing: --port: must be an integer from 1 to 65535, got 0\n'],
    [['--port', 'http'], 'billing: --port: "http" is not an integer\n'],
    [
      ['--storage', 'vault'],
      "billing: option '--storage <where>' argument 'vault' is invalid. Allowed choices are auto, keychain, file.\n",
    ],
    [['--token', 'x'], "billing: unknown option '--token'\n"],
    [
      ['--with-token', '--scopes', 'orders:read'],
      "billing: option '--with-token' cannot be used with option '--scopes <list>'\n",
    ],
    [
      ['--read-only', '--with-token'],
      "billing: option '--with-token' cannot be used with option '--read-only'\n",
    ],
    [
      ['--with-token', '--no-browser'],
      "billing: option '--with-token' cannot be used with option '--no-browser'\n",
    ],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildLogin, 'login', argv)).toEqual({ code: 2, stderr });
  });
});

describe('login: options + answers -> output', () => {
  const env = NO_ENV_TOKEN;
  const checked =
    (status: number, body: object) => (pool: import('../../../helpers/http.js').ScriptedHost) =>
      pool
        .intercept({
          path: '/v1/orders/?limit=1',
          method: 'GET',
          headers: { authorization: `Bearer ${PASTED}` },
        })
        .reply(status, body, json);

  it('--with-token: checked with GET /v1/orders/?limit=1, then stored', async () => {
    const configDir = fileStorage();
    const r = await execute(
      runLogin,
      { withToken: true },
      { configDir, env, stdin: [PASTED], http: checked(200, page([])) },
    );
    const store = new FileStore(configDir);
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: `✓ Token stored for profile local (${store.path}).\n`,
    });
    expect(await store.read('local')).toEqual(patLogin(PASTED));
  });

  it('--with-token --storage file overrides the profile setting', async () => {
    const configDir = tempConfigDir();
    const r = await execute(
      runLogin,
      { withToken: true, storage: 'file' },
      { configDir, env, stdin: [`  ${PASTED}  `], http: checked(200, page([])) },
    );
    const store = new FileStore(configDir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`✓ Token stored for profile local (${store.path}).\n`);
    expect((await store.read('local'))?.access_token).toBe(PASTED);
  });

  it('--with-token: a 403 (cannot read orders) is still a working token', async () => {
    const configDir = fileStorage();
    const r = await execute(
      runLogin,
      { withToken: true },
      {
        configDir,
        env,
        stdin: [PASTED],
        http: checked(403, { error: 'NotPermitted', detail: 'no orders:read' }),
      },
    );
    expect(r.code).toBe(0);
    expect((await new FileStore(configDir).read('local'))?.access_token).toBe(PASTED);
  });

  it('--with-token: 401 -> exit 4 and nothing stored', async () => {
    const configDir = fileStorage();
    const r = await execute(
      runLogin,
      { withToken: true },
      { configDir, env, stdin: [PASTED], http: checked(401, { error: 'invalid_token' }) },
    );
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr: 'billing: the server rejected this token (401); nothing was stored\n',
    });
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
  });

  it.each([
    [
      [],
      'billing: --with-token: no token on stdin (pipe it: echo "$TOKEN" | billing login --with-token)\n',
    ],
    [[`${PASTED} ${PASTED}`], 'billing: --with-token: expected one token on stdin\n'],
    [[PASTED, PASTED], 'billing: --with-token: expected one token on stdin\n'],
  ])('--with-token, stdin %j -> exit 2, nothing sent or stored', async (stdin, stderr) => {
    const configDir = fileStorage();
    const r = await execute(runLogin, { withToken: true }, { configDir, env, stdin });
    expect(r).toEqual({ code: 2, stdout: '', stderr });
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
  });

  it('the browser flow without a terminal -> exit 4 with the way for scripts', async () => {
    const r = await execute(
      runLogin,
      {
        withToken: false,
        scopes: DEFAULT_SCOPES,
        organization: false,
        timeoutMs: 300_000,
        browser: true,
      },
      { configDir: fileStorage(), env },
    );
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: billing login needs a terminal to wait for the browser\n' +
        'In scripts and CI set BILLING_TOKEN to a personal access token, or pipe one to ' +
        '`billing login --with-token`.\n',
    });
  });
});
