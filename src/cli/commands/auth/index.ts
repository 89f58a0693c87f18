// billing auth status|token and billing whoami.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import { relativeTime } from '../../io/humanize.js';
import { safeText } from '../../io/safe.js';
import { CUSTOMER_SESSION_SUFFIX } from '../../session.js';
import { examples, session } from '../shared.js';

export function registerAuth(program: Command, ctx: Context): void {
  const auth = program
    .command('auth')
    .summary('show the login state, print the token')
    .description('The stored login of the active profile.');

  const status = auth
    .command('status')
    .summary('who is logged in, with which scopes, until when, stored where')
    .option('--json', 'print as JSON');
  status.addHelpText(
    'after',
    examples('billing auth status', 'billing auth status --json | jq .expires_at'),
  );
  status.action(async (opts) => {
    const s = session(ctx, status);
    const settings = await s.settings();
    const stored = await (await s.tokenStore()).read(settings.profile);
    const c = stored?.credentials;
    const info = {
      profile: settings.profile,
      base_url: settings.base_url,
      logged_in: Boolean(c),
      kind: c?.kind ?? null,
      subject: c?.subject ?? null,
      scopes: c?.scope ? c.scope.split(' ') : null,
      expires_at: c?.expires_at ?? null,
      refreshable: Boolean(c?.refresh_token),
      storage: stored ? stored.location : null,
      path: stored?.location === 'file' ? stored.path : null,
      env_token_overrides: Boolean(ctx.env.BILLING_TOKEN),
    };
    if (opts.json) {
      ctx.io.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
      return;
    }
    const now = ctx.now();
    const lines = [`profile:  ${info.profile}`, `server:   ${info.base_url}`];
    if (!c) lines.push('login:    not logged in (run `billing login`)');
    else {
      lines.push(
        `login:    ${c.kind === 'oauth' ? 'OAuth' : 'personal access token'}${c.subject ? ` as ${c.subject}` : ''}`,
      );
      if (info.scopes) lines.push(`scopes:   ${info.scopes.join(' ')}`);
      if (c.expires_at) {
        const expired = Date.parse(c.expires_at) <= now.getTime();
        lines.push(
          `expires:  ${c.expires_at} (${relativeTime(c.expires_at, now)})${expired && c.refresh_token ? ', refreshed on next use' : ''}`,
        );
      }
      lines.push(
        `stored:   ${stored?.location === 'file' ? `${stored.path} (file, mode 0600)` : 'OS keychain'}`,
      );
    }
    if (info.env_token_overrides)
      lines.push('note:     BILLING_TOKEN is set and is used instead of the stored login');
    ctx.io.stdout.write(`${lines.map(safeText).join('\n')}\n`);
  });

  const token = auth
    .command('token')
    .summary('print the access token (for piping)')
    .description(
      'Print the access token of the active profile, refreshed when needed, for use in other tools. With --customer, the stored customer session token.',
    )
    .option('--customer', 'the customer session token from `checkout confirm`');
  token.addHelpText('after', examples('curl -H "Authorization: Bearer $(billing auth token)" …'));
  token.action(async (opts) => {
    const s = session(ctx, token);
    if (opts.customer) {
      const settings = await s.settings();
      const stored = await (await s.tokenStore()).read(settings.profile + CUSTOMER_SESSION_SUFFIX);
      if (!stored) throw new AuthError('no customer session stored (confirm a checkout first)');
      ctx.io.stdout.write(`${stored.credentials.access_token}\n`);
      return;
    }
    ctx.io.stdout.write(`${await s.sellerToken()}\n`);
  });

  const whoami = program
    .command('whoami')
    .summary('ask the server who the token belongs to')
    .description('Call the userinfo endpoint with the stored OAuth login.')
    .option('--json', 'print the userinfo answer as JSON');
  whoami.addHelpText('after', examples('billing whoami'));
  whoami.action(async (opts) => {
    const s = session(ctx, whoami);
    const settings = await s.settings();
    const stored = await (await s.tokenStore()).read(settings.profile);
    if (!ctx.env.BILLING_TOKEN && stored?.credentials.kind === 'pat') {
      throw new AuthError(
        'whoami needs an OAuth login; this profile holds a personal access token',
        { hint: 'Run `billing login` to log in with your browser.' },
      );
    }
    const client = await s.api('seller');
    const info = (await client.request('GET', '/v1/oauth2/userinfo')) as Record<string, unknown>;
    if (opts.json) {
      ctx.io.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
      return;
    }
    const who =
      typeof info.email === 'string'
        ? info.email
        : typeof info.name === 'string'
          ? `organization ${info.name}`
          : String(info.sub);
    ctx.io.stdout.write(`${safeText(who)}\n`);
  });
}
