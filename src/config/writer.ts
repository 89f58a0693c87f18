// The only writer of config.json: each read-modify-write holds config.lock, so two `config set`
// at once both land, and the file is replaced atomically with mode 0600.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { configPath, readConfigFile } from './file.js';
import { writeJsonAtomic } from './json-file.js';
import { withLock } from './lock.js';
import type { ConfigFile } from './schema.js';

export async function updateConfigFile(
  configDir: string,
  mutate: (data: ConfigFile) => void,
): Promise<void> {
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  // A write takes milliseconds: the lock's defaults (10 s to wait, 30 s to go stale) are ample.
  await withLock(join(configDir, 'config.lock'), async () => {
    const data = readConfigFile(configDir);
    mutate(data);
    await writeJsonAtomic(configPath(configDir), data, { indent: '\t' });
  });
}
