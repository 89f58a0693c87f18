// OS keychain access through @napi-rs/keyring, run in a short-lived child process: keyring calls
// are synchronous native calls that can block for ever (e.g. a Secret Service unlock prompt), and
// neither a worker thread nor the package's AsyncEntry can be stopped once blocked; a child can be
// killed. The child also reads DBUS_SESSION_BUS_ADDRESS from the injected env, not ours.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { type Credentials, checkCredentials } from './credentials.js';

export const KEYCHAIN_SERVICE = 'billing-cli';
export const KEYCHAIN_TIMEOUT_MS = 3000;

export type Env = Readonly<Record<string, string | undefined>>;

/** Where credentials can be kept; both the keychain and the fallback file implement it. */
export interface CredentialBackend {
  read(profile: string): Promise<Credentials | null>;
  write(profile: string, credentials: Credentials): Promise<void>;
  /** Resolves true when something was removed. */
  delete(profile: string): Promise<boolean>;
}

/**
 * unavailable: no keychain service here (nothing can be stored in it);
 * timeout: it did not answer in time (it may be locked and prompting);
 * failed: it answered with an error, or held an unreadable record.
 */
export type KeychainFailure = 'unavailable' | 'timeout' | 'failed';

/**
 * `message` is ours, in plain words, for a person; `detail` is the keyring's own text (a D-Bus
 * error and the like), shown only under --debug.
 */
export class KeychainError extends Error {
  readonly reason: KeychainFailure;
  readonly detail: string | undefined;
  constructor(
    reason: KeychainFailure,
    message: string,
    opts: { cause?: unknown; detail?: string } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'KeychainError';
    this.reason = reason;
    this.detail = opts.detail;
  }
}

/** Why the keychain cannot be opened here, in words a person acts on. */
function unavailableHere(platform = process.platform): string {
  return platform === 'linux'
    ? 'no Secret Service on the session bus'
    : 'the keychain could not be opened';
}

export interface KeychainStoreOptions {
  env: Env;
  timeoutMs?: number;
  /** Node binary that runs the keyring child; defaults to the running one. */
  nodePath?: string;
  service?: string;
}

type Request =
  | { op: 'get'; service: string; account: string }
  | { op: 'set'; service: string; account: string; secret: string }
  | { op: 'delete'; service: string; account: string };

// CommonJS for `node -e`. The store is pinned to the Secret Service on Linux so that a missing
// service is an error instead of a silent write to the kernel keyring, which does not persist.
const CHILD_SCRIPT = `
const { Entry } = require(process.argv[1]);
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  let phase = 'open';
  let reply;
  try {
    const req = JSON.parse(input);
    const entry = new Entry(req.service, req.account, { linux: { store: 'secret-service' } });
    phase = 'call';
    let value = null;
    if (req.op === 'get') value = entry.getPassword();
    else if (req.op === 'set') entry.setPassword(req.secret);
    else value = entry.deleteCredential();
    reply = { ok: true, value };
  } catch (err) {
    reply = { ok: false, phase, message: String((err && err.message) || err) };
  }
  process.stdout.write(JSON.stringify(reply));
});
`;

let keyringEntry: string | undefined;

export class KeychainStore implements CredentialBackend {
  readonly service: string;
  private readonly env: Env;
  private readonly timeoutMs: number;
  private readonly nodePath: string;

  constructor(opts: KeychainStoreOptions) {
    this.env = opts.env;
    this.timeoutMs = opts.timeoutMs ?? KEYCHAIN_TIMEOUT_MS;
    this.nodePath = opts.nodePath ?? process.execPath;
    this.service = opts.service ?? KEYCHAIN_SERVICE;
  }

  async read(profile: string): Promise<Credentials | null> {
    const secret = await this.run({ op: 'get', service: this.service, account: profile });
    if (secret === null) return null;
    let data: unknown;
    try {
      data = JSON.parse(String(secret));
    } catch {
      data = undefined;
    }
    const checked = checkCredentials(data);
    if (typeof checked === 'string') {
      throw new KeychainError('failed', `the keychain entry for "${profile}" is unreadable`);
    }
    return checked;
  }

  async write(profile: string, credentials: Credentials): Promise<void> {
    const secret = JSON.stringify(credentials);
    await this.run({ op: 'set', service: this.service, account: profile, secret });
  }

  async delete(profile: string): Promise<boolean> {
    return (await this.run({ op: 'delete', service: this.service, account: profile })) === true;
  }

  private run(request: Request): Promise<unknown> {
    keyringEntry ??= createRequire(import.meta.url).resolve('@napi-rs/keyring');
    // NODE_OPTIONS could load hooks that write to stdout, which carries the reply.
    const { NODE_OPTIONS: _ignored, ...env } = this.env;
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const child = spawn(this.nodePath, ['-e', CHILD_SCRIPT, keyringEntry!], {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        const seconds = this.timeoutMs / 1000;
        settle(() =>
          reject(new KeychainError('timeout', `the keychain did not answer within ${seconds} s`)),
        );
      }, this.timeoutMs);
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        err += chunk;
      });
      child.on('error', (cause) =>
        settle(() =>
          reject(
            new KeychainError('unavailable', 'the keyring helper could not start', {
              cause,
              detail: `cannot start ${this.nodePath}: ${cause.message}`,
            }),
          ),
        ),
      );
      child.on('close', (code) => {
        const reply = parseReply(out, err, code);
        settle(() => (reply instanceof Error ? reject(reply) : resolve(reply.value)));
      });
      // The child may die before reading its input; its exit is reported by 'close'.
      child.stdin.on('error', () => {});
      child.stdin.end(JSON.stringify(request));
    });
  }
}

function parseReply(out: string, err: string, code: number | null): { value: unknown } | Error {
  let reply: { ok: boolean; value?: unknown; phase?: string; message?: string } | undefined;
  try {
    reply = JSON.parse(out);
  } catch {
    reply = undefined;
  }
  if (reply?.ok) return { value: reply.value };
  if (reply) {
    const detail = firstLine(reply.message ?? 'unknown error');
    return reply.phase === 'open'
      ? new KeychainError('unavailable', unavailableHere(), { detail })
      : new KeychainError('failed', 'the keychain refused the request', { detail });
  }
  const detail = firstLine(err.trim()) || `exit code ${code}`;
  return new KeychainError('unavailable', 'the keyring helper failed', { detail });
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!;
}
