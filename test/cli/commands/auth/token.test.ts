// billing auth token: the token for other tools, the one command that prints a secret.
import { describe, expect, it } from 'vitest';
import { buildToken, runToken } from '../../../../src/cli/commands/auth/token.js';
import {
  expiredLogin,
  fileStorage,
  NO_BUS,
  NO_ENV_TOKEN,
  patLogin,
  storeCustomerSession,
  storedLogin,
} from '../fixtures.js';
import { CUSTOMER_TOKEN, execute, parse, TOKEN } from '../verb.js';

const STORED = 'polar_pat_tokenTestStoredTokenNeverSent000000000000000';

async function withCustomerSession(expiresAt: string): Promise<string> {
  const configDir = fileStorage();
  await storeCustomerSession(configDir, expiresAt);
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
    const configDir = await storedLogin(patLogin(STORED));
    const r = await execute(runToken, { customer: false }, { configDir, env: NO_ENV_TOKEN });
    expect(r).toEqual({ code: 0, stdout: `${STORED}\n`, stderr: '' });
  });

  it('an expired OAuth login without a refresh token -> exit 4, log in again', async () => {
    const configDir = await storedLogin(expiredLogin(false));
    const r = await execute(runToken, { customer: false }, { configDir, env: NO_ENV_TOKEN });
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
      { configDir: fileStorage(), env: NO_ENV_TOKEN },
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
