import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Credentials } from '../../src/auth/credentials.js';
import type { CredentialBackend, KeychainError } from '../../src/auth/keychain.js';

const dirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'billing-auth-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function creds(token: string, extra: Partial<Credentials> = {}): Credentials {
  return { access_token: token, token_type: 'Bearer', kind: 'oauth', ...extra };
}

/** An in-memory keychain; `failure` makes every call reject as a real one would. */
export class MemoryKeychain implements CredentialBackend {
  readonly entries = new Map<string, Credentials>();
  failure?: KeychainError;
  calls = 0;

  private check(): void {
    this.calls++;
    if (this.failure) throw this.failure;
  }
  async read(profile: string) {
    this.check();
    return this.entries.get(profile) ?? null;
  }
  async write(profile: string, credentials: Credentials) {
    this.check();
    this.entries.set(profile, credentials);
  }
  async delete(profile: string) {
    this.check();
    return this.entries.delete(profile);
  }
}

export async function thrown(fn: () => unknown): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error, but none was thrown');
}
