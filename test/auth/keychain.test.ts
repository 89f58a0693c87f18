// Against a real Secret Service. Run it with:
//   bash scripts/with-secret-service.sh npx vitest run test/auth/keychain.test.ts
// Without one it skips (saying why), except under CI, where it fails.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../src/auth/file-store.js';
import { KEYCHAIN_SERVICE, KeychainStore } from '../../src/auth/keychain.js';
import { TokenStore } from '../../src/auth/token-store.js';
import { creds, tempDir } from './helpers.js';

function missingSecretService(): string | undefined {
  if (process.platform !== 'linux') return `Secret Service tests run on Linux only`;
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return 'DBUS_SESSION_BUS_ADDRESS is not set';
  if (spawnSync('sh', ['-c', 'command -v secret-tool']).status !== 0) {
    return 'secret-tool is not installed (Debian: libsecret-tools)';
  }
  return undefined;
}

const missing = missingSecretService();
if (missing && process.env.CI) {
  it('has a Secret Service (required when CI is set)', () => {
    expect.fail(`${missing}; run under bash scripts/with-secret-service.sh`);
  });
} else if (missing) {
  console.warn(
    `skipping keychain tests: ${missing}; run under bash scripts/with-secret-service.sh`,
  );
}

/** Reads what the Secret Service holds, independently of @napi-rs/keyring. */
function secretTool(...args: string[]) {
  const r = spawnSync('secret-tool', args, { encoding: 'utf8', timeout: 10_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe.skipIf(missing !== undefined)('KeychainStore with a real Secret Service', () => {
  const env = process.env;

  it('stores the token in the Secret Service and nothing in the config directory', async () => {
    const configDir = tempDir();
    const profile = `test-${randomUUID().slice(0, 8)}`;
    const token = `polar_at_u_${randomUUID().replaceAll('-', '')}`;
    const warnings: string[] = [];
    const store = new TokenStore({
      configDir,
      env,
      storage: 'auto',
      warn: (m) => warnings.push(m),
    });
    // A copy from an earlier fallback must go once the keychain works.
    await new FileStore(configDir).write(profile, creds('polar_at_u_stale'));

    const saved = creds(token, {
      refresh_token: 'polar_rt_u_r',
      expires_at: '2030-01-01T00:00:00Z',
    });
    expect(await store.write(profile, saved)).toEqual({ location: 'keychain' });
    expect(warnings).toEqual([]);

    // @napi-rs/keyring stores the attributes `service` and `username`.
    const lookup = secretTool('lookup', 'service', KEYCHAIN_SERVICE, 'username', profile);
    expect(lookup.status).toBe(0);
    expect(JSON.parse(lookup.stdout)).toEqual(saved);
    const search = secretTool('search', '--all', 'service', KEYCHAIN_SERVICE, 'username', profile);
    // secret-tool prints the attributes on stderr.
    expect(search.stderr).toContain(`attribute.service = ${KEYCHAIN_SERVICE}`);
    expect(search.stderr).toContain(`attribute.username = ${profile}`);

    for (const path of filesUnder(configDir)) {
      expect(readFileSync(path, 'utf8'), path).not.toContain(token);
    }
    expect(filesUnder(configDir)).toEqual([]);

    expect(await store.read(profile)).toEqual({ credentials: saved, location: 'keychain' });
    expect(await new KeychainStore({ env }).read(profile)).toEqual(saved);

    expect(await store.delete(profile)).toEqual({ keychain: true, file: false });
    expect(secretTool('lookup', 'service', KEYCHAIN_SERVICE, 'username', profile).stdout).toBe('');
    expect(await store.read(profile)).toBeNull();
  });

  it('keychain mode round-trips a personal access token', async () => {
    const profile = `test-${randomUUID().slice(0, 8)}`;
    const store = new TokenStore({
      configDir: tempDir(),
      env,
      storage: 'keychain',
      warn: () => {},
    });
    const pat = creds('polar_pat_abc', { kind: 'pat', token_type: 'Bearer', scope: 'orders:read' });
    expect(await store.write(profile, pat)).toEqual({ location: 'keychain' });
    expect(await store.read(profile)).toEqual({ credentials: pat, location: 'keychain' });
    expect(await store.delete(profile)).toEqual({ keychain: true, file: false });
    expect(await store.delete(profile)).toEqual({ keychain: false, file: false });
  });
});
