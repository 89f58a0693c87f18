// A missing keychain is one warning per command (issue 24): one line, in plain words, saying
// what to do; the keyring's own D-Bus text only under --debug. A command is one Context, and
// however many tokens it stores (a login, a customer session), the user is told once.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { tempConfigDir } from '../helpers/cli.js';
import { execute } from './commands/verb.js';

const NO_DBUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const creds = (token: string) =>
  ({ access_token: token, token_type: 'Bearer', kind: 'pat' }) as const;

/** Stores two profiles' tokens in one command. */
async function storeTwo(_: object, ctx: Context): Promise<void> {
  const store = await ctx.tokenStore();
  await store.write('one', creds('polar_pat_one'));
  await store.writeCustomerSession('one', {
    token: 'polar_cst_two',
    expiresAt: '2026-11-26T21:00:00Z',
  });
}

describe('no usable keychain', () => {
  it('is said once per command, in one line, without the D-Bus error', async () => {
    const configDir = tempConfigDir();
    const r = await execute(storeTwo, {}, { env: NO_DBUS, configDir });
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr:
        '! No usable keychain (no Secret Service on the session bus); token stored in ' +
        `${join(configDir, 'credentials.json')} (mode 0600); to keep it there without this ` +
        'warning: billing config set storage file\n',
    });
  });

  it("--debug (BILLING_DEBUG=1) adds the keyring's own words for each failure", async () => {
    const r = await execute(storeTwo, {}, { env: { ...NO_DBUS, BILLING_DEBUG: '1' } });
    expect(r.code).toBe(0);
    const traced = r.stderr.split('\n').filter((l) => l.startsWith('keychain write: '));
    expect(traced).toHaveLength(2);
    for (const line of traced) {
      expect(line).toMatch(/^keychain write: no Secret Service on the session bus \(.*DBus.*\)$/);
    }
    expect(r.stderr.split('\n').filter((l) => l.startsWith('!'))).toHaveLength(1);
  });
});
