import { chmodSync, linkSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../src/auth/file-store.js';
import { AuthError } from '../../src/errors.js';
import { withExit } from '../helpers/exit.js';
import { creds, tempDir, thrown } from './helpers.js';

describe('FileStore', () => {
  it('writes credentials.json with mode 0600 in a 0700 directory', async () => {
    const dir = join(tempDir(), 'billing');
    const store = new FileStore(dir);
    await store.write('local', creds('polar_at_u_one', { refresh_token: 'polar_rt_u_one' }));
    expect(store.path).toBe(join(dir, 'credentials.json'));
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      profiles: {
        local: {
          access_token: 'polar_at_u_one',
          refresh_token: 'polar_rt_u_one',
          token_type: 'Bearer',
          kind: 'oauth',
        },
      },
    });
    expect(await store.read('local')).toEqual(
      creds('polar_at_u_one', { refresh_token: 'polar_rt_u_one' }),
    );
    expect(await store.read('other')).toBeNull();
  });

  it('replaces the file by rename instead of rewriting it in place', async () => {
    const dir = tempDir();
    const store = new FileStore(dir);
    await store.write('local', creds('polar_at_u_old'));
    const before = statSync(store.path).ino;
    // A hard link keeps pointing at the old inode: an in-place write would change it too.
    linkSync(store.path, join(dir, 'old-link'));
    await store.write('local', creds('polar_at_u_new'));
    expect(statSync(store.path).ino).not.toBe(before);
    expect(readFileSync(join(dir, 'old-link'), 'utf8')).toContain('polar_at_u_old');
    expect((await store.read('local'))?.access_token).toBe('polar_at_u_new');
    expect(readdirSync(dir).sort()).toEqual(['credentials.json', 'old-link']);
  });

  it('keeps every profile under concurrent writes, and readers never see half a file', async () => {
    const store = new FileStore(tempDir());
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const readers = Array.from({ length: 30 }, () => store.read('p0').catch((e: Error) => e));
    await Promise.all([...names.map((n) => store.write(n, creds(`polar_at_u_${n}`))), ...readers]);
    for (const result of await Promise.all(readers)) expect(result).not.toBeInstanceOf(Error);
    for (const n of names) expect((await store.read(n))?.access_token).toBe(`polar_at_u_${n}`);
  });

  it('tightens an existing readable file to 0600', async () => {
    const dir = tempDir();
    const path = join(dir, 'credentials.json');
    writeFileSync(path, JSON.stringify({ profiles: { local: creds('polar_pat_x') } }));
    chmodSync(path, 0o644);
    expect((await new FileStore(dir).read('local'))?.access_token).toBe('polar_pat_x');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('deletes a profile, and the file with the last one', async () => {
    const store = new FileStore(tempDir());
    await store.write('a', creds('polar_at_u_a'));
    await store.write('b', creds('polar_at_u_b'));
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.read('b')).toEqual(creds('polar_at_u_b'));
    expect(await store.delete('b')).toBe(true);
    expect(() => statSync(store.path)).toThrow(/ENOENT/);
  });

  it('reports unreadable records and files as AuthError', async () => {
    const dir = tempDir();
    const store = new FileStore(dir);
    writeFileSync(store.path, JSON.stringify({ profiles: { local: { access_token: 'x' } } }));
    const bad = await thrown(() => store.read('local'));
    expect(bad).toBeInstanceOf(AuthError);
    expect(bad.message).toBe(
      'Stored credentials for profile "local" are unreadable: token_type is missing',
    );
    writeFileSync(store.path, 'not json');
    const broken = await thrown(() => store.read('local'));
    expect(withExit(broken)).toMatchObject({
      message: `${store.path} is not a valid credentials file`,
      exitCode: 4,
    });
  });
});
