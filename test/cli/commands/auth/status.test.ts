// billing auth status: which credential a command would use, where it comes from, and whether
// the server takes it; exit 1 without a usable one.
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../../../src/auth/token-store.js';
import {
  buildStatus,
  runStatus,
  type StatusOptions,
} from '../../../../src/cli/commands/auth/status.js';
import {
  ACCESS,
  expiredLogin,
  fileStorage,
  NO_BUS,
  NO_ENV_TOKEN,
  oauthLogin,
  REFRESH,
  storeCustomerSession,
  storedLogin,
} from '../fixtures.js';
import { BASE, execute, json, page, parse, type Setup, TOKEN } from '../verb.js';

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

  /** What a run with BILLING_TOKEN prints, with this check line. */
  const envCard = (check: string) =>
    `${[...ENV_LINES, `check:    ${check}`, ...ENV_TAIL].join('\n')}\n`;

  /** runStatus in a file-storage profile; `answer` answers the check with BILLING_TOKEN. */
  const status = (options: StatusOptions, answer?: [number, object], setup: Setup = {}) =>
    execute(runStatus, options, {
      configDir: fileStorage(),
      env: NO_BUS,
      ...setup,
      http:
        answer &&
        ((pool) =>
          pool
            .intercept({
              path: '/v1/organizations/?limit=1',
              method: 'GET',
              headers: { authorization: `Bearer ${TOKEN}` },
            })
            .reply(answer[0], answer[1], json)),
    });

  it('--offline: BILLING_TOKEN, not checked', async () => {
    expect(await status({ json: false, offline: true })).toEqual({
      code: 0,
      stdout: envCard('skipped (--offline)'),
      stderr: '',
    });
  });

  it('--offline --json: every field, no secret', async () => {
    const r = await status({ json: true, offline: true });
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
    expect(await status({ json: false, offline: false }, [200, page([], 0, 0)])).toEqual({
      code: 0,
      stdout: envCard('accepted by the server'),
      stderr: '',
    });
  });

  it('a 403 (no organizations:read) still means the token is accepted', async () => {
    const r = await status({ json: true, offline: false }, [
      403,
      { error: 'NotPermitted', detail: 'no organizations:read' },
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).check).toEqual({ ok: true, detail: 'accepted by the server' });
  });

  it('401 invalid_token -> exit 1: no usable credential, with the advice', async () => {
    const r = await status({ json: false, offline: false }, [401, { error: 'invalid_token' }]);
    const rejected = 'the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked';
    expect(r).toEqual({
      code: 1,
      stdout: envCard(`rejected by the server: ${rejected}`),
      stderr:
        `billing: no usable credential: ${rejected}\n` +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    });
  });

  it('nothing stored and no BILLING_TOKEN: exit 1, not logged in', async () => {
    const r = await status({ json: false, offline: false }, undefined, { env: NO_ENV_TOKEN });
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
    const configDir = await storedLogin(oauthLogin({ scope: 'openid email orders:read' }));
    const store = new FileStore(configDir);
    await storeCustomerSession(configDir, '2026-11-23T11:00:00Z');
    const env = NO_ENV_TOKEN;
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
    const r = await status({ json: false, offline: true }, undefined, {
      env: { ...NO_BUS, BILLING_CUSTOMER_TOKEN: 'polar_cst_fromTheEnvironment' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain(
      'customer: customer session from BILLING_CUSTOMER_TOKEN',
    );
  });
});

describe('auth status and a login about to expire', () => {
  const env = NO_ENV_TOKEN;

  it('--offline shows it as stored and asks no server (no refresh)', async () => {
    const configDir = await storedLogin(expiredLogin(true));
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
    const configDir = await storedLogin(expiredLogin(false));
    const r = await execute(runStatus, { json: false, offline: true }, { configDir, env });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('token:    none (your login has expired)\n');
    expect(r.stderr).toBe(
      'billing: no usable credential: your login has expired\n' +
        'Run `billing login` again, or set BILLING_TOKEN.\n',
    );
  });

  it('the OAuth requests say the API version too (discovery, the refresh grant)', async () => {
    const configDir = await storedLogin(expiredLogin(true));
    const NEW = 'polar_at_u_statusTestRefreshedAccessTokenVersioned0000000';
    const versioned = (h: Record<string, string>) => h['polar-version'] === '2026-04';
    const r = await execute(
      runStatus,
      { json: true, offline: false },
      {
        configDir,
        env: { ...env, BILLING_API_VERSION: '2026-04' },
        http: (pool) => {
          pool
            .intercept({ path: '/.well-known/openid-configuration', headers: versioned })
            .reply(404, '');
          pool
            .intercept({ path: '/v1/oauth2/token', method: 'POST', headers: versioned })
            .reply(
              200,
              { access_token: NEW, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH },
              json,
            );
          pool
            .intercept({ path: '/v1/organizations/?limit=1', headers: versioned })
            .reply(200, page([], 0, 0), json);
        },
      },
    );
    expect(r.code).toBe(0);
    expect((await new FileStore(configDir).read('local'))?.access_token).toBe(NEW);
  });

  it('without --offline it is refreshed, and the new expiry is what is shown', async () => {
    const configDir = await storedLogin(expiredLogin(true));
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
            .reply(200, page([], 0, 0), json);
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
