// billing login / logout: OAuth loopback login (or a personal access token on stdin), and
// logout that revokes at the server and deletes from every store.
import { type Command, Option } from '@commander-js/extra-typings';
import { AuthError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { integer } from '../../input.js';
import { CUSTOMER_SESSION_SUFFIX } from '../../session.js';
import { examples, session } from '../shared.js';
import { loginWithToken } from './with-token.js';

interface LoginFlags {
  scopes?: string;
  readOnly?: boolean;
  org?: boolean;
  port?: string;
  timeout?: string;
  browser?: boolean;
  withToken?: boolean;
  storage?: 'auto' | 'keychain' | 'file';
}

/** `300`, `300s`, `5m` → milliseconds. */
export function duration(flag: string, value: string): number {
  const m = /^(\d+)(s|m)?$/.exec(value.trim());
  if (!m || Number(m[1]) === 0)
    throw new UsageError(`${flag}: "${value}" is not a duration like 300, 90s or 5m`);
  return Number(m[1]) * (m[2] === 'm' ? 60_000 : 1000);
}

/** Over SSH or without a display the browser is on another machine: print the URL instead. */
export function canOpenBrowser(env: Context['env'], platform = process.platform): boolean {
  if (env.SSH_CONNECTION || env.SSH_TTY || env.SSH_CLIENT) return false;
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return false;
  return true;
}

export function registerLogin(program: Command, ctx: Context): void {
  const login = program
    .command('login')
    .summary('log in with your browser (OAuth) or a personal access token')
    .description(
      'Log in with the OAuth authorization code flow (PKCE): a browser page asks you to ' +
        'allow access, then the tokens go to the OS keychain (or a 0600 file when there is ' +
        'none). Over SSH or without a display the URL is printed and you can paste the ' +
        'address the browser ends on. In CI use BILLING_TOKEN instead, or --with-token.',
    )
    .option('--scopes <list>', 'space- or comma-separated scopes (default: what the commands need)')
    .option('--read-only', 'ask only for :read scopes')
    .option('--org', 'log in as one of your organizations (organization token)')
    .option('--port <port>', 'loopback port for the redirect (default: any free port)')
    .option('--timeout <duration>', 'how long to wait for the browser, e.g. 90s or 5m', '5m')
    .option('--no-browser', 'do not open a browser; print the URL and accept the pasted redirect')
    .option('--with-token', 'read a personal access token from stdin and store it')
    .addOption(
      new Option(
        '--storage <where>',
        'where to keep tokens (default: the profile setting, auto)',
      ).choices(['auto', 'keychain', 'file'] as const),
    );
  login.addHelpText(
    'after',
    examples(
      'billing login',
      'billing login --read-only',
      'billing login --no-browser   # over SSH',
      'echo "$TOKEN" | billing login --with-token',
    ),
  );
  login.action(async (raw) => {
    const flags = raw as LoginFlags;
    const s = session(ctx, login);
    const settings = await s.settings();
    const store = await s.tokenStore(flags.storage);
    const { createMessenger } = await import('../../io/index.js');
    const say = createMessenger(ctx.io);
    if (flags.withToken) {
      await loginWithToken(s, settings, store, say);
      return;
    }
    if (flags.scopes && flags.readOnly)
      throw new UsageError('--scopes and --read-only cannot be used together');
    const timeoutMs = duration('--timeout', flags.timeout ?? '5m');
    const port = flags.port ? integer('--port', flags.port, 1, 65535) : undefined;
    if (!(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY)) {
      throw new AuthError('billing login needs a terminal to wait for the browser', {
        hint: 'In scripts and CI set BILLING_TOKEN to a personal access token, or pipe one to `billing login --with-token`.',
      });
    }
    const { DEFAULT_SCOPES, READ_ONLY_SCOPES } = await import('../../../auth/scopes.js');
    const scopes = flags.scopes
      ? flags.scopes.split(/[\s,]+/).filter(Boolean)
      : flags.readOnly
        ? READ_ONLY_SCOPES
        : DEFAULT_SCOPES;
    const browser = flags.browser !== false && canOpenBrowser(ctx.env);
    const { loginFlow } = await import('../../../auth/login.js');
    const result = await loginFlow(ctx, settings, {
      scopes,
      organization: Boolean(flags.org),
      port,
      timeoutMs,
      browser,
      acceptPaste: !browser,
      debug: s.net().debug,
    });
    const where = await store.write(settings.profile, result.credentials);
    const days = result.expiresIn ? Math.round(result.expiresIn / 86400) : undefined;
    say.success(
      `Logged in as ${result.credentials.subject ?? 'unknown'} (profile ${settings.profile}).`,
    );
    say.info(`Scopes: ${result.scopes.join(' ')}`);
    if (days !== undefined)
      say.info(
        `The access token lasts ${days} day${days === 1 ? '' : 's'} and is refreshed automatically.`,
      );
    say.info(
      where.location === 'keychain'
        ? 'Tokens are in the OS keychain.'
        : `Tokens are in ${where.path} (mode 0600).`,
    );
  });

  const logout = program
    .command('logout')
    .summary('revoke and forget the stored tokens')
    .description(
      'Revoke the stored tokens at the server (OAuth logins) and delete them from the keychain and the fallback file, with any stored customer session.',
    );
  logout.addHelpText('after', examples('billing logout', 'billing --profile prod logout'));
  logout.action(async () => {
    const s = session(ctx, logout);
    const settings = await s.settings();
    const store = await s.tokenStore();
    const stored = await store.read(settings.profile).catch(() => null);
    const { createMessenger } = await import('../../io/index.js');
    const say = createMessenger(ctx.io);
    let revoked = false;
    if (stored?.credentials.kind === 'oauth') {
      const { revoke } = await import('../../../auth/revoke.js');
      revoked = await revoke(settings, stored.credentials, s.net()).catch((e: Error) => {
        say.warn(
          `Could not revoke the token at the server (${e.message}); deleting it here anyway.`,
        );
        return false;
      });
    }
    const removed = await store.delete(settings.profile);
    await store.delete(settings.profile + CUSTOMER_SESSION_SUFFIX).catch(() => undefined);
    if (!stored && !removed.keychain && !removed.file) {
      say.info(`Not logged in (profile ${settings.profile}); nothing to do.`);
      return;
    }
    say.success(
      `Logged out of profile ${settings.profile}${revoked ? ' (token revoked at the server)' : ''}.`,
    );
    if (ctx.env.BILLING_TOKEN)
      say.warn('BILLING_TOKEN is still set in this environment and will be used.');
  });
}
