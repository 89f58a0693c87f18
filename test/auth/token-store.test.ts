import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../src/auth/file-store.js';
import { KeychainError, KeychainStore } from '../../src/auth/keychain.js';
import { TokenStore } from '../../src/auth/token-store.js';
import { AuthError } from '../../src/errors.js';
import { withExit } from '../helpers/exit.js';
import { creds, MemoryKeychain, tempDir, thrown } from './helpers.js';

const SWITCH_HINT = 'Or store tokens in a 0600 file: billing config set storage file';
const QUIET = 'to keep it there without this warning: billing config set storage file';

/**
 * The real keyring in a child whose D-Bus session address leads nowhere: `reason` in plain words
 * for people (issue 24), `detail` the keyring's own, for --debug only.
 */
function noDbus(dir: string) {
  const socket = join(dir, 'no-bus');
  const env = { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` };
  const reason = 'no Secret Service on the session bus';
  const detail =
    `Platform failure: DBus error: Failed to connect to socket ${socket}: ` +
    'No such file or directory';
  return { env, reason, detail };
}

function setup(storage: 'auto' | 'keychain' | 'file', keychain = new MemoryKeychain()) {
  const configDir = tempDir();
  const warnings: string[] = [];
  const store = new TokenStore({
    configDir,
    env: {},
    storage,
    warn: (m) => warnings.push(m),
    keychain,
  });
  return { configDir, warnings, store, keychain, file: new FileStore(configDir) };
}

describe('TokenStore without a usable keychain (real keyring, no D-Bus)', () => {
  it('auto: falls back to the 0600 file with exactly one warning, the D-Bus text only under --debug', async () => {
    const configDir = tempDir();
    const { env, reason, detail } = noDbus(configDir);
    const warnings: string[] = [];
    const debug: string[] = [];
    const store = new TokenStore({
      configDir,
      env,
      storage: 'auto',
      warn: (m) => warnings.push(m),
      debug: (m) => debug.push(m),
    });
    const path = join(configDir, 'credentials.json');
    expect(await store.write('local', creds('polar_at_u_fallback'))).toEqual({
      location: 'file',
      path,
    });
    expect(warnings).toEqual([
      `! No usable keychain (${reason}); token stored in ${path} (mode 0600); ${QUIET}`,
    ]);
    expect(debug).toEqual([`keychain write: ${reason} (${detail})`]);
    expect(await store.read('local')).toEqual({
      credentials: creds('polar_at_u_fallback'),
      location: 'file',
      path,
    });
    expect(await store.delete('local')).toEqual({ keychain: false, file: true });
    expect(await store.read('local')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings.join('\n')).not.toContain('DBus');
  });

  it('keychain: fails with an AuthError and writes no file', async () => {
    const configDir = tempDir();
    const { env, reason } = noDbus(configDir);
    const store = new TokenStore({ configDir, env, storage: 'keychain', warn: () => {} });
    const err = await thrown(() => store.write('local', creds('polar_at_u_x')));
    expect(err).toBeInstanceOf(AuthError);
    expect(withExit(err)).toMatchObject({
      message: `Could not store credentials in the keychain: ${reason}`,
      hint: SWITCH_HINT,
      exitCode: 4,
    });
    expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
    const readErr = await thrown(() => store.read('local'));
    expect(readErr.message).toBe(`Could not read credentials from the keychain: ${reason}`);
  });
});

describe('KeychainStore child process', () => {
  it('turns a keychain that never answers into a timeout error', async () => {
    const dir = tempDir();
    const socket = join(dir, 'silent-bus');
    // Accepts the D-Bus connection and never replies, like a service stuck on a prompt.
    const server = net.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const env = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` };
      const store = new KeychainStore({ env, timeoutMs: 500 });
      // The server never answers: only the 0.5 s timeout, named in the message, ends the read.
      const err = await thrown(() => store.read('local'));
      expect(err).toBeInstanceOf(KeychainError);
      expect(err).toMatchObject({
        reason: 'timeout',
        message: 'the keychain did not answer within 0.5 s',
      });
    } finally {
      server.close();
      if (existsSync(socket)) unlinkSync(socket);
    }
  });

  it('reports a helper that cannot start as unavailable', async () => {
    const store = new KeychainStore({ env: {}, nodePath: '/nonexistent/node' });
    const err = await thrown(() => store.read('local'));
    expect(err).toMatchObject({
      reason: 'unavailable',
      message: 'the keyring helper could not start',
      detail: expect.stringMatching(/^cannot start \/nonexistent\/node: spawn .*ENOENT/),
    });
  });
});

describe('TokenStore with an injected keychain', () => {
  it('auto: writes to the keychain and removes a stale file copy, without warnings', async () => {
    const { store, keychain, file, warnings } = setup('auto');
    await file.write('local', creds('polar_at_u_stale'));
    expect(await store.write('local', creds('polar_at_u_new'))).toEqual({ location: 'keychain' });
    expect(keychain.entries.get('local')).toEqual(creds('polar_at_u_new'));
    expect(existsSync(file.path)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('auto: read prefers the keychain over a file copy', async () => {
    const { store, keychain, file } = setup('auto');
    keychain.entries.set('local', creds('polar_at_u_keychain'));
    await file.write('local', creds('polar_at_u_file'));
    expect(await store.read('local')).toEqual({
      credentials: creds('polar_at_u_keychain'),
      location: 'keychain',
    });
  });

  it('auto: a keychain that fails or is empty does not hide the file copy', async () => {
    const { store, keychain, file } = setup('auto');
    await file.write('local', creds('polar_at_u_file'));
    const expected = { credentials: creds('polar_at_u_file'), location: 'file', path: file.path };
    expect(await store.read('local')).toEqual(expected);
    keychain.failure = new KeychainError('timeout', 'the keychain did not answer within 3 s');
    expect(await store.read('local')).toEqual(expected);
    keychain.failure = new KeychainError('unavailable', 'no bus');
    expect(await store.read('local')).toEqual(expected);
  });

  it('auto: a locked keychain with no file copy is an error, an absent one means logged out', async () => {
    const { store, keychain } = setup('auto');
    keychain.failure = new KeychainError('timeout', 'the keychain did not answer within 3 s');
    const err = await thrown(() => store.read('local'));
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({
      message:
        'Could not read credentials from the keychain: the keychain did not answer within 3 s',
      hint: `The keychain may be locked: unlock it and try again. ${SWITCH_HINT}`,
    });
    keychain.failure = new KeychainError('unavailable', 'no bus');
    expect(await store.read('local')).toBeNull();
  });

  it('auto: falls back to the file when the keychain write fails', async () => {
    const { store, keychain, file, warnings } = setup('auto');
    keychain.failure = new KeychainError('failed', 'prompt dismissed');
    expect(await store.write('local', creds('polar_pat_abc', { kind: 'pat' }))).toEqual({
      location: 'file',
      path: file.path,
    });
    expect(warnings).toEqual([
      `! No usable keychain (prompt dismissed); token stored in ${file.path} (mode 0600); ${QUIET}`,
    ]);
    expect(JSON.parse(readFileSync(file.path, 'utf8')).profiles.local.access_token).toBe(
      'polar_pat_abc',
    );
  });

  it('keychain: reads and writes only the keychain', async () => {
    const { store, keychain, file } = setup('keychain');
    await file.write('local', creds('polar_at_u_file'));
    expect(await store.read('local')).toBeNull();
    await store.write('local', creds('polar_at_u_kc'));
    expect(await store.read('local')).toEqual({
      credentials: creds('polar_at_u_kc'),
      location: 'keychain',
    });
    expect(existsSync(file.path)).toBe(false);
    // read, write, read: the file is only cleaned up, never consulted.
    expect(keychain.calls).toBe(3);
  });

  it('file: never touches the keychain for read and write', async () => {
    const { store, keychain, file } = setup('file');
    expect(await store.write('local', creds('polar_at_u_f'))).toEqual({
      location: 'file',
      path: file.path,
    });
    expect(await store.read('local')).toEqual({
      credentials: creds('polar_at_u_f'),
      location: 'file',
      path: file.path,
    });
    expect(keychain.calls).toBe(0);
  });

  it('delete removes the credentials from both stores', async () => {
    const { store, keychain, file } = setup('auto');
    keychain.entries.set('local', creds('polar_at_u_kc'));
    keychain.entries.set('other', creds('polar_at_u_other'));
    await file.write('local', creds('polar_at_u_file'));
    expect(await store.delete('local')).toEqual({ keychain: true, file: true });
    expect([...keychain.entries.keys()]).toEqual(['other']);
    expect(existsSync(file.path)).toBe(false);
    expect(await store.read('local')).toBeNull();
    expect(await store.delete('local')).toEqual({ keychain: false, file: false });
  });

  it('delete warns about a keychain it cannot reach in auto mode, and fails in keychain mode', async () => {
    const auto = setup('auto');
    await auto.file.write('local', creds('polar_at_u_file'));
    auto.keychain.failure = new KeychainError('timeout', 'the keychain did not answer within 3 s');
    expect(await auto.store.delete('local')).toEqual({ keychain: false, file: true });
    expect(auto.warnings).toEqual([
      '! Could not remove the token from the keychain (the keychain did not answer within 3 s)',
    ]);
    const strict = setup('keychain');
    strict.keychain.failure = new KeychainError('failed', 'locked');
    const err = await thrown(() => strict.store.delete('local'));
    expect(err.message).toBe('Could not remove credentials from the keychain: locked');
  });
});
