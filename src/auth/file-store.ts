// The plaintext fallback: credentials.json in the config directory, mode 0600, replaced
// atomically (writeJsonAtomic, as config.json), and edited under a lock so two processes never
// drop each other's profiles.
import { chmod, mkdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJsonAtomic } from '../config/json-file.js';
import { withLock } from '../config/lock.js';
import { AuthError } from '../errors.js';
import { type Credentials, checkCredentials } from './credentials.js';
import type { CredentialBackend } from './keychain.js';

export const CREDENTIALS_FILE = 'credentials.json';

type CredentialsFile = { profiles: Record<string, unknown> };

export class FileStore implements CredentialBackend {
  readonly path: string;
  private readonly configDir: string;

  constructor(configDir: string) {
    this.configDir = configDir;
    this.path = join(configDir, CREDENTIALS_FILE);
  }

  async read(profile: string): Promise<Credentials | null> {
    const data = await this.load();
    if (!Object.hasOwn(data.profiles, profile)) return null;
    const checked = checkCredentials(data.profiles[profile]);
    if (typeof checked === 'string') {
      throw new AuthError(
        `Stored credentials for profile "${profile}" are unreadable: ${checked}`,
        {
          hint: `Log in again, or remove them from ${this.path}.`,
        },
      );
    }
    return checked;
  }

  async write(profile: string, credentials: Credentials): Promise<void> {
    await this.edit((data) => {
      data.profiles[profile] = credentials;
      return true;
    });
  }

  async delete(profile: string): Promise<boolean> {
    return this.edit(
      (data) => Object.hasOwn(data.profiles, profile) && delete data.profiles[profile],
    );
  }

  private async edit(change: (data: CredentialsFile) => boolean): Promise<boolean> {
    await mkdir(this.configDir, { recursive: true, mode: 0o700 });
    return withLock(
      `${this.path}.lock`,
      async () => {
        const data = await this.load();
        if (!change(data)) return false;
        if (Object.keys(data.profiles).length === 0) await unlink(this.path).catch(ignoreMissing);
        else await writeJsonAtomic(this.path, data);
        return true;
      },
      { timeoutMs: 5000, staleMs: 10_000 },
    );
  }

  private async load(): Promise<CredentialsFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
      throw err;
    }
    // A copy made by hand or by an older version may be readable by others.
    if (((await stat(this.path)).mode & 0o077) !== 0) await chmod(this.path, 0o600);
    try {
      const data = JSON.parse(text);
      if (typeof data?.profiles === 'object' && data.profiles !== null) return data;
    } catch {
      // reported below
    }
    throw new AuthError(`${this.path} is not a valid credentials file`, {
      hint: `Delete ${this.path} and log in again.`,
    });
  }
}

function ignoreMissing(err: NodeJS.ErrnoException): void {
  if (err.code !== 'ENOENT') throw err;
}
