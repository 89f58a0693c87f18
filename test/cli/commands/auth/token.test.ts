// billing auth token: the token for other tools, the one command that prints a secret.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore, TokenStore } from '../../../../src/auth/token-store.js';
import { buildToken, runToken } from '../../../../src/cli/commands/auth/token.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { CUSTOMER_TOKEN, execute, parse, TOKEN } from '../verb.js';

const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/billing-test-bus' };
const STORED = 'polar_pat_tokenTestStoredTokenNeverSent000000000000000';

/** A config dir whose profile keeps its tokens in credentials.json (no keychain). */
function fileStorage(): string {
  const dir = tempConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ profiles: { local: { storage: 'file' } } }),
  );
  return dir;
}

async function withCustomerSession(expiresAt: string): Promise<string> {
  const configDir = fileStorage();
  const store = new TokenStore({ configDir, env: NO_BUS, storage: 'file', warn: () => {} });
  await store.writeCustomerSession('local', {
    token: CUSTOMER_TOKEN,
    email: 'buyer@example.com',
    expiresAt,
  });
  return configDir;
}

describe('auth token: argv -> options', () => {
  it.each([
    [[], { customer: false }],
    [['--customer'], { customer: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildToken, 'token', argv, { noun: 'auth' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('an unknown flag is a usage error and runs nothing', async () => {
    expect(await parse(buildToken, 'token', ['--json'], { noun: 'auth' })).toEqual({
      code: 2,
      stderr: "billing: unknown option '--json'\n",
    });
  });
});

describe('auth token: options + answers -> output', () => {
  it('prints BILLING_TOKEN', async () => {
    const r = await execute(runToken, { customer: false }, { configDir: fileStorage() });
    expect(r).toEqual({ code: 0, stdout: `${TOKEN}\n`, stderr: '' });
  });

  it('prints the stored token without BILLING_TOKEN', async () => {
    const configDir = fileStorage();
    await new FileStore(configDir).write('local', {
      access_token: STORED,
      token_type: 'Bearer',
      kind: 'pat',
    });
    const r = await execute(
      runToken,
      { customer: false },
      { configDir, env: { ...NO_BUS, BILLING_TOKEN: undefined } },
    );
    expect(r).toEqual({ code: 0, stdout: `${STORED}\n`, stderr: '' });
  });

  it('an expired OAuth login without a refresh token -> exit 4, log in again', async () => {
    const configDir = fileStorage();
    await new FileStore(configDir).write('local', {
      access_token: 'polar_at_u_tokenTestExpiredAccessToken000000000000000',
      token_type: 'Bearer',
      kind: 'oauth',
      expires_at: '2026-11-23T11:00:00Z',
    });
    const r = await execute(
      runToken,
      { customer: false },
      { configDir, env: { ...NO_BUS, BILLING_TOKEN: undefined } },
    );
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr: 'billing: your login has expired\nRun `billing login` again, or set BILLING_TOKEN.\n',
    });
  });

  it('nothing stored and no BILLING_TOKEN -> exit 4', async () => {
    const r = await execute(
      runToken,
      { customer: false },
      { configDir: fileStorage(), env: { ...NO_BUS, BILLING_TOKEN: undefined } },
    );
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: not logged in (profile "local")\n' +
        'Run `billing login`, or set BILLING_TOKEN to a personal access token.\n',
    });
  });

  it('--customer: the stored customer session, while it lasts', async () => {
    const configDir = await withCustomerSession('2026-11-23T12:30:00Z');
    const r = await execute(runToken, { customer: true }, { configDir, env: NO_BUS });
    expect(r).toEqual({ code: 0, stdout: `${CUSTOMER_TOKEN}\n`, stderr: '' });
  });

  it('--customer: an expired session -> exit 4 with the way back', async () => {
    const configDir = await withCustomerSession('2026-11-23T12:00:00Z');
    const r = await execute(runToken, { customer: true }, { configDir, env: NO_BUS });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: the stored customer session expired at 2026-11-23T12:00:00Z\n' +
        'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN ' +
        'to a customer session token.\n',
    });
  });

  it('--customer: none stored -> exit 4 (BILLING_TOKEN is not a customer session)', async () => {
    const r = await execute(
      runToken,
      { customer: true },
      { configDir: fileStorage(), env: NO_BUS },
    );
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr: 'billing: no customer session stored (confirm a checkout first)\n',
    });
  });
});
