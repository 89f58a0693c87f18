// billing logout: revokes the stored OAuth tokens at the server (RFC 7009), then deletes them
// and the stored customer session from every store.
import type { Context } from '../../context.js';
import { verb } from '../verb.js';

export type LogoutOptions = Record<string, never>;

export async function runLogout(_opts: LogoutOptions, ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const store = await ctx.tokenStore();
  const stored = await store.read(settings.profile).catch(() => null);
  const { createMessenger } = await import('../../io/index.js');
  const say = createMessenger(ctx.io);
  let revoked = false;
  if (stored?.credentials.kind === 'oauth') {
    const { revoke } = await import('../../../auth/revoke.js');
    revoked = await revoke(settings, stored.credentials, await ctx.net()).catch((e: Error) => {
      say.warn(`Could not revoke the token at the server (${e.message}); deleting it here anyway.`);
      return false;
    });
  }
  const removed = await store.delete(settings.profile);
  await store.deleteCustomerSession(settings.profile).catch(() => undefined);
  if (!stored && !removed.keychain && !removed.file) {
    say.info(`Not logged in (profile ${settings.profile}); nothing to do.`);
    return;
  }
  say.success(
    `Logged out of profile ${settings.profile}${revoked ? ' (token revoked at the server)' : ''}.`,
  );
  if (ctx.env.BILLING_TOKEN)
    say.warn('BILLING_TOKEN is still set in this environment and will be used.');
}

export const buildLogout = verb(runLogout, {
  command: (parent) =>
    parent
      .command('logout')
      .summary('revoke and forget the stored tokens')
      .description(
        'Revoke the stored tokens at the server (OAuth logins) and delete them from the keychain and the fallback file, with any stored customer session.',
      ),
  options: (): LogoutOptions => ({}),
  examples: ['billing logout', 'billing --profile prod logout'],
});
