// One Context per run (gh's cmdutil.Factory): what the process injects — streams, environment,
// clock, browser, Ctrl+C, and for tests where connections go — and what a command needs built
// from it once and lazily: settings, token store, credentials, the HTTP transport, API clients,
// the printer.
// Heavy modules are imported on first use only (start-up budget, bench/RESULTS.md).
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient, ApiClientOptions, RetryNotice } from '../api/client.js';
import type { Connect, Transport } from '../api/transport.js';
import type { Net } from '../auth/oauth.js';
import type { TokenStore } from '../auth/token-store.js';
import type { Settings } from '../config/resolve.js';
import { UsageError } from '../errors.js';
import type { ApiVersionSetting } from '../shared/api-versions.js';
import type { Audience, Credentials } from './credentials.js';
import type { Column, Printer } from './io/index.js';
import type { Pager } from './io/pager.js';
import { safeText } from './io/safe.js';
import type { IO } from './io/streams.js';
import { VERSION } from './version.js';

/** What the process (or a test) injects; nothing below reads process.* or the home directory. */
export interface Environment {
  io: IO;
  env: Readonly<Record<string, string | undefined>>;
  /** Directory that holds config.json, the token fallback file and locks. */
  configDir: string;
  now(): Date;
  /** Opens a URL in the user's browser; injected so tests can follow it themselves. */
  openBrowser(url: string): Promise<void>;
  /** Aborts when the user interrupts (SIGINT); commands may race long waits against it. */
  signal: AbortSignal;
  /** Runs a pager on the terminal (absent: output is never paged, as in tests). */
  startPager?(command: string): Promise<Pager>;
  /**
   * Opens every connection the run makes (API, OAuth, event stream, forwarded deliveries):
   * tests route hosts to their loopback servers. Absent: a TCP connect to the host.
   */
  connect?: Connect;
}

/** The global flags (program.ts), as commander parsed them. */
export interface GlobalOptions {
  profile?: string;
  /** Overrides the profile's api_version. */
  apiVersion?: ApiVersionSetting;
  debug?: boolean;
  /** false with --no-pager. */
  pager?: boolean;
  /** Seconds; override the profile's connect_timeout / request_timeout. */
  connectTimeout?: string;
  requestTimeout?: string;
}

export interface OutputOptions {
  json?: boolean;
  output?: string;
  fields?: string;
}

/** A server clock this far from this machine's is the one times are shown against. */
const CLOCK_SKEW_SHOWN_MS = 60_000;

export function defaultConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.BILLING_CONFIG_DIR) return env.BILLING_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'billing');
}

function seconds(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 3600) {
    throw new UsageError(
      `${flag}: must be a number of seconds above 0 and at most 3600, got "${value}"`,
    );
  }
  return n;
}

export class Context implements Environment {
  /** Set by the root command before any action runs (program.ts). */
  globals: GlobalOptions = {};
  readonly io: IO;
  readonly env: Environment['env'];
  readonly configDir: string;
  readonly signal: AbortSignal;
  readonly startPager?: (command: string) => Promise<Pager>;
  private settingsValue?: Settings;
  private clockNoted = false;
  private storeValue?: TokenStore;
  /** A keychain warning was printed: one per command is enough. */
  private keychainWarned = false;
  private credentialsValue?: Promise<Credentials>;
  private transportValue?: Promise<Transport>;
  private readonly clients = new Map<Audience, Promise<ApiClient>>();
  private readonly others: ApiClient[] = [];

  constructor(private readonly environment: Environment) {
    this.io = environment.io;
    this.env = environment.env;
    this.configDir = environment.configDir;
    this.signal = environment.signal;
    if (environment.startPager) this.startPager = (c) => environment.startPager!(c);
  }

  now(): Date {
    return this.environment.now();
  }

  /**
   * What relative times ("3 days ago") are relative to: the service's now, as the Date of its
   * last answer says, when that is more than a minute away from this machine's (the local
   * service's test clock, moved by `billing clock`); said once on a terminal's stderr.
   */
  displayNow(relativeTime: (value: string, now: Date) => string): Date {
    const skew = this.others.findLast((c) => c.clockSkewMs !== undefined)?.clockSkewMs;
    if (skew === undefined || Math.abs(skew) < CLOCK_SKEW_SHOWN_MS) return this.now();
    const server = new Date(this.now().getTime() + skew);
    if (!this.clockNoted && this.io.stderr.isTTY) {
      this.clockNoted = true;
      // "in 1 year" / "1 year ago" of the server's now seen from here: how far it is. The Date
      // header counts whole seconds: to the minute, a year ahead is not "12 months".
      const rounded = new Date(this.now().getTime() + Math.round(skew / 60_000) * 60_000);
      const away = relativeTime(rounded.toISOString(), this.now()).replace(/^in | ago$/g, '');
      this.io.stderr.write(
        `Note: the service's clock is ${away} ${skew > 0 ? 'ahead of' : 'behind'} this ` +
          `machine's (${server.toISOString().slice(0, 16).replace('T', ' ')} UTC); times are ` +
          'relative to it.\n',
      );
    }
    return server;
  }

  openBrowser(url: string): Promise<void> {
    return this.environment.openBrowser(url);
  }

  get debug(): boolean {
    return Boolean(this.globals.debug) || this.env.BILLING_DEBUG === '1';
  }

  /** The --debug sink (stderr), or undefined without --debug. */
  get trace(): ((line: string) => void) | undefined {
    return this.debug ? (line) => this.io.stderr.write(`${line}\n`) : undefined;
  }

  /**
   * The run's one HTTP transport: every request of every client, OAuth's, the event stream and
   * forwarded deliveries share it and its connections; closed by close().
   */
  transport(): Promise<Transport> {
    this.transportValue ??= import('../api/transport.js').then(
      ({ Transport }) => new Transport({ env: this.env, connect: this.environment.connect }),
    );
    return this.transportValue;
  }

  /** Transport, timeouts, Ctrl+C and --debug trace for requests outside the API client (OAuth). */
  async net(): Promise<Net & { signal: AbortSignal }> {
    const settings = await this.settings();
    return {
      transport: await this.transport(),
      signal: this.signal,
      debug: this.trace,
      connectTimeoutMs: this.connectTimeoutMs(settings),
      requestTimeoutMs: this.requestTimeoutMs(settings),
      ...(this.globals.apiVersion ? { apiVersion: this.globals.apiVersion } : {}),
    };
  }

  async settings(): Promise<Settings> {
    if (!this.settingsValue) {
      const { resolveSettings } = await import('../config/resolve.js');
      this.settingsValue = resolveSettings({
        configDir: this.configDir,
        env: this.env,
        profileFlag: this.globals.profile,
      });
    }
    return this.settingsValue;
  }

  /** The token store of the profile's storage setting, or of `storage` when given (login --storage). */
  async tokenStore(storage?: Settings['storage']): Promise<TokenStore> {
    if (!this.storeValue || (storage && storage !== this.storeValue.storage)) {
      const settings = await this.settings();
      const { TokenStore } = await import('../auth/token-store.js');
      this.storeValue = new TokenStore({
        configDir: this.configDir,
        env: this.env,
        storage: storage ?? settings.storage,
        // One keychain warning per command, however many stores it writes.
        warn: (line) => {
          if (this.keychainWarned) return;
          this.keychainWarned = true;
          this.io.stderr.write(`${line}\n`);
        },
        debug: this.trace,
      });
    }
    return this.storeValue;
  }

  /** Which tokens a command uses, where they come from, and the local service's demo. */
  credentials(): Promise<Credentials> {
    this.credentialsValue ??= import('./credentials.js').then(({ Credentials }) => {
      return new Credentials(this);
    });
    return this.credentialsValue;
  }

  /** The API client of `audience`, one per run: its token, timeouts, retries and trace. */
  api(audience: Audience): Promise<ApiClient> {
    let client = this.clients.get(audience);
    if (!client) {
      client = (async () => {
        const credentials = await this.credentials();
        return this.client({
          token: credentials.tokenSource(audience),
          onRejected: () => credentials.rejected(audience),
          onUnauthorized: credentials.refresher(audience),
        });
      })();
      this.clients.set(audience, client);
    }
    return client;
  }

  /**
   * A client with the run's settings for a token of the command's own (login --with-token) or
   * none; `overrides` replace the profile's timeouts and retries (the demo lookup).
   */
  async client(overrides: Partial<ApiClientOptions> = {}): Promise<ApiClient> {
    const settings = await this.settings();
    const { ApiClient } = await import('../api/client.js');
    const apiVersion = this.apiVersion(settings);
    const client = new ApiClient({
      baseUrl: settings.base_url,
      transport: await this.transport(),
      version: VERSION,
      ...(apiVersion ? { apiVersion } : {}),
      connectTimeoutMs: this.connectTimeoutMs(settings),
      requestTimeoutMs: this.requestTimeoutMs(settings),
      maxResponseBytes: Math.round(settings.max_response_mb * 1024 * 1024),
      onRetry: this.io.stderr.isTTY ? (retry) => this.sayRetry(retry) : undefined,
      // The run's clock: an answer's Date is compared with it (displayNow), Retry-After too.
      now: () => this.now().getTime(),
      debug: this.trace,
      signal: this.signal,
      ...overrides,
    });
    this.others.push(client);
    return client;
  }

  /** The connect timeout in use: --connect-timeout, else the profile's connect_timeout. */
  connectTimeoutMs(settings: Settings): number {
    return (
      seconds('--connect-timeout', this.globals.connectTimeout, settings.connect_timeout) * 1000
    );
  }

  /** The request timeout in use: --request-timeout, else the profile's request_timeout. */
  requestTimeoutMs(settings: Settings): number {
    return (
      seconds('--request-timeout', this.globals.requestTimeout, settings.request_timeout) * 1000
    );
  }

  /** The version asked for: --api-version, else the profile's; undefined for none. */
  apiVersion(settings: Settings) {
    const chosen = this.globals.apiVersion ?? settings.api_version;
    return chosen === 'none' ? undefined : chosen;
  }

  /** One line per wait, on a terminal: `503 Service Unavailable, retrying in 3 s…`. */
  private sayRetry(retry: RetryNotice): void {
    const s = retry.waitMs / 1000;
    const wait = s >= 1 ? `${Math.ceil(s)} s` : `${s.toFixed(1)} s`;
    // \r\x1b[K: over a progress line, if one is showing.
    this.io.stderr.write(
      `\r\x1b[K${safeText(retry.reason)}, retrying in ${wait}… (attempt ${retry.attempt} of ${retry.of})\n`,
    );
  }

  /** The printer of --json / -o / --fields; through the pager on a terminal unless --no-pager. */
  async printer(opts: OutputOptions, columns: Column[]): Promise<Printer> {
    const { createPrinter, resolveFormat, relativeTime } = await import('./io/index.js');
    const format = resolveFormat({
      json: opts.json,
      output: opts.output,
      isTTY: this.io.stdout.isTTY,
    });
    const make = (io: IO) =>
      createPrinter({
        io,
        format,
        fields: opts.fields,
        columns,
        now: () => this.displayNow(relativeTime),
      });
    const pageable = this.startPager && this.io.stdout.isTTY && this.globals.pager !== false;
    const command = pageable
      ? (await import('./io/pager.js')).pagerCommand(this, false)
      : undefined;
    if (!command) return make(this.io);
    // Each print runs its own pager to its end, so what is said after it (✓ lines, notes)
    // comes after it; the printer's own notes wait for the pager too.
    const paged = async (print: (p: Printer) => Promise<void>) => {
      const pager = await this.startPager!(command);
      const notes: string[] = [];
      const stderr = { ...this.io.stderr, write: (chunk: string) => notes.push(chunk) > 0 };
      try {
        await print(make({ ...this.io, stdout: pager.stdout, stderr }));
      } finally {
        await pager.finish();
        for (const note of notes) this.io.stderr.write(note);
      }
    };
    return {
      printList: (items, o) => paged((p) => p.printList(items, o)),
      printOne: (obj, rows) => paged((p) => p.printOne(obj, rows)),
    };
  }

  /** Closes every connection of this run, so the process can exit. */
  async close(): Promise<void> {
    for (const c of this.others.splice(0)) await c.close().catch(() => {});
    this.clients.clear();
    const transport = this.transportValue;
    this.transportValue = undefined;
    await transport?.then((t) => t.close()).catch(() => {});
  }
}

/** The real process: its streams, environment, browser and Ctrl+C. */
export function processEnvironment(signal: AbortSignal): Environment {
  // `billing … | head` closes the pipe early: stop quietly instead of an unhandled EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  // process.stdin builds a stream on first access (~5 ms): only commands that read it pay.
  // A read of it (a pasted address, a prompt) would keep the process alive after Ctrl+C until
  // Enter: on abort it is destroyed, which ends every pending read.
  let stdin: NodeJS.ReadStream | undefined;
  signal.addEventListener('abort', () => stdin?.destroy(), { once: true });
  const environment: Environment = {
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      get stdin() {
        stdin ??= process.stdin;
        return stdin;
      },
    },
    env: process.env,
    configDir: defaultConfigDir(process.env),
    now: () => new Date(),
    openBrowser: async (url) => {
      const { default: open } = await import('open');
      await open(url, { wait: false });
    },
    signal,
    async startPager(command) {
      const { spawnPager } = await import('./io/pager.js');
      return spawnPager(environment, command);
    },
  };
  return environment;
}
