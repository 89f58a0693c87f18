// billing whoami: what the server says about the credential in use.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore, TokenStore } from '../../../../src/auth/token-store.js';
import { buildWhoami, runWhoami } from '../../../../src/cli/commands/auth/whoami.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { CUSTOMER_TOKEN, execute, ID, ID2, json, ORG, page, parse, TOKEN } from '../verb.js';

const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/billing-test-bus' };
const USER_TOKEN = 'polar_at_u_whoamiTestUserAccessTokenNeverSent00000000';

/** A config dir whose profile keeps its tokens in credentials.json (no keychain). */
function fileStorage(): string {
  const dir = tempConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ profiles: { local: { storage: 'file' } } }),
  );
  return dir;
}

describe('whoami: argv -> options', () => {
  it.each([
    [[], { customer: false, json: false }],
    [['--json'], { customer: false, json: true }],
    [['--customer', '--json'], { customer: true, json: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildWhoami, 'whoami', argv)).toEqual({ options, code: 0, stderr: '' });
  });

  it('an unknown flag is a usage error and runs nothing', async () => {
    expect(await parse(buildWhoami, 'whoami', ['--org'])).toEqual({
      code: 2,
      stderr: "billing: unknown option '--org'\n",
    });
  });
});

describe('whoami: options + answers -> output', () => {
  const ORGS = [
    { id: ORG, name: 'Acme Software', slug: 'acme', bio: 'not printed' },
    { id: ID, name: 'Beta Labs', slug: 'beta' },
  ];

  it('a personal access token: the organizations it acts for', async () => {
    const r = await execute(
      runWhoami,
      { customer: false, json: false },
      {
        http: (pool) =>
          pool
            .intercept({
              path: '/v1/organizations/?limit=100',
              method: 'GET',
              headers: { authorization: `Bearer ${TOKEN}` },
            })
            .reply(200, page(ORGS), json),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'personal access token, from BILLING_TOKEN\n' +
        'organizations: Acme Software (acme), Beta Labs (beta)\n',
      stderr: '',
    });
  });

  it('--json: the organizations by id, name and slug', async () => {
    const r = await execute(
      runWhoami,
      { customer: false, json: true },
      {
        http: (pool) =>
          pool.intercept({ path: '/v1/organizations/?limit=100' }).reply(200, page([]), json),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(
        { kind: 'personal_access_token', source: 'env', email: null, organizations: [] },
        null,
        2,
      )}\n`,
      stderr: '',
    });
  });

  it('no organizations: "none"', async () => {
    const r = await execute(
      runWhoami,
      { customer: false, json: false },
      {
        http: (pool) =>
          pool.intercept({ path: '/v1/organizations/?limit=100' }).reply(200, page([]), json),
      },
    );
    expect(r.stdout).toBe('personal access token, from BILLING_TOKEN\norganizations: none\n');
  });

  it('a stored OAuth user token: GET /v1/oauth2/userinfo', async () => {
    const configDir = fileStorage();
    await new FileStore(configDir).write('local', {
      access_token: USER_TOKEN,
      token_type: 'Bearer',
      kind: 'oauth',
      expires_at: '2026-11-24T12:00:00Z',
    });
    const info = { sub: ID2, email: 'jane@example.com', email_verified: true };
    const opts = {
      configDir,
      env: { ...NO_BUS, BILLING_TOKEN: undefined },
      http: (pool: import('undici').MockPool) =>
        pool
          .intercept({
            path: '/v1/oauth2/userinfo',
            method: 'GET',
            headers: { authorization: `Bearer ${USER_TOKEN}` },
          })
          .reply(200, info, json),
    };
    expect(await execute(runWhoami, { customer: false, json: false }, opts)).toEqual({
      code: 0,
      stdout: 'jane@example.com (OAuth, stored in the fallback file)\n',
      stderr: '',
    });
    const r = await execute(runWhoami, { customer: false, json: true }, opts);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ kind: 'oauth_user', source: 'file', ...info });
  });

  it('a server without GET /v1/organizations/ (404): a token it accepts', async () => {
    const r = await execute(
      runWhoami,
      { customer: false, json: false },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?limit=100' })
            .reply(404, { detail: 'Not Found' }, json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: 'a token the server accepts\n', stderr: '' });
  });

  it('401 -> exit 4 with the advice for BILLING_TOKEN', async () => {
    const r = await execute(
      runWhoami,
      { customer: false, json: false },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?limit=100' })
            .reply(401, { error: 'invalid_token' }, json),
      },
    );
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    });
  });

  it('--customer without a customer session: the seller token, said so', async () => {
    const r = await execute(
      runWhoami,
      { customer: true, json: false },
      {
        configDir: fileStorage(),
        env: NO_BUS,
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?limit=100' })
            .reply(200, page([ORGS[0]!]), json),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'no customer session: the customer portal uses your own token\n' +
        'personal access token, from BILLING_TOKEN\n' +
        'organizations: Acme Software (acme)\n',
      stderr: '',
    });
  });

  it('--customer with a stored customer session: the customer behind it', async () => {
    const configDir = fileStorage();
    await new TokenStore({
      configDir,
      env: NO_BUS,
      storage: 'file',
      warn: () => {},
    }).writeCustomerSession('local', {
      token: CUSTOMER_TOKEN,
      email: 'buyer@example.com',
      expiresAt: '2026-11-23T12:45:00Z',
    });
    const auth = { authorization: `Bearer ${CUSTOMER_TOKEN}` };
    const r = await execute(
      runWhoami,
      { customer: true, json: false },
      {
        configDir,
        env: NO_BUS,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/customer-portal/license-keys/?limit=1', headers: auth })
            .reply(
              200,
              page([{ id: ID, customer_id: ID2, customer: { email: 'ada@example.com' } }]),
              json,
            );
          pool
            .intercept({ path: '/v1/customer-portal/subscriptions/?limit=1', headers: auth })
            .reply(200, page([]), json);
        },
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'ada@example.com (customer session, stored by checkout confirm, until 2026-11-23T12:45:00Z)\n',
      stderr: '',
    });
  });
});
