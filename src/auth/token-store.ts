// Where a profile's credentials live: the OS keychain, or credentials.json (0600) when the
// keychain is unusable (`auto`) or when the user chose `file`.

import type { StorageMode } from '../config/schema.js';
import { AuthError } from '../errors.js';
import type { Credentials } from './credentials.js';
import { FileStore } from './file-store.js';
import { type CredentialBackend, type Env, KeychainError, KeychainStore } from './keychain.js';

export type { CredentialKind, Credentials } from './credentials.js';
export { FileStore } from './file-store.js';
export { type CredentialBackend, KeychainError, KeychainStore } from './keychain.js';

export interface TokenStoreOptions {
  configDir: string;
  env: Env;
  storage: StorageMode;
  /** Receives one complete line, without a newline. */
  warn: (message: string) => void;
  /** The --debug sink: the keyring's own error text (a D-Bus error), never shown otherwise. */
  debug?: (line: string) => void;
  /** Replaces the OS keychain; tests inject a failing one. */
  keychain?: CredentialBackend;
  keychainTimeoutMs?: number;
}

export type Location = { location: 'keychain' } | { location: 'file'; path: string };
export type StoredCredentials = { credentials: Credentials } & Location;

/** The customer session `checkout confirm` keeps is stored beside the profile's own login. */
const CUSTOMER_SESSION_SUFFIX = '--customer-session';

/** A customer session as `checkout confirm` received it. */
export interface CustomerSession {
  token: string;
  /** The buyer's email, when the checkout had one. */
  email?: string;
  /** ISO 8601; a customer session lasts an hour (api-facts CUSTOMER_SESSION_SECONDS). */
  expiresAt: string;
}

const SWITCH_HINT = 'Or store tokens in a 0600 file: billing config set storage file';
const QUIET_HINT = 'to keep it there without this warning: billing config set storage file';

export class TokenStore {
  readonly storage: StorageMode;
  readonly file: FileStore;
  private readonly keychain: CredentialBackend;
  private readonly warn: (message: string) => void;
  private readonly debug: ((line: string) => void) | undefined;

  constructor(opts: TokenStoreOptions) {
    this.storage = opts.storage;
    this.warn = opts.warn;
    this.debug = opts.debug;
    this.file = new FileStore(opts.configDir);
    this.keychain =
      opts.keychain ?? new KeychainStore({ env: opts.env, timeoutMs: opts.keychainTimeoutMs });
  }

  async read(profile: string): Promise<StoredCredentials | null> {
    if (this.storage === 'file') return this.readFile(profile);
    let failure: unknown;
    try {
      const credentials = await this.keychain.read(profile);
      if (credentials) return { credentials, location: 'keychain' };
    } catch (err) {
      this.trace('read', err);
      if (this.storage === 'keychain') throw keychainUnusable('read credentials from', err);
      failure = err;
    }
    if (this.storage === 'keychain') return null;
    // auto: an earlier fallback write, or a keychain we cannot read right now.
    const fromFile = await this.readFile(profile);
    if (fromFile) return fromFile;
    // A keychain that is merely absent holds nothing; a locked or failing one may hold the token,
    // and calling that "logged out" would send the user to log in again for nothing.
    if (failure && !(failure instanceof KeychainError && failure.reason === 'unavailable')) {
      throw keychainUnusable('read credentials from', failure);
    }
    return null;
  }

  async write(profile: string, credentials: Credentials): Promise<Location> {
    if (this.storage === 'file') {
      await this.file.write(profile, credentials);
      return { location: 'file', path: this.file.path };
    }
    try {
      await this.keychain.write(profile, credentials);
    } catch (err) {
      this.trace('write', err);
      if (this.storage === 'keychain') throw keychainUnusable('store credentials in', err);
      await this.file.write(profile, credentials);
      this.warn(
        `! No usable keychain (${describe(err)}); token stored in ${this.file.path} (mode 0600); ${QUIET_HINT}`,
      );
      return { location: 'file', path: this.file.path };
    }
    // A copy left by an earlier fallback would outlive this login.
    await this.file.delete(profile);
    return { location: 'keychain' };
  }

  /** Removes the profile's credentials from every store; reports where some were found. */
  async delete(profile: string): Promise<{ keychain: boolean; file: boolean }> {
    const file = await this.file.delete(profile);
    let keychain = false;
    try {
      keychain = await this.keychain.delete(profile);
    } catch (err) {
      this.trace('delete', err);
      if (this.storage === 'keychain') throw keychainUnusable('remove credentials from', err);
      const absent = err instanceof KeychainError && err.reason === 'unavailable';
      if (this.storage === 'auto' && !absent) {
        this.warn(`! Could not remove the token from the keychain (${describe(err)})`);
      }
    }
    return { keychain, file };
  }

  /** The customer session kept for `profile` (expired or not), or null. */
  readCustomerSession(profile: string): Promise<StoredCredentials | null> {
    return this.read(profile + CUSTOMER_SESSION_SUFFIX);
  }

  writeCustomerSession(profile: string, session: CustomerSession): Promise<Location> {
    return this.write(profile + CUSTOMER_SESSION_SUFFIX, {
      access_token: session.token,
      token_type: 'Bearer',
      kind: 'pat',
      subject: session.email ?? '',
      expires_at: session.expiresAt,
    });
  }

  deleteCustomerSession(profile: string): Promise<{ keychain: boolean; file: boolean }> {
    return this.delete(profile + CUSTOMER_SESSION_SUFFIX);
  }

  /** The keyring's own words for a failure, under --debug only. */
  private trace(op: string, err: unknown): void {
    if (!this.debug) return;
    const detail = err instanceof KeychainError ? err.detail : undefined;
    this.debug(`keychain ${op}: ${describe(err)}${detail ? ` (${detail})` : ''}`);
  }

  private async readFile(profile: string): Promise<StoredCredentials | null> {
    const credentials = await this.file.read(profile);
    return credentials ? { credentials, location: 'file', path: this.file.path } : null;
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function keychainUnusable(action: string, err: unknown): AuthError {
  return new AuthError(`Could not ${action} the keychain: ${describe(err)}`, {
    hint:
      err instanceof KeychainError && err.reason === 'timeout'
        ? `The keychain may be locked: unlock it and try again. ${SWITCH_HINT}`
        : SWITCH_HINT,
    cause: err,
  });
}
