// writeJsonAtomic: the one way config.json and credentials.json are written.
import { linkSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeJsonAtomic } from '../../src/config/json-file.js';
import { tempDir, thrown } from './helpers.js';

describe('writeJsonAtomic', () => {
  it('writes the JSON with its indent and a final newline, mode 0600', async () => {
    const path = join(tempDir(), 'config.json');
    await writeJsonAtomic(path, { profiles: { a: { storage: 'file' } } }, { indent: '\t' });
    expect(readFileSync(path, 'utf8')).toBe(
      '{\n\t"profiles": {\n\t\t"a": {\n\t\t\t"storage": "file"\n\t\t}\n\t}\n}\n',
    );
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await writeJsonAtomic(path, { x: 1 });
    expect(readFileSync(path, 'utf8')).toBe('{\n  "x": 1\n}\n');
  });

  it('replaces a readable file by a new private one, leaving no temp file', async () => {
    const dir = tempDir();
    const path = join(dir, 'credentials.json');
    writeFileSync(path, '{"old":true}', { mode: 0o644 });
    // A hard link keeps the old inode: an in-place write would change what it reads too.
    linkSync(path, join(dir, 'old-link'));
    await writeJsonAtomic(path, { new: true });
    expect(readFileSync(join(dir, 'old-link'), 'utf8')).toBe('{"old":true}');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ new: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['credentials.json', 'old-link']);
  });

  it('a value that cannot be written leaves the old file whole and no temp file', async () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    await writeJsonAtomic(path, { kept: 1 });
    const err = await thrown(() => writeJsonAtomic(path, { n: 1n }));
    expect(err).toBeInstanceOf(TypeError);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ kept: 1 });
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('a rename that fails removes its temp file', async () => {
    const dir = tempDir();
    // A directory in the way: rename(2) of a file over it fails (EISDIR).
    const path = join(dir, 'taken');
    mkdirSync(path);
    const err = await thrown(() => writeJsonAtomic(path, { a: 1 }));
    expect((err as NodeJS.ErrnoException).code).toBe('EISDIR');
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(path)).toEqual([]);
  });
});
