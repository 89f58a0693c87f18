// billing whoami: what the server says about the credential in use.
import { describe, expect, it } from 'vitest';
import {
  buildWhoami,
  runWhoami,
  type WhoamiOptions,
} from '../../../../src/cli/commands/auth/whoami.js';
import {
  ACCESS,
  fileStorage,
  NO_BUS,
  NO_ENV_TOKEN,
  storeCustomerSession,
  storedLogin,
} from '../fixtures.js';
import {
  CUSTOMER_TOKEN,
  execute,
  ID,
  ID2,
  json,
  ORG,
  page,
  parse,
  type Setup,
  TOKEN,
  TOKEN_REJECTED,
} from '../verb.js';

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

  /** runWhoami with BILLING_TOKEN, answering GET /v1/organizations/?limit=100 with `status, body`. */
  const whoami = (options: WhoamiOptions, status: number, body: object, setup: Setup = {}) =>
    execute(runWhoami, options, {
      ...setup,
      http: (pool) =>
        pool
          .intercept({
            path: '/v1/organizations/?limit=100',
            method: 'GET',
            headers: { authorization: `Bearer ${TOKEN}` },
          })
          .reply(status, body, json),
    });

  it('a personal access token: the organizations it acts for', async () => {
    expect(await whoami({ customer: false, json: false }, 200, page(ORGS))).toEqual({
      code: 0,
      stdout:
        'personal access token, from BILLING_TOKEN\n' +
        'organizations: Acme Software (acme), Beta Labs (beta)\n',
      stderr: '',
    });
  });

  it('--json: the organizations by id, name and slug', async () => {
    expect(await whoami({ customer: false, json: true }, 200, page([]))).toEqual({
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
    const r = await whoami({ customer: false, json: false }, 200, page([]));
    expect(r.stdout).toBe('personal access token, from BILLING_TOKEN\norganizations: none\n');
  });

  it('a stored OAuth user token: GET /v1/oauth2/userinfo', async () => {
    const configDir = await storedLogin({
      access_token: ACCESS,
      token_type: 'Bearer',
      kind: 'oauth',
      expires_at: '2026-11-24T12:00:00Z',
    });
    const info = { sub: ID2, email: 'jane@example.com', email_verified: true };
    const opts = {
      configDir,
      env: NO_ENV_TOKEN,
      http: (pool: import('../../../helpers/http.js').ScriptedHost) =>
        pool
          .intercept({
            path: '/v1/oauth2/userinfo',
            method: 'GET',
            headers: { authorization: `Bearer ${ACCESS}` },
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
    expect(await whoami({ customer: false, json: false }, 404, { detail: 'Not Found' })).toEqual({
      code: 0,
      stdout: 'a token the server accepts\n',
      stderr: '',
    });
  });

  it('401 -> exit 4 with the advice for BILLING_TOKEN', async () => {
    expect(await whoami({ customer: false, json: false }, 401, { error: 'invalid_token' })).toEqual(
      { code: 4, stdout: '', stderr: TOKEN_REJECTED },
    );
  });

  it('--customer without a customer session: the seller token, said so', async () => {
    const r = await whoami({ customer: true, json: false }, 200, page([ORGS[0]!]), {
      configDir: fileStorage(),
      env: NO_BUS,
    });
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
    await storeCustomerSession(configDir, '2026-11-23T12:45:00Z');
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
