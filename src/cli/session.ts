// What a running command needs, built lazily from the Context and the global flags: settings,
// credentials, the API client, output. Heavy modules are imported on first use only.
import type { ApiClient, RetryNotice } from '../api/client.js';
import type { TokenStore } from '../auth/token-store.js';
import type { Settings } from '../config/resolve.js';
import { AuthError, type NetworkError, UsageError } from '../errors.js';
import { isLoopback } from '../shared/local.js';
import type { Context, IO } from './context.js';
import type { Column, Printer } from './io/index.js';
import { safeText } from './io/safe.js';
import { VERSION } from './version.js';

export interface GlobalOptions {
  profile?: string;
  debug?: boolean;
  /** false with --no-pager. */
  pager?: boolean;
  /** Seconds; override the profile's connect_timeout / request_timeout. */
  connectTimeout?: string;
  requestTimeout?: string;
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

export interface OutputOptions {
  json?: boolean;
  output?: string;
  fields?: string;
}

/** Which credential a request needs: the seller's, a customer's, or none at all. */
export type Audience = 'seller' | 'customer' | 'none';

export const CUSTOMER_SESSION_SUFFIX = '--customer-session';

/** How to get a working customer session again. */
export const CUSTOMER_SESSION_FIX =
  'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN to a customer session token.';

export type SellerSource = 'env' | 'keychain' | 'file' | 'demo';

/** What the CLI reads of GET /__local/demo. */
export interface LocalDemo {
  personal_access_token?: string;
  personal_access_token_email?: string;
  organization_id?: string;
}
export type CustomerSource = 'env' | 'keychain' | 'file' | 'seller';

const DEMO_TIMEOUT_MS = 2000;

export class Session {
  private settingsValue?: Settings;
  private storeValue?: TokenStore;
  private readonly clients = new Map<Audience, ApiClient>();

  constructor(
    readonly ctx: Context,
    readonly globals: GlobalOptions,
  ) {}

  get debug(): boolean {
    return Boolean(this.globals.debug) || this.ctx.env.BILLING_DEBUG === '1';
  }

  /** Ctrl+C and the --debug trace, for requests made outside the API client (OAuth). */
  net(): { signal: AbortSignal; debug?: (line: string) => void } {
    return {
      signal: this.ctx.signal,
      debug: this.debug ? (line) => this.ctx.io.stderr.write(`${line}\n`) : undefined,
    };
  }

  async settings(): Promise<Settings> {
    if (!this.settingsValue) {
      const { resolveSettings } = await import('../config/resolve.js');
      this.settingsValue = resolveSettings({
        configDir: this.ctx.configDir,
        env: this.ctx.env,
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
        configDir: this.ctx.configDir,
        env: this.ctx.env,
        storage: storage ?? settings.storage,
        warn: (line) => this.ctx.io.stderr.write(`${line}\n`),
      });
    }
    return this.storeValue;
  }

  /** The seller's token: BILLING_TOKEN, else the stored login (refreshed when it is about to expire). */
  /**
   * Resolved tokens, so a 200-page export reads the keychain once, not per request; kept until
   * 60 s before they expire (then the refresh path runs again), or dropped after a 401.
   */
  private readonly tokens = new Map<'seller' | 'customer', { token: string; until: number }>();

  private remembered(kind: 'seller' | 'customer'): string | undefined {
    const t = this.tokens.get(kind);
    return t && t.until > this.ctx.now().getTime() ? t.token : undefined;
  }

  private remember(kind: 'seller' | 'customer', token: string, expiresAt?: string): string {
    const until = expiresAt ? Date.parse(expiresAt) - 60_000 : Number.POSITIVE_INFINITY;
    this.tokens.set(kind, { token, until });
    return token;
  }

  /** Where the seller's token in use came from, once sellerToken() has found one. */
  sellerSource?: SellerSource;
  /** Where the customer-portal token in use came from, once customerToken() has found one. */
  customerSource?: CustomerSource;

  async sellerToken(): Promise<string> {
    const env = this.ctx.env.BILLING_TOKEN;
    if (env) {
      this.sellerSource = 'env';
      return env;
    }
    const known = this.remembered('seller');
    if (known) return known;
    const settings = await this.settings();
    const { freshAccessToken } = await import('../auth/refresh.js');
    const stored = await freshAccessToken(this, settings);
    if (stored) {
      this.sellerSource = stored.location;
      const { access_token, expires_at } = stored.credentials;
      return this.remember('seller', access_token, expires_at);
    }
    const demo = await this.localDemo();
    if (demo?.personal_access_token) {
      this.sellerSource = 'demo';
      return demo.personal_access_token;
    }
    // Nothing stored and the local service is down: "not logged in" would send the user the
    // wrong way; the request would have failed to connect anyway.
    if (this.localFailure) throw await this.localUnreachable(settings.base_url);
    throw new AuthError(`not logged in (profile "${settings.profile}")`, {
      hint: 'Run `billing login`, or set BILLING_TOKEN to a personal access token.',
    });
  }

  /**
   * A customer-portal token: BILLING_CUSTOMER_TOKEN, else the customer session that
   * `checkout confirm` kept, else the seller's own user token (user tokens work there too).
   */
  async customerToken(): Promise<string> {
    const env = this.ctx.env.BILLING_CUSTOMER_TOKEN;
    if (env) {
      this.customerSource = 'env';
      return env;
    }
    const known = this.remembered('customer');
    if (known) return known;
    const stored = await this.storedCustomerSession();
    const expires = stored?.credentials.expires_at;
    if (stored && (!expires || Date.parse(expires) > this.ctx.now().getTime() + 5_000)) {
      this.customerSource = stored.location;
      return this.remember('customer', stored.credentials.access_token, expires);
    }
    if (stored && !this.warnedExpired) {
      // Say so, and go on as the seller (user tokens work on the customer portal too).
      this.warnedExpired = true;
      const { createMessenger } = await import('./io/index.js');
      createMessenger(this.ctx.io).warn(
        `The customer session that \`checkout confirm\` stored expired at ${expires}; using your own login for the customer portal. ${CUSTOMER_SESSION_FIX}`,
      );
    }
    this.customerSource = 'seller';
    return this.sellerToken();
  }

  private warnedExpired = false;

  /** The customer session `checkout confirm` kept for this profile, if any (expired or not). */
  async storedCustomerSession() {
    const settings = await this.settings();
    return (await this.tokenStore())
      .read(settings.profile + CUSTOMER_SESSION_SUFFIX)
      .catch(() => null);
  }

  /** Why GET /__local/demo could not connect, when it could not. */
  private localFailure?: unknown;

  private async localUnreachable(baseUrl: string): Promise<NetworkError> {
    const [{ classifyConnectionError }, { connectionFailure }] = await Promise.all([
      import('../api/retry.js'),
      import('../api/failures.js'),
    ]);
    const err = this.localFailure;
    // A local service that does not answer in time is as good as not started.
    const failure =
      (err as { name?: string }).name === 'TimeoutError'
        ? { cause: `timed out after ${DEMO_TIMEOUT_MS / 1000}s`, retryable: false, notSent: true }
        : classifyConnectionError((err as { cause?: unknown }).cause ?? err, DEMO_TIMEOUT_MS);
    return connectionFailure('GET', new URL(baseUrl), failure, {
      attempt: 1,
      idempotent: true,
      cause: err,
    });
  }

  private demoValue?: Promise<LocalDemo | undefined>;

  /**
   * The built-in `local` profile works with no set-up: when nothing is stored, it asks the local
   * service on loopback for its demo credentials (GET /__local/demo, which only `billing serve` has).
   */
  localDemo(): Promise<LocalDemo | undefined> {
    this.demoValue ??= (async () => {
      const settings = await this.settings();
      const base = new URL(settings.base_url);
      if (settings.profile !== 'local' || base.protocol !== 'http:' || !isLoopback(base)) {
        return undefined;
      }
      let res: Response;
      try {
        res = await fetch(`${settings.base_url.replace(/\/$/, '')}/__local/demo`, {
          signal: AbortSignal.timeout(DEMO_TIMEOUT_MS),
        });
      } catch (err) {
        this.localFailure = err;
        return undefined;
      }
      if (!res.ok) return undefined;
      const demo = (await res.json().catch(() => undefined)) as LocalDemo | undefined;
      if (demo && this.debug)
        this.ctx.io.stderr.write(
          'using the local service\'s demo token (profile "local", nothing stored)\n',
        );
      return demo;
    })();
    return this.demoValue;
  }

  /** The default organization: the profile's organization_id, else the local service's demo one. */
  async defaultOrganization(): Promise<string | undefined> {
    const settings = await this.settings();
    if (settings.organization_id) return settings.organization_id;
    if (this.ctx.env.BILLING_TOKEN) return undefined;
    const demo = await this.localDemo();
    if (this.localFailure) throw await this.localUnreachable(settings.base_url);
    return demo?.organization_id;
  }

  async api(audience: Audience): Promise<ApiClient> {
    let client = this.clients.get(audience);
    if (client) return client;
    const settings = await this.settings();
    const { ApiClient } = await import('../api/client.js');
    const token =
      audience === 'seller'
        ? () => this.sellerToken()
        : audience === 'customer'
          ? () => this.customerToken()
          : undefined;
    client = new ApiClient({
      baseUrl: settings.base_url,
      token,
      env: this.ctx.env,
      version: VERSION,
      connectTimeoutMs:
        seconds('--connect-timeout', this.globals.connectTimeout, settings.connect_timeout) * 1000,
      requestTimeoutMs:
        seconds('--request-timeout', this.globals.requestTimeout, settings.request_timeout) * 1000,
      maxResponseBytes: Math.round(settings.max_response_mb * 1024 * 1024),
      onRetry: this.ctx.io.stderr.isTTY ? (retry) => this.sayRetry(retry) : undefined,
      onRejected: () => this.rejected(audience),
      debug: this.debug ? (line) => this.ctx.io.stderr.write(`${line}\n`) : undefined,
      signal: this.ctx.signal,
      onUnauthorized:
        audience === 'seller' && !this.ctx.env.BILLING_TOKEN
          ? async () => {
              const { refreshAfterRejection } = await import('../auth/refresh.js');
              this.tokens.delete('seller');
              return refreshAfterRejection(this, settings);
            }
          : undefined,
    });
    this.clients.set(audience, client);
    return client;
  }

  /** What to say when the server rejects the token of `audience`, by where it came from. */
  private rejected(audience: Audience): { message: string; hint: string } | undefined {
    const source = audience === 'customer' ? this.customerSource : this.sellerSource;
    if (
      audience === 'customer' &&
      (source === 'env' || source === 'keychain' || source === 'file')
    ) {
      const where =
        source === 'env' ? 'in BILLING_CUSTOMER_TOKEN' : 'that `checkout confirm` stored';
      return {
        message: `the customer session ${where} was rejected: it has expired or was revoked`,
        hint: CUSTOMER_SESSION_FIX,
      };
    }
    if (source === 'env' || (audience === 'customer' && this.sellerSource === 'env')) {
      return {
        message: 'the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked',
        hint: 'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.',
      };
    }
    if (source === 'demo' || (audience === 'customer' && this.sellerSource === 'demo')) {
      return {
        message: "the local service's demo token was rejected",
        hint: 'Was the service restarted with another database? Run the command again, or `billing login`.',
      };
    }
    return undefined;
  }

  /** One line per wait, on a terminal: `503 Service Unavailable, retrying in 3 s…`. */
  private sayRetry(retry: RetryNotice): void {
    const s = retry.waitMs / 1000;
    const wait = s >= 1 ? `${Math.ceil(s)} s` : `${s.toFixed(1)} s`;
    // \r\x1b[K: over a progress line, if one is showing.
    this.ctx.io.stderr.write(
      `\r\x1b[K${safeText(retry.reason)}, retrying in ${wait}… (attempt ${retry.attempt} of ${retry.of})\n`,
    );
  }

  async printer(opts: OutputOptions, columns: Column[]): Promise<Printer> {
    const { createPrinter, resolveFormat } = await import('./io/index.js');
    const format = resolveFormat({
      json: opts.json,
      output: opts.output,
      isTTY: this.ctx.io.stdout.isTTY,
    });
    const make = (io: IO) =>
      createPrinter({ io, format, fields: opts.fields, columns, now: this.ctx.now() });
    const pageable =
      this.ctx.startPager && this.ctx.io.stdout.isTTY && this.globals.pager !== false;
    const command = pageable
      ? (await import('./io/pager.js')).pagerCommand(this.ctx, false)
      : undefined;
    if (!command) return make(this.ctx.io);
    // Each print runs its own pager to its end, so what is said after it (✓ lines, notes)
    // comes after it; the printer's own notes wait for the pager too.
    const paged = async (print: (p: Printer) => Promise<void>) => {
      const pager = await this.ctx.startPager!(command);
      const notes: string[] = [];
      const stderr = { ...this.ctx.io.stderr, write: (chunk: string) => notes.push(chunk) > 0 };
      try {
        await print(make({ ...this.ctx.io, stdout: pager.stdout, stderr }));
      } finally {
        await pager.finish();
        for (const note of notes) this.ctx.io.stderr.write(note);
      }
    };
    return {
      printList: (items, o) => paged((p) => p.printList(items, o)),
      printOne: (obj, rows) => paged((p) => p.printOne(obj, rows)),
    };
  }

  async close(): Promise<void> {
    for (const c of this.clients.values()) await c.close();
  }
}
