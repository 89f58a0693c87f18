// billing auth status: which credential a command would use and where it comes from, whether
// the server accepts it, and the stored customer session. Exit 1 without a usable credential.
import { ApiError, AuthError, BillingError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { type Credentials, CUSTOMER_SESSION_FIX, type SellerSource } from '../../credentials.js';
import { relativeTime } from '../../io/humanize.js';
import { safeText } from '../../io/safe.js';
import { verb } from '../verb.js';

const SOURCES: Record<SellerSource, string> = {
  env: 'BILLING_TOKEN (environment)',
  keychain: 'the OS keychain',
  file: 'the fallback file',
  demo: "the local service's demo (nothing stored)",
};

interface Check {
  ok: boolean | null;
  detail: string;
  /** Why it was rejected, with its advice. */
  error?: BillingError;
}

/** Asks the server whether it takes the token: ok, rejected, or could not tell. */
async function check(ctx: Context): Promise<Check> {
  try {
    const client = await ctx.api('seller');
    await client.request('GET', '/v1/organizations/', { query: { limit: 1 } });
    return { ok: true, detail: 'accepted by the server' };
  } catch (err) {
    // 403: a valid token without organizations:read; 404: a server without that route.
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
      return { ok: true, detail: 'accepted by the server' };
    }
    if (err instanceof AuthError || (err instanceof ApiError && err.status === 401)) {
      return { ok: false, detail: `rejected by the server: ${err.message}`, error: err };
    }
    const message = err instanceof Error ? err.message : String(err);
    return { ok: null, detail: `not checked: ${message}` };
  }
}

export interface StatusOptions {
  json: boolean;
  /** Do not ask the server whether it takes the token. */
  offline: boolean;
}

export async function runStatus(opts: StatusOptions, ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const credentials = await ctx.credentials();
  let failure: BillingError | undefined;
  try {
    // --offline: the stored login as it is; a refresh would ask the server.
    await credentials.sellerToken({ refresh: !opts.offline });
  } catch (err) {
    if (!(err instanceof BillingError)) throw err;
    failure = err;
  }
  const source = credentials.sellerSource ?? null;
  const demo = source === 'demo' ? await credentials.localDemo() : undefined;
  const checked = source && !opts.offline ? await check(ctx) : null;
  // Read after the token was found and checked: what is shown includes any refresh they did.
  const stored = await (await ctx.tokenStore()).read(settings.profile);
  const c = source === 'keychain' || source === 'file' ? stored?.credentials : undefined;
  const customer = await customerSession(credentials, ctx);
  const info = {
    profile: settings.profile,
    base_url: settings.base_url,
    logged_in: Boolean(stored),
    source,
    kind: c?.kind ?? (source === 'env' || source === 'demo' ? 'pat' : null),
    subject: c?.subject ?? demo?.personal_access_token_email ?? null,
    scopes: c?.scope ? c.scope.split(' ') : null,
    expires_at: c?.expires_at ?? null,
    refreshable: Boolean(c?.refresh_token),
    storage: stored ? stored.location : null,
    path: stored?.location === 'file' ? stored.path : null,
    env_token_overrides: Boolean(ctx.env.BILLING_TOKEN),
    check: checked && { ok: checked.ok, detail: checked.detail },
    customer_session: customer,
  };
  const usable = source !== null && checked?.ok !== false;
  if (opts.json) {
    ctx.io.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
  } else {
    ctx.io.stdout.write(`${lines(info, failure?.message, ctx.now()).map(safeText).join('\n')}\n`);
  }
  // As `gh auth status`: exit 1 when there is no credential a command could use.
  const why = failure ?? checked?.error;
  if (!usable && why) {
    throw new BillingError(`no usable credential: ${why.message}`, { hint: why.hint });
  }
}

async function customerSession(credentials: Credentials, ctx: Context) {
  if (ctx.env.BILLING_CUSTOMER_TOKEN) {
    return { source: 'env', subject: null, expires_at: null, expired: false };
  }
  const stored = await credentials.customerSession();
  if (!stored) return null;
  const expires = stored.credentials.expires_at ?? null;
  return {
    source: stored.location,
    subject: stored.credentials.subject ?? null,
    expires_at: expires,
    expired: expires !== null && Date.parse(expires) <= ctx.now().getTime(),
  };
}

type Info = {
  profile: string;
  base_url: string;
  source: SellerSource | null;
  kind: string | null;
  subject: string | null;
  scopes: string[] | null;
  expires_at: string | null;
  refreshable: boolean;
  path: string | null;
  env_token_overrides: boolean;
  check: { ok: boolean | null; detail: string } | null;
  customer_session: Awaited<ReturnType<typeof customerSession>>;
};

function lines(info: Info, failure: string | undefined, now: Date): string[] {
  const out = [`profile:  ${info.profile}`, `server:   ${info.base_url}`];
  if (!info.source) {
    out.push(`token:    none (${failure ?? 'not logged in'})`);
  } else {
    const what =
      info.kind === 'oauth'
        ? 'OAuth login'
        : info.source === 'demo'
          ? 'demo token'
          : 'personal access token';
    const who = info.subject ? ` of ${info.subject}` : '';
    const where =
      info.source === 'file' && info.path ? `${info.path} (file, mode 0600)` : SOURCES[info.source];
    out.push(`token:    ${what}${who}, from ${where}`);
    if (info.scopes) out.push(`scopes:   ${info.scopes.join(' ')}`);
    if (info.expires_at) {
      const expired = Date.parse(info.expires_at) <= now.getTime();
      out.push(
        `expires:  ${info.expires_at} (${relativeTime(info.expires_at, now)})${expired && info.refreshable ? ', refreshed on next use' : ''}`,
      );
    }
    out.push(`check:    ${info.check ? info.check.detail : 'skipped (--offline)'}`);
  }
  const cs = info.customer_session;
  if (!cs) out.push('customer: no customer session (the customer portal uses the token above)');
  else if (cs.source === 'env') out.push('customer: customer session from BILLING_CUSTOMER_TOKEN');
  else {
    const when = cs.expires_at ? relativeTime(cs.expires_at, now) : 'no expiry';
    const state = cs.expired ? `expired ${when}. ${CUSTOMER_SESSION_FIX}` : `expires ${when}`;
    out.push(`customer: customer session${cs.subject ? ` of ${cs.subject}` : ''}, ${state}`);
  }
  if (info.env_token_overrides && info.source === 'env') {
    out.push('note:     BILLING_TOKEN is set and is used instead of any stored login');
  }
  return out;
}

export const buildStatus = verb(runStatus, {
  command: (parent) =>
    parent
      .command('status')
      .summary('which credential is used, where it comes from, whether the server takes it')
      .option('--json', 'print as JSON')
      .option('--offline', 'do not ask the server whether it accepts the token'),
  options: (opts) => ({ json: Boolean(opts.json), offline: Boolean(opts.offline) }),
  examples: ['billing auth status', 'billing auth status --offline --json | jq .source'],
});
