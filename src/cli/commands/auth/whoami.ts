// billing whoami: what the server can tell about the credential in use, for every kind of it —
// an OAuth user or organization token (userinfo), a personal access token (the organizations
// it acts for), or with --customer the customer session (the customer it belongs to).
import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { safeText } from '../../io/safe.js';
import { verb } from '../verb.js';

type Json = Record<string, unknown>;

const SOURCE: Record<string, string> = {
  env: 'from BILLING_TOKEN',
  keychain: 'stored in the OS keychain',
  file: 'stored in the fallback file',
  demo: "the local service's demo token",
};

async function seller(ctx: Context): Promise<{ json: Json; text: string }> {
  const s = await ctx.credentials();
  const client = await ctx.api('seller');
  const token = await s.sellerToken();
  const source = s.sellerSource ? SOURCE[s.sellerSource] : undefined;
  if (/^polar_at_[uo]_/.test(token)) {
    const info = await client.request<Json>('GET', '/v1/oauth2/userinfo');
    const organization = token.startsWith('polar_at_o_');
    const who =
      typeof info.email === 'string'
        ? info.email
        : typeof info.name === 'string'
          ? `organization ${info.name}`
          : String(info.sub);
    const kind = organization ? 'oauth_organization' : 'oauth_user';
    return { json: { kind, source: s.sellerSource, ...info }, text: `${who} (OAuth, ${source})` };
  }
  // A personal access token: the server says which organizations it acts for.
  const page = await client.request<{ items?: Json[] }>('GET', '/v1/organizations/', {
    query: { limit: 100 },
  });
  const organizations = (page?.items ?? []).map((o) => ({ id: o.id, name: o.name, slug: o.slug }));
  const demo = s.sellerSource === 'demo' ? await s.localDemo() : undefined;
  const email = demo?.personal_access_token_email;
  const names = organizations.map((o) => `${o.name} (${o.slug})`).join(', ') || 'none';
  const head = email
    ? `${email} (personal access token, ${source})`
    : `personal access token, ${source}`;
  return {
    json: {
      kind: 'personal_access_token',
      source: s.sellerSource,
      email: email ?? null,
      organizations,
    },
    text: `${head}\norganizations: ${names}`,
  };
}

async function customer(ctx: Context): Promise<{ json: Json; text: string }> {
  const s = await ctx.credentials();
  const client = await ctx.api('customer');
  await s.customerToken();
  if (s.customerSource === 'seller') {
    const me = await seller(ctx);
    return {
      json: { kind: 'no_customer_session', seller: me.json },
      text: `no customer session: the customer portal uses your own token\n${me.text}`,
    };
  }
  // The customer behind the session, as its own keys or subscriptions show it.
  const keys = await client.request<{ items?: Json[] }>(
    'GET',
    '/v1/customer-portal/license-keys/',
    {
      query: { limit: 1 },
    },
  );
  const subs = await client.request<{ items?: Json[] }>(
    'GET',
    '/v1/customer-portal/subscriptions/',
    {
      query: { limit: 1 },
    },
  );
  const key = keys?.items?.[0];
  const email = (key?.customer as Json | undefined)?.email;
  const customerId = key?.customer_id ?? subs?.items?.[0]?.customer_id ?? null;
  const stored = s.customerSource === 'env' ? undefined : await s.customerSession();
  const subject = typeof email === 'string' ? email : (stored?.credentials.subject ?? null);
  const expires = stored?.credentials.expires_at ?? null;
  const from =
    s.customerSource === 'env' ? 'from BILLING_CUSTOMER_TOKEN' : 'stored by checkout confirm';
  return {
    json: {
      kind: 'customer_session',
      source: s.customerSource,
      email: subject,
      customer_id: customerId,
      expires_at: expires,
    },
    text: `${subject ?? `customer ${customerId ?? 'unknown'}`} (customer session, ${from}${expires ? `, until ${expires}` : ''})`,
  };
}

export interface WhoamiOptions {
  /** The customer-portal credential instead of the seller's. */
  customer: boolean;
  json: boolean;
}

export async function runWhoami(opts: WhoamiOptions, ctx: Context): Promise<void> {
  let result: { json: Json; text: string };
  try {
    result = opts.customer ? await customer(ctx) : await seller(ctx);
  } catch (err) {
    // A server without GET /v1/organizations/ can still say that it takes the token.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    result = {
      json: { kind: 'unknown', source: (await ctx.credentials()).sellerSource },
      text: 'a token the server accepts',
    };
  }
  if (opts.json) ctx.io.stdout.write(`${JSON.stringify(result.json, null, 2)}\n`);
  else ctx.io.stdout.write(`${result.text.split('\n').map(safeText).join('\n')}\n`);
}

export const buildWhoami = verb(runWhoami, {
  command: (parent) =>
    parent
      .command('whoami')
      .summary('ask the server who the token belongs to')
      .description(
        'Ask the server about the credential in use: the email of an OAuth login, the organization of an organization token, the organizations of a personal access token; with --customer, the customer of the customer session.',
      )
      .option('--customer', 'the customer-portal credential (customer session) instead')
      .option('--json', 'print what the server said as JSON'),
  options: (opts) => ({ customer: Boolean(opts.customer), json: Boolean(opts.json) }),
  examples: ['billing whoami', 'billing whoami --customer --json'],
});
