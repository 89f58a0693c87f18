// billing auth status: which credential a command would use, where it comes from, and whether
// the server takes it; exit 1 without a usable one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore, TokenStore } from '../../../../src/auth/token-store.js';
import { buildStatus, runStatus } from '../../../../src/cli/commands/auth/status.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { BASE, execute, json, parse, TOKEN } from '../verb.js';

/** No Secret Service here: a keychain helper, were one started, fails at once. */
const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/billing-test-bus' };
const ACCESS = 'polar_at_u_statusTestAccessTokenNeverSent0000000000000';
const REFRESH = 'polar_rt_u_statusTestRefreshTokenNeverSent000000000000';

/** A config dir whose profile keeps its tokens in credentials.json (no keychain). */
function fileStorage(): string {
  const dir = tempConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ profiles: { local: { storage: 'file' } } }),
  );
  return dir;
}

function customerStore(configDir: string): TokenStore {
  return new TokenStore({ configDir, env: NO_BUS, storage: 'file', warn: () => {} });
}

describe('auth status: argv -> options', () => {
  it.each([
    [[], { json: false, offline: false }],
    [['--json'], { json: true, offline: false }],
    [['--offline'], { json: false, offline: true }],
    [['--offline', '--json'], { json: true, offline: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildStatus, 'status', argv, { noun: 'auth' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--token'], "billing: unknown option '--token'\n"],
    [['now'], "billing: too many arguments for 'status'. Expected 0 arguments but got 1: now.\n"],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildStatus, 'status', argv, { noun: 'auth' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('auth status: options + answers -> output', () => {
  const ENV_LINES = [
    'profile:  local',
    `server:   ${BASE}`,
    'token:    personal access token, from BILLING_TOKEN (environment)',
  ];
  const ENV_TAIL = [
    'customer: no customer session (the customer portal uses the token above)',
    'note:     BILLING_TOKEN is set and is used instead of any stored login',
  ];

  it('--offline: BILLING_TOKEN, not checked', async () => {
    const r = await execute(
      runStatus,
      { json: false, offline: true },
      { configDir: fileStorage(), env: NO_BUS },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${[...ENV_LINES, 'check:    skipped (--offline)', ...ENV_TAIL].join('\n')}\n`,
      stderr: '',
    });
  });

  it('--offline --json: every field, no secret', async () => {
    const r = await execute(
      runStatus,
      { json: true, offline: true },
      { configDir: fileStorage(), env: NO_BUS },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      `${JSON.stringify(
        {
          profile: 'local',
          base_url: BASE,
          logged_in: false,
          source: 'env',
          kind: 'pat',
          subject: null,
          scopes: null,
          expires_at: null,
          refreshable: false,
          storage: null,
          path: null,
          env_token_overrides: true,
          check: null,
          customer_session: null,
        },
        null,
        2,
      )}\n`,
    );
    expect(r.stdout).not.toContain(TOKEN);
  });

  it('asks GET /v1/organizations/?limit=1: 200 -> accepted by the server', async () => {
    const r = await execute(
      runStatus,
      { json: false, offline: false },
      {
        configDir: fileStorage(),
        env: NO_BUS,
        http: (pool) =>
          pool
            .intercept({
              path: '/v1/organizations/?limit=1',
              method: 'GET',
              headers: { authorization: `Bearer ${TOKEN}` },
            })
            .reply(200, { items: [], pagination: { total_count: 0, max_page: 0 } }, json),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${[...ENV_LINES, 'check:    accepted by the server', ...ENV_TAIL].join('\n')}\n`,
      stderr: '',
    });
  });

  it('a 403 (no organizations:read) still means the token is accepted', async () => {
    const r = await execute(
      runStatus,
      { json: true, offline: false },
      {
        configDir: fileStorage(),
        env: NO_BUS,
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?limit=1' })
            .reply(403, { error: 'NotPermitted', detail: 'no organizations:read' }, json),
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).check).toEqual({ ok: true, detail: 'accepted by the server' });
  });

  it('401 invalid_token -> exit 1: no usable credential, with the advice', async () => {
    const r = await execute(
      runStatus,
      { json: false, offline: false },
      {
        configDir: fileStorage(),
        env: NO_BUS,
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?limit=1' })
            .reply(401, { error: 'invalid_token' }, json),
      },
    );
    const rejected = 'the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked';
    expect(r).toEqual({
      code: 1,
      stdout: `${[...ENV_LINES, `check:    rejected by the server: ${rejected}`, ...ENV_TAIL].join('\n')}\n`,
      stderr:
        `billing: no usable credential: ${rejected}\n` +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    });
  });

  it('nothing stored and no BILLING_TOKEN: exit 1, not logged in', async () => {
    const r = await execute(
      runStatus,
      { json: false, offline: false },
      { configDir: fileStorage(), env: { ...NO_BUS, BILLING_TOKEN: undefined } },
    );
    expect(r).toEqual({
      code: 1,
      stdout:
        'profile:  local\n' +
        `server:   ${BASE}\n` +
        'token:    none (not logged in (profile "local"))\n' +
        'customer: no customer session (the customer portal uses the token above)\n',
      stderr:
        'billing: no usable credential: not logged in (profile "local")\n' +
        'Run `billing login`, or set BILLING_TOKEN to a personal access token.\n',
    });
  });

  it('a stored OAuth login in the fallback file, and an expired customer session', async () => {
    const configDir = fileStorage();
    const store = new FileStore(configDir);
    await store.write('local', {
      access_token: ACCESS,
      refresh_token: REFRESH,
      token_type: 'Bearer',
      kind: 'oauth',
      scope: 'openid email orders:read',
      subject: 'jane@example.com',
      expires_at: '2026-11-23T15:00:00Z',
    });
    await customerStore(configDir).writeCustomerSession('local', {
      token: 'polar_cst_statusTestCustomerSession000000000000000000',
      email: 'buyer@example.com',
      expiresAt: '2026-11-23T11:00:00Z',
    });
    const env = { ...NO_BUS, BILLING_TOKEN: undefined };
    const text = await execute(runStatus, { json: false, offline: true }, { configDir, env });
    expect(text).toEqual({
      code: 0,
      stdout:
        'profile:  local\n' +
        `server:   ${BASE}\n` +
        `token:    OAuth login of jane@example.com, from ${store.path} (file, mode 0600)\n` +
        'scopes:   openid email orders:read\n' +
        'expires:  2026-11-23T15:00:00Z (in 3 hours)\n' +
        'check:    skipped (--offline)\n' +
        'customer: customer session of buyer@example.com, expired 1 hour ago. ' +
        'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN ' +
        'to a customer session token.\n',
      stderr: '',
    });
    const r = await execute(runStatus, { json: true, offline: true }, { configDir, env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'local',
      base_url: BASE,
      logged_in: true,
      source: 'file',
      kind: 'oauth',
      subject: 'jane@example.com',
      scopes: ['openid', 'email', 'orders:read'],
      expires_at: '2026-11-23T15:00:00Z',
      refreshable: true,
      storage: 'file',
      path: store.path,
      env_token_overrides: false,
      check: null,
      customer_session: {
        source: 'file',
        subject: 'buyer@example.com',
        expires_at: '2026-11-23T11:00:00Z',
        expired: true,
      },
    });
    expect(r.stdout).not.toContain(ACCESS);
    expect(r.stdout).not.toContain(REFRESH);
  });

  it('BILLING_CUSTOMER_TOKEN is named as the customer credential', async () => {
    const r = await execute(
      runStatus,
      { json: false, offline: true },
      {
        configDir: fileStorage(),
        env: { ...NO_BUS, BILLING_CUSTOMER_TOKEN: 'polar_cst_fromTheEnvironment' },
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain(
      'customer: customer session from BILLING_CUSTOMER_TOKEN',
    );
  });
});

describe('auth status and a login about to expire', () => {
  /** A refreshable OAuth login that expired an hour before the test's clock (12:00Z). */
  async function expiredLogin(configDir: string) {
    await new FileStore(configDir).write('local', {
      access_token: ACCESS,
      refresh_token: REFRESH,
      token_type: 'Bearer',
      kind: 'oauth',
      subject: 'jane@example.com',
      expires_at: '2026-11-23T11:00:00Z',
    });
  }
  const env = { ...NO_BUS, BILLING_TOKEN: undefined };

  it('--offline shows it as stored and asks no server (no refresh)', async () => {
    const configDir = fileStorage();
    await expiredLogin(configDir);
    // No answers are scripted: any request would fail the run.
    const r = await execute(runStatus, { json: false, offline: true }, { configDir, env });
    expect(r).toEqual({
      code: 0,
      stdout:
        'profile:  local\n' +
        `server:   ${BASE}\n` +
        `token:    OAuth login of jane@example.com, from ${new FileStore(configDir).path} (file, mode 0600)\n` +
        'expires:  2026-11-23T11:00:00Z (1 hour ago), refreshed on next use\n' +
        'check:    skipped (--offline)\n' +
        'customer: no customer session (the customer portal uses the token above)\n',
      stderr: '',
    });
    expect((await new FileStore(configDir).read('local'))?.access_token).toBe(ACCESS);
  });

  it('an expired login that cannot be refreshed is no usable credential, even offline', async () => {
    const configDir = fileStorage();
    await new FileStore(configDir).write('local', {
      access_token: ACCESS,
      token_type: 'Bearer',
      kind: 'oauth',
      expires_at: '2026-11-23T11:00:00Z',
    });
    const r = await execute(runStatus, { json: false, offline: true }, { configDir, env });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('token:    none (your login has expired)\n');
    expect(r.stderr).toBe(
      'billing: no usable credential: your login has expired\n' +
        'Run `billing login` again, or set BILLING_TOKEN.\n',
    );
  });

  it('without --offline it is refreshed, and the new expiry is what is shown', async () => {
    const configDir = fileStorage();
    await expiredLogin(configDir);
    const NEW = 'polar_at_u_statusTestRefreshedAccessToken00000000000000';
    const r = await execute(
      runStatus,
      { json: true, offline: false },
      {
        configDir,
        env,
        http: (pool) => {
          pool.intercept({ path: '/.well-known/openid-configuration' }).reply(404, '');
          pool
            .intercept({
              path: '/v1/oauth2/token',
              method: 'POST',
              body: (b) => new URLSearchParams(b).get('refresh_token') === REFRESH,
            })
            .reply(
              200,
              { access_token: NEW, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH },
              json,
            );
          pool
            .intercept({
              path: '/v1/organizations/?limit=1',
              headers: { authorization: `Bearer ${NEW}` },
            })
            .reply(200, { items: [], pagination: { total_count: 0, max_page: 0 } }, json);
        },
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      source: 'file',
      expires_at: '2026-11-23T13:00:00.000Z',
      check: { ok: true, detail: 'accepted by the server' },
    });
    expect((await new FileStore(configDir).read('local'))?.access_token).toBe(NEW);
  });
});
