// Eight CLI processes start with the same expired access token: exactly one refresh reaches
// the server, and every command succeeds with the rotated token.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/auth/file-store.js';
import { type RunningService, start } from '../../src/server/index.js';
import { run, tempConfigDir } from '../helpers/cli.js';
import { oauthTokens } from '../helpers/oauth.js';

const BIN = fileURLToPath(new URL('../../bin/billing.js', import.meta.url));

function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('token refresh across processes', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({ port: 0 });
  });
  afterAll(() => svc?.stop());

  it('refreshes exactly once for 8 concurrent commands with an expired token', async () => {
    const configDir = tempConfigDir();
    const env = {
      BILLING_CONFIG_DIR: configDir,
      BILLING_PROFILE: 'race',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
    };
    expect(
      (await run(['config', 'set', 'profiles.race.base_url', svc.url], { configDir })).code,
    ).toBe(0);
    expect(
      (await run(['config', 'set', 'profiles.race.storage', 'file'], { configDir })).code,
    ).toBe(0);
    const tokens = await oauthTokens(svc);
    const store = new FileStore(configDir);
    await store.write('race', {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      // Expires within the 60 s refresh margin: every process wants to refresh.
      expires_at: new Date(Date.now() + 10_000).toISOString(),
      scope: tokens.scope,
      token_type: 'Bearer',
      subject: 'alice@acme.test',
      kind: 'oauth',
    });
    const issued = () => svc.store.get<{ n: number }>('SELECT count(*) AS n FROM oauth2_tokens')!.n;
    const before = issued();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => cli(['orders', 'list', '--limit', '1', '--json'], env)),
    );
    for (const r of results) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toHaveLength(1);
    }
    expect(issued() - before).toBe(1);
    const after = (await store.read('race'))!;
    expect(after.access_token).not.toBe(tokens.access_token);
    expect(after.refresh_token).not.toBe(tokens.refresh_token);
    expect(Date.parse(after.expires_at!)).toBeGreaterThan(Date.now() + 3000_000);
    // The old access token died with the rotation.
    const old = await fetch(`${svc.url}/v1/orders/`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(old.status).toBe(401);
  });

  it('refreshes once after a 401 invalid_token and retries the request', async () => {
    const configDir = tempConfigDir();
    const env = { BILLING_CONFIG_DIR: configDir, BILLING_PROFILE: 'rejected' };
    expect(
      (await run(['config', 'set', 'profiles.rejected.base_url', svc.url], { configDir })).code,
    ).toBe(0);
    expect(
      (await run(['config', 'set', 'profiles.rejected.storage', 'file'], { configDir })).code,
    ).toBe(0);
    const tokens = await oauthTokens(svc);
    const store = new FileStore(configDir);
    // Not expired by its clock, yet unknown to the server (e.g. revoked elsewhere).
    await store.write('rejected', {
      access_token: 'polar_at_u_unknownunknownunknownunknownunknown000000',
      refresh_token: tokens.refresh_token,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      token_type: 'Bearer',
      kind: 'oauth',
    });
    const r = await run(['orders', 'list', '--limit', '1', '--json'], { configDir, env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const after = (await store.read('rejected'))!;
    expect(after.access_token).toMatch(/^polar_at_u_/);
    expect(after.access_token).not.toContain('unknown');
    expect(after.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('tells the user to log in again when the refresh token was revoked, exit 4', async () => {
    const configDir = tempConfigDir();
    const env = { BILLING_CONFIG_DIR: configDir, BILLING_PROFILE: 'gone' };
    expect(
      (await run(['config', 'set', 'profiles.gone.base_url', svc.url], { configDir })).code,
    ).toBe(0);
    expect(
      (await run(['config', 'set', 'profiles.gone.storage', 'file'], { configDir })).code,
    ).toBe(0);
    const tokens = await oauthTokens(svc);
    await fetch(`${svc.url}/v1/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: svc.demo!.client_id }),
    });
    await new FileStore(configDir).write('gone', {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: new Date(Date.now() - 1000).toISOString(),
      token_type: 'Bearer',
      kind: 'oauth',
    });
    const r = await run(['orders', 'list', '--limit', '1'], { configDir, env });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'billing: your login is no longer valid (the server refused the refresh token)\nRun `billing login` again, or set BILLING_TOKEN.\n',
    );
  });
});
