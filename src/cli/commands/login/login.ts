// billing login: the OAuth authorization code flow with PKCE on a loopback redirect (or a
// pasted redirect URL over SSH), or a personal access token on stdin; tokens to the keychain.
import { Option } from '@commander-js/extra-typings';
import { DEFAULT_SCOPES, READ_ONLY_SCOPES } from '../../../auth/scopes.js';
import type { StorageMode } from '../../../config/schema.js';
import { AuthError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { integer } from '../../input.js';
import { verb } from '../verb.js';
import { loginWithToken } from './with-token.js';

const STORAGE = ['auto', 'keychain', 'file'] as const;

export type LoginOptions = { storage?: StorageMode } & (
  | { withToken: true }
  | {
      withToken: false;
      scopes: string[];
      /** An organization token instead of a user token. */
      organization: boolean;
      port?: number;
      timeoutMs: number;
      /** false with --no-browser: print the URL only. */
      browser: boolean;
    }
);

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

export async function runLogin(opts: LoginOptions, ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const store = await ctx.tokenStore(opts.storage);
  const { createMessenger } = await import('../../io/index.js');
  const say = createMessenger(ctx.io);
  if (opts.withToken) {
    await loginWithToken(ctx, settings, store, say);
    return;
  }
  if (!(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY)) {
    throw new AuthError('billing login needs a terminal to wait for the browser', {
      hint: 'In scripts and CI set BILLING_TOKEN to a personal access token, or pipe one to `billing login --with-token`.',
    });
  }
  const browser = opts.browser && canOpenBrowser(ctx.env);
  const { loginFlow } = await import('../../../auth/login.js');
  const result = await loginFlow(
    {
      stdin: ctx.io.stdin,
      notify: (text) => ctx.io.stderr.write(text),
      openBrowser: (url) => ctx.openBrowser(url),
      now: () => ctx.now(),
      net: await ctx.net(),
    },
    settings,
    {
      scopes: opts.scopes,
      organization: opts.organization,
      port: opts.port,
      timeoutMs: opts.timeoutMs,
      browser,
      acceptPaste: !browser,
    },
  );
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
}

export const buildLogin = verb(runLogin, {
  command: (parent) =>
    parent
      .command('login')
      .summary('log in with your browser (OAuth) or a personal access token')
      .description(
        'Log in with the OAuth authorization code flow (PKCE): a browser page asks you to ' +
          'allow access, then the tokens go to the OS keychain (or a 0600 file when there is ' +
          'none). Over SSH or without a display the URL is printed and you can paste the ' +
          'address the browser ends on. In CI use BILLING_TOKEN instead, or --with-token.',
      )
      .option(
        '--scopes <list>',
        'space- or comma-separated scopes (default: what the commands need)',
      )
      .option('--read-only', 'ask only for :read scopes')
      .option('--org', 'log in as one of your organizations (organization token)')
      .option('--port <port>', 'loopback port for the redirect (default: any free port)')
      .option('--timeout <duration>', 'how long to wait for the browser, e.g. 90s or 5m', '5m')
      .option('--no-browser', 'do not open a browser; print the URL and accept the pasted redirect')
      .addOption(
        // A token from stdin has no scopes, organization, port or browser of its own.
        new Option(
          '--with-token',
          'read a personal access token from stdin and store it',
        ).conflicts(['scopes', 'readOnly', 'org', 'port', 'browser']),
      )
      .addOption(
        new Option(
          '--storage <where>',
          'where to keep tokens (default: the profile setting, auto)',
        ).choices(STORAGE),
      ),
  options: (opts): LoginOptions => {
    const storage = opts.storage;
    if (opts.withToken) return { storage, withToken: true };
    if (opts.scopes && opts.readOnly)
      throw new UsageError('--scopes and --read-only cannot be used together');
    const timeoutMs = duration('--timeout', opts.timeout);
    const port = opts.port ? integer('--port', opts.port, 1, 65535) : undefined;
    const scopes = opts.scopes
      ? opts.scopes.split(/[\s,]+/).filter(Boolean)
      : opts.readOnly
        ? READ_ONLY_SCOPES
        : DEFAULT_SCOPES;
    const organization = Boolean(opts.org);
    const browser = opts.browser !== false;
    return { storage, withToken: false, scopes, organization, port, timeoutMs, browser };
  },
  examples: [
    'billing login',
    'billing login --read-only',
    'billing login --no-browser   # over SSH',
    'echo "$TOKEN" | billing login --with-token',
  ],
});
