// Replaces a JSON file atomically, readable by its owner only: config.json and the token file
// (credentials.json) are both written this way, each under its own lock (lock.ts).
import { chmod, open, rename, unlink } from 'node:fs/promises';

export interface WriteJsonOptions {
  /** JSON.stringify's indent (config.json keeps the tabs it has always had). */
  indent?: string | number;
}

/**
 * Writes `value` to a private temp file beside `path` and renames it over `path`: a reader sees
 * the old file or the new one, never half of one, and the content is never readable by others.
 */
export async function writeJsonAtomic(
  path: string,
  value: unknown,
  { indent = 2 }: WriteJsonOptions = {},
): Promise<void> {
  const temp = `${path}.${process.pid}.${process.getBuiltinModule('node:crypto').randomUUID()}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(value, null, indent)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  // The umask can only have narrowed 0600; this makes it exactly that.
  await chmod(path, 0o600);
}
