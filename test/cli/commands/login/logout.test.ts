// billing logout: revokes a stored OAuth login at the server (RFC 7009), then forgets it.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../../../src/auth/token-store.js';
import { buildLogout, runLogout } from '../../../../src/cli/commands/login/logout.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import {
  ACCESS,
  fileStorage,
  NO_BUS,
  NO_ENV_TOKEN,
  oauthLogin,
  patLogin,
  REFRESH,
  storeCustomerSession,
  storedLogin,
} from '../fixtures.js';
import { execute, json, parse } from '../verb.js';

const CLIENT_ID = 'polar_ci_billingCLIlocalServicePublicClient000044vii';

/** A stored OAuth login that lasts a week more. */
const login = () => storedLogin(oauthLogin({ expires_at: '2026-11-30T12:00:00Z' }));

/** The form a public client's revocation request carries for `token`. */
function revokes(token: string) {
  return (body: string) => {
    const form = new URLSearchParams(body);
    return form.get('token') === token && form.get('client_id') === CLIENT_ID;
  };
}

describe('logout: argv -> options', () => {
  it('takes no flags', async () => {
    expect(await parse(buildLogout, 'logout', [])).toEqual({ options: {}, code: 0, stderr: '' });
  });

  it.each([
    [['--all'], "billing: unknown option '--all'\n"],
    [['prod'], "billing: too many arguments for 'logout'. Expected 0 arguments but got 1: prod.\n"],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildLogout, 'logout', argv)).toEqual({ code: 2, stderr });
  });
});

describe('logout: options + answers -> output', () => {
  const env = NO_ENV_TOKEN;

  it('an OAuth login: no discovery document (404), so the default endpoint revokes both tokens', async () => {
    const configDir = await login();
    await storeCustomerSession(configDir, '2026-11-23T12:30:00Z');
    const r = await execute(
      runLogout,
      {},
      {
        configDir,
        env,
        http: (pool: ScriptedHost) => {
          pool
            .intercept({ path: '/.well-known/openid-configuration', method: 'GET' })
            .reply(404, { detail: 'Not Found' }, json);
          pool
            .intercept({ path: '/v1/oauth2/revoke', method: 'POST', body: revokes(REFRESH) })
            .reply(200, '');
          pool
            .intercept({ path: '/v1/oauth2/revoke', method: 'POST', body: revokes(ACCESS) })
            .reply(200, '');
        },
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: '✓ Logged out of profile local (token revoked at the server).\n',
    });
    const store = new FileStore(configDir);
    expect(await store.read('local')).toBeNull();
    expect(await store.read('local--customer-session')).toBeNull();
    expect(existsSync(store.path)).toBe(false);
  });

  it('a revocation the server refuses: said, and the login is deleted anyway', async () => {
    const configDir = await login();
    const r = await execute(
      runLogout,
      {},
      {
        configDir,
        env,
        http: (pool: ScriptedHost) => {
          pool.intercept({ path: '/.well-known/openid-configuration' }).reply(404, '');
          pool
            .intercept({ path: '/v1/oauth2/revoke', method: 'POST' })
            .reply(400, { error: 'invalid_client', error_description: 'unknown client' }, json);
        },
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr:
        '! Could not revoke the token at the server (server responded with an error in the ' +
        'response body); deleting it here anyway.\n' +
        '✓ Logged out of profile local.\n',
    });
    expect(await new FileStore(configDir).read('local')).toBeNull();
  });

  it('a stored personal access token: nothing to revoke, deleted; BILLING_TOKEN still set is said', async () => {
    const configDir = await storedLogin(
      patLogin('polar_pat_logoutTestStoredPatNeverSent00000000000000'),
    );
    const r = await execute(runLogout, {}, { configDir, env: NO_BUS });
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr:
        '✓ Logged out of profile local.\n' +
        '! BILLING_TOKEN is still set in this environment and will be used.\n',
    });
    expect(await new FileStore(configDir).read('local')).toBeNull();
  });

  it('nothing stored: not logged in, nothing sent', async () => {
    const r = await execute(runLogout, {}, { configDir: fileStorage(), env });
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Not logged in (profile local); nothing to do.\n',
    });
  });
});
