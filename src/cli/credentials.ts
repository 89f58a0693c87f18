// Which token a request carries and where it came from: the environment, the stored login
// (refreshed when about to expire), the customer session `checkout confirm` kept, or — for the
// built-in `local` profile with nothing stored — the local service's demo token.
import type { ApiClient, TokenSource } from '../api/client.js';
import type { RefreshDeps } from '../auth/refresh.js';
import type { StoredCredentials } from '../auth/token-store.js';
import { AuthError, NetworkError } from '../errors.js';
import { isLoopback } from '../shared/local.js';
import type { Context } from './context.js';

/** Which credential a request needs: the seller's, a customer's, or none at all. */
export type Audience = 'seller' | 'customer' | 'none';

export type SellerSource = 'env' | 'keychain' | 'file' | 'demo';
export type CustomerSource = 'env' | 'keychain' | 'file' | 'seller';

/** How to get a working customer session again. */
export const CUSTOMER_SESSION_FIX =
  'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN to a customer session token.';

/** What the CLI reads of GET /__local/demo. */
export interface LocalDemo {
  personal_access_token?: string;
  personal_access_token_email?: string;
  organization_id?: string;
}

/** The demo lookup: one attempt, and a local service that does not answer soon is not started. */
const DEMO_TIMEOUT_MS = 2000;

export class Credentials {
  /** Where the seller's token in use came from, once sellerToken() has found one. */
  sellerSource?: SellerSource;
  /** Where the customer-portal token in use came from, once customerToken() has found one. */
  customerSource?: CustomerSource;
  /**
   * Resolved tokens, so a 200-page export reads the keychain once, not per request; kept until
   * 60 s before they expire (then the refresh path runs again), or dropped after a 401.
   */
  private readonly tokens = new Map<'seller' | 'customer', { token: string; until: number }>();
  private warnedExpired = false;
  private demoValue?: Promise<LocalDemo | undefined>;
  /** Why GET /__local/demo could not connect, when it could not. */
  private localFailure?: NetworkError;
  private organizationsValue?: Promise<{ id: string; name: string }[] | undefined>;

  constructor(private readonly ctx: Context) {}

  /** The token the client of `audience` sends, asked for before each request. */
  tokenSource(audience: Audience): TokenSource | undefined {
    if (audience === 'seller') return () => this.sellerToken();
    if (audience === 'customer') return () => this.customerToken();
    return undefined;
  }

  /** After a 401 invalid_token on a stored login: refresh once (never for BILLING_TOKEN). */
  refresher(audience: Audience): (() => Promise<boolean>) | undefined {
    if (audience !== 'seller' || this.ctx.env.BILLING_TOKEN) return undefined;
    return async () => {
      const { refreshAfterRejection } = await import('../auth/refresh.js');
      this.tokens.delete('seller');
      return refreshAfterRejection(await this.refreshDeps());
    };
  }

  private async refreshDeps(): Promise<RefreshDeps> {
    const settings = await this.ctx.settings();
    return {
      settings,
      requestTimeoutMs: this.ctx.requestTimeoutMs(settings),
      store: await this.ctx.tokenStore(),
      configDir: this.ctx.configDir,
      now: () => this.ctx.now(),
      net: await this.ctx.net(),
    };
  }

  private remembered(kind: 'seller' | 'customer'): string | undefined {
    const t = this.tokens.get(kind);
    return t && t.until > this.ctx.now().getTime() ? t.token : undefined;
  }

  private remember(kind: 'seller' | 'customer', token: string, expiresAt?: string): string {
    const until = expiresAt ? Date.parse(expiresAt) - 60_000 : Number.POSITIVE_INFINITY;
    this.tokens.set(kind, { token, until });
    return token;
  }

  /**
   * The seller's token: BILLING_TOKEN, else the stored login (refreshed when it is about to
   * expire, unless `refresh` is false), else the local service's demo token.
   */
  async sellerToken({ refresh = true }: { refresh?: boolean } = {}): Promise<string> {
    const env = this.ctx.env.BILLING_TOKEN;
    if (env) {
      this.sellerSource = 'env';
      return env;
    }
    const known = this.remembered('seller');
    if (known) return known;
    const settings = await this.ctx.settings();
    const { freshAccessToken, storedAccessToken } = await import('../auth/refresh.js');
    const deps = await this.refreshDeps();
    const stored = await (refresh ? freshAccessToken(deps) : storedAccessToken(deps));
    if (stored) {
      this.sellerSource = stored.location;
      const { access_token, expires_at } = stored.credentials;
      return refresh ? this.remember('seller', access_token, expires_at) : access_token;
    }
    const demo = await this.localDemo();
    if (demo?.personal_access_token) {
      this.sellerSource = 'demo';
      return demo.personal_access_token;
    }
    // Nothing stored and the local service is down: "not logged in" would send the user the
    // wrong way; the request would have failed to connect anyway.
    if (this.localFailure) throw this.localFailure;
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
    const stored = await this.customerSession();
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

  /** The customer session `checkout confirm` kept for this profile, if any (expired or not). */
  async customerSession(): Promise<StoredCredentials | null> {
    const settings = await this.ctx.settings();
    return (await this.ctx.tokenStore()).readCustomerSession(settings.profile).catch(() => null);
  }

  /**
   * The built-in `local` profile works with no set-up: when nothing is stored, it asks the local
   * service on loopback for its demo credentials (GET /__local/demo, which only `billing serve` has).
   */
  localDemo(): Promise<LocalDemo | undefined> {
    this.demoValue ??= (async () => {
      const settings = await this.ctx.settings();
      const base = new URL(settings.base_url);
      if (settings.profile !== 'local' || base.protocol !== 'http:' || !isLoopback(base)) {
        return undefined;
      }
      const client: ApiClient = await this.ctx.client({
        retry: { maxAttempts: 1 },
        connectTimeoutMs: DEMO_TIMEOUT_MS,
        requestTimeoutMs: DEMO_TIMEOUT_MS,
        onRetry: undefined,
      });
      let demo: LocalDemo | undefined;
      try {
        demo = await client.request<LocalDemo>('GET', '/__local/demo', { auth: false });
      } catch (err) {
        if (this.ctx.signal.aborted) throw err;
        // Not reachable: said when a token is needed. Any other failure: not our local service.
        if (err instanceof NetworkError) this.localFailure = err;
        return undefined;
      }
      if (demo && this.ctx.debug) {
        this.ctx.io.stderr.write(
          'using the local service\'s demo token (profile "local", nothing stored)\n',
        );
      }
      return typeof demo === 'object' && demo !== null ? demo : undefined;
    })();
    return this.demoValue;
  }

  /**
   * The default organization: the profile's organization_id (BILLING_ORG, config), else the
   * local service's demo one, else the one organization the seller's token can act for (asked
   * of the API once). Undefined when none can be told: `organizationsSeen` then says what the
   * token sees, for the message that asks for --org.
   */
  async defaultOrganization(): Promise<string | undefined> {
    const settings = await this.ctx.settings();
    if (settings.organization_id) return settings.organization_id;
    if (!this.ctx.env.BILLING_TOKEN) {
      const demo = await this.localDemo();
      if (this.localFailure) throw this.localFailure;
      if (demo?.organization_id) return demo.organization_id;
    }
    this.organizationsValue ??= this.tokenOrganizations();
    const seen = await this.organizationsValue;
    return seen?.length === 1 ? seen[0]!.id : undefined;
  }

  /**
   * Whether the seller's token is an organization's own (an organization access token, or an
   * OAuth token of an organization): the service then takes the organization from the token and
   * refuses an organization_id in a create (organization/resolver.py, get_payload_organization).
   */
  async organizationToken(): Promise<boolean> {
    try {
      return /^polar_(oat|at_o)_/.test(await this.sellerToken());
    } catch (err) {
      if (err instanceof AuthError) return false;
      throw err;
    }
  }

  /** What the seller's token can act for, as far as defaultOrganization() asked. */
  async organizationsSeen(): Promise<{ id: string; name: string }[] | undefined> {
    return this.organizationsValue;
  }

  /** Up to 10 organizations of the seller's token; undefined without a usable token. */
  private async tokenOrganizations(): Promise<{ id: string; name: string }[] | undefined> {
    try {
      await this.sellerToken();
    } catch (err) {
      if (err instanceof AuthError) return undefined;
      throw err;
    }
    const [{ organizations }, client] = await Promise.all([
      import('../api/index.js'),
      this.ctx.api('seller'),
    ]);
    const seen: { id: string; name: string }[] = [];
    for await (const org of organizations.list(client, {}, { pageSize: 10, limit: 10 })) {
      seen.push({ id: org.id, name: typeof org.name === 'string' ? org.name : org.id });
    }
    return seen;
  }

  /** What to say when the server rejects the token of `audience`, by where it came from. */
  rejected(audience: Audience): { message: string; hint: string } | undefined {
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
}
