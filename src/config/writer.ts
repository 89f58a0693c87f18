// The only writer of config.json: conf writes it atomically with mode 0600, and each
// read-modify-write holds config.lock, so two `config set` at once both land. Imported lazily
// by keys.ts because conf (with ajv) is slow to load.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { BillingError } from '../errors.js';
import { brokenConfig, CONFIG_FILE, configPath, parseConfigText } from './file.js';
import { withLock } from './lock.js';
import type { ConfigFile } from './schema.js';

export async function updateConfigFile(
  configDir: string,
  mutate: (data: ConfigFile) => void,
): Promise<void> {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  // A write takes milliseconds: the lock's defaults (10 s to wait, 30 s to go stale) are ample.
  await withLock(join(configDir, 'config.lock'), () => rewrite(configDir, mutate));
}

function rewrite(configDir: string, mutate: (data: ConfigFile) => void): void {
  const path = configPath(configDir);
  let conf: Conf<ConfigFile>;
  let data: ConfigFile;
  try {
    conf = new Conf<ConfigFile>({
      cwd: configDir,
      configName: CONFIG_FILE.replace(/\.json$/, ''),
      configFileMode: 0o600,
      // Profile names are keys; we edit whole objects, never dotted paths.
      accessPropertiesByDotNotation: false,
    });
    data = structuredClone(conf.store);
  } catch (err) {
    if (err instanceof SyntaxError) throw brokenConfig(path, 'is not valid JSON', err);
    throw new BillingError(`Cannot read ${path}: ${(err as Error).message}`, { cause: err });
  }
  // Reuse the reader's shape check so a hand-broken file is reported the same way.
  parseConfigText(JSON.stringify(data), path);
  mutate(data);
  conf.store = data;
  // conf's atomic write creates a fresh 0600 file, but its non-atomic fallbacks do not.
  chmodSync(path, 0o600);
}
